// The row formats and filters of `fens`, in one run: every format against text on the same input,
// filtered and unfiltered, .pgn and .pgn.zst, on the lichess sample of the corpus and on the TCEC
// file. CPU seconds (user + sys of the child, from /usr/bin/time) are what the ratios compare: a busy
// machine inflates wall time far more than CPU time. Every case runs in rounds with a text run of
// the same input (a round: one run of each, back to back), and its ratio is the median over the
// rounds of each round's ratio, so that a machine whose speed drifts from minute to minute (±15%
// here) does not skew it: a round's runs share the same minute. The short-listed formats also
// run with a --where filter keeping about 10% of the games, in the same rounds; the last ratio
// column compares the two (the issue's target: ≤ 25%).
//
//   npm run bench -- formats [--runs N] [--repeat N] [--no-build] [--against DIR]
//                            [--inputs lichess,TCEC] [--cases text,parquet]
//
// --inputs / --cases: only the inputs / formats whose label starts with one of the words (text,
// the unfiltered run the ratios divide by, always runs).
//
// --against DIR: a built checkout of another commit (say main in a scratch worktree); every case
// then runs on both, alternately, and the table gets a column for each (A/B in the same minutes,
// which is what a comparison on a shared, busy machine needs).
//
// The inputs are decompressed (and the lichess sample repeated --repeat times, default 4, so that
// Node's start-up is a small part of each run) into bench/.cache once.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gunzipSync } from 'node:zlib';
import { CACHE, ROOT } from './corpus.mjs';
import { machineLine } from './machine.mjs';
import { programFlagsOf } from './program-flags.mjs';

const { values: opt } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: 'string', default: '3' },
    repeat: { type: 'string', default: '4' },
    'no-build': { type: 'boolean', default: false },
    against: { type: 'string' },
    inputs: { type: 'string' },
    cases: { type: 'string' },
  },
});
const runs = Number(opt.runs);
const CORPUS = join(ROOT, '..', 'shared', 'corpus', 'games');
const CLI = join(ROOT, 'dist', 'bin', 'main.js');
if (!opt['no-build']) spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' });
mkdirSync(CACHE, { recursive: true });

function prepare(name, make) {
  const path = join(CACHE, name);
  if (!existsSync(path)) writeFileSync(path, make());
  return path;
}
const lichessText = () => {
  const one = Buffer.concat(
    ['lichess-exports-clk', 'lichess-exports-noclk'].map((f) =>
      gunzipSync(readFileSync(join(CORPUS, 'lichess', `${f}.pgn.gz`))),
    ),
  );
  return Buffer.concat(Array.from({ length: Number(opt.repeat) }, () => one));
};
const lichess = prepare(`lichess-x${opt.repeat}.pgn`, lichessText);
const lichessZst = prepare(`lichess-x${opt.repeat}.pgn.zst`, () => {
  const r = spawnSync('zstd', ['-q', '-c', lichess], { maxBuffer: 1 << 30 });
  if (r.status !== 0) throw new Error('zstd is needed to make the .zst input');
  return r.stdout;
});
const tcec = prepare('tcec-standard.pgn', () => gunzipSync(readFileSync(join(CORPUS, 'tcec', 'tcec-standard.pgn.gz'))));

const OTHER = opt.against === undefined ? undefined : join(opt.against, 'dist', 'bin', 'main.js');
/** Each tree's Node flags for the `forsyth` executable's arguments (cli/node-flags.ts). */
const FLAGS = new Map([[CLI, await programFlagsOf(join(ROOT, 'dist'))]]);
if (OTHER) FLAGS.set(OTHER, await programFlagsOf(join(opt.against, 'dist')));

/**
 * Median CPU (and its run's peak RSS) of `forsyth ARGS` for each ARGS of `list`, on this tree and
 * on --against's when given: the runs alternate (one of each per round), so that every ratio
 * between them compares the same minutes of a machine whose speed drifts.
 */
