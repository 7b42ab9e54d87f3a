/**
 * A terminal just large enough to replay what the CLI writes while an animation plays: text
 * written over what was there, `\n` (the line discipline's CR LF) and `\r`, the cursor moved up
 * (CSI n A; never past the top line, where the art starts) and down (CSI n B), to a column
 * (CSI n G); SGR colors
 * and private modes are dropped. `pictures` lists the
 * screen at the end of each synchronized update (DEC mode 2026), so a test sees each frame as
 * the terminal showed it, whatever bytes it took to get there.
 */
const ESC = '\x1b';
const CSI = new RegExp(`^${ESC}\\[(\\??)(\\d*)(;\\d+)*([A-Za-z])`);
const BEGIN_SYNC = `${ESC}[?2026h`;
const END_SYNC = `${ESC}[?2026l`;

export function replay(output: string): { screen: string[]; pictures: string[][]; updates: string[] } {
  const screen: string[] = [];
  const pictures: string[][] = [];
  const updates: string[] = [];
  let row = 0;
  let col = 0;
  let update: string | null = null;
  for (let i = 0; i < output.length; ) {
    if (output.startsWith(BEGIN_SYNC, i)) update = '';
    if (output.startsWith(END_SYNC, i) && update !== null) {
      updates.push(update);
      pictures.push([...screen]);
      update = null;
    }
    const csi = CSI.exec(output.slice(i, i + 32));
    if (csi) {
      const n = csi[2] === '' ? 1 : Number(csi[2]);
      if (csi[1] === '' && csi[4] === 'A') {
        // a terminal stops the cursor at the top; the art never reaches it, so going past it is a misdraw
        if (n > row) throw new Error(`the cursor moved ${n} lines up from line ${row}`);
        row -= n;
      }
      if (csi[1] === '' && csi[4] === 'B') row += n;
      if (csi[1] === '' && csi[4] === 'G') col = n - 1;
      if (update !== null && !csi[0].includes('2026')) update += csi[0];
      i += csi[0].length;
      continue;
    }
    const ch = output[i++];
    if (update !== null) update += ch;
    if (ch === '\n') {
      row++;
      col = 0;
    } else if (ch === '\r') col = 0;
    else {
      while (screen.length <= row) screen.push('');
      const line = screen[row].padEnd(col);
      screen[row] = line.slice(0, col) + ch + line.slice(col + 1);
      col++;
    }
  }
  return { screen, pictures, updates };
}
