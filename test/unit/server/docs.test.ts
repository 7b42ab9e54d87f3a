/** docs/api.md and the README's "Configuration" table keep up with the code. */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../service/errors.js';

const root = path.resolve(import.meta.dirname, '../../..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');
const api = read('docs/api.md');
const readme = read('README.md');
/** Every environment variable service/config.ts reads: names in quotes or after `env.`. */
const envVars = [...read('service/config.ts').matchAll(/(?:env\.|')([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|HOST|PORT)\b/g)].map(
  (m) => m[1],
);

describe('docs/api.md', () => {
  it.each(Object.entries(ERROR_CODES))('lists error code %s with its status', (code, [status]) => {
    expect(api).toContain(`| \`${code}\` | ${status} |`);
  });
});

describe('configuration tables', () => {
  it('found the variables in service/config.ts', () => {
    expect(envVars).toEqual(expect.arrayContaining(['HOST', 'PORT', 'PLATFORM_API_KEY', 'IMAGE_FETCH_ALLOWLIST']));
  });
  it.each([...new Set(envVars)])('%s is in docs/api.md and the README', (name) => {
    expect(api).toContain(`| \`${name}\` |`);
    expect(readme).toContain(`| \`${name}\` |`);
  });
});
