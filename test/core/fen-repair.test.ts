/**
 * Verdicts on FENs that are legal but look odd (reversed ranks), hints whose suggested FEN must be
 * valid itself, and `repairFen`, the one-fix-only repairs a PGN reader plays on from.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeFen, parseFen, repairFen } from '../../src/core/index.js';
import { perft } from '../../src/core/index.js';

/** Every FEN quoted in a hint (eight ranks, then fields). */
function quotedFens(hint: string | undefined): string[] {
  return [...(hint ?? '').matchAll(/'([^'\s/]*(?:\/[^'\s/]*){7} [^']*)'/g)].map((m) => m[1] as string);
}

describe('reversed ranks are only a diagnosis of an invalid FEN', () => {
  it('accepts a legal position with white on ranks 7-8 and black on 1-2', () => {
    const fen = '1K1R4/PPP5/8/8/8/8/ppp5/1k1r4 w - - 0 1';
    const parsed = parseFen(fen);
    expect(parsed.diagnostics).toEqual([]);
    expect(parsed.ok && makeFen(parsed.value)).toBe(fen);
    if (parsed.ok) expect(perft(parsed.value, 2)).toBeGreaterThan(0);
  });

  it('still names the reversal when the FEN is invalid as written, with the other problem in the message', () => {
    const parsed = parseFen('RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr w KQkq - 0 1');
    expect(parsed.ok).toBe(false);
    expect(parsed.diagnostics.map((d) => d.code)).toEqual(['FEN_RANKS_REVERSED']);
    expect(parsed.diagnostics[0]?.message).toContain('not valid as written');
    expect(quotedFens(parsed.diagnostics[0]?.hint)).toEqual([
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
    ]);
  });

  it('keeps the en-passant square by name when reversing (e3 stays e3)', () => {
    const parsed = parseFen('RNBQKBNR/PPPP1PPP/8/4P3/8/8/pppppppp/rnbqkbnr b KQkq e3 0 1');
    const hint = parsed.diagnostics.find((d) => d.code === 'FEN_RANKS_REVERSED')?.hint;
    expect(quotedFens(hint)).toEqual(['rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1']);
  });
});

describe('every FEN a hint offers is valid', () => {
  it('both kings moved: each castling hint removes every contradicted right', () => {
    const parsed = parseFen('r6r/3k4/8/8/8/8/3K4/R6R w KQkq - 0 1');
    const hints = parsed.diagnostics.filter((d) => d.code === 'FEN_CASTLING_KING_MOVED').map((d) => d.hint);
    expect(hints).toHaveLength(2);
    for (const hint of hints) expect(quotedFens(hint)).toEqual(['r6r/3k4/8/8/8/8/3K4/R6R w - - 0 1']);
  });

  it("a right written twice: 'KKqk' is suggested as 'Kkq', not 'Kqk'", () => {
    const parsed = parseFen('r3k2r/8/8/8/8/8/8/R3K2R w KKqk - 0 1');
    expect(quotedFens(parsed.diagnostics[0]?.hint)).toEqual(['r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1']);
  });

  it('leaves out a FEN it cannot make valid (no kings)', () => {
    const hint = parseFen('8/8/8/8/8/8/8/8').diagnostics[0]?.hint;
    expect(hint).toBe("add ' w - - 0 1'?");
  });

  const tsv = readFileSync(new URL('../fixtures/fen/chessjs__validate_fen.tsv', import.meta.url), 'utf8');
  const fens = tsv
    .split('\n')
    .filter((l) => l !== '' && !l.startsWith('#'))
    .map((l) => l.split('\t')[1] as string);
  const extra = [
    'r3k2r/8/8/8/8/8/8/4K3 w KQkq e6 5 1',
    'r6r/3k4/8/8/8/8/3K4/R6R w KQkq e3 0 1',
    'RNBQKBNR/PPPP1PPP/8/4P3/8/8/pppppppp/rnbqkbnr w KQkq e3 0 1',
    '4k3/8/8/8/8/8/8/4K2R w KKQ - 0 1',
    '4k3/8/8/8/8/8/8/4K3 w - - 10 1',
  ];
  it.each([...fens, ...extra])('hints of %s', (fen) => {
    for (const d of parseFen(fen).diagnostics) {
      for (const suggested of quotedFens(d.hint)) {
        const again = parseFen(suggested);
        expect(
          again.diagnostics.filter((e) => e.severity === 'error'),
          `${d.code}: ${suggested}`,
        ).toEqual([]);
      }
    }
  });
});

describe('repairFen', () => {
  it('drops castling rights the pieces contradict, each change located at its letter', () => {
    const text = 'r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1';
    const repaired = repairFen(text);
    expect(repaired?.fen).toBe('r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1');
    expect(repaired?.changes.map((c) => [c.problem.code, c.problem.offset, c.action])).toEqual([
      ['FEN_CASTLING_NO_ROOK', text.indexOf('KQkq'), "the right 'K' is dropped"],
      ['FEN_CASTLING_NO_ROOK', text.indexOf('KQkq') + 1, "the right 'Q' is dropped"],
    ]);
  });

  it('drops every right of a king that has moved', () => {
    const text = 'r3k2r/8/8/8/8/8/3K4/R6R w KQkq - 0 1';
    const repaired = repairFen(text);
    expect(repaired?.fen).toBe('r3k2r/8/8/8/8/8/3K4/R6R w kq - 0 1');
    expect(repaired?.changes.map((c) => [c.problem.code, c.problem.offset])).toEqual([
      ['FEN_CASTLING_KING_MOVED', text.indexOf('KQkq')],
      ['FEN_CASTLING_KING_MOVED', text.indexOf('KQkq') + 1],
    ]);
  });

  it('drops an impossible en-passant square', () => {
    const text = '4k3/8/8/8/8/8/8/4K3 w - e6 0 1';
    const repaired = repairFen(text);
    expect(repaired?.fen).toBe('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    expect(repaired?.changes.map((c) => [c.problem.code, c.problem.offset])).toEqual([
      ['FEN_EP_NO_PAWN', text.indexOf('e6')],
    ]);
  });

  it('fills a missing en-passant field, or castling and en-passant fields, with "-" and the counters', () => {
    expect(repairFen('4k3/8/8/8/8/8/8/4K3 w -')?.fen).toBe('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    expect(repairFen('4k3/8/8/8/8/8/8/4K3 b')?.fen).toBe('4k3/8/8/8/8/8/8/4K3 b - - 0 1');
    expect(repairFen('4k3/8/8/8/8/8/8/4K3 b')?.changes[0]?.action).toBe("'- - 0 1' is added");
  });

  it('reads EPD operations in place of the counters as 0 1', () => {
    const repaired = repairFen('4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;');
    expect(repaired?.fen).toBe('4k3/8/8/8/8/8/8/4K3 w - - 0 1');
    expect(repaired?.changes[0]?.problem.code).toBe('FEN_FIELD_COUNT');
  });

  it('keeps a castling letter written twice once', () => {
    expect(repairFen('r3k2r/8/8/8/8/8/8/R3K2R w KKqk - 0 1')?.fen).toBe('r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1');
  });

  it('returns a valid FEN unchanged, with no changes', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(repairFen(fen)).toMatchObject({ fen, changes: [] });
  });

  it.each([
    ['no king', '8/8/8/8/8/8/8/4K3 w - - 0 1'],
    ['two kings', '4k3/8/8/8/8/8/8/3KK3 w - - 0 1'],
    ['a pawn on a back rank', '4k2P/8/8/8/8/8/8/4K3 w - - 0 1'],
    ['the side not to move in check', '4k3/8/8/8/8/8/8/4RK2 w - - 0 1'],
    ['only a placement', '4k3/8/8/8/8/8/8/4K3'],
    ['a bad piece letter', '4k3/8/8/8/8/8/8/4X3 w - - 0 1'],
    ['a FEN longer than any legal one', `4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1${' '.repeat(600)}`],
  ])('gives up on %s', (_name, fen) => {
    expect(repairFen(fen)).toBeUndefined();
  });
});

