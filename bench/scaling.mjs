// `npm run bench -- scaling [--corpus PATH] [--runs N] [--copies N]`: how `forsyth fens --jobs 2`
// scales on one big file, against the reference the issue names: two independent forsyth
// processes, each on one half of the file (cut at a game start), run at the same time.
//
// Wall time needs a quiet machine; CPU time (user+sys, from /usr/bin/time) tells more on a busy
// one: `--jobs 2` should spend about what `--jobs 1` and the two processes spend on the same games.
// The main thread's share is its CPU time against the worker threads' own, as the run reports them
// (FORSYTH_THREAD_TIMES, cli/workers/thread-times.ts); the rest of the process's CPU is V8's
// background threads (JIT compilation, GC). The main thread works while the workers do (it writes
// block i while they run blocks i+1, i+2, ...), so with a share of `share` it keeps up with 1/share
// workers: N workers are bounded by min(N, 1 / share). The conservative figure counts the main
// thread's work as serial (Amdahl): s = main / (main + workers), bound = 1 / (s + (1 - s) / N).
//
// The input is the bench corpus copied N times (default 5: about 70 MB from the TCEC file).
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { CACHE, resolveCorpus } from './corpus.mjs';
import { machineLine } from './machine.mjs';

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
let serial = 0;

/**
 * Runs argv with stdout to /dev/null: wall seconds, and where they can be had, CPU seconds
 * (user+sys), peak resident MB, and the run's own main-thread and worker-thread CPU seconds.
 */
function timed(argv) {
  const id = `${process.pid}-${serial++}`;
  const timeFile = join(tmpdir(), `forsyth-scaling-time-${id}`);
  const threadFile = join(tmpdir(), `forsyth-scaling-threads-${id}.json`);
  const full = TIME ? [TIME, '-f', '%U %S %M', '-o', timeFile, ...argv] : argv;
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(full[0], full.slice(1), {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, FORSYTH_THREAD_TIMES: threadFile },
    });
    let err = '';
    child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    child.on('error', reject);
    child.on('close', (code) => {
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      const read = (file) => {
        try {
          return readFileSync(file, 'utf8');
        } catch {
          return undefined;
        } finally {
          rmSync(file, { force: true });
        }
      };
      const time = read(timeFile)?.trim().split('\n').at(-1)?.split(' ').map(Number);
      const threads = JSON.parse(read(threadFile) ?? 'null');
      if (code !== 0 && code !== 1) return reject(new Error(`exit ${code}: ${err.trim().split('\n').at(-1)}`));
      resolve({
        wall,
        cpu: time ? time[0] + time[1] : undefined,
        rss: time ? time[2] / 1024 : undefined,
        main: threads?.main == null ? undefined : threads.main / 1000,
        workers: threads?.workers?.length ? threads.workers.reduce((a, b) => a + (b ?? 0), 0) / 1000 : undefined,
      });
    });
  });
}

function median(xs) {
  const s = xs.filter((x) => x !== undefined && !Number.isNaN(x)).sort((a, b) => a - b);
  return s.length ? s[(s.length - 1) >> 1] : undefined;
}

/** The corpus copied `copies` times, and its two halves cut at the game start nearest the middle. */
async function inputs(corpusArg, copies, dist) {
  const corpus = resolveCorpus(corpusArg);
  const big = join(CACHE, `scaling.x${copies}.pgn`);
  if (!existsSync(big) || statSync(big).mtimeMs < statSync(corpus.path).mtimeMs) {
    const text = readFileSync(corpus.path);
    writeFileSync(big, Buffer.concat(Array.from({ length: copies }, () => text)));
  }
  const { bytesSource, gameStartAtOrAfter } = await import(join(dist, 'src/node/index.js'));
  const bytes = readFileSync(big);
  const middle = gameStartAtOrAfter(bytesSource(bytes), Math.floor(bytes.length / 2));
  const halves = [join(CACHE, 'scaling.half1.pgn'), join(CACHE, 'scaling.half2.pgn')];
  writeFileSync(halves[0], bytes.subarray(0, middle));
  writeFileSync(halves[1], bytes.subarray(middle));
  return { big, bytes: bytes.length, halves };
}

