/**
 * Per-ply FEN conformance against python-chess (the shared corpus oracle): every main-line ply of
 * every game must give the same FEN (en passant written only when legal, X-FEN castling for
 * Chess960). Always runs on the slice in test/fixtures/expected; runs on the whole shared corpus
 * when ../shared exists.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeFen, parsePgn, replay, type Game } from '../../src/index.js';
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
 * python-chess turns any stray text between games (mail headers, a file comment, a lone `{}`) into a
 * game with no tags and no moves; forsyth reports such text on the game it follows instead. Both
 * sides are therefore aligned on the games that have tags or moves.
 */
function isPhantom(expected: ExpectedGame): boolean {
  return expected.oracle_error === undefined && Object.keys(expected.headers).length === 0 && expected.fens.length === 0;
}

/** Where forsyth counts games differently on purpose: file → forsyth's count, and why. */
const GAME_COUNT_DEVIATIONS = new Map<string, number>([
  // python-chess lets a blank line continue a tag section, so 605 header-only games become one.
  ['games__online__scalachess__FWWRC-headers-only', 605],
  // Nine one-line games (`[Result "1-0"] e4 *`): python-chess cannot read a tag and movetext on one
  // line and yields one empty game; forsyth reads the nine games and their move.
  ['edge__pgn-extract__test-nobadresults', 9],
  // An HTML newsletter with no PGN in it: python-chess makes 35 empty games of its text, forsyth one
  // game made of diagnosed invalid tokens. Neither yields a FEN.
  ['edge__pgn-read__crafty06_03', 1],
]);

/**
 * Games where the reference is wrong, so only its prefix is compared (file → game index → why).
 * After an illegal move in a variation, python-chess 1.11.2 resumes the main line in the wrong
 * position and reports the next legal main-line move as illegal. In greek-gift game 0, after the
 * illegal `(20... Kf8)`, it rejects the legal `2. Ng5+`; forsyth replays all 7 plies.
 */
const REFERENCE_ERRATA = new Map<string, Map<number, string>>([
  ['setup__pychess__puzzles__lichess_study_lichess-practice-greek-gift_by_arex_2017.02.11', new Map([[0, 'illegal variation corrupts the main line']])],
  // The same: `1. Bxc6+ (1... Nxg5) 1... Kd8`, the illegal variation makes python-chess reject `Kd8`.
  ['setup__pychess__puzzles__lichess_study_lichess-practice-the-fork_by_arex_2017.01.29', new Map([[17, 'illegal variation corrupts the main line']])],
]);

function compareGame(game: Game | undefined, expected: ExpectedGame, tally: Tally, prefixOnly = false): string | undefined {
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
    return replayed.start.position === undefined ? undefined : `game ${expected.index}: replayed a game python-chess refused`;
  }
  const start = replayed.start.position ? makeFen(replayed.start.position, { ep: 'legal' }) : 'none';
  if (start !== expected.start_fen) return `game ${expected.index}: start ${start} ≠ ${expected.start_fen}`;
  const length = prefixOnly ? expected.fens.length : Math.max(fens.length, expected.fens.length);
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
  const deviation = GAME_COUNT_DEVIATIONS.get(name);
  if (deviation !== undefined) {
    expect(games.length).toBe(deviation);
    return tally;
  }
  const expected = loadExpected(expectedPath).filter((e) => !isPhantom(e));
  const errata = REFERENCE_ERRATA.get(name);
  const problems = expected
    .map((e, i) => compareGame(games[i], e, tally, errata?.has(e.index)))
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
  it.each(pairs.map((p) => [p.name, p] as const))('%s', (_name, pair) => {
    const tally = checkFile(pair.pgn, pair.expected, pair.name);
    total.games += tally.games;
    total.plies += tally.plies;
    total.skipped += tally.skipped;
  }, 300_000);
  it('checked every file', () => {
    expect(pairs.length).toBeGreaterThan(100);
    console.log(`expected-fens: ${total.games} games, ${total.plies} plies identical; ${total.skipped} skipped (variants, oracle crashes)`);
  });
});
