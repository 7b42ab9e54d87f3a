#!/usr/bin/env node
/** The `glyphcast` command (package.json `bin`): see bin/README.md and `glyphcast --help`. */
import { main } from './cli/main.js';

process.exitCode = await main(process.argv.slice(2));
