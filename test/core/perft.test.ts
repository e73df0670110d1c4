import { describe, expect, it } from 'vitest';
import { perft, perftDivide } from '../../src/core/index.js';
import { initialPosition } from '../../src/core/index.js';
import { fen } from '../support/positions.js';

const KIWIPETE = 'r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1';

describe('perft', () => {
  // Reference: chessprogramming.org "Perft Results" (initial position and position 2, Kiwipete).
  it.each([
    [0, 1],
    [1, 20],
    [2, 400],
    [3, 8902],
    [4, 197281],
  ])('initial position depth %i is %i', (depth, nodes) => {
    expect(perft(initialPosition(), depth)).toBe(nodes);
  });

  it.each([
    [1, 48],
    [2, 2039],
    [3, 97862],
  ])('Kiwipete depth %i is %i', (depth, nodes) => {
    expect(perft(fen(KIWIPETE), depth)).toBe(nodes);
  });

  it('gives 0 when there is no legal move (stalemate) and 1 at depth 0', () => {
    const stalemate = fen('7k/5Q2/8/8/8/8/8/K7 b - - 0 1');
    expect(perft(stalemate, 1)).toBe(0);
    expect(perft(stalemate, 0)).toBe(1);
  });
});

describe('perftDivide', () => {
  // Reference: chessops 0.15.1 perft below each first move of the initial position, depth 3.
  it('splits the initial position at depth 3', () => {
    const expected = {
      b1a3: 400,
      b1c3: 440,
      g1f3: 440,
      g1h3: 400,
      a2a3: 380,
      a2a4: 420,
      b2b3: 420,
      b2b4: 421,
      c2c3: 420,
      c2c4: 441,
      d2d3: 539,
      d2d4: 560,
      e2e3: 599,
      e2e4: 600,
      f2f3: 380,
      f2f4: 401,
      g2g3: 420,
      g2g4: 421,
      h2h3: 380,
      h2h4: 420,
    };
    const divide = perftDivide(initialPosition(), 3);
    expect(Object.fromEntries(divide.map((d) => [d.move, d.nodes]))).toEqual(expected);
    expect(divide.length).toBe(20);
  });

  it('writes castling as e1g1/e1c1 in a standard position (Kiwipete, depth 2)', () => {
    // Reference: chessops 0.15.1 (it names castling e1h1/e1a1).
    const divide = Object.fromEntries(perftDivide(fen(KIWIPETE), 2).map((d) => [d.move, d.nodes]));
    expect(divide['e1g1']).toBe(43);
    expect(divide['e1c1']).toBe(43);
    expect(divide['e5f7']).toBe(44);
    expect(divide['e2a6']).toBe(36);
    expect(divide['d5e6']).toBe(46);
    expect(Object.keys(divide).length).toBe(48);
  });

  it('writes king-takes-rook castling in a Chess960 position', () => {
    const divide = perftDivide(fen('4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1', true), 1).map((d) => d.move);
    expect(divide).toContain('e1g1');
    expect(divide).toContain('e1b1');
    expect(divide.every((move) => move !== 'e1c1')).toBe(true);
  });

  it('is empty at depth 0', () => {
    expect(perftDivide(initialPosition(), 0)).toEqual([]);
  });
});
