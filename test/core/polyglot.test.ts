import { describe, expect, it } from 'vitest';
import { initialPosition, legalMoves, type Position } from '../../src/core/index.js';
import { polyglotHex, polyglotKey } from '../../src/core/index.js';
import { parseUci } from '../../src/core/index.js';
import { fen } from '../support/positions.js';

/**
 * The keys published with the Polyglot book format ("Polyglot book format", the test values at the
 * end of the key section), each with the moves from the start and the FEN they lead to.
 */
const PUBLISHED: readonly (readonly [string, string, string])[] = [
  ['', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '463b96181691fc9c'],
  ['e2e4', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', '823c9b50fd114196'],
  ['e2e4 d7d5', 'rnbqkbnr/ppp1pppp/8/3p4/4P3/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 2', '0756b94461c50fb0'],
  ['e2e4 d7d5 e4e5', 'rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2', '662fafb965db29d4'],
  ['e2e4 d7d5 e4e5 f7f5', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3', '22a48b5a8e47ff78'],
  ['e2e4 d7d5 e4e5 f7f5 e1e2', 'rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR b kq - 0 3', '652a607ca3f242c1'],
  ['e2e4 d7d5 e4e5 f7f5 e1e2 e8f7', 'rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4', '00fdd303c946bdd9'],
  ['a2a4 b7b5 h2h4 b5b4 c2c4', 'rnbqkbnr/p1pppppp/8/8/PpP4P/8/1P1PPPP1/RNBQKBNR b KQkq c3 0 3', '3c8123ea7b067637'],
  [
    'a2a4 b7b5 h2h4 b5b4 c2c4 b4c3 a1a3',
    'rnbqkbnr/p1pppppp/8/8/P6P/R1p5/1P1PPPP1/1NBQKBNR b Kkq - 0 4',
    '5c3f9b829b279560',
  ],
];

function afterMoves(moves: string): Position {
  let pos = initialPosition();
  for (const uci of moves.split(' ').filter(Boolean)) {
    const move = parseUci(pos, uci);
    if (!move.ok) throw new Error(`bad test move ${uci}`);
    pos = pos.play(move.value);
  }
  return pos;
}

describe('polyglotKey / polyglotHex', () => {
  it.each(PUBLISHED)('after "%s" (%s) the key is %s', (moves, text, key) => {
    expect(polyglotHex(fen(text))).toBe(key);
    expect(polyglotHex(afterMoves(moves))).toBe(key);
    expect(polyglotKey(fen(text))).toBe(BigInt(`0x${key}`));
  });

  it('keeps leading zeros in the hex form and agrees with the BigInt', () => {
    const pos = fen('rnbq1bnr/ppp1pkpp/8/3pPp2/8/8/PPPPKPPP/RNBQ1BNR w - - 0 4');
    expect(polyglotHex(pos)).toHaveLength(16);
    expect(polyglotKey(pos).toString(16).padStart(16, '0')).toBe(polyglotHex(pos));
  });

  it('ignores the move counters', () => {
    expect(polyglotHex(fen('4k3/8/8/8/8/8/8/4K2R w K - 37 80'))).toBe(
      polyglotHex(fen('4k3/8/8/8/8/8/8/4K2R w K - 0 1')),
    );
  });

  it('counts an en-passant file only when a pawn of the side to move stands beside the pushed pawn', () => {
    // No black pawn beside d4: the ep square changes nothing.
    expect(polyglotHex(fen('4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1'))).toBe(
      polyglotHex(fen('4k3/8/8/8/3P4/8/8/4K3 b - - 0 1')),
    );
    // b5 stands beside c5: the file counts even though b5xc6 would expose the king on a5.
    expect(polyglotHex(fen('8/8/8/KPp4r/8/8/8/7k w - c6 0 1'))).not.toBe(
      polyglotHex(fen('8/8/8/KPp4r/8/8/8/7k w - - 0 1')),
    );
  });

  it('tells apart every position one move from the start and each of their replies', () => {
    const start = initialPosition();
    const keys = new Set<string>([polyglotHex(start)]);
    let count = 1;
    for (const move of legalMoves(start)) {
      const next = start.play(move);
      keys.add(polyglotHex(next));
      count++;
      for (const reply of legalMoves(next)) {
        keys.add(polyglotHex(next.play(reply)));
        count++;
      }
    }
    // 1 + 20 + 400 positions, of which the 400 after two plies are all different placements.
    expect(count).toBe(421);
    expect(keys.size).toBe(421);
  });

  it('gives a Chess960 position with the standard setup the standard key', () => {
    const text = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
    expect(polyglotHex(fen(text, true))).toBe('463b96181691fc9c');
    // Shredder-style rights name the rook files; the h-side rook is the short right.
    expect(polyglotHex(fen('1r4kr/8/8/8/8/8/8/1R4KR w HBhb - 0 1', true))).toBe(
      polyglotHex(fen('1r4kr/8/8/8/8/8/8/1R4KR w KQkq - 0 1', true)),
    );
  });

  it('throws a TypeError naming what it expected for a value that is not a Position', () => {
    expect(() => polyglotHex(undefined as unknown as Position)).toThrow(TypeError);
    expect(() => polyglotKey({ board: 1 } as unknown as Position)).toThrow(/expected a Position/);
  });
});