export async function scaling({ corpus, runs, copies, dist, programFlags }) {
  // With the Node flags the `forsyth` executable (cli/bin.ts) starts main.js with.
  const cli = (file, jobs) => [
    process.execPath,
    ...programFlags(['fens', '--jobs', String(jobs)]),
    join(dist, 'bin/main.js'),
    'fens',
    '--ep',
    'legal',
    '-q',
    '--jobs',
    String(jobs),
    file,
  ];
  const { big, bytes, halves } = await inputs(corpus, copies, dist);
  const loadBefore = loadavg()[0];
  const j1 = [];
  const j2 = [];
  const ref = [];
  const tiny = [];
  const tinyFile = join(CACHE, 'scaling.one-game.pgn');
  writeFileSync(tinyFile, readFileSync(halves[0]).subarray(0, 4096));
  for (let i = 0; i < runs; i++) {
    // A run on one block: the main thread's fixed cost (Node start-up, loading the CLI).
    tiny.push(await timed(cli(tinyFile, 2)));
    // Interleaved, so that a busy phase of the machine hits all three alike.
    j1.push(await timed(cli(big, 1)));
    j2.push(await timed(cli(big, 2)));
    const t0 = process.hrtime.bigint();
    const both = await Promise.all(halves.map((h) => timed(cli(h, 1))));
    const sum = (key) => (both.some((r) => r[key] === undefined) ? undefined : both.reduce((a, r) => a + r[key], 0));
    ref.push({
      wall: Number(process.hrtime.bigint() - t0) / 1e9,
      cpu: sum('cpu'),
      rss: Math.max(...both.map((r) => r.rss ?? Number.NaN)),
    });
  }
  const loadAfter = loadavg()[0];
  const m = (rows, key) => median(rows.map((r) => r[key]));
  const f = (x, d = 2) => (x === undefined || Number.isNaN(x) ? 'n/a' : x.toFixed(d));
  const row = (label, rows, extra = '') =>
    `  ${label.padEnd(29)} ${f(m(rows, 'wall')).padStart(7)} s ${f(m(rows, 'cpu')).padStart(8)} s ${f(m(rows, 'rss'), 0).padStart(8)} MB${extra}`;
  const [w1, w2, wr] = [m(j1, 'wall'), m(j2, 'wall'), m(ref, 'wall')];
  const [c1, c2, cr] = [m(j1, 'cpu'), m(j2, 'cpu'), m(ref, 'cpu')];
  console.log(
    `forsyth fens --ep legal --jobs N on ${(bytes / 1e6).toFixed(1)} MB (${copies} copies of the bench corpus), median of ${runs}, load ${f(loadBefore, 1)} before, ${f(loadAfter, 1)} after`,
  );
  console.log(`  ${machineLine()}, node ${process.version}`);
  console.log(`  ${''.padEnd(29)}    wall   CPU (user+sys)  peak RSS`);
  console.log(row('--jobs 1', j1));
  console.log(row('--jobs 2', j2, `   wall ${f(w1 / w2)}× --jobs 1`));
  console.log(
    row('two processes on the halves', ref, `   wall ${f(w1 / wr)}× --jobs 1 (the reference; RSS of the larger)`),
  );
  console.log(`  --jobs 2 ÷ reference, wall: ${f(wr / w2)} (1.00 = as fast as two independent processes)`);
  console.log(`  CPU of --jobs 2: ${f(c2 / c1)}× --jobs 1's, ${f(c2 / cr)}× the two processes'`);
  const main = m(j2, 'main');
  const workers = m(j2, 'workers');
  if (main !== undefined && workers !== undefined) {
    const share = median(j2.map((r) => r.main / r.workers));
    const s = median(j2.map((r) => r.main / (r.main + r.workers)));
    const amdahl16 = 1 / (s + (1 - s) / 16);
    const background = c2 === undefined ? undefined : c2 - main - workers;
    console.log(
      `  --jobs 2 threads: main ${f(main)} s, workers ${f(workers)} s, V8 background (JIT, GC) ${f(background)} s`,
    );
    const fixed = m(tiny, 'main');
    const running = fixed === undefined ? undefined : median(j2.map((r) => (r.main - fixed) / r.workers));
    console.log(
      `  main thread: ${f(100 * share, 1)}% of the workers' CPU (start-up, from a run on 4 KB: ${f(fixed)} s; the rest ${f(100 * running, 1)}%);`,
    );
    console.log(`    it runs alongside the workers, so it keeps up with 1/share = ${f(1 / share, 0)} of them:`);
    console.log(
      `    bound for 16 cores min(16, ${f(1 / share, 0)}) = ${f(Math.min(16, 1 / share), 1)}×; counted as serial work (Amdahl, conservative): ${f(amdahl16, 1)}× (serial fraction ${f(100 * s, 1)}%)`,
    );
  } else {
    console.log('  main thread share: n/a (thread times are read from /proc, Linux only)');
  }
}
