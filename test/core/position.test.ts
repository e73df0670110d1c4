import { describe, expect, it } from 'vitest';
import { makeFen } from '../../src/core/index.js';
import {
  INITIAL_FEN,
  Position,
  hasLegalEnPassant,
  hasPseudoEnPassant,
  initialPosition,
  isCheck,
  isCheckmate,
  isInsufficientMaterial,
  isStalemate,
  legalMoves,
  pieceAt,
  play,
} from '../../src/core/index.js';
import { makeUci } from '../../src/core/index.js';
import { positionFromCompact } from '../../src/core/position.js';
import { fen, mv, sq } from '../support/positions.js';

function ucis(pos: Position): string[] {
  return legalMoves(pos)
    .map((m) => makeUci(pos, m))
    .sort();
}

describe('initialPosition', () => {
  it('is the position of INITIAL_FEN', () => {
    expect(makeFen(initialPosition())).toBe(INITIAL_FEN);
    expect(INITIAL_FEN).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  });

  it.each([
    ['e1', { role: 'king', color: 'white' }],
    ['d8', { role: 'queen', color: 'black' }],
    ['b1', { role: 'knight', color: 'white' }],
    ['g7', { role: 'pawn', color: 'black' }],
    ['e4', undefined],
  ] as const)('pieceAt %s', (square, piece) => {
    expect(pieceAt(initialPosition(), sq(square))).toEqual(piece);
  });
});