function cpuEach(list) {
  const out = join(tmpdir(), `forsyth-formats-${process.pid}`);
  const clis = OTHER ? [CLI, OTHER] : [CLI];
  const samples = list.map(() => clis.map(() => []));
  for (let i = 0; i < runs; i++) {
    for (const [a, args] of list.entries()) {
      for (const [k, cli] of clis.entries()) {
        const r = spawnSync(
          '/usr/bin/time',
          ['-f', '%U %S %M', '-o', `${out}.time`, process.execPath, ...FLAGS.get(cli)(args), cli, ...args],
          { stdio: ['ignore', 'ignore', 'ignore'] },
        );
        if (r.status !== 0 && r.status !== 1) throw new Error(`forsyth ${args.join(' ')}: exit ${r.status}`);
        const [u, s, m] = readFileSync(`${out}.time`, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        samples[a][k].push({ cpu: u + s, rss: m / 1024 });
      }
    }
  }
  rmSync(`${out}.time`, { force: true });
  rmSync(`${out}.parquet`, { force: true });
  return samples.map((perCli) => {
    const [mine, other] = perCli.map((l) => [...l].sort((x, y) => x.cpu - y.cpu)[Math.floor(l.length / 2)]);
    return { ...mine, other, rounds: perCli };
  });
}

/** The median over the rounds of `a`'s CPU over `b`'s in the same round (tree k: 0 this, 1 --against). */
function ratio(a, b, k = 0) {
  const perRound = a.rounds[k].map((x, i) => x.cpu / b.rounds[k][i].cpu).sort((x, y) => x - y);
  return perRound[Math.floor(perRound.length / 2)];
}

const parquetOut = join(tmpdir(), `forsyth-formats-${process.pid}.parquet`);
const SAME_ROWS = 'game,ply,fen';
const MOVES = 'game,ply,san,uci,fen';
const pq = ['-o', parquetOut];
const cases = [
  ['text', []],
  ['ndjson (default columns)', ['--format', 'ndjson']],
  ['csv (default columns)', ['--format', 'csv']],
  [`ndjson --columns ${SAME_ROWS}`, ['--format', 'ndjson', '--columns', SAME_ROWS]],
  [`csv --columns ${SAME_ROWS}`, ['--format', 'csv', '--columns', SAME_ROWS]],
  [`parquet --columns ${SAME_ROWS}`, ['--format', 'parquet', '--columns', SAME_ROWS, ...pq]],
  ['parquet (default columns)', ['--format', 'parquet', ...pq]],
  [`ndjson --columns ${MOVES}`, ['--format', 'ndjson', '--columns', MOVES]],
  [`parquet --columns ${MOVES}`, ['--format', 'parquet', '--columns', MOVES, ...pq]],
  ['parquet --columns all', ['--format', 'parquet', '--columns', 'all', ...pq]],
];
/** The formats run on the .zst input and with --where (the others are the same work again). */
const SHORT = new Set(['text', 'ndjson (default columns)', 'csv (default columns)', `parquet --columns ${SAME_ROWS}`]);
// Filters keeping about 10% of the games (lichess: 3,852 of 38,600 at --repeat 4; TCEC: 13%).
const WHERE = { lichess: 'white_elo >= 2150 || black_elo >= 2150', TCEC: 'white_elo >= 3700' };

const picked = (list, label) => list === undefined || list.split(',').some((w) => label.startsWith(w.trim()));
const rows = [];
/** The other tree's cpu s and ratio to its own text run (with --against). */
const otherCells = (r, base) => (OTHER ? [r.other.cpu.toFixed(2), ratio(r, base, 1).toFixed(2) + '×'] : []);
for (const [label, input] of [
  ['lichess', lichess],
  ['lichess .zst', lichessZst],
  ['TCEC', tcec],
]) {
  if (!picked(opt.inputs, label)) continue;
  const text = ['fens', input];
  const where = WHERE[label.split(' ')[0]];
  const kept = spawnSync(process.execPath, [CLI, 'validate', '--where', where, input], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  })
    .stdout.trim()
    .split('\n')
    .pop();
  const share = kept
    .match(/(\d+) games read, (\d+) selected/)
    .slice(1)
    .join(' → ');
  for (const [name, args] of cases) {
    if (label === 'lichess .zst' && !SHORT.has(name)) continue;
    if (name !== 'text' && !picked(opt.cases, name)) continue;
    // Each case runs in rounds with text (and its filtered run with both): the ratios come from
    // the same minutes, not from a text run made earlier on a machine that was faster or slower.
    const own = name === 'text' ? [] : [['fens', ...args, input]];
    const filter = SHORT.has(name) ? [['fens', ...args, '--where', where, input]] : [];
    const [base, ...measured] = cpuEach([text, ...own, ...filter]);
    const r = name === 'text' ? base : measured.shift();
    rows.push([
      label,
      name,
      r.cpu.toFixed(2),
      base.cpu.toFixed(2),
      ratio(r, base).toFixed(2) + '×',
      '',
      r.rss.toFixed(0),
      ...otherCells(r, base),
      ...(OTHER ? [''] : []),
    ]);
    const filtered = measured.shift();
    if (!filtered) continue;
    rows.push([
      label,
      // A `|` in the filter would end the Markdown cell.
      `${name} --where '${where.replaceAll('|', '\\|')}' (${share} games)`,
      filtered.cpu.toFixed(2),
      base.cpu.toFixed(2),
      ratio(filtered, base).toFixed(2) + '×',
      ratio(filtered, r).toFixed(2) + '×',
      filtered.rss.toFixed(0),
      ...otherCells(filtered, base),
      ...(OTHER ? [ratio(filtered, r, 1).toFixed(2) + '×'] : []),
    ]);
  }
}
const extra = OTHER ? ' against: cpu s | / text | / unfiltered |' : '';
console.log(
  `| input | fens format | cpu s | text cpu s, same rounds | / text | / same format unfiltered | peak RSS MiB |${extra}\n| --- | --- | --- | --- | --- | --- | --- |${OTHER ? ' --- | --- | --- |' : ''}`,
);
for (const r of rows) console.log(`| ${r.join(' | ')} |`);
console.log(
  `\nmedian of ${runs} runs; ratios: median of the per-round ratios; cpu s = user + sys of the child (Node start-up included).${OTHER ? ` "against": ${opt.against}, run alternately with this tree.` : ''}`,
);
console.log(`${machineLine()}, node ${process.version}`);
