import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { handoffMessageSchemas, LAUNCH_URL_TEMPLATE } from '../../engine/protocol/handoff.js';

const DOC = fs.readFileSync(path.resolve(import.meta.dirname, '../../docs/handoff.md'), 'utf8');

/** The first ```json block after a heading that starts with `### \`name\``. */
function schemaIn(doc: string, name: string): unknown {
  const at = doc.indexOf(`### \`${name}\``);
  const block = /```json\n([\s\S]*?)\n```/.exec(doc.slice(at));
  if (at < 0 || !block) throw new Error(`docs/handoff.md has no schema for ${name}`);
  return JSON.parse(block[1]);
}

describe('docs/handoff.md', () => {
  it.each(['ready', 'frame', 'ack'] as const)(
    'documents the %s message with the schema the protocol module defines',
    (name) => {
      expect(schemaIn(DOC, name)).toEqual(handoffMessageSchemas()[name]);
    },
  );

  it('shows the launch address of the protocol module', () => {
    expect(DOC).toContain(
      LAUNCH_URL_TEMPLATE.replace('{source_tag}', '<source_tag>')
        .replace('{mode}', '<mode>')
        .replace('{service_host}', '<service_host>')
        .replace('{trace_id}', '<trace_id>'),
    );
  });
});
