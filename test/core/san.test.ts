import { describe, expect, it } from 'vitest';
import { INITIAL_FEN } from '../../src/core/index.js';
import { makeSan, parseSan, parseSanSyntax, resolveSan } from '../../src/core/index.js';
import { makeUci } from '../../src/core/index.js';
import { fen, mv } from '../support/positions.js';

/** The UCI of what `text` resolves to, or the error kind. */
function resolved(fenText: string, text: string, allowNull = false): string {
  const pos = fen(fenText);
  const r = parseSan(pos, text, { allowNull });
  if (!r.ok) return `error:${r.error.kind}`;
  return makeUci(pos, r.value);
}

const START = INITIAL_FEN;
const TWO_KNIGHTS = '4k3/8/8/8/8/5N2/8/1N2K3 w - - 0 1';
const PINNED_KNIGHT = '4k3/8/8/7b/8/5N2/8/1N1K4 w - - 0 1';
const THREE_QUEENS = '8/k7/8/8/4Q2Q/8/K7/7Q w - - 0 1';
const TWO_ROOKS = '4k3/8/8/R7/8/8/8/R3K3 w - - 0 1';
const PROMOTION = '3r3k/4P3/8/8/8/8/8/K7 w - - 0 1';
const EN_PASSANT = '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2';
const CASTLES = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
const SCHOLAR = 'r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4';

