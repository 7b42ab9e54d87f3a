/**
 * zod as the engine's schemas use it: without its compiled parsers (`jitless`). zod compiles an
 * object's parser with `Function` after probing whether eval is allowed; the studio runs under
 * a Content-Security-Policy whose `script-src 'self'` forbids it, and the probe alone would be
 * reported as a violation. The parameters are a few keys: zod's interpreter is quick enough.
 * Modules take this file as a namespace (`* as z`), so a bundler keeps only the members used:
 * zod's own `z` object would bring all of zod, its 50 locales among it.
 */
import { config } from 'zod';

config({ jitless: true });

export * from 'zod';
