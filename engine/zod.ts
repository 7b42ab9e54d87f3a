/**
 * zod as the engine's schemas use it: without its compiled parsers (`jitless`). zod compiles an
 * object's parser with `Function` after probing whether eval is allowed; the studio runs under
 * a Content-Security-Policy whose `script-src 'self'` forbids it, and the probe alone would be
 * reported as a violation. The parameters are a few keys: zod's interpreter is quick enough.
 * Modules take it as a namespace (`import * as z from './zod.js'`), so a bundler keeps only
 * the members used: zod's `z` object would bring all of it, its 50 locales among it.
 */
import { config } from 'zod';

config({ jitless: true });

export * from 'zod';
