/**
 * One test per SetUp/FEN/Variant rule, each on a real PGN snippet (Loyd's "Charles XII at Bender"
 * problem from a lichess study, and a cutechess Chess960 game), with the code, line, column and hint
 * of its diagnostic.
 */
import { describe, expect, it } from 'vitest';
import { makeFen, parsePgn, replay, type Diagnostic } from '../../src/index.js';

const LOYD_FEN = '8/6R1/7p/5K1k/8/6p1/5bPP/4N3 w - - 0 1';
const LOYD_MOVES = '1. Rxg3 Bxg3 2. Nf3 Bxh2 3. g4# *';

function onlyGame(pgn: string) {
  const games = [...parsePgn(pgn)];
  expect(games).toHaveLength(1);
  return games[0]!;
}

function run(pgn: string) {
  const replayed = replay(onlyGame(pgn), { includeStart: true });
  const records = [...replayed];
  return { records, diagnostics: replayed.diagnostics, start: replayed.start };
}

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => d.code);
}

describe('SetUp and FEN tags', () => {
  it('starts from the FEN when SetUp is "1", without diagnostics', () => {
    const { records, diagnostics } = run(
      `[Event "Charles XII at Bender"]\n[SetUp "1"]\n[FEN "${LOYD_FEN}"]\n\n${LOYD_MOVES}\n`,
    );
    expect(diagnostics).toEqual([]);
    expect(records[0]?.fen).toBe(LOYD_FEN);
    expect(records.at(-1)?.fen).toBe('8/8/7p/5K1k/6P1/5N2/7b/8 b - g3 0 3');
  });

  it('honours a FEN without SetUp and warns SETUP_MISSING at the FEN tag', () => {
    const { records, diagnostics } = run(`[Event "Charles XII at Bender"]\n[FEN "${LOYD_FEN}"]\n\n${LOYD_MOVES}\n`);
    expect(records[0]?.fen).toBe(LOYD_FEN);
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({ code: 'SETUP_MISSING', severity: 'warning', line: 2, column: 1 });
    expect(diagnostics[0]?.hint).toContain('[SetUp "1"]');
  });

  it('reports SETUP_WITHOUT_FEN and falls back to the standard position', () => {
    const { records, diagnostics } = run('[Event "x"]\n[SetUp "1"]\n\n1. e4 e5 *\n');
    expect(codes(diagnostics)).toEqual(['SETUP_WITHOUT_FEN']);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', line: 2, column: 1 });
    expect(diagnostics[0]?.hint).toContain('[FEN');
    expect(records[2]?.fen).toBe('rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2');
  });

  it('warns SETUP_CONTRADICTS_FEN for SetUp "0" with a FEN, and follows the FEN', () => {
    const { records, diagnostics } = run(`[Event "x"]\n[SetUp "0"]\n[FEN "${LOYD_FEN}"]\n\n${LOYD_MOVES}\n`);
    expect(codes(diagnostics)).toEqual(['SETUP_CONTRADICTS_FEN']);
    expect(diagnostics[0]).toMatchObject({ line: 2, column: 1 });
    expect(records[0]?.fen).toBe(LOYD_FEN);
  });

  it('rejects a SetUp value other than 0 or 1 with SETUP_BAD_VALUE', () => {
    const { diagnostics } = run(`[Event "x"]\n[SetUp "yes"]\n[FEN "${LOYD_FEN}"]\n\n${LOYD_MOVES}\n`);
    expect(codes(diagnostics)).toEqual(['SETUP_BAD_VALUE']);
    expect(diagnostics[0]).toMatchObject({ severity: 'error', line: 2, column: 1 });
    expect(diagnostics[0]?.hint).toContain('[SetUp "1"]');
  });

  it('points a FEN problem at the bad character inside the FEN tag and skips the game', () => {
    // Rank 7 of Loyd's FEN written with nine squares: "6R2".
    const { records, diagnostics, start } = run(
      '[Event "x"]\n[SetUp "1"]\n[FEN "8/6R2/7p/5K1k/8/6p1/5bPP/4N3 w - - 0 1"]\n\n1. Rxg3 *\n',
    );
    expect(start.position).toBeUndefined();
    expect(records).toEqual([]);
    const width = diagnostics.find((d) => d.code === 'FEN_RANK_WIDTH');
    expect(width?.line).toBe(3);
    // `[FEN "` is 6 characters, so the FEN starts at column 7 and its rank 7 at column 9.
    expect(width?.column).toBeGreaterThanOrEqual(9);
    expect(width?.column).toBeLessThanOrEqual(13);
    expect(codes(diagnostics)).toContain('SETUP_BAD_FEN');
  });

  it('warns REPLAY_MOVE_NUMBER when the movetext disagrees with the FEN, and follows the FEN', () => {
    const fen = '8/6R1/7p/5K1k/8/6p1/5bPP/4N3 w - - 0 12';
    const { records, diagnostics } = run(`[SetUp "1"]\n[FEN "${fen}"]\n\n1. Rxg3 Bxg3 *\n`);
    expect(codes(diagnostics)).toEqual(['REPLAY_MOVE_NUMBER']);
    expect(diagnostics[0]).toMatchObject({ severity: 'warning', line: 4, column: 1 });
    expect(diagnostics[0]?.hint).toContain('"12."');
    expect(records[1]?.moveNumber).toBe(12);
    expect(records[2]?.fen.endsWith(' w - - 0 13')).toBe(true);
  });

  it('accepts "12..." for a FEN with Black to move at move 12', () => {
    const fen = 'r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 3 12';
    const { diagnostics, records } = run(`[SetUp "1"]\n[FEN "${fen}"]\n\n12... Nf6 13. Bc4 *\n`);
    expect(diagnostics).toEqual([]);
    expect(records.at(-1)?.fen).toBe('r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 5 13');
  });
});