describe('parseSan', () => {
  it.each([
    [START, 'e4', 'e2e4'],
    [START, 'Pe4', 'e2e4'],
    [START, 'e2e4', 'e2e4'],
    [START, 'e2-e4', 'e2e4'],
    [START, 'Nf3', 'g1f3'],
    [START, 'Ngf3', 'g1f3'],
    [START, 'N1f3', 'g1f3'],
    [START, 'Ng1f3', 'g1f3'],
    [START, 'Ng1-f3', 'g1f3'],
    [START, 'g1f3', 'g1f3'],
    [START, 'Nf3+', 'g1f3'],
    [START, 'Nf3!?', 'g1f3'],
    [START, 'Nf3??', 'g1f3'],
    [START, 'e4!', 'e2e4'],
    [START, 'e4#', 'e2e4'],
    [START, 'e4++', 'e2e4'],
    [TWO_KNIGHTS, 'Nbd2', 'b1d2'],
    [TWO_KNIGHTS, 'Nfd2', 'f3d2'],
    [TWO_KNIGHTS, 'Nb1d2', 'b1d2'],
    [PINNED_KNIGHT, 'Nd2', 'b1d2'],
    [THREE_QUEENS, 'Qh4e1', 'h4e1'],
    [THREE_QUEENS, 'Qee1', 'e4e1'],
    [THREE_QUEENS, 'Q1e1', 'h1e1'],
    [TWO_ROOKS, 'R1a3', 'a1a3'],
    [TWO_ROOKS, 'R5a3', 'a5a3'],
    [PROMOTION, 'e8=Q', 'e7e8q'],
    [PROMOTION, 'e8Q', 'e7e8q'],
    [PROMOTION, 'e8(Q)', 'e7e8q'],
    [PROMOTION, 'e8/Q', 'e7e8q'],
    [PROMOTION, 'e8=q', 'e7e8q'],
    [PROMOTION, 'e8=N+', 'e7e8n'],
    [PROMOTION, 'e7e8q', 'e7e8q'],
    [PROMOTION, 'exd8=R+', 'e7d8r'],
    [PROMOTION, 'ed8=B', 'e7d8b'],
    [EN_PASSANT, 'exd6', 'e5d6'],
    [EN_PASSANT, 'exd6e.p.', 'e5d6'],
    [EN_PASSANT, 'exd6 e.p.', 'e5d6'],
    [EN_PASSANT, 'ed6', 'e5d6'],
    [EN_PASSANT, 'e5d6', 'e5d6'],
    [EN_PASSANT, 'e6', 'e5e6'],
    [SCHOLAR, 'Qxf7#', 'h5f7'],
    [SCHOLAR, 'Qf7', 'h5f7'],
    [SCHOLAR, 'Bxf7+', 'c4f7'],
    [CASTLES, 'O-O', 'e1g1'],
    [CASTLES, '0-0', 'e1g1'],
    [CASTLES, 'O-O-O', 'e1c1'],
    [CASTLES, '0-0-0+', 'e1c1'],
    [CASTLES, 'e1g1', 'e1g1'],
    [CASTLES, 'e1h1', 'e1g1'],
    [CASTLES, 'e1c1', 'e1c1'],
    [CASTLES, 'Rd1', 'a1d1'],
  ])('%s: %s → %s', (position, text, uci) => {
    expect(resolved(position, text)).toBe(uci);
  });

  it.each([
    [START, 'e5', 'illegal'],
    [START, 'Nxf3', 'illegal'], // a capture mark where nothing is captured
    [START, 'exd3', 'illegal'],
    [START, 'O-O', 'illegal'],
    [START, 'Ke2', 'illegal'],
    [START, 'Nd2', 'illegal'],
    [START, 'e2xe4', 'illegal'],
    [START, 'Nf6', 'illegal'],
    [START, 'e3=Q', 'illegal'],
    [PROMOTION, 'e8', 'illegal'], // a promotion must name its piece
    [TWO_KNIGHTS, 'Nd2', 'ambiguous'],
    [TWO_ROOKS, 'Ra3', 'ambiguous'],
    [THREE_QUEENS, 'Qhe1', 'ambiguous'],
    [THREE_QUEENS, 'Q4e1', 'ambiguous'],
    [START, '', 'syntax'],
    [START, 'Xe4', 'syntax'],
    [START, 'e9', 'syntax'],
    [START, 'Nf3=Q', 'syntax'],
    [PROMOTION, 'e8=K', 'syntax'],
    [START, 'O-O-O-O', 'syntax'],
    [START, 'hello', 'syntax'],
    [START, '--', 'null'],
    [START, 'Z0', 'null'],
  ])('%s: %s is %s', (position, text, kind) => {
    expect(resolved(position, text)).toBe(`error:${kind}`);
  });

  it.each(['--', 'Z0', '0000'])('gives a null move for %s when allowed', (text) => {
    expect(parseSan(fen(START), text, { allowNull: true })).toEqual({ ok: true, value: { null: true } });
  });

  it('lists the matching legal moves of an ambiguous SAN', () => {
    const r = parseSan(fen(TWO_KNIGHTS), 'Nd2');
    const candidates = r.ok ? [] : [...r.error.candidates].sort((a, b) => a.from - b.from);
    expect(candidates).toEqual([mv('b1', 'd2'), mv('f3', 'd2')]);
  });

  it('suggests close legal moves for an illegal SAN, same target first', () => {
    const r = parseSan(fen(START), 'Nd4');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('illegal');
    expect(r.error.text).toBe('Nd4');
    // d2-d4 reaches the square; then the four knight moves.
    expect(r.error.candidates[0]).toEqual(mv('d2', 'd4'));
    expect(
      r.error.candidates
        .slice(1)
        .map((m) => m.to)
        .sort((a, b) => a - b),
    ).toEqual([16, 18, 21, 23]);
  });

  it('suggests the four promotions when the piece is missing', () => {
    const r = parseSan(fen(PROMOTION), 'e8');
    expect(r.ok ? [] : r.error.candidates.filter((m) => m.to === 60).map((m) => m.promotion)).toEqual([
      'queen',
      'rook',
      'bishop',
      'knight',
    ]);
  });
});

describe('Chess960 castling', () => {
  it.each([
    ['4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1', 'O-O', 'e1g1'],
    ['4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1', 'O-O-O', 'e1b1'],
    ['4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1', 'e1g1', 'e1g1'],
    ['4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1', 'e1b1', 'e1b1'],
    ['4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1', 'e1c1', 'e1b1'],
    ['1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1', 'O-O', 'error:illegal'], // g8 rook eyes g1
    ['4k3/8/8/8/8/8/8/6KR w H - 0 1', 'O-O', 'g1h1'],
    ['4k3/8/8/8/8/8/8/rR1K4 w B - 0 1', 'O-O-O', 'error:illegal'],
    ['4k3/8/8/8/8/8/8/5K1R w H - 0 1', 'f1g1', 'f1g1'], // a plain king step, not castling
  ])('%s: %s → %s (king-takes-rook UCI)', (text, san, uci) => {
    const pos = fen(text, true);
    const r = parseSan(pos, san);
    expect(r.ok ? makeUci(pos, r.value) : `error:${r.error.kind}`).toBe(uci);
  });
});

