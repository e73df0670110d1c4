import { describe, expect, it } from 'vitest';
import { attackersTo, isAttacked } from '../../src/core/engine/attacks.js';
import { fen, sq } from '../support/positions.js';

// Positions and expected attacks worked out by hand from the diagrams.
const OPEN = fen('4k3/8/8/3q4/8/2N5/1P6/4K3 w - - 0 1');

describe('isAttacked', () => {
  it.each([
    ['a3', 'white', true], // b2 pawn
    ['c3', 'white', true], // b2 pawn defends the knight
    ['b3', 'white', false], // pawns do not attack straight ahead
    ['d5', 'white', true], // c3 knight
    ['e2', 'white', true], // c3 knight and e1 king
    ['d4', 'white', false],
    ['a2', 'black', true], // d5 queen along the diagonal
    ['h1', 'black', true], // d5 queen along the long diagonal
    ['d1', 'black', true], // queen down the d-file
    ['b3', 'black', true], // queen diagonal d5-c4-b3
    ['a2', 'white', true], // c3 knight
    ['h2', 'white', false],
    ['b1', 'black', false], // d5-c4-b3-a2 misses b1
    ['c2', 'black', false], // blocked by the c3 knight
    ['d8', 'black', true], // queen and king
    ['f7', 'black', true], // e8 king and d5 queen
  ] as const)('%s attacked by %s is %s', (square, by, expected) => {
    expect(isAttacked(OPEN.board, sq(square), by)).toBe(expected);
  });

  it('lets a piece block a slider and ignores the piece on the target square', () => {
    const pos = fen('4k3/8/8/8/r2Pp2K/8/8/8 w - - 0 1');
    expect(isAttacked(pos.board, sq('c4'), 'black')).toBe(true);
    expect(isAttacked(pos.board, sq('d4'), 'black')).toBe(true); // the rook takes on d4
    expect(isAttacked(pos.board, sq('e4'), 'black')).toBe(false); // behind the d4 pawn
    expect(isAttacked(pos.board, sq('d3'), 'black')).toBe(true); // e4 pawn
  });

  it('finds pawn attacks in the right direction for each colour', () => {
    const pos = fen('4k3/8/8/4p3/3P4/8/8/4K3 w - - 0 1');
    expect(isAttacked(pos.board, sq('e5'), 'white')).toBe(true);
    expect(isAttacked(pos.board, sq('c3'), 'white')).toBe(false);
    expect(isAttacked(pos.board, sq('d4'), 'black')).toBe(true);
    expect(isAttacked(pos.board, sq('f6'), 'black')).toBe(false);
  });
});

describe('attackersTo', () => {
  it.each([
    ['e2', 'white', ['e1', 'c3']],
    ['d5', 'white', ['c3']],
    ['d1', 'black', ['d5']],
    ['d7', 'black', ['d5', 'e8']],
    ['h8', 'white', []],
  ] as const)('attackers of %s by %s', (square, by, expected) => {
    expect(attackersTo(OPEN.board, sq(square), by)).toEqual(expected.map(sq).sort((a, b) => a - b));
  });
});