describe('legalMoves', () => {
  it('gives the 20 opening moves', () => {
    expect(ucis(initialPosition())).toEqual([
      'a2a3',
      'a2a4',
      'b1a3',
      'b1c3',
      'b2b3',
      'b2b4',
      'c2c3',
      'c2c4',
      'd2d3',
      'd2d4',
      'e2e3',
      'e2e4',
      'f2f3',
      'f2f4',
      'g1f3',
      'g1h3',
      'g2g3',
      'g2g4',
      'h2h3',
      'h2h4',
    ]);
  });

  it('moves a pinned piece only along the pin line', () => {
    // Reference: Ethereal standard.epd, K7/8/8/3Q4/4q3/8/8/7k w, perft(1) = 6.
    expect(ucis(fen('K7/8/8/3Q4/4q3/8/8/7k w - - 0 1'))).toEqual(['a8a7', 'a8b7', 'a8b8', 'd5b7', 'd5c6', 'd5e4']);
  });

  it('answers a double check with king moves only', () => {
    // Rook e8 and bishop b4 both check the e1 king; the g3 knight could block either, not both.
    expect(ucis(fen('4r1k1/8/8/8/1b6/6N1/8/4K3 w - - 0 1'))).toEqual(['e1d1', 'e1f1', 'e1f2']);
  });

  it('blocks or captures a single checker', () => {
    // Rook e8 checks e1: Rb3-e3, Nd2-e4 and Nf6-e4 block, Nf6xe8 captures, the king steps aside.
    expect(ucis(fen('4r2k/8/5N2/8/8/1R6/3N4/4K3 w - - 0 1'))).toEqual([
      'b3e3',
      'd2e4',
      'e1d1',
      'e1f1',
      'e1f2',
      'f6e4',
      'f6e8',
    ]);
  });

  it('generates four promotions per pawn move, queen first', () => {
    const pos = fen('3r3k/4P3/8/8/8/8/8/K7 w - - 0 1');
    expect(legalMoves(pos).filter((m) => m.from === sq('e7'))).toEqual([
      mv('e7', 'e8', 'queen'),
      mv('e7', 'e8', 'rook'),
      mv('e7', 'e8', 'bishop'),
      mv('e7', 'e8', 'knight'),
      mv('e7', 'd8', 'queen'),
      mv('e7', 'd8', 'rook'),
      mv('e7', 'd8', 'bishop'),
      mv('e7', 'd8', 'knight'),
    ]);
  });

  it.each([
    ['standard both sides', 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1', ['e1a1', 'e1h1']],
    ['not through an attacked square', 'r3k2r/8/8/8/8/8/5r2/R3K2R w KQkq - 0 1', ['e1a1']],
    ['queenside though b1 is attacked', 'r3k2r/8/8/8/8/8/1r6/R3K2R w KQkq - 0 1', ['e1a1', 'e1h1']],
    ['not out of check', 'r3k2r/8/8/8/8/8/4r3/R3K2R w KQkq - 0 1', []],
    ['not past a piece', 'r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1', ['e1h1']],
    ['960: rook on the king target', '4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1', ['e1b1', 'e1g1']],
    ['960: king already on its target', '4k3/8/8/8/8/8/8/6KR w H - 0 1', ['g1h1']],
    ['960: rook shields the target from an enemy rook', '4k3/8/8/8/8/8/8/rR1K4 w B - 0 1', []],
    ['960: rook shields the target from an enemy queen', '4k3/8/8/8/8/8/8/qR1K4 w B - 0 1', []],
  ])('castling: %s', (_name, text, expected) => {
    const pos = fen(text);
    const castles = legalMoves(pos)
      .filter(
        (m) =>
          pos.board[m.to] === (pos.turn === 'white' ? 4 : 12) && pos.board[m.from] === (pos.turn === 'white' ? 6 : 14),
      )
      .map((m) => `${'abcdefgh'[m.from & 7]}${(m.from >> 3) + 1}${'abcdefgh'[m.to & 7]}${(m.to >> 3) + 1}`)
      .sort();
    expect(castles).toEqual(expected);
  });
});

describe('en passant', () => {
  it.each([
    ['capture available', '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2', true, true],
    ['no pawn beside the pushed pawn', '4k3/8/8/3p4/8/4P3/8/4K3 w - d6 0 2', false, false],
    ['rank pin exposes the king', '8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2', true, false],
    ['diagonal pin on the capturer', '4k3/8/8/3pP3/8/8/1b6/K7 w - d6 0 2', true, false],
    ['capture resolves a pawn check', '8/8/8/2k5/3pP3/8/8/4K3 b - e3 0 1', true, true],
    ['no ep square', '4k3/8/8/3pP3/8/8/8/4K3 w - - 0 2', false, false],
  ])('%s', (_name, text, pseudo, legal) => {
    const pos = fen(text, false, false);
    expect(hasPseudoEnPassant(pos)).toBe(pseudo);
    expect(hasLegalEnPassant(pos)).toBe(legal);
  });
});

describe('check, mate, stalemate', () => {
  it.each([
    ['fool’s mate', 'rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3', true, true, false],
    ['back-rank mate', '6k1/5ppp/8/8/8/8/8/K2R4 b - - 0 1', false, false, false],
    ['back-rank mate delivered', '3R2k1/5ppp/8/8/8/8/8/K7 b - - 0 1', true, true, false],
    ['check with an escape', '4k3/8/8/8/8/8/8/K3R3 b - - 0 1', true, false, false],
    ['stalemate', '7k/5Q2/8/8/8/8/8/K7 b - - 0 1', false, false, true],
    // The king has no move: the answers are an en passant capture, a block, a capture.
    ['check answered only en passant', '8/1R1Q4/8/N1k5/pP6/8/8/4K3 b - b3 0 1', true, false, false],
    ['the same without the ep square: mate', '8/1R1Q4/8/N1k5/pP6/8/8/4K3 b - - 0 1', true, true, false],
    ['check answered only by a block', 'k7/8/8/8/8/8/4BPPP/r6K w - - 0 1', true, false, false],
    ['check answered only by a capture', '7k/R7/8/8/8/8/6PP/r6K w - - 0 1', true, false, false],
    ['start', INITIAL_FEN, false, false, false],
  ])('%s', (_name, text, check, mate, stalemate) => {
    const pos = fen(text);
    expect(isCheck(pos)).toBe(check);
    expect(isCheckmate(pos)).toBe(mate);
    expect(isStalemate(pos)).toBe(stalemate);
  });
});

describe('isInsufficientMaterial', () => {
  it.each([
    ['K v K', '4k3/8/8/8/8/8/8/4K3 w - - 0 1', true],
    ['KN v K', '4k3/8/8/8/8/8/8/4KN2 w - - 0 1', true],
    ['KB v K', '4k3/8/8/8/8/8/8/4KB2 w - - 0 1', true],
    ['KB v KB, same colour', '4kb2/8/8/8/8/8/8/2B1K3 w - - 0 1', true],
    ['KBB v K, same colour', '4k3/8/8/8/8/8/8/B1B1K3 w - - 0 1', true],
    ['KB v KB, opposite colours', '4k1b1/8/8/8/8/8/8/2B1K3 w - - 0 1', false],
    ['KN v KN', '4kn2/8/8/8/8/8/8/4KN2 w - - 0 1', false],
    ['KNN v K', '4k3/8/8/8/8/8/8/3NKN2 w - - 0 1', false],
    ['KB v KN', '4kn2/8/8/8/8/8/8/4KB2 w - - 0 1', false],
    ['KP v K', '4k3/8/8/8/8/8/4P3/4K3 w - - 0 1', false],
    ['KR v K', '4k3/8/8/8/8/8/8/4K2R w - - 0 1', false],
    ['KQ v K', '4k3/8/8/8/8/8/8/3QK3 w - - 0 1', false],
  ])('%s', (_name, text, expected) => {
    expect(isInsufficientMaterial(fen(text))).toBe(expected);
  });
});

describe('play', () => {
  it.each([
    [
      'double push sets ep even with no capturer',
      INITIAL_FEN,
      mv('e2', 'e4'),
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
    ],
    [
      'knight move counts the halfmove clock',
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1',
      mv('g8', 'f6'),
      'rnbqkb1r/pppppppp/5n2/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2',
    ],
    [
      'castling king-takes-rook',
      'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 10',
      mv('e1', 'h1'),
      'r3k2r/8/8/8/8/8/8/R4RK1 b kq - 4 10',
    ],
    [
      'queenside castling',
      'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 3 10',
      mv('e8', 'a8'),
      '2kr3r/8/8/8/8/8/8/R3K2R w KQ - 4 11',
    ],
    [
      'rook move clears its right',
      'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
      mv('a1', 'a2'),
      'r3k2r/8/8/8/8/8/R7/4K2R b Kkq - 1 1',
    ],
    [
      'capture on a rook square clears that right',
      'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1',
      mv('a1', 'a8'),
      'R3k2r/8/8/8/8/8/8/4K2R b Kk - 0 1',
    ],
    [
      'king move clears both rights',
      'r3k2r/8/8/8/8/8/8/R3K2R b KQkq - 0 1',
      mv('e8', 'd8'),
      'r2k3r/8/8/8/8/8/8/R3K2R w KQ - 1 2',
    ],
    [
      'en passant removes the pawn',
      '4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2',
      mv('e5', 'd6'),
      '4k3/8/3P4/8/8/8/8/4K3 b - - 0 2',
    ],
    ['promotion', '3r3k/4P3/8/8/8/8/8/K7 w - - 5 40', mv('e7', 'd8', 'knight'), '3N3k/8/8/8/8/8/8/K7 b - - 0 40'],
    ['960: king stays, rook jumps', '4k3/8/8/8/8/8/8/6KR w H - 0 1', mv('g1', 'h1'), '4k3/8/8/8/8/8/8/5RK1 b - - 1 1'],
  ])('%s', (_name, before, move, after) => {
    expect(makeFen(play(fen(before), move))).toBe(after);
  });

  it('plays a null move: turn flips, ep cleared, clocks advance', () => {
    const pos = fen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
    expect(makeFen(play(pos, { null: true }))).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2');
  });

  it('leaves its input unchanged and keeps the chess960 flag', () => {
    const pos = fen('4k3/8/8/8/8/8/8/6KR w H - 0 1', true);
    const before = makeFen(pos);
    const next = play(pos, mv('g1', 'h1'));
    expect(makeFen(pos)).toBe(before);
    expect(next.chess960).toBe(true);
    expect(next).not.toBe(pos);
  });

  it('works on a frozen position (no hidden writes to the object)', () => {
    const pos = fen('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    Object.freeze(pos);
    expect(isCheck(pos)).toBe(true);
    expect(isCheckmate(pos)).toBe(true);
    expect(legalMoves(pos)).toEqual([]);
    expect(makeFen(play(pos, { null: true }))).toBe('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR b KQkq - 2 3');
  });

  it('copies the setup board in fromSetupUnchecked', () => {
    const board = new Int8Array(initialPosition().board);
    const pos = Position.fromSetupUnchecked(
      { board, turn: 'white', castlingRooks: [], epSquare: undefined, halfmoves: 0, fullmoves: 1 },
      false,
    );
    board[sq('e2')] = 0;
    expect(pieceAt(pos, sq('e2'))).toEqual({ role: 'pawn', color: 'white' });
  });
});

describe('immutability', () => {
  it('writing to pos.board changes neither the position nor later reads of it', () => {
    const pos = initialPosition();
    const board = pos.board;
    board[sq('e1')] = 0; // would remove the white king if `board` were the position's own array
    board[sq('e2')] = 0;
    pos.board[sq('d1')] = 0;
    expect(makeFen(pos)).toBe(INITIAL_FEN);
    expect(legalMoves(pos)).toHaveLength(20);
    expect(pieceAt(pos, sq('e1'))).toEqual({ role: 'king', color: 'white' });
    expect(pos.board[sq('e1')]).toBe(6);
    expect(pos.king('white')).toBe(sq('e1'));
    expect(makeFen(play(pos, mv('e2', 'e4')))).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');
  });

  it('gives a fresh copy on every read, equal to the placement', () => {
    const pos = play(initialPosition(), mv('g1', 'f3'));
    expect(pos.board).not.toBe(pos.board);
    expect(Array.from(pos.board)).toEqual(Array.from(pos.board));
    expect(pos.board[sq('f3')]).toBe(2);
    expect(pos.board[sq('g1')]).toBe(0);
  });

  it('has no own property that exposes the board array', () => {
    const pos = initialPosition();
    for (const value of Object.values(pos)) expect(value).not.toBeInstanceOf(Int8Array);
    expect(Object.keys(pos)).not.toContain('board');
  });

  it('keeps positions built from the compact fields independent of the array passed in', () => {
    const board = initialPosition().board;
    const pos = positionFromCompact(board, 'white', 0, undefined, 0, 1, false, sq('e1'), sq('e8'));
    board[sq('e1')] = 0;
    expect(pieceAt(pos, sq('e1'))).toEqual({ role: 'king', color: 'white' });
  });

  it('p.board[4] = 0 cannot remove the white king (the case of issue #15)', () => {
    const p = initialPosition();
    p.board[4] = 0;
    expect(makeFen(p)).toBe(INITIAL_FEN);
    expect(legalMoves(p)).toHaveLength(20);
    expect(p.king('white')).toBe(4);
    expect(p.board[4]).toBe(6);
  });

  it('keeps its castling rights and king squares out of reach (no public mask or king fields)', () => {
    const p = initialPosition() as unknown as Record<string, unknown>;
    for (const name of ['castlingMask', 'whiteKing', 'blackKing', 'check']) expect(p[name]).toBeUndefined();
    expect(Object.isFrozen(p['castlingRooks'])).toBe(true);
  });
});
