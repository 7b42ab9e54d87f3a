/**
 * One rule for a misspelt parameter on every face: the HTTP API, the MCP tool and the CLI name
 * the same parameter as the one meant (engine nearestName / nearestParam), each in its own
 * spelling (the API and MCP by parameter name, the CLI by its flag).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, UsageError } from '../../bin/cli/args.js';
import { kebabCase } from '../../bin/cli/flags.js';
import { call, rpc, textOf } from './mcp/support.js';
import { type Running, startServer, testImage } from './server/support.js';

/** A misspelling, a value for it, and the parameter meant. */
const MISSPELLINGS = [
  ['colums', '80', 'columns'],
  ['contrats', '1.2', 'contrast'],
  ['edge_strength', '2', 'edgeStrength'],
  ['Charset', 'dots', 'charset'],
  ['autolevel', '0.5', 'autoLevels'],
  ['dithr', 'true', 'dither'],
  ['monocolor', '#fff', 'monoColor'],
  ['sharpn', '0.2', 'sharpen'],
] as const;

let s: Running;
let png: string;
beforeAll(async () => {
  s = await startServer();
  png = (await testImage(32, 24)).toString('base64');
});
afterAll(() => s.app.close());

const apiHint = (name: string, meant: string) => `${name}: expected a known parameter (did you mean ${meant}?)`;

describe('a misspelt parameter', () => {
  it('is named the same by the HTTP API', async () => {
    for (const [name, value, meant] of MISSPELLINGS) {
      const res = await fetch(`${s.base}/api/v1/render`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ imageBase64: png, [name]: value }),
      });
      const body = (await res.json()) as { error: { code: string; message: string } };
      expect([name, res.status, body.error.code]).toEqual([name, 400, 'invalid_params']);
      expect(body.error.message).toContain(apiHint(name, meant));
    }
  });

  it('is named the same by the MCP tool', async () => {
    for (const [name, value, meant] of MISSPELLINGS) {
      const res = await rpc(s.base, call(1, { imageBase64: png, [name]: value }));
      const { result } = (await res.json()) as { result: { isError: boolean } };
      expect([name, result.isError]).toEqual([name, true]);
      expect(JSON.parse(textOf(result)).error.message).toContain(apiHint(name, meant));
    }
  });

  it('is named the same by the CLI, as its flag', () => {
    for (const [name, value, meant] of MISSPELLINGS) {
      let message = '';
      try {
        parseArgs([`--${name}=${value}`, 'a.png']);
      } catch (err) {
        if (err instanceof UsageError) message = err.message;
      }
      expect(message).toBe(`unknown option --${name} (did you mean --${kebabCase(meant)}?)`);
    }
  });
});
