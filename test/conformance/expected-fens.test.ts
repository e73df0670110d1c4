/**
 * Per-ply FEN conformance against python-chess (the shared corpus oracle): every main-line ply of
 * every game must give the same FEN (en passant written only when legal, X-FEN castling for
 * Chess960). Always runs on the slice in test/fixtures/expected; runs on the whole shared corpus
 * when ../shared exists.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeFen, parsePgn, replay, type Game } from '../../src/index.js';
import { GAME_COUNT_DEVIATIONS } from '../pgn/deviations.js';
import {
  FIXTURES,
  SHARED_CORPUS,
  corpusPairs,
  decodeLikeOracle,
  hasSharedCorpus,
  loadExpected,
  readMaybeGzip,
  type ExpectedGame,
} from '../support/corpus.js';

interface Tally {
  games: number;
  plies: number;
  skipped: number;
}

/**
 * Aligns python-chess's games with forsyth's. python-chess turns stray text between games (mail
 * headers, a file comment) into games with no tags and no moves, and ends a game at a blank line
 * after a game comment, so the moves become a game of their own without tags; forsyth keeps the
 * comment and the moves in one game (test/pgn/deviations.ts). Phantoms are dropped and split games
 * are joined again before comparing.
 */
function alignExpected(games: readonly ExpectedGame[]): ExpectedGame[] {
  const out: ExpectedGame[] = [];
  for (let i = 0; i < games.length; i++) {
    const game = games[i] as ExpectedGame;
    const next = games[i + 1];
    const hasTags = Object.keys(game.headers).length > 0;
    const bare = game.oracle_error === undefined && game.fens.length === 0 && game.errors.length === 0;
    if (hasTags && bare && next && Object.keys(next.headers).length === 0 && next.fens.length > 0) {
      out.push({ ...next, headers: game.headers, index: game.index });
      i++;
    } else if (!(bare && !hasTags)) {
      out.push(game);
    }
  }
  return out;
}

/** Files whose games cannot be aligned at all; forsyth's count and why are in test/pgn/deviations.ts. */
function countDeviation(pgnPath: string): number | undefined {
  const key = Object.keys(GAME_COUNT_DEVIATIONS).find(
    (k) => pgnPath.endsWith(`/${k}`) || pgnPath.endsWith(`/${k.replaceAll('/', '__')}`),
  );
  return key ? GAME_COUNT_DEVIATIONS[key]?.games : undefined;
}

/**
 * Moves glued together (`5.B1d3d7-d5`, HTML exports in pgn-read's Little_* files) are one token to
 * forsyth's grammar, which the core then rejects; python-chess's tokenizer splits them and goes on
 * a few plies before failing too. forsyth's FENs must be a prefix of the reference there.
 */
const PREFIX_ONLY_FILES = new Set(
  ['Little_05', 'Little_06', 'Little_07', 'Little_08', 'Little_09'].map((n) => `edge__pgn-read__${n}`),
);

/**
 * Games where the reference is wrong, so only its prefix is compared (file → game index → why).
 * After an illegal move in a variation, python-chess 1.11.2 resumes the main line in the wrong
 * position and reports the next legal main-line move as illegal. In greek-gift game 0, after the
 * illegal `(20... Kf8)`, it rejects the legal `2. Ng5+`; forsyth replays all 7 plies.
 */
const REFERENCE_ERRATA = new Map<string, Map<number, string>>([
  [
    'setup__pychess__puzzles__lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11',
    new Map([[0, 'illegal variation corrupts the main line']]),
  ],
  // The same: `1. Bxc6+ (1... Nxg5) 1... Kd8`, the illegal variation makes python-chess reject `Kd8`.
  [
    'setup__pychess__puzzles__lichess_study_lichess-practice-the-fork_by_arex_2017.01.29',
    new Map([[17, 'illegal variation corrupts the main line']]),
  ],
]);

