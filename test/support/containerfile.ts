/**
 * A Containerfile (Dockerfile) read into its instructions: comments and blank lines dropped,
 * backslash continuations joined. Enough to lint the project's own file and to run its start
 * command outside a container (the tests cannot pull base images).
 */
export interface Instruction {
  readonly keyword: string;
  readonly args: string;
  readonly line: number;
}

export function parseContainerfile(text: string): Instruction[] {
  const out: Instruction[] = [];
  let pending = '';
  let start = 0;
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (pending === '' && (line === '' || line.startsWith('#'))) return;
    if (pending !== '' && line.startsWith('#')) return;
    if (pending === '') start = index + 1;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1).trim()} `;
      return;
    }
    const whole = `${pending}${line}`.trim();
    pending = '';
    const [keyword] = whole.split(/\s+/);
    out.push({ keyword: keyword.toUpperCase(), args: whole.slice(keyword.length).trim(), line: start });
  });
  if (pending !== '') throw new Error('Containerfile: the last instruction ends in a line continuation');
  return out;
}
