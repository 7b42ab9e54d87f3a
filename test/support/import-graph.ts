/**
 * The repository's import graph, read from the sources (relative specifiers of `import ... from`,
 * `export ... from` and `import()`), for the architecture tests: which file imports which.
 */
import fs from 'node:fs';
import path from 'node:path';

export const REPO = path.resolve(import.meta.dirname, '../..');

/** Every .ts file under `dirs` (relative to the repository), repository-relative, sorted. */
export function sourceFiles(dirs: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(REPO, dir), { withFileTypes: true })) {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) out.push(rel);
    }
  };
  for (const d of dirs) walk(d);
  return out.sort();
}

const SPECIFIER = /(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)['"](\.{1,2}\/[^'"]+)['"]/gm;

/** The repository files `file` imports (type-only imports included), repository-relative. */
export function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(REPO, file), 'utf8');
  const out = new Set<string>();
  for (const m of text.matchAll(SPECIFIER)) {
    const spec = m[1].split('?')[0];
    const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
    const ts = target.replace(/\.js$/, '.ts');
    if (fs.existsSync(path.join(REPO, ts))) out.add(ts);
    else if (fs.existsSync(path.join(REPO, target))) out.add(target);
  }
  return [...out];
}

/** The import cycles among `files` (strongly connected components of more than one file, or a self-import). */
export function importCycles(files: readonly string[]): string[][] {
  const graph = new Map(files.map((f) => [f, importsOf(f).filter((t) => files.includes(t))]));
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) as number, indexOf.get(w) as number));
    }
    if (low.get(v) === indexOf.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop() as string;
        onStack.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(scc.sort());
    }
  };
  for (const f of files) if (!indexOf.has(f)) visit(f);
  return cycles;
}
