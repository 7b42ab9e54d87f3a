/**
 * The boundaries the code keeps (README "Layout"): the engine is reached through its entry
 * points only; the shared service core (service/) knows nothing of the HTTP app (server/) or the
 * CLI (bin/); the CLI and the stdio MCP server use the service, never the HTTP app; the
 * package's entries (lib/) use the engine and, for Node, the service's error codes, and the
 * browser entry nothing that needs Node; no import circle anywhere; no source file over 400 lines;
 * no engine module but engine/zod.ts does anything as it loads.
 */
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { importCycles, importsOf, REPO, sourceFiles } from '../support/import-graph.js';

const SOURCES = sourceFiles(['engine', 'service', 'server', 'studio', 'bin', 'lib']);
const under = (dir: string) => SOURCES.filter((f) => f.startsWith(`${dir}/`));

/**
 * The engine's entry points: its API, the Node and browser hosts, and the BMP/Netpbm reader
 * (the studio imports it lazily, so the page loads without it).
 */
const ENGINE_ENTRIES = [
  'engine/index.ts',
  'engine/raster/index.ts',
  'engine/node/decode.ts',
  'engine/node/decode-animation.ts',
  'engine/node/gpu.ts',
  'engine/browser/gpu.ts',
];

/** Top-level statements that only declare (an initializer may compute, but affects nothing else). */
const DECLARES = new Set([
  ts.SyntaxKind.ImportDeclaration,
  ts.SyntaxKind.ExportDeclaration,
  ts.SyntaxKind.VariableStatement,
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.ClassDeclaration,
  ts.SyntaxKind.InterfaceDeclaration,
  ts.SyntaxKind.TypeAliasDeclaration,
  ts.SyntaxKind.EnumDeclaration,
  ts.SyntaxKind.ModuleDeclaration,
  ts.SyntaxKind.ExportAssignment,
]);

/** Every import of `files` into `dir`, as "importer -> imported". */
const importsInto = (files: readonly string[], dir: string, allowed: readonly string[] = []) =>
  files.flatMap((f) =>
    importsOf(f)
      .filter((t) => t.startsWith(`${dir}/`) && !allowed.includes(t))
      .map((t) => `${f} -> ${t}`),
  );

describe('architecture', () => {
  it('found the sources', () => {
    for (const dir of ['engine', 'service', 'server', 'studio', 'bin']) expect(under(dir).length).toBeGreaterThan(5);
  });

  it('reaches the engine through its entry points only', () => {
    const outside = SOURCES.filter((f) => !f.startsWith('engine/'));
    expect(importsInto(outside, 'engine', ENGINE_ENTRIES)).toEqual([]);
  });

  it('keeps the service core free of the HTTP app and the CLI', () => {
    expect(importsInto(under('service'), 'server')).toEqual([]);
    expect(importsInto(under('service'), 'bin')).toEqual([]);
    expect(importsInto(under('engine'), 'service')).toEqual([]);
  });

  it('builds the CLI and the stdio MCP server on the service, never on the HTTP app', () => {
    expect(importsInto(under('bin'), 'server')).toEqual([]);
  });

  it("keeps the package's browser entry free of Node: engine/index.ts and the browser GPU host only", () => {
    expect(importsOf('lib/browser.ts').sort()).toEqual(['engine/browser/gpu.ts', 'engine/index.ts']);
    expect(fs.readFileSync(path.join(REPO, 'lib/browser.ts'), 'utf8')).not.toMatch(/from ['"]node:/);
    expect(importsInto(under('lib'), 'server')).toEqual([]);
    expect(importsInto(under('lib'), 'bin')).toEqual([]);
  });

  it('has no import circle', () => {
    expect(importCycles(SOURCES)).toEqual([]);
  });

  it('runs code at import in one engine module only, engine/zod.ts (zod configured)', () => {
    // the CLI's bundle leaves out the engine modules it does not use (scripts/build-node.mjs),
    // which is right only while no other engine module does something when it loads
    const effects = under('engine').flatMap((f) => {
      const text = fs.readFileSync(path.join(REPO, f), 'utf8');
      const source = ts.createSourceFile(f, text, ts.ScriptTarget.Latest);
      return source.statements
        .filter((statement) => !DECLARES.has(statement.kind))
        .map((statement) => `${f}: ${statement.getText(source)}`);
    });
    expect(effects).toEqual(['engine/zod.ts: config({ jitless: true });']);
  });

  it('has no source file over 400 lines', () => {
    const long = SOURCES.map((f) => [f, fs.readFileSync(path.join(REPO, f), 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > 400)
      .map(([f, lines]) => `${f}: ${lines}`);
    expect(long).toEqual([]);
  });
});
