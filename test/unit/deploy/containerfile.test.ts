/**
 * The Containerfile, linted by parsing it (base images cannot be pulled here, so it is never
 * built in the tests): a multi-stage build on a slim Debian Node image, production dependencies
 * only in the final stage, a non-root user, HOST=0.0.0.0, the port exposed, a health check on
 * /api/health, SIGTERM to stop, and no secret baked in. test/e2e/deploy.spec.ts runs its start
 * command outside a container.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseContainerfile } from '../../support/containerfile.js';
import { REPO } from '../../support/import-graph.js';

const instructions = parseContainerfile(fs.readFileSync(path.join(REPO, 'Containerfile'), 'utf8'));
const stages = instructions.reduce<(typeof instructions)[]>((all, i) => {
  if (i.keyword === 'FROM') all.push([]);
  all.at(-1)?.push(i);
  return all;
}, []);
const final = stages.at(-1) ?? [];
const args = (keyword: string, within = final) => within.filter((i) => i.keyword === keyword).map((i) => i.args);

describe('Containerfile', () => {
  it('uses only instructions it knows, each well-formed', () => {
    const known = ['FROM', 'WORKDIR', 'COPY', 'RUN', 'ENV', 'USER', 'EXPOSE', 'HEALTHCHECK', 'STOPSIGNAL', 'CMD'];
    expect(instructions.filter((i) => !known.includes(i.keyword))).toEqual([]);
    expect(instructions.filter((i) => i.args.trim() === '')).toEqual([]);
  });

  it('builds in one stage and runs from a slim Debian Node image, pinned to a major version', () => {
    expect(stages.length).toBe(2);
    expect(args('FROM', stages[0])[0]).toMatch(/^node:20-bookworm-slim AS build$/);
    expect(args('FROM')[0]).toBe('node:20-bookworm-slim');
    expect(instructions.filter((i) => i.keyword === 'FROM' && /:latest\b|^[^:]+$/.test(i.args))).toEqual([]);
  });

  it('installs from the lockfile and carries production dependencies and dist/ only', () => {
    expect(args('RUN', stages[0]).join('\n')).toMatch(/npm ci\b/);
    expect(args('RUN', stages[0]).join('\n')).toMatch(/npm prune --omit=dev/);
    expect(args('RUN')).toEqual([]);
    const copies = args('COPY');
    expect(copies.every((c) => c.startsWith('--from=build --chown=node:node '))).toBe(true);
    expect(copies.map((c) => c.split(' ')[2]).sort()).toEqual(['/app/dist', '/app/node_modules', '/app/package.json']);
  });

  it('runs as the unprivileged node user, listening on 0.0.0.0 at the exposed port', () => {
    expect(args('USER')).toEqual(['node']);
    const env = environment();
    expect(env.HOST).toBe('0.0.0.0');
    expect(args('EXPOSE')).toEqual([env.PORT]);
    expect(env.NODE_ENV).toBe('production');
  });

  it('checks its health on /api/health, stops on SIGTERM, starts the built server', () => {
    expect(args('HEALTHCHECK')[0]).toMatch(/^--interval=\d+s --timeout=\d+s .*CMD \[.*\/api\/health/);
    expect(args('STOPSIGNAL')).toEqual(['SIGTERM']);
    expect(startCommand()).toEqual(['node', 'dist/server/server.js']);
  });

  it('bakes no secret into the image', () => {
    expect(instructions.map((i) => i.args).join('\n')).not.toMatch(/PLATFORM_API_KEY|SECRET|PASSWORD|TOKEN/i);
  });
});

function environment(): Record<string, string> {
  return Object.fromEntries(
    args('ENV').flatMap((a) => [...a.matchAll(/(\w+)=(\S+)/g)].map((m) => [m[1], m[2]] as [string, string])),
  );
}

function startCommand(): string[] {
  return JSON.parse(args('CMD')[0]) as string[];
}
