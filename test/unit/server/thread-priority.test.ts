/**
 * lowerRenderThreads, in a child process of its own (it changes the priority of every thread
 * but the main one, which a test runner's own process should not have done to it).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const script = `
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import { lowerRenderThreads } from './server/thread-priority.ts';
const worker = new Worker('setInterval(() => {}, 1000)', { eval: true });
await new Promise((r) => worker.once('online', r));
lowerRenderThreads(7)();
const nice = (tid) => { const s = fs.readFileSync('/proc/self/task/' + tid + '/stat', 'utf8'); return Number(s.slice(s.lastIndexOf(')') + 2).split(' ')[16]); };
const others = fs.readdirSync('/proc/self/task').filter((t) => t !== String(process.pid)).map(nice);
console.log(JSON.stringify({ main: nice(process.pid), others }));
await worker.terminate();
`;

describe.skipIf(!fs.existsSync('/proc/self/task'))('lowerRenderThreads (Linux)', () => {
  it('raises the nice value of every thread but the event loop', () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    const { main, others } = JSON.parse(out);
    expect(main).toBe(os.getPriority()); // inherited from this process, untouched
    expect(others.length).toBeGreaterThan(1);
    expect(others.every((n: number) => n === Math.max(7, main))).toBe(true);
  });
});
