#!/usr/bin/env node
// Picture quality judged by viewers: blind pairwise sheets (../shared/bench/panel) of glyphcast
// against its peers, its own Auto Director off, and an earlier build; then the votes scored.
//
//   node bench/panel.mjs sheets [--set dev|DIR] [--name NAME] [--baseline COMMIT]
//       renders the comparisons with the current build and writes two shuffles (two raters),
//       each cut into folders of at most 42 sheets, one for a rater's sitting:
//       bench/out/panel/NAME/sit-<rater>-<part>/ with RATE.md and sheets/, and each folder's key
//       in bench/out/panel/NAME/keys/. Give a rater only its folder; it writes answers.txt there.
//   node bench/panel.mjs sheets --color [--set dev|DIR] [--name NAME]
//       the two-colour looks instead, drawn in colour: `--color --background` against chafa's ASCII
//       colour output (`--symbols ascii --colors full`), and `--color --background --charset
//       blocks` against chafa's default symbols (`--colors full`), at 80 and 120 columns.
//   node bench/panel.mjs [score]
//       scores every round kept in bench/results/panel/<round>/ (<sitting>.key.json with its
//       <sitting>.answers.txt, copied there once rated) and writes bench/results/panel.md.
//
// The comparisons, at 80 and 120 columns: glyphcast's defaults against jp2a and chafa (mono,
// as ../shared/bench/converters.json runs them), against `--auto-optimize 0`, and against the
// CLI built from COMMIT (default 5210aef, the last build before the look viewers chose).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { baselineCli, baselineRoot } from './baseline.mjs';
import { buildCli, CLI, preparePeerbench, ROOT, SHARED, writeResult } from './peerbench.mjs';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};
const ROUNDS = path.join(ROOT, 'bench', 'results', 'panel');

/** The CLI as it was at `commit` (bench/baseline.mjs). */
const commitCli = (commit) => baselineCli(baselineRoot(commit));

