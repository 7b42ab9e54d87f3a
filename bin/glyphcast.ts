#!/usr/bin/env node
/** The `glyphcast` command (package.json `bin`): see bin/README.md and `glyphcast --help`. */
import module from 'node:module';

// Node 22.1 and later keep the code they compiled between runs (a one-image run is mostly
// start-up); turned on before the CLI's modules load. Node 20 has no compile cache: a no-op.
(module as { enableCompileCache?: () => unknown }).enableCompileCache?.();
const { main } = await import('./cli/main.js');

process.exitCode = await main(process.argv.slice(2));
