// A/B of two or more builds of the library on the bench's replay job, in one process:
//   node bench/library-ab.mjs A/dist B/dist [...]   (REPS=5, CORPUS=file.pgn)
// The job is the forsyth row's (bench/tools/forsyth.mjs): parsePgn, replay with ep 'legal', every
// record's FEN hashed. The corpus (default: the bench's cut of 10,000 TCEC games; run
// `npm run bench` once to make it) is cut into texts of 100 games; each build runs each text REPS
// times, alternating, timed in CPU time of this process (process.cpuUsage, user + system); the
// result is the sum over texts of each build's fastest run, and the FEN checksums, which must
// agree (JOB=bytes: see `job`). Like parser-ab.mjs, the minimum filters out what a busy machine adds: use this to compare
// builds, and run.mjs for claims against peers.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gameStarts } from './corpus.mjs';
import { Fnv } from './tools/common.mjs';

const ROOT = new URL('..', import.meta.url);
const dists = process.argv.slice(2);
if (dists.length < 2) throw new Error('usage: node bench/library-ab.mjs A/dist B/dist [...]');
const reps = Number(process.env.REPS ?? 5);
const builds = await Promise.all(dists.map((d) => import(pathToFileURL(resolve(d, 'src/index.js')).href)));
const corpus = process.env.CORPUS ?? new URL('bench/.cache/tcec-standard.last10000.pgn', ROOT);
const text = readFileSync(corpus, 'utf8');
const starts = gameStarts(text);
const texts = [];
for (let i = 0; i < starts.length; i += 100) texts.push(text.slice(starts[i], starts[i + 100] ?? text.length));

/**
 * The bench's replay job on one text; returns its FEN hasher. JOB=bytes writes the FENs as bytes
 * (`writeFen`, the CLI's text output) with the default ep mode, and hashes those bytes.
 */
const scratch = new Uint8Array(256);
const job =
  process.env.JOB === 'bytes'
    ? (f, pgn, fnv) => {
        for (const game of f.parsePgn(pgn))
          for (const record of f.replay(game)) {
            const end = record.writeFen(scratch, 0);
            let h = fnv.h;
            for (let i = 0; i < end; i++) h = Math.imul(h ^ (scratch[i] ?? 0), 0x01000193);
            fnv.h = h;
            fnv.count++;
          }
      }
    : (f, pgn, fnv) => {
        for (const game of f.parsePgn(pgn)) for (const record of f.replay(game, { ep: 'legal' })) fnv.add(record.fen);
      };

const cpuMs = (t0) => {
  const u = process.cpuUsage(t0);
  return (u.user + u.system) / 1000;
};
const sums = dists.map(() => 0);
const hashes = dists.map(() => new Fnv());
for (const f of builds) job(f, texts[0], new Fnv()); // warm-up
for (const pgn of texts) {
  const best = dists.map(() => Number.POSITIVE_INFINITY);
  for (let r = 0; r < reps; r++) {
    for (let k = 0; k < builds.length; k++) {
      const j = (k + r) % builds.length;
      const fnv = r === 0 ? hashes[j] : new Fnv();
      const t0 = process.cpuUsage();
      job(builds[j], pgn, fnv);
      best[j] = Math.min(best[j], cpuMs(t0));
    }
  }
  for (let k = 0; k < dists.length; k++) sums[k] += best[k];
}
console.log(`${texts.length} texts of up to 100 games, fastest of ${reps} each (CPU ms, summed):`);
for (let k = 0; k < dists.length; k++) {
  console.log(
    `  ${dists[k].padEnd(40)} ${sums[k].toFixed(0).padStart(6)} ms  ${(sums[k] / sums[0]).toFixed(2)}×  FENs ${hashes[k].count}  checksum ${hashes[k].hex()}`,
  );
}
