/**
 * The move generator and `play` against python-chess on real games: for each game in
 * ../shared/corpus/expected (python-chess's FEN after every mainline ply), exactly one legal move of
 * ours must lead from each FEN to the next, compared with `makeFen(…, { ep: 'legal' })` (python-chess's
 * convention), and its SAN must read back to the same move. Needs no PGN parser: the FEN sequence
 * alone pins the moves down. Skipped when the corpus is absent. By default each file stops after a
 * ply budget; FORSYTH_CORPUS_FULL=1 walks all 3.5 million plies (a few minutes).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeFen, parseFen } from '../../src/core/index.js';
import { legalMoves, play, type Position } from '../../src/core/index.js';
import { makeSan, parseSan } from '../../src/core/index.js';
import type { Move, NormalMove } from '../../src/core/types.js';

const EXPECTED = new URL('../../../shared/corpus/expected/', import.meta.url);
const FULL = process.env['FORSYTH_CORPUS_FULL'] === '1';
const PLIES_PER_FILE = FULL ? Number.POSITIVE_INFINITY : 300;
const present = existsSync(fileURLToPath(EXPECTED));
const files = present
  ? readdirSync(EXPECTED)
      .filter((name) => /\.jsonl(\.gz)?$/.test(name) && !name.includes('.fen.jsonl'))
      .sort()
  : [];

interface ExpectedGame {
  readonly index: number;
  readonly start_fen: string | null;
  readonly fens: readonly string[];
  readonly chess960: boolean;
  readonly variant: string;
}

/** Compressed bytes read per file in the default run: enough for the ply budget. */
const PREFIX_BYTES = 64 * 1024;

/** The games of a file; in the default run only those in its first bytes (a partial gunzip). */
function readGames(name: string): ExpectedGame[] {
  const raw = readFileSync(new URL(name, EXPECTED));
  const partial = !FULL && raw.length > PREFIX_BYTES;
  const bytes = partial ? raw.subarray(0, PREFIX_BYTES) : raw;
  const inflated = name.endsWith('.gz') ? gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }) : bytes;
  const lines = inflated.toString('utf8').split('\n');
  if (partial) lines.pop(); // cut mid-line
  return lines.filter((line) => line.trim() !== '').map((line) => JSON.parse(line) as ExpectedGame);
}

/** The one move (or null move) from `pos` whose result has FEN `target`; undefined if none. */
function moveTo(pos: Position, target: string): { move: Move; next: Position } | undefined {
  for (const move of legalMoves(pos)) {
    const next = play(pos, move);
    if (makeFen(next, { ep: 'legal' }) === target) return { move, next };
  }
  const passed = play(pos, { null: true });
  return makeFen(passed, { ep: 'legal' }) === target ? { move: { null: true }, next: passed } : undefined;
}

function sanRoundTrips(pos: Position, move: NormalMove): boolean {
  const back = parseSan(pos, makeSan(pos, move));
  return (
    back.ok &&
    'from' in back.value &&
    back.value.from === move.from &&
    back.value.to === move.to &&
    back.value.promotion === move.promotion
  );
}

/** Walks one game; returns a failure description, or undefined. Counts plies into `budget`. */
function walkGame(game: ExpectedGame, budget: { plies: number }): string | undefined {
  if (game.variant !== 'chess' || game.start_fen === null) return undefined;
  const start = parseFen(game.start_fen, game.chess960 ? { chess960: true } : {});
  if (!start.ok) return `game ${game.index}: start FEN rejected: ${game.start_fen}`;
  let pos = start.value;
  for (const [ply, target] of game.fens.entries()) {
    if (budget.plies-- <= 0) return undefined;
    const found = moveTo(pos, target);
    if (found === undefined) return `game ${game.index} ply ${ply + 1}: no move from ${makeFen(pos)} to ${target}`;
    if ('from' in found.move && !sanRoundTrips(pos, found.move))
      return `game ${game.index} ply ${ply + 1}: SAN round trip`;
    pos = found.next;
  }
  return undefined;
}

describe.runIf(present)('legal moves and play agree with python-chess on corpus games', () => {
  it.each(files)(
    '%s',
    (name) => {
      const budget = { plies: PLIES_PER_FILE };
      const failures: string[] = [];
      for (const game of readGames(name)) {
        if (budget.plies <= 0) break;
        const failure = walkGame(game, budget);
        if (failure !== undefined) failures.push(failure);
      }
      expect(failures).toEqual([]);
    },
    FULL ? 600_000 : 30_000,
  );
});
