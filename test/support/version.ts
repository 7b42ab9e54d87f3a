/** The version in package.json, which every face reports (tests never hard-code it). */
import fs from 'node:fs';
import path from 'node:path';

export const PACKAGE_VERSION: string = JSON.parse(
  fs.readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8'),
).version;
