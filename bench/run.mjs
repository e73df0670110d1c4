// The benchmark harness: runs forsyth and its peers on the same input, each tool in its own child
// process (so wall time and peak RSS are that tool's alone), and prints one table.
//
//   npm run bench -- [replay|parse|perft|formats] [--corpus PATH] [--runs N] [--only a,b]
//                    [--slow-games N] [--depth N] [--no-build]
//
// Speed claims in this project come from this harness only. See bench/README.md.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { CACHE, firstGames, oracleChecksum, resolveCorpus, ROOT } from './corpus.mjs';
import { machineLine } from './machine.mjs';
import { programFlagsOf } from './program-flags.mjs';
import { Fnv } from './tools/common.mjs';

// `formats`: the row formats and --where of `fens` against text (bench/formats.mjs, its own options).
if (process.argv[2] === 'formats') {
  process.argv.splice(2, 1);
  await import('./formats.mjs');
  process.exit(0);
}
const { values: opt, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    corpus: { type: 'string' },
    runs: { type: 'string', default: '3' },
    only: { type: 'string' },
    'slow-games': { type: 'string', default: '500' },
    depth: { type: 'string', default: '5' },
    'no-build': { type: 'boolean', default: false },
    copies: { type: 'string', default: '5' },
  },
});
const job = positionals[0] ?? 'replay';
if (!['replay', 'parse', 'perft', 'scaling'].includes(job))
  throw new Error(`unknown job ${job}: replay, parse, perft or scaling`);
const runs = Number(opt.runs);
const depth = Number(opt.depth);
const TOOLS_DIR = join(ROOT, 'bench', 'tools');
// The forsyth rows run a snapshot of dist/ taken after the build: other engineers rebuild dist/ in
// this checkout, and a rebuild in the middle of a run would mix two versions or break a round.
const DIST = join(CACHE, 'dist');
const CLI = join(DIST, 'bin', 'main.js');
const PGN_EXTRACT = ['/usr/games/pgn-extract', '/usr/bin/pgn-extract', '/usr/local/bin/pgn-extract'].find(existsSync);
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const NATIVE_BIN = process.env.NATIVE_PEERS ?? '/tmp/native/bin';

/**
 * Every tool, with the jobs it can do. `slow`: run on the first --slow-games games only (chess.js
 * needs ~10 ms a game). `external`: not a bench/tools script; it prints no JSON line, so its counts
 * come from the corpus and its checksum, if any, from a separate untimed run (`checksum`).
 */