function compareGame(
  game: Game | undefined,
  expected: ExpectedGame,
  tally: Tally,
  mode: 'all' | 'reference-prefix' | 'our-prefix' = 'all',
): string | undefined {
  if (expected.oracle_error !== undefined) {
    tally.skipped++;
    return undefined; // python-chess crashed here: no ground truth.
  }
  if (!game) return `game ${expected.index}: missing`;
  const replayed = replay(game, { ep: 'legal' });
  const fens = [...replayed].map((r) => r.fen);
  if (expected.variant !== 'chess' || expected.start_fen === null) {
    tally.skipped++;
    // A variant game or an unreadable FEN header: forsyth must refuse to replay it.
    return replayed.start.position === undefined
      ? undefined
      : `game ${expected.index}: replayed a game python-chess refused`;
  }
  const start = replayed.start.position ? makeFen(replayed.start.position, { ep: 'legal' }) : 'none';
  if (start !== expected.start_fen) return `game ${expected.index}: start ${start} ≠ ${expected.start_fen}`;
  const length =
    mode === 'reference-prefix'
      ? expected.fens.length
      : mode === 'our-prefix'
        ? fens.length
        : Math.max(fens.length, expected.fens.length);
  for (let i = 0; i < length; i++) {
    if (fens[i] !== expected.fens[i]) {
      return `game ${expected.index} ply ${i + 1}: ${fens[i] ?? 'none'} ≠ ${expected.fens[i] ?? 'none'}`;
    }
  }
  tally.games++;
  tally.plies += fens.length;
  return undefined;
}

function checkFile(pgnPath: string, expectedPath: string, name: string): Tally {
  const games = [...parsePgn(decodeLikeOracle(readMaybeGzip(pgnPath)))].filter(
    (g) => g.tags.length > 0 || g.moves.length > 0,
  );
  const tally: Tally = { games: 0, plies: 0, skipped: 0 };
  const expected = alignExpected(loadExpected(expectedPath));
  const deviation = countDeviation(pgnPath);
  if (deviation !== undefined && games.length !== expected.length) {
    expect([...parsePgn(decodeLikeOracle(readMaybeGzip(pgnPath)))].length).toBe(deviation);
    tally.skipped += expected.length;
    return tally;
  }
  const errata = REFERENCE_ERRATA.get(name);
  const mode = (index: number) =>
    errata?.has(index) ? 'reference-prefix' : PREFIX_ONLY_FILES.has(name) ? 'our-prefix' : 'all';
  const problems = expected
    .map((e, i) => compareGame(games[i], e, tally, mode(e.index)))
    .filter((p) => p !== undefined);
  expect(problems.slice(0, 5)).toEqual([]);
  expect(games.length).toBe(expected.length);
  return tally;
}

const fixturePairs = readdirSync(`${FIXTURES}expected`)
  .filter((f) => f.endsWith('.pgn'))
  .map((f) => f.slice(0, -4));

describe('per-ply FENs equal python-chess on the fixture slice', () => {
  it.each(fixturePairs)('%s', (name) => {
    const tally = checkFile(`${FIXTURES}expected/${name}.pgn`, `${FIXTURES}expected/${name}.jsonl`, name);
    expect(tally.games + tally.skipped).toBeGreaterThan(0);
  });
});

describe.runIf(hasSharedCorpus)('per-ply FENs equal python-chess on the whole shared corpus', () => {
  const pairs = hasSharedCorpus ? corpusPairs(SHARED_CORPUS) : [];
  const total: Tally = { games: 0, plies: 0, skipped: 0 };
  it.each(pairs.map((p) => [p.name, p] as const))(
    '%s',
    (_name, pair) => {
      const tally = checkFile(pair.pgn, pair.expected, pair.name);
      total.games += tally.games;
      total.plies += tally.plies;
      total.skipped += tally.skipped;
    },
    300_000,
  );
  it('checked every file', () => {
    expect(pairs.length).toBeGreaterThan(100);
    console.log(
      `expected-fens: ${total.games} games, ${total.plies} plies identical; ${total.skipped} skipped (variants, oracle crashes)`,
    );
  });
});
