// `npm run bench -- scaling [--corpus PATH] [--runs N] [--copies N]`: how `forsyth fens --jobs 2`
// scales on one big file, against the reference the issue names: two independent forsyth
// processes, each on one half of the file (cut at a game start), run at the same time. Also the
// main thread's share of the CPU with --jobs 2 (sampled from /proc/PID/task/*/stat: the main
// thread is the task whose id is the process id) and the Amdahl bound it gives for 16 cores.
//
// The input is the bench corpus copied N times (default 5: about 70 MB from the TCEC file).
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { CACHE, resolveCorpus } from './corpus.mjs';

const TICKS = 100; // USER_HZ on Linux

/** CPU seconds per thread of a running process, from /proc (empty off Linux). */
function threadTimes(pid) {
  const out = new Map();
  try {
    for (const tid of readdirSafe(`/proc/${pid}/task`)) {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      out.set(Number(tid), (Number(fields[11]) + Number(fields[12])) / TICKS);
    }
  } catch {
    // the process ended between two reads
  }
  return out;
}

function readdirSafe(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

/** Runs argv with stdout to /dev/null; wall seconds, and (sampled every 50 ms) main-thread and other threads' CPU seconds. */
function timed(argv) {
  return new Promise((resolve, reject) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(argv[0], argv.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => (err = (err + d).slice(-2000)));
    let last = new Map();
    const sample = setInterval(() => {
      const now = threadTimes(child.pid);
      if (now.size > 0) last = new Map([...last, ...now]);
    }, 50);
    child.on('error', reject);
    child.on('close', (code) => {
      clearInterval(sample);
      const wall = Number(process.hrtime.bigint() - t0) / 1e9;
      const main = last.get(child.pid) ?? 0;
      const others = [...last].filter(([tid]) => tid !== child.pid).reduce((s, [, t]) => s + t, 0);
      if (code !== 0 && code !== 1) reject(new Error(`exit ${code}: ${err.trim().split('\n').at(-1)}`));
      else resolve({ wall, main, others });
    });
  });
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[(s.length - 1) >> 1];
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

export async function scaling({ corpus, runs, copies, dist, nodeFlags }) {
  const cli = (file, jobs) => [process.execPath, ...nodeFlags, join(dist, 'cli/main.js'), 'fens', '--ep', 'legal', '-q', '--jobs', String(jobs), file];
  const { big, bytes, halves } = await inputs(corpus, copies, dist);
  const load = loadavg()[0];
  const j1 = [];
  const j2 = [];
  const ref = [];
  for (let i = 0; i < runs; i++) {
    // Interleaved, so that a busy phase of the machine hits all three alike.
    j1.push(await timed(cli(big, 1)));
    j2.push(await timed(cli(big, 2)));
    const t0 = process.hrtime.bigint();
    await Promise.all(halves.map((h) => timed(cli(h, 1))));
    ref.push({ wall: Number(process.hrtime.bigint() - t0) / 1e9 });
  }
  const w1 = median(j1.map((r) => r.wall));
  const w2 = median(j2.map((r) => r.wall));
  const wr = median(ref.map((r) => r.wall));
  const share = median(j2.map((r) => r.main / Math.max(1e-9, r.others)));
  const serial = median(j2.map((r) => r.main / Math.max(1e-9, r.main + r.others)));
  const amdahl16 = 1 / (serial + (1 - serial) / 16);
  const f = (x, d = 2) => x.toFixed(d);
  console.log(`forsyth fens --ep legal --jobs N on ${(bytes / 1e6).toFixed(1)} MB (${copies} copies of the bench corpus), median of ${runs}, load ${f(load, 1)} before`);
  console.log(`  --jobs 1                      ${f(w1)} s wall`);
  console.log(`  --jobs 2                      ${f(w2)} s wall   ${f(w1 / w2)}× --jobs 1`);
  console.log(`  two processes on the halves   ${f(wr)} s wall   ${f(w1 / wr)}× --jobs 1 (the reference)`);
  console.log(`  --jobs 2 ÷ reference: ${f(wr / w2)} (1.00 = as fast as two independent processes)`);
  console.log(`  main thread with --jobs 2: ${f(100 * share, 1)}% of the other threads' CPU (${f(median(j2.map((r) => r.main)))} s vs ${f(median(j2.map((r) => r.others)))} s); Amdahl bound for 16 cores: ${f(amdahl16, 1)}×`);
}