const node = (script) => (file) => [process.execPath, join(TOOLS_DIR, script), file, job, String(depth)];
const TOOLS = [
  { name: 'forsyth', jobs: ['replay', 'parse', 'perft'], argv: node('forsyth.mjs') },
  { name: 'forsyth-stream', jobs: ['replay', 'parse'], argv: node('forsyth-stream.mjs') },
  {
    name: 'forsyth-cli',
    jobs: ['replay'],
    external: true,
    missing: () => !existsSync(CLI) && 'forsyth CLI not built (dist/bin/main.js missing)',
    // --ep legal: the same work and the same FENs as the peers (the CLI's default is 'always').
    argv: (file) => [process.execPath, ...programFlags(['fens']), CLI, 'fens', '--ep', 'legal', file],
    checksum: cliChecksum,
  },
  {
    // The same with two worker threads (`--jobs 2`): its checksum proves the output unchanged.
    name: 'forsyth-cli-j2',
    jobs: ['replay'],
    external: true,
    missing: () => !existsSync(CLI) && 'forsyth CLI not built (dist/bin/main.js missing)',
    argv: (file) => [
      process.execPath,
      ...programFlags(['fens', '--jobs', '2']),
      CLI,
      'fens',
      '--ep',
      'legal',
      '--jobs',
      '2',
      file,
    ],
    checksum: (file) => cliChecksum(file, ['--jobs', '2']),
  },
  { name: 'chessops', jobs: ['replay', 'parse', 'perft'], argv: node('chessops.mjs') },
  { name: 'pgn-parser', jobs: ['parse'], argv: node('pgn-parser.mjs') },
  { name: 'pgn-parser+chessops', jobs: ['replay'], argv: node('pgn-parser.mjs') },
  { name: 'chess.js', jobs: ['replay', 'perft'], slow: job === 'replay', argv: node('chessjs.mjs') },
  // The native readers of ../shared/peers/native, when built (OUT=DIR sh build.sh; NATIVE_PEERS=DIR/bin,
  // default /tmp/native/bin). They print `games=N plies=N errors=N md5=…`; the md5 is checked against
  // the md5 of forsyth-cli's FENs.
  ...['pgnreader_fens', 'chesslib_fens'].map((bin) => ({
    name: bin === 'pgnreader_fens' ? 'pgn-reader (Rust)' : 'chess-library (C++)',
    jobs: ['replay'],
    native: true,
    missing: () =>
      !existsSync(join(NATIVE_BIN, bin)) &&
      `not built (OUT=/tmp/native sh ../shared/peers/native/build.sh; NATIVE_PEERS=${NATIVE_BIN})`,
    argv: (file) => [join(NATIVE_BIN, bin), file],
  })),
  {
    name: 'pgn-extract',
    jobs: ['replay'],
    external: true,
    missing: () => !PGN_EXTRACT && 'pgn-extract not on this machine (apt-get install pgn-extract)',
    argv: (file) => [PGN_EXTRACT, '-s', '--fencomments', '-o', '/dev/null', file],
  },
];

/** Runs one child; wall time is the whole process, peak RSS from /usr/bin/time when present. */
function runChild(argv, devNull = false) {
  const dir = mkdtempSync(join(tmpdir(), 'forsyth-bench-'));
  const rssFile = join(dir, 'rss');
  // %U + %S: CPU seconds, which a busy machine (other engineers' builds) inflates far less than wall.
  const full = TIME ? [TIME, '-f', '%M %U %S', '-o', rssFile, ...argv] : argv;
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    // stdout to /dev/null for external tools, as in the issue's `> /dev/null` target.
    const child = spawn(full[0], full.slice(1), { stdio: ['ignore', devNull ? 'ignore' : 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err = (err + d).slice(-4000)));
    child.on('close', (code) => {
      const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
      let rssKiB;
      let cpuS;
      if (TIME && existsSync(rssFile)) {
        const [m, u, sys] = readFileSync(rssFile, 'utf8').trim().split('\n').pop().split(' ').map(Number);
        rssKiB = m;
        cpuS = u + sys;
      }
      rmSync(dir, { recursive: true, force: true });
      const line = out.split('\n').find((l) => l.startsWith('{'));
      let json;
      try {
        json = line ? JSON.parse(line) : nativeLine(out);
      } catch {
        json = undefined;
      }
      resolve({ code, wallMs, cpuS, rssKiB: rssKiB || json?.maxRssKiB, json, err });
    });
  });
}

/** The native peers' `games=N plies=N errors=N md5=…` line as the harness's JSON fields. */
function nativeLine(out) {
  const m = /games=(\d+) plies=(\d+) errors=(\d+) md5=([0-9a-f]+)/.exec(out);
  return m ? { games: Number(m[1]), fens: Number(m[2]), errors: Number(m[3]), md5: m[4] } : undefined;
}

