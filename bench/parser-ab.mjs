// A/B of two or more generated PGN parsers (the grammar alone, no tree), in one process:
//   node bench/parser-ab.mjs A/pgn-parser.js B/pgn-parser.js [...]   (REPS=7, CORPUS=file.pgn)
// The corpus (default: the bench's cut of 10,000 TCEC games; run `npm run bench -- parse` once to
// make it) is split into games with the built splitter (dist/), then for every chunk of 100 games
// each parser runs REPS times, alternating; the result is the sum over chunks of each parser's
// fastest run. The minimum filters out the preemption of a busy machine, which `bench/run.mjs`
// cannot: use this to compare grammar builds, and run.mjs for claims against peers.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = new URL('..', import.meta.url);
const { splitGames } = await import(new URL('dist/src/pgn/split.js', ROOT).href);
const paths = process.argv.slice(2);
if (paths.length < 2) throw new Error('usage: node bench/parser-ab.mjs A.js B.js [...]');
const reps = Number(process.env.REPS ?? 7);
const parsers = await Promise.all(paths.map((p) => import(pathToFileURL(resolve(p)).href).then((m) => m.parse)));
const corpus = process.env.CORPUS ?? new URL('bench/.cache/tcec-standard.last10000.pgn', ROOT);
const games = [...splitGames(readFileSync(corpus, 'utf8'))].map((g) => g.text);
let elements = 0;
for (const parse of parsers) for (const g of games) elements += parse(g).length; // warm-up: one pass each
const sums = paths.map(() => 0);
for (let i = 0; i < games.length; i += 100) {
  const chunk = games.slice(i, i + 100);
  const best = paths.map(() => Number.POSITIVE_INFINITY);
  for (let r = 0; r < reps; r++) {
    for (let k = 0; k < parsers.length; k++) {
      const j = (k + r) % parsers.length;
      const t0 = process.hrtime.bigint();
      for (const g of chunk) elements += parsers[j](g).length;
      best[j] = Math.min(best[j], Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  for (let k = 0; k < paths.length; k++) sums[k] += best[k];
}
console.log(`${games.length} games, ${reps} runs per chunk of 100, ${elements} elements parsed in all`);
for (let k = 0; k < paths.length; k++) console.log(`${sums[k].toFixed(1).padStart(8)} ms  ${paths[k]}`);
