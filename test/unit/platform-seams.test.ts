/**
 * Platform seams (STYLE habit 6): the engine imports no Node module and no host; the GPU
 * executor takes its WGSL from a host; the Node host (fs, Dawn) and the browser host (Vite
 * `?raw`) never import each other's platform modules.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ENGINE = path.resolve(import.meta.dirname, '../../engine');

function sources(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.ts$/.test(f) && !f.endsWith('.d.ts'));
}

/** Every module specifier a file imports (static, re-export, dynamic) with its folder under engine/. */
function imports(file: string): string[] {
  const text = fs.readFileSync(path.join(ENGINE, file), 'utf8');
  const specs = [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(?\s*)['"]([^'"]+)['"]/g)].map((m) => m[1]);
  return specs.map((s) => (s.startsWith('.') ? path.relative(ENGINE, path.resolve(ENGINE, path.dirname(file), s)) : s));
}

const NODE_ONLY = /^(node:|webgpu$|sharp$|fs$|path$|url$|child_process$)/;
const files = sources(ENGINE);
const under = (folder: string) => files.filter((f) => f.startsWith(`${folder}/`));

describe('platform seams', () => {
  it('engine/ outside engine/node imports no Node module and no Node host', () => {
    const leaks = files
      .filter((f) => !f.startsWith('node/'))
      .flatMap((f) =>
        imports(f)
          .filter((s) => NODE_ONLY.test(s) || s.startsWith('node/'))
          .map((s) => `${f} -> ${s}`),
      );
    expect(leaks).toEqual([]);
  });

  it('the GPU executor (engine/gpu) imports neither host and reads no WGSL itself', () => {
    const gpu = under('gpu');
    expect(gpu.length).toBeGreaterThan(0);
    const leaks = gpu.flatMap((f) =>
      imports(f)
        .filter((s) => s.startsWith('node/') || s.startsWith('browser/') || s.includes('.wgsl') || s.includes('?raw'))
        .map((s) => `${f} -> ${s}`),
    );
    expect(leaks).toEqual([]);
    for (const f of gpu)
      expect(fs.readFileSync(path.join(ENGINE, f), 'utf8'), f).not.toMatch(/import\.meta\.(glob|url)/);
  });

  it('the Node host never imports the browser host, and the browser host never the Node host', () => {
    const nodeToBrowser = under('node').flatMap((f) => imports(f).filter((s) => s.startsWith('browser/')));
    const browserToNode = under('browser').flatMap((f) =>
      imports(f).filter((s) => s.startsWith('node/') || NODE_ONLY.test(s)),
    );
    expect(nodeToBrowser).toEqual([]);
    expect(browserToNode).toEqual([]);
  });

  it('the kernels (CPU twins) import no executor and no host', () => {
    const leaks = under('kernels').flatMap((f) =>
      imports(f)
        .filter((s) => /^(gpu|cpu|node|browser)\//.test(s))
        .map((s) => `${f} -> ${s}`),
    );
    expect(leaks).toEqual([]);
  });

  it('every kernel twin has its WGSL twin with the same name', () => {
    const shaders = path.resolve(ENGINE, '../shaders');
    const missing = under('kernels')
      .map((f) => path.basename(f, '.ts'))
      .filter((k) => !fs.existsSync(path.join(shaders, `${k}.wgsl`)));
    expect(missing).toEqual([]);
  });
});