/** The CLI prints FENs rather than a JSON line: hash the lines that look like FENs (untimed run). */
async function cliChecksum(file, extra = []) {
  const child = spawn(process.execPath, [CLI, 'fens', '--ep', 'legal', ...extra, file], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const fnv = new Fnv();
  const md5 = createHash('md5');
  const fen = /^[1-8pnbrqkPNBRQK]+(\/[1-8pnbrqkPNBRQK]+){7} [wb] \S+ \S+ \d+ \d+$/;
  for await (const line of createInterface({ input: child.stdout })) {
    if (!fen.test(line)) continue;
    fnv.add(line);
    md5.update(`${line}\n`);
  }
  return fnv.count ? { fens: fnv.count, checksum: fnv.hex(), md5: md5.digest('hex') } : undefined;
}

/** The telling line of a child's stderr: the first error message, else the last line. */
function why(stderr) {
  const lines = stderr.trim().split('\n');
  return (lines.find((l) => /Error\b|error:/.test(l)) ?? lines.at(-1) ?? '').trim().slice(0, 300);
}

function median(xs) {
  const s = xs.filter((x) => x !== undefined).sort((a, b) => a - b);
  return s.length ? s[(s.length - 1) >> 1] : undefined;
}

function git(...a) {
  return spawnSync('git', a, { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
}

// ---------------------------------------------------------------------------------------------

if (!opt['no-build']) {
  // Build here (not in package.json) so that a broken build still benchmarks the peers.
  const b = spawnSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, encoding: 'utf8' });
  if (b.status !== 0) {
    const why = (b.stderr || b.stdout).trim().split('\n').slice(-3).join(' | ');
    console.log(`note: npm run build failed, forsyth rows use whatever dist/ holds: ${why}\n`);
  }
}
rmSync(DIST, { recursive: true, force: true });
if (existsSync(join(ROOT, 'dist'))) cpSync(join(ROOT, 'dist'), DIST, { recursive: true });
process.env.FORSYTH_DIST = DIST; // read by bench/tools/forsyth*.mjs
/** The Node flags the `forsyth` executable gives main.js for these arguments (cli/node-flags.ts). */
const programFlags = await programFlagsOf(DIST);

if (job === 'scaling') {
  const { scaling } = await import('./scaling.mjs');
  await scaling({ corpus: opt.corpus, runs, copies: Number(opt.copies), dist: DIST, programFlags });
  process.exit(0);
}

const only = opt.only?.split(',').map((s) => s.trim());
const tools = TOOLS.filter((t) => t.jobs.includes(job) && (!only || only.includes(t.name)));
const corpus = job === 'perft' ? undefined : resolveCorpus(opt.corpus);
const slice = corpus && tools.some((t) => t.slow) ? firstGames(corpus, Number(opt['slow-games'])) : undefined;

// A busy machine (other builds, tests) slows every tool: the header shows the load before the runs.
const loadBefore = loadavg()[0];
// Taken before the runs: in a shared checkout HEAD and src/ can move while the bench runs.
const started = new Date();
const head = git('rev-parse', '--short', 'HEAD');
const dirty = git('status', '--porcelain', '--', 'src', 'cli', 'grammar') ? ' (src/ has uncommitted changes)' : '';
const rows = tools.map((t) => ({ tool: t, input: t.slow ? slice : corpus, samples: [], skip: t.missing?.() }));
for (let i = 0; i < runs; i++) {
  // Interleaved (every tool once per round) so a slow phase of the machine hits all tools alike.
  for (const row of rows) {
    if (row.skip || row.error) continue;
    const r = await runChild(row.tool.argv(row.input?.path), row.tool.external);
    if (r.json?.skip) row.skip = r.json.skip;
    else if (r.code !== 0 || (!row.tool.external && !r.json)) row.error = `exit ${r.code}: ${why(r.err)}`;
    else row.samples.push(r);
    if ((row.skip || row.error) && row.samples.length) {
      // Worked in an earlier round, not now: no half-measured row.
      row.error = `ran ${row.samples.length} time(s), then: ${row.skip ?? row.error}`;
      row.skip = undefined;
      row.samples = [];
    }
  }
}

// Reference checksums: python-chess's (precomputed in shared/corpus/expected) when it lines up
// with the input, else the first tool that produced one on that input (forsyth, else chessops).
const oracle = job === 'replay' && corpus?.oracle ? await oracleChecksum(corpus.oracle) : undefined;
const sliceOracle = job === 'replay' && slice?.oracle ? await oracleChecksum(slice.oracle) : undefined;
for (const row of rows) {
  if (row.tool.checksum && row.samples.length) row.result = await row.tool.checksum(row.input.path);
  else row.result = row.samples.at(-1)?.json;
}
const refRow = rows.find((r) => r.result?.checksum && !r.tool.slow && !r.tool.external);
let sliceRef = sliceOracle;
if (slice && !sliceRef && refRow) {
  const r = await runChild(refRow.tool.argv(slice.path)); // once, untimed: the reference on the slice
  sliceRef = r.json;
}
// The ratio's base: the library row, else the streaming reader, else the CLI (the footer says which).
const forsythRow = ['forsyth', 'forsyth-stream', 'forsyth-cli']
  .map((n) => rows.find((r) => r.tool.name === n && r.samples.length))
  .find(Boolean);

function rates(row) {
  const wall = median(row.samples.map((s) => s.wallMs)) / 1000;
  const work = median(row.samples.map((s) => s.json?.elapsedMs)) / 1000;
  const cpu = median(row.samples.map((s) => s.cpuS));
  // External tools print no counts: the input is the same, so its counts are the reference's.
  const ref = row.tool.slow ? sliceRef : (oracle ?? refRow?.result);
  const games = row.result?.games ?? row.input?.games;
  const units =
    job === 'perft' ? row.result?.nodes : (row.result?.fens ?? row.result?.plies ?? ref?.fens ?? ref?.plies);
  return {
    wall,
    work,
    cpu,
    games,
    units,
    gamesPerS: games / wall,
    unitsPerS: units / wall,
    mbPerS: row.input ? row.input.bytes / 1e6 / wall : undefined,
    rss: median(row.samples.map((s) => s.rssKiB)) / 1024,
  };
}

function check(row) {
  if (job === 'perft') return row.result?.nodes === PERFT[depth] ? 'ok' : PERFT[depth] ? 'DIFF' : '?';
  if (row.tool.native) {
    const want = rows.find((r) => r.tool.name === 'forsyth-cli')?.result?.md5;
    return !row.result?.md5 ? 'n/a' : !want ? '?' : row.result.md5 === want ? 'ok (md5)' : 'DIFF (md5)';
  }
  const got = row.result?.checksum;
  const want = row.tool.slow ? sliceRef?.checksum : (oracle ?? refRow?.result)?.checksum;
  if (!got) return 'n/a';
  const runsAgree = row.samples.every((s) => !s.json?.checksum || s.json.checksum === got);
  return !runsAgree ? 'UNSTABLE' : !want ? '?' : got === want ? 'ok' : 'DIFF';
}
const PERFT = { 1: 20, 2: 400, 3: 8902, 4: 197281, 5: 4865609, 6: 119060324 };

// ---------------------------------------------------------------------------------------------

const f = (x, d = 2) =>
  x === undefined || !Number.isFinite(x) ? 'n/a' : x >= 1000 ? Math.round(x).toLocaleString('en-US') : x.toFixed(d);
const forsythRates = forsythRow && rates(forsythRow);
const unit = job === 'perft' ? 'nodes' : job === 'replay' ? 'FENs' : 'plies';
const header = [
  'tool',
  'input',
  'wall s',
  'work s',
  'cpu s',
  'games/s',
  `${unit}/s`,
  'MB/s',
  'peak RSS MiB',
  'forsyth/peer',
  job === 'perft' ? 'nodes' : job === 'replay' ? 'FEN checksum' : 'SAN checksum',
  'check',
];
const table = [header];
const notes = [];
for (const row of rows) {
  const name = row.tool.name;
  if (row.skip || row.error || !row.samples.length) {
    notes.push(`${name}: ${row.skip ? 'skipped — ' + row.skip : 'FAILED — ' + (row.error ?? 'no run')}`);
    table.push([name, '—', ...Array(header.length - 3).fill(''), row.skip ? 'skipped' : 'FAILED']);
    continue;
  }
  const r = rates(row);
  const input = job === 'perft' ? `depth ${depth}` : row.tool.slow ? `first ${row.input.games}` : 'all';
  const ratio = forsythRates ? forsythRates.unitsPerS / r.unitsPerS : undefined;
  const sum =
    job === 'perft'
      ? String(row.result?.nodes)
      : (row.result?.checksum ?? (row.result?.md5 ? `md5 ${row.result.md5.slice(0, 12)}` : 'n/a'));
  table.push([
    name,
    input,
    f(r.wall),
    f(r.work),
    f(r.cpu),
    job === 'perft' ? '' : f(r.gamesPerS, 0),
    f(r.unitsPerS, 0),
    job === 'perft' ? '' : f(r.mbPerS),
    f(r.rss, 1),
    ratio ? f(ratio) + '×' : '—',
    sum,
    check(row),
  ]);
  if (row.result?.errors) notes.push(`${name}: ${row.result.errors} game(s) stopped on an error`);
}

console.log(`forsyth bench — job ${job}, median of ${runs} run(s)`);
console.log(
  `date ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC · HEAD ${head}${dirty} · nproc ${availableParallelism()} · load ${loadBefore.toFixed(2)} → ${loadavg()[0].toFixed(2)} · node ${process.version}`,
);
console.log(machineLine());
if (corpus) console.log(`corpus: ${corpus.label} → ${corpus.games} games, ${(corpus.bytes / 1e6).toFixed(2)} MB`);
if (slice && slice !== corpus)
  console.log(
    `slow tools ran on: ${slice.label} (${(slice.bytes / 1e6).toFixed(2)} MB); compare them by the per-game and per-FEN rates`,
  );
if (oracle)
  console.log(
    `python-chess reference (shared/corpus/expected): ${oracle.fens} FENs, checksum ${oracle.checksum}${sliceOracle ? `; first ${slice.games} games: ${sliceOracle.checksum}` : ''}`,
  );
console.log('');
// perft has no games or bytes: drop those two columns.
if (job === 'perft') {
  for (const r of table) {
    r.splice(7, 1);
    r.splice(5, 1);
  }
}
const widths = table[0].map((_, i) => Math.max(...table.map((r) => String(r[i]).length)));
for (const [i, r] of table.entries()) {
  console.log(
    r
      .map((c, j) => (j < 2 ? String(c).padEnd(widths[j]) : String(c).padStart(widths[j])))
      .join('  ')
      .trimEnd(),
  );
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}
console.log('');
console.log(
  `wall s: whole child process (Node start-up included), median; work s: the job as timed inside the child; cpu s: user+sys of the child.`,
);
console.log(
  `rates use wall s. forsyth/peer: ${forsythRow?.tool.name ?? 'forsyth'} ${unit}/s ÷ peer ${unit}/s (>1: forsyth faster).`,
);
console.log(
  `peak RSS: ${TIME ? '/usr/bin/time %M' : 'process.resourceUsage().maxRSS (no /usr/bin/time)'}. check: ${job === 'perft' ? 'node count equals the published perft value' : `checksum equals the reference (${oracle ? 'python-chess' : 'forsyth, else chessops'})`}.`,
);
if (rows.some((r) => r.tool.external && r.samples.length && !r.result))
  console.log("external tools without a checksum: counts are the corpus's, check n/a.");
for (const n of notes) console.log(`note: ${n}`);
const cliRow = rows.find((r) => r.tool.name === 'forsyth-cli' && r.samples.length);
const jobsRow = rows.find((r) => r.tool.name === 'forsyth-cli-j2' && r.samples.length);
if (cliRow && jobsRow)
  console.log(
    `--jobs 2 speed-up: forsyth-cli wall ÷ forsyth-cli-j2 wall = ${f(rates(cliRow).wall / rates(jobsRow).wall)}×`,
  );