describe('Variant tag', () => {
  const cutechess =
    '[White "Maverick 1.5"]\n[Black "Stockfish 7"]\n[FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1"]\n' +
    '[SetUp "1"]\n[Variant "fischerandom"]\n\n1. d4 d5 2. c3 Nb6 *\n';

  it('plays Chess960 for Variant "fischerandom" with X-FEN castling', () => {
    const { records, diagnostics, start } = run(cutechess);
    expect(diagnostics).toEqual([]);
    expect(start.chess960).toBe(true);
    expect(records.at(-1)?.fen).toBe('1bbrknrq/ppp1pppp/1n6/3p4/3P4/2P5/PP2PPPP/NBBRKNRQ w KQkq - 1 3');
  });

  it.each(['Chess960', 'chess 960', 'Fischerandom', 'fischerandom', 'Fischer Random'])('recognises %s', (name) => {
    const { start } = run(cutechess.replace('fischerandom', name));
    expect(start.chess960).toBe(true);
  });

  it('reports VARIANT_UNSUPPORTED at the tag and skips only that game', () => {
    const pgn = `[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n[Variant "Crazyhouse"]\n\n1. e4 *\n\n[Event "c"]\n\n1. d4 *\n`;
    const games = [...parsePgn(pgn)];
    expect(games).toHaveLength(3);
    const [a, b, c] = games.map((g) => replay(g));
    expect([...a!].map((r) => r.uci)).toEqual(['e2e4']);
    expect([...b!]).toEqual([]);
    expect(b!.diagnostics[0]).toMatchObject({ code: 'VARIANT_UNSUPPORTED', line: 6, column: 1, gameIndex: 1 });
    expect([...c!].map((r) => r.uci)).toEqual(['d2d4']);
  });

  it('keeps the start FEN exactly as written in always mode', () => {
    const { start } = run(cutechess);
    expect(makeFen(start.position!)).toBe('nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1');
  });
});
