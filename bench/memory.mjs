// Memory check for the CLI: streams ~--mb MB of PGN (the bench corpus repeated) into
//   node dist/bin/main.js fens - > /dev/null
// and reports its peak RSS. The target: under 200 MiB for 1 GB, i.e. memory must not grow
// with the input. The PGN is generated on the fly into the pipe, so no 1 GB file is written.
//
//   node bench/memory.mjs [--mb 1024] [--limit 200] [--corpus PATH]
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gameStarts, resolveCorpus, ROOT } from './corpus.mjs';
import { programFlagsOf } from './program-flags.mjs';

const { values: opt } = parseArgs({
  options: {
    mb: { type: 'string', default: '1024' },
    limit: { type: 'string', default: '200' },
    corpus: { type: 'string' },
  },
});
const CLI = join(ROOT, 'dist', 'bin', 'main.js');
if (!existsSync(CLI)) {
  console.log('memory: skipped — forsyth CLI not built (dist/bin/main.js missing; run npm run build)');
  process.exit(0);
}
const corpus = resolveCorpus(opt.corpus);
// One repeat unit: the corpus, ending with a blank line so the next copy starts a new game.
const text = readFileSync(corpus.path, 'utf8').trimEnd() + '\n\n';
const unit = Buffer.from(text);
// Byte offsets of the game starts, so the last copy can stop at a game boundary near the target.
const cuts = gameStarts(text).map((i) => Buffer.byteLength(text.slice(0, i)));
const target = Number(opt.mb) * 1024 * 1024;

// /usr/bin/time gives the true peak; without it, poll VmHWM (the kernel's own peak RSS) instead.
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
// With the Node flags the installed executable starts the program with, so the child runs as the bin does.
const argv = [process.execPath, ...(await programFlagsOf(join(ROOT, 'dist')))(['fens']), CLI, 'fens', '-'];
const child = TIME
  ? spawn(TIME, ['-f', '%M %e', ...argv], { stdio: ['pipe', 'ignore', 'pipe'] })
  : spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'ignore', 'pipe'] });
let stderr = '';
child.stderr.on('data', (d) => (stderr = (stderr + d).slice(-4000)));
let polledKiB = 0;
const poll = TIME
  ? undefined
  : setInterval(() => {
      const m = /VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
      if (m) polledKiB = Math.max(polledKiB, Number(m[1]));
    }, 50);
const exited = new Promise((resolve) => child.on('close', resolve));

const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).stdout.trim();
const started = new Date().toISOString().slice(0, 16).replace('T', ' ');
const t0 = process.hrtime.bigint();
let written = 0;
child.stdin.on('error', () => {}); // the CLI may exit early; its exit code says why
while (written < target && child.exitCode === null) {
  // Respect back-pressure, so this process never buffers the whole stream either.
  const left = target - written;
  const chunk = left >= unit.length ? unit : unit.subarray(0, cuts.find((c) => c >= left) ?? unit.length);
  if (!child.stdin.write(chunk)) await new Promise((r) => child.stdin.once('drain', r));
  written += chunk.length;
}
child.stdin.end();
const code = await exited;
const wall = Number(process.hrtime.bigint() - t0) / 1e9;
if (poll) clearInterval(poll);

let peakKiB = polledKiB;
if (TIME) peakKiB = Number(stderr.trim().split('\n').pop().split(' ')[0]);
const peak = peakKiB / 1024;
const mb = written / 1024 / 1024;
const copies = (written / unit.length).toFixed(1);
console.log(`date ${started} UTC · HEAD ${head} · node ${process.version}`);
console.log(
  `memory: ${mb.toFixed(0)} MiB of PGN (${copies} × ${corpus.label}, ~${Math.round(copies * corpus.games)} games) → forsyth fens - > /dev/null`,
);
console.log(
  `exit ${code}, wall ${wall.toFixed(1)} s (${(mb / wall).toFixed(1)} MiB/s), peak RSS ${peak.toFixed(1)} MiB (${TIME ? '/usr/bin/time' : 'VmHWM poll'})`,
);
console.log(peak < Number(opt.limit) ? `PASS: under ${opt.limit} MiB` : `FAIL: ${opt.limit} MiB or more`);
if (code !== 0) console.log(`stderr: ${stderr.trim().split('\n').slice(-3).join(' | ')}`);
process.exitCode = code === 0 && peak < Number(opt.limit) ? 0 : 1;