describe('KQkq rights that only fit Chess960', () => {
  it('reads them as Chess960 with a warning naming the squares, and a valid standard reading as the hint', () => {
    const text = 'r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1';
    const parsed = parseFen(text);
    expect(parsed.ok && parsed.value.chess960).toBe(true);
    expect(parsed.diagnostics).toHaveLength(1);
    expect(parsed.diagnostics[0]).toMatchObject({
      code: 'FEN_CASTLING_CHESS960',
      severity: 'warning',
      field: 2,
      offset: text.indexOf('KQkq'),
      length: 4,
    });
    expect(parsed.diagnostics[0]?.message).toBe(
      "the castling rights 'KQ' fit only Chess960 (the white king on d1); read as Chess960",
    );
    expect(quotedFens(parsed.diagnostics[0]?.hint)).toEqual(['r3k2r/8/8/8/8/8/8/R2K3R w kq - 0 1']);
  });

  it('names a rook off its corner', () => {
    const parsed = parseFen('1r2k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    expect(parsed.diagnostics[0]?.message).toContain("'q' fit only Chess960 (the black rook on b8)");
  });

  it('says nothing when Chess960 is given, or when the rights are standard', () => {
    expect(parseFen('r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1', { chess960: true }).diagnostics).toEqual([]);
    expect(parseFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1').diagnostics).toEqual([]);
  });
});

describe('repairFen output is a full FEN', () => {
  it('adds the counters a 4-field FEN lacks when it repairs something else', () => {
    expect(repairFen('r3k2r/8/8/8/8/8/8/4K3 w KQkq -')?.fen).toBe('r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1');
    expect(repairFen('r3k2r/8/8/8/8/8/8/4K3 w KQkq - 3')?.fen).toBe('r3k2r/8/8/8/8/8/8/4K3 w kq - 3 1');
  });

  it('drops an en-passant square whose recorded push cannot have given the check', () => {
    // Black king b5 in check from the queen on f1, yet 'd3' says White's last move was d2-d4.
    const text = '8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1';
    expect(parseFen(text).diagnostics.map((d) => d.code)).toEqual(['FEN_IMPOSSIBLE_CHECK']);
    const repaired = repairFen(text);
    expect(repaired?.fen).toBe('8/8/8/1k6/3Pp3/8/8/4KQ2 b - - 0 1');
    expect(repaired?.changes.map((c) => [c.problem.code, c.action])).toEqual([
      ['FEN_IMPOSSIBLE_CHECK', 'the square is dropped'],
    ]);
  });
});