function sheets() {
  const set = option('set', 'dev');
  const name = option('name', new Date().toISOString().slice(0, 10));
  const commit = option('baseline', '5210aef');
  buildCli();
  const pb = preparePeerbench();
  const panel = path.join(pb, 'panel');
  fs.cpSync(path.join(SHARED, 'panel'), panel, { recursive: true });
  const out = path.join(ROOT, 'bench', 'out', 'panel', name);
  fs.rmSync(out, { recursive: true, force: true });
  const q = (s) => `'${s.replace(/'/g, `'\\''`)}'`;
  const glyphcast = (cli, extra = '') => `node ${q(cli)} {input} --columns {columns} --rows {rows}${extra}`;
  const color = args.includes('--color');
  const chafa = (symbols) => `chafa --format symbols${symbols} --colors full --size {columns}x{rows} --stretch {input}`;
  const colorRuns = [
    [
      `glyphcast-bg=${glyphcast(CLI, ' --format ansi --color --background')}`,
      `chafa-ascii=${chafa(' --symbols ascii')}`,
    ],
    [
      `glyphcast-blocks-bg=${glyphcast(CLI, ' --format ansi --color --background --charset blocks')}`,
      `chafa-symbols=${chafa('')}`,
    ],
  ];
  const monoRuns = () => [
    ['glyphcast', 'jp2a', [80, 120]],
    ['glyphcast', 'chafa', [80, 120]],
    ['glyphcast', `glyphcast-ao0=${glyphcast(CLI, ' --auto-optimize 0')}`, [80]],
    ['glyphcast', `glyphcast-${commit}=${glyphcast(commitCli(commit))}`, [80, 120]],
  ];
  const runs = color
    ? colorRuns.map(([a, b]) => [a, b, [80, 120]])
    : monoRuns().map(([, b, w]) => [`glyphcast=${glyphcast(CLI)}`, b, w]);
  const made = [];
  let seed = 1;
  for (const [a, b, widths] of runs)
    for (const cols of widths) {
      const dir = path.join(out, `pairs-${made.length}`);
      execFileSync(
        process.execPath,
        [
          path.join(panel, 'make.mjs'),
          '--set',
          set,
          '--cols',
          String(cols),
          '--out',
          dir,
          '--seed',
          String(seed++),
          '--a',
          a,
          '--b',
          b,
          ...(color ? ['--color'] : []),
        ],
        { stdio: 'inherit' },
      );
      made.push(dir);
    }
  const keys = path.join(out, 'keys');
  fs.mkdirSync(keys, { recursive: true });
  for (const rater of [1, 2]) {
    const merged = path.join(out, `shuffle-${rater}`);
    execFileSync(process.execPath, [path.join(panel, 'merge.mjs'), merged, String(100 + rater), ...made], {
      stdio: 'inherit',
    });
    const { sheets } = JSON.parse(fs.readFileSync(path.join(merged, 'key.json'), 'utf8')).runs[0];
    for (let part = 0; part * SITTING < sheets.length; part++) {
      const name = `sit-${rater}-${part + 1}`;
      const dir = path.join(out, name);
      fs.mkdirSync(path.join(dir, 'sheets'), { recursive: true });
      fs.copyFileSync(path.join(SHARED, 'panel', 'RATE.md'), path.join(dir, 'RATE.md'));
      const mine = sheets.slice(part * SITTING, (part + 1) * SITTING).map((s, i) => {
        const sheet = `${String(i).padStart(3, '0')}.png`;
        fs.copyFileSync(path.join(merged, 'sheets', s.sheet), path.join(dir, 'sheets', sheet));
        return { ...s, sheet };
      });
      const key = { runs: [{ cols: 'mixed', sheets: mine }] };
      fs.writeFileSync(path.join(keys, `${name}.key.json`), `${JSON.stringify(key, null, 1)}\n`);
    }
    fs.rmSync(merged, { recursive: true });
  }
  console.log(
    `\nsittings: ${path.relative(ROOT, out)}/sit-*; keys: ${path.relative(ROOT, keys)} (keep them from the raters)`,
  );
}

/** Sheets in one sitting: as many as a rater looks at with care in one go. */
const SITTING = 42;

/** Every vote of a kept round: the pair, the width, the image and who won ('tie' for =). */
function votesOf(round) {
  const votes = [];
  for (const keyFile of fs.readdirSync(round).filter((x) => x.endsWith('.key.json'))) {
    const answers = path.join(round, keyFile.replace(/\.key\.json$/, '.answers.txt'));
    if (!fs.existsSync(answers)) continue;
    const key = JSON.parse(fs.readFileSync(path.join(round, keyFile), 'utf8'));
    const bySheet = new Map(key.runs.flatMap((r) => r.sheets.map((s) => [s.sheet, { ...s, cols: s.cols ?? r.cols }])));
    for (const line of fs.readFileSync(answers, 'utf8').split('\n')) {
      const m = line.match(/(\d{3}\.png)\s+([12=])/);
      const s = m && bySheet.get(m[1]);
      if (!s) continue;
      votes.push({
        a: s.one,
        b: s.two,
        cols: s.cols,
        image: s.image,
        win: m[2] === '=' ? 'tie' : m[2] === '1' ? s.one : s.two,
      });
    }
  }
  return votes;
}

function score() {
  const meta = JSON.parse(fs.readFileSync(path.join(ROUNDS, 'rounds.json'), 'utf8'));
  let md = `## Picture quality: the blind panel\n\nViewers are the judge of the picture (\`../shared/bench/panel\`): each sheet shows a source and two renderings drawn as a dark terminal shows them, sides random; raters see only the sheets and RATE.md, never the key. Sheets: \`node bench/panel.mjs sheets\`; scores: \`node bench/panel.mjs score\`, from the keys and answers kept in \`bench/results/panel/\`. Ties count half.\n\n`;
  for (const [round, info] of Object.entries(meta)) {
    const votes = votesOf(path.join(ROUNDS, round));
    md += `### ${info.title}\n\n${info.about} ${votes.length} votes.\n\n| first | against | columns | votes | first preferred | lost on |\n|---|---|---|---|---|---|\n`;
    const groups = new Map();
    for (const v of votes) {
      const [first, second] = [v.a, v.b].sort((x, y) =>
        info.first.includes(x) ? -1 : info.first.includes(y) ? 1 : x.localeCompare(y),
      );
      const k = `${first}|${second}|${v.cols}`;
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push({ ...v, first });
    }
    for (const [k, vs] of groups) {
      const [first, second, cols] = k.split('|');
      const won = vs.filter((v) => v.win === first).length + vs.filter((v) => v.win === 'tie').length / 2;
      const lost = [...new Set(vs.filter((v) => v.win === second).map((v) => v.image.replace(/\.\w+$/, '')))].join(
        ', ',
      );
      const label = (n) => info.names?.[n] ?? n;
      md += `| ${label(first)} | ${label(second)} | ${cols} | ${vs.length} | ${Math.round((100 * won) / vs.length)} % | ${lost || '—'} |\n`;
    }
    md += '\n';
  }
  writeResult(
    'panel',
    md + (fs.existsSync(path.join(ROUNDS, 'notes.md')) ? fs.readFileSync(path.join(ROUNDS, 'notes.md'), 'utf8') : ''),
  );
}

// `npm run bench` runs every bench without arguments: scoring the kept rounds is the cheap part
if (args[0] === 'sheets') sheets();
else if (args[0] === undefined || args[0] === 'score') score();
else {
  console.error('usage: node bench/panel.mjs sheets [--set dev|DIR] [--name NAME] [--baseline COMMIT] | score');
  process.exit(2);
}