describe('parseSanSyntax', () => {
  it.each([
    ['Nbd7+', { kind: 'normal', role: 'knight', fromFile: 1, to: 51, capture: false, text: 'Nbd7+' }],
    ['exd5', { kind: 'normal', role: 'pawn', fromFile: 4, to: 35, capture: true, text: 'exd5' }],
    ['e7e8q', { kind: 'normal', fromFile: 4, fromRank: 6, to: 60, capture: false, promotion: 'queen', text: 'e7e8q' }],
    ['Qd1xe2!', { kind: 'normal', role: 'queen', fromFile: 3, fromRank: 0, to: 12, capture: true, text: 'Qd1xe2!' }],
    ['O-O-O#', { kind: 'castle', side: 'queen', text: 'O-O-O#' }],
    ['--', { kind: 'null', text: '--' }],
  ])('%s', (text, expected) => {
    expect(parseSanSyntax(text)).toEqual({ ok: true, value: expected });
  });

  it('needs no position and reports syntax errors with the text', () => {
    expect(parseSanSyntax('Nf3x')).toEqual({
      ok: false,
      error: { kind: 'syntax', text: 'Nf3x', message: "'Nf3x' is not a move in SAN", candidates: [] },
    });
  });

  it('resolveSan takes the parsed form', () => {
    const syntax = parseSanSyntax('Nc3');
    expect(syntax.ok && resolveSan(fen(START), syntax.value)).toEqual({ ok: true, value: mv('b1', 'c3') });
  });
});

describe('makeSan', () => {
  it.each([
    [START, mv('e2', 'e4'), 'e4'],
    [START, mv('g1', 'f3'), 'Nf3'],
    [TWO_KNIGHTS, mv('b1', 'd2'), 'Nbd2'],
    [TWO_KNIGHTS, mv('f3', 'd2'), 'Nfd2'],
    [TWO_KNIGHTS, mv('f3', 'e5'), 'Ne5'],
    [PINNED_KNIGHT, mv('b1', 'd2'), 'Nd2'],
    [THREE_QUEENS, mv('h4', 'e1'), 'Qh4e1'],
    [THREE_QUEENS, mv('e4', 'e1'), 'Qee1'],
    [THREE_QUEENS, mv('h1', 'e1'), 'Q1e1'],
    [TWO_ROOKS, mv('a1', 'a3'), 'R1a3'],
    [TWO_ROOKS, mv('a5', 'a3'), 'R5a3'],
    [PROMOTION, mv('e7', 'e8', 'queen'), 'e8=Q+'],
    [PROMOTION, mv('e7', 'e8', 'bishop'), 'e8=B'],
    [PROMOTION, mv('e7', 'd8', 'queen'), 'exd8=Q+'],
    [PROMOTION, mv('e7', 'd8', 'knight'), 'exd8=N'],
    [EN_PASSANT, mv('e5', 'd6'), 'exd6'],
    [SCHOLAR, mv('h5', 'f7'), 'Qxf7#'],
    [SCHOLAR, mv('c4', 'f7'), 'Bxf7+'],
    [CASTLES, mv('e1', 'h1'), 'O-O'],
    [CASTLES, mv('e1', 'a1'), 'O-O-O'],
    [CASTLES, mv('a1', 'a8'), 'Rxa8+'],
    ['4k3/8/8/8/8/8/8/6KR w H - 0 1', mv('g1', 'h1'), 'O-O'],
    ['4k3/8/8/8/8/8/8/R3K3 w Q - 0 1', mv('e1', 'a1'), 'O-O-O'],
    ['3k4/8/8/8/8/8/8/R3K3 w Q - 0 1', mv('e1', 'a1'), 'O-O-O+'],
  ])('%s: %o → %s', (position, move, san) => {
    expect(makeSan(fen(position), move)).toBe(san);
  });

  it('writes -- for a null move', () => {
    expect(makeSan(fen(START), { null: true })).toBe('--');
  });
});
