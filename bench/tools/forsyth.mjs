// forsyth through its public API, from the BUILT package (dist/), as a user would import it.
//   replay: parsePgn(text) → replay(game, { ep: 'legal' }) → record.fen per ply
//   parse:  parsePgn(text) alone (tree built, no replay)
//   perft:  perft(initialPosition(), depth)
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from '../corpus.mjs';
import { args, bareSan, Fnv, readText, report, skip, timed } from './common.mjs';

const { file, job, depth } = args();

/**
 * Imports a module of dist/ (or of the snapshot bench/run.mjs took of it, FORSYTH_DIST), or skips
 * with the reason if it or one of the named exports is missing.
 */
export async function load(rel, names, what) {
  const path = join(process.env.FORSYTH_DIST ?? join(ROOT, 'dist'), rel.replace(/^dist\//, ''));
  if (!existsSync(path)) skip(`forsyth ${what} not built (${rel} missing; run npm run build)`);
  let mod;
  try {
    mod = await import(pathToFileURL(path).href);
  } catch (e) {
    skip(`forsyth ${what} not built (${rel} fails to load: ${String(e.message).split('\n')[0]})`);
  }
  const missing = names.filter((n) => typeof mod[n] !== 'function');
  if (missing.length) skip(`forsyth ${what} not built (${rel} lacks ${missing.join(', ')})`);
  return mod;
}

/** Replays one game, hashing each FEN; returns 1 if the game ended on an error (illegal move, bad FEN). */
export function replayGame(f, game, fnv) {
  const r = f.replay(game, { ep: 'legal' });
  for (const record of r) fnv.add(record.fen);
  return (r.diagnostics ?? []).some((d) => d.severity === 'error') ? 1 : 0;
}

async function main() {
  if (job === 'perft') {
    const f = await load('dist/src/index.js', ['perft', 'initialPosition'], 'perft API');
    const r = await timed(() => ({ nodes: Number(f.perft(f.initialPosition(), depth)) }));
    return report({ ...r, checksum: String(r.nodes) });
  }
  if (job !== 'replay' && job !== 'parse') skip(`no ${job} job`);
  const needs = job === 'replay' ? ['parsePgn', 'replay'] : ['parsePgn'];
  const f = await load('dist/src/index.js', needs, `${job} API`);
  const r = await timed(() => {
    const fnv = new Fnv();
    let games = 0;
    let plies = 0;
    let errors = 0;
    for (const game of f.parsePgn(readText(file))) {
      games++;
      plies += game.moves.length;
      if (job === 'parse') for (const node of game.moves) fnv.add(bareSan(node.san));
      else errors += replayGame(f, game, fnv);
    }
    return { games, plies, fens: job === 'replay' ? fnv.count : undefined, errors, checksum: fnv.hex() };
  });
  report(r);
}

// Run only as a child process, not when forsyth-stream.mjs imports the helpers.
if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
