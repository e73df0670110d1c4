/**
 * Move counters that break the rules (fullmove grows after Black's move only; the halfmove clock
 * resets on a pawn move or capture): in one FEN, in a PGN's first move number against its FEN, and
 * between consecutive FENs given to buildGame. Each is a warning whose hint has the corrected FEN.
 */
import { describe, expect, it } from 'vitest';
import { buildGame, parseFen, parsePgn, replay } from '../../src/index.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
const AFTER_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2';
const AFTER_NF3 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2';

describe('a halfmove clock larger than the plies the move number allows', () => {
  it('warns with both corrections as valid FENs', () => {
    const parsed = parseFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10 1');
    expect(parsed.ok).toBe(true);
    const d = parsed.diagnostics.find((x) => x.code === 'FEN_COUNTERS_IMPOSSIBLE');
    expect(d).toMatchObject({ severity: 'warning', field: 4 });
    expect(d?.message).toBe(
      'the halfmove clock 10 counts more plies than the 0 played before move 1 with white to move',
    );
    expect(d?.hint).toContain(`'${START}'`);
    expect(d?.hint).toContain("'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 10 6'");
  });

  it('accepts a clock the move number allows (9 plies before move 5 with black to move)', () => {
    expect(parseFen('4k3/8/8/8/8/8/8/4K3 b - - 9 5').diagnostics).toEqual([]);
    expect(parseFen('4k3/8/8/8/8/8/8/4K3 b - - 10 5').diagnostics.map((d) => d.code)).toEqual([
      'FEN_COUNTERS_IMPOSSIBLE',
    ]);
  });
});

describe("a PGN's first move number against its FEN", () => {
  it("names a fullmove number advanced after White's move and offers the FEN with the movetext's number", () => {
    const fen = AFTER_E4.replace(' 0 1', ' 0 2');
    const game = [...parsePgn(`[SetUp "1"]\n[FEN "${fen}"]\n\n1... e5 2. Nf3 *\n`)][0]!;
    const replayed = replay(game);
    const records = [...replayed];
    expect(records.map((r) => r.fen).at(-1)).toBe(AFTER_NF3.replace(' 1 2', ' 1 3'));
    const d = replayed.diagnostics.find((x) => x.code === 'REPLAY_MOVE_NUMBER');
    expect(d?.message).toContain("the FEN's fullmove number looks advanced after White's move");
    expect(d?.hint).toContain(`[FEN "${AFTER_E4}"]`);
  });

  it('offers no FEN when the sides differ', () => {
    const game = [...parsePgn(`[SetUp "1"]\n[FEN "${AFTER_E4}"]\n\n1. e5 *\n`)][0]!;
    const replayed = replay(game);
    [...replayed];
    const d = replayed.diagnostics.find((x) => x.code === 'REPLAY_MOVE_NUMBER');
    expect(d?.hint).toBe('write "1..." before the first move, or fix the FEN\'s side to move and fullmove number');
  });
});

describe('buildGame from FENs whose counters do not follow', () => {
  it("reports the first pair (fullmove advanced after White's move) with the corrected FEN, and the count of more", () => {
    const built = buildGame({ fens: [START, AFTER_E4.replace(' 0 1', ' 0 2'), AFTER_E5, AFTER_NF3] });
    expect(built.ok).toBe(true);
    expect(built.value).toContain('1. e4 e5 2. Nf3 *');
    const d = built.diagnostics.filter((x) => x.code === 'BUILD_COUNTERS');
    expect(d).toHaveLength(1);
    expect(d[0]).toMatchObject({ severity: 'warning', line: 2, column: 1 });
    expect(d[0]?.message).toBe(
      'line 2 writes the counters "0 2" after e4, but the fullmove number grows after Black\'s move, not White\'s (and 1 more lines whose counters do not follow)',
    );
    expect(d[0]?.hint).toBe(`write "${AFTER_E4}"`);
  });

  it('reports a halfmove clock that did not grow, and nothing for counters that follow', () => {
    const built = buildGame({ fens: [START, AFTER_E4, AFTER_E5, AFTER_NF3.replace(' 1 2', ' 0 2')] });
    expect(built.diagnostics.map((x) => [x.code, x.line])).toEqual([['BUILD_COUNTERS', 4]]);
    expect(built.diagnostics[0]?.message).toContain('the halfmove clock grows by one to 1');
    expect(buildGame({ fens: [START, AFTER_E4, AFTER_E5, AFTER_NF3] }).diagnostics).toEqual([]);
  });
});
