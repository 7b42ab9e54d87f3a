/**
 * A pool of worker threads running one of the CLI's worker modules, which sit next to this
 * file: `NAME.ts` from the sources (tsx, tests), started with the tsx loader, or `NAME.js`
 * from dist/. The pool keeps its threads until it is destroyed.
 */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Piscina } from 'piscina';

const fromSources = import.meta.url.endsWith('.ts');

export function cliWorkerPool<Task, Result>(name: string, threads: number): Piscina<Task, Result> {
  const tsx = () => pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return new Piscina<Task, Result>({
    filename: new URL(`./${name}${fromSources ? '.ts' : '.js'}`, import.meta.url).href,
    minThreads: threads,
    maxThreads: threads,
    idleTimeout: Number.POSITIVE_INFINITY,
    execArgv: fromSources ? ['--import', tsx()] : [],
  });
}
