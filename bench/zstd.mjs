// zstd decoding speed, every decoder in the same run on the same file:
//   node bench/zstd.mjs FILE.zst [--runs N]
// `zstd -dc` (the reference tool, when installed) against forsyth's input path (openInput: the
// frame walk plus node:zlib's decoder on Node 22.15+, libzstd in WebAssembly on Node 20) and
// fzstd alone (the pure-JS fallback). CPU seconds of the decoding only; the best of N runs.
import { spawnSync } from 'node:child_process';
import { createReadStream, statSync } from 'node:fs';
import { Decompress } from 'fzstd';
import { openInput } from '../dist/src/node/index.js';

const file = process.argv[2];
if (!file) throw new Error('usage: node bench/zstd.mjs FILE.zst [--runs N]');
const runsAt = process.argv.indexOf('--runs');
const runs = runsAt > 0 ? Number(process.argv[runsAt + 1]) : 3;

async function cpu(fn) {
  const start = process.cpuUsage();
  const bytes = await fn();
  const used = process.cpuUsage(start);
  return { bytes, s: (used.user + used.system) / 1e6 };
}

const decoders = {
  'forsyth openInput': () =>
    cpu(async () => {
      const r = await openInput(file);
      if (!r.ok) throw new Error(r.error.message);
      let n = 0;
      for await (const chunk of r.value) n += chunk.length;
      if (r.value.failure()) throw new Error(r.value.failure().message);
      return n;
    }),
  'fzstd (pure JS)': () =>
    cpu(async () => {
      let n = 0;
      const z = new Decompress((d) => (n += d.length));
      for await (const c of createReadStream(file)) z.push(c);
      z.push(new Uint8Array(0), true);
      return n;
    }),
};

const rows = [];
const zstd = spawnSync('zstd', ['--version']);
if (zstd.status === 0) {
  let best = Infinity;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = spawnSync('bash', ['-c', `TIMEFORMAT='%U %S'; { time zstd -dc "$1" | wc -c; } 2>&1`, '_', file], {
      encoding: 'utf8',
    });
    const [count, user, sys] = t.stdout.trim().split(/\s+/).map(Number);
    bytes = count;
    best = Math.min(best, user + sys);
  }
  rows.push(['zstd -dc', bytes, best]);
}
for (const [name, run] of Object.entries(decoders)) {
  let best = Infinity;
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const r = await run();
    bytes = r.bytes;
    best = Math.min(best, r.s);
  }
  rows.push([name, bytes, best]);
}
const reference = rows[0]?.[0] === 'zstd -dc' ? rows[0][2] : undefined;
console.log(`${file}: ${statSync(file).size} bytes compressed; Node ${process.versions.node}`);
console.log(
  'decoder'.padEnd(20),
  'out MB'.padStart(9),
  'cpu s'.padStart(8),
  'MB/s'.padStart(8),
  'of zstd -dc'.padStart(12),
);
for (const [name, bytes, s] of rows) {
  const share = reference ? `${((reference / s) * 100).toFixed(0)}%` : '';
  console.log(
    name.padEnd(20),
    (bytes / 1e6).toFixed(1).padStart(9),
    s.toFixed(3).padStart(8),
    (bytes / 1e6 / s).toFixed(0).padStart(8),
    share.padStart(12),
  );
}
