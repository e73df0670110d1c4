/**
 * What a TypeScript caller can still get wrong at run time (an `any`, JSON, plain JavaScript) is
 * answered at the call with a TypeError saying what was expected, never a "Cannot read properties
 * of null" from deep inside, a wrong answer or an endless loop.
 */
import { describe, expect, it } from 'vitest';
import {
  initialPosition,
  legalMoves,
  makeSan,
  parseFen,
  parsePgn,
  parseSan,
  parseUci,
  perft,
  perftDivide,
  pieceAt,
  play,
  polyglotHex,
  replay,
  writePgn,
  validate,
  fixGame,
  buildGame,
  type Game,
  type Move,
  type Position,
} from '../src/index.js';

const start = initialPosition();
const any = (value: unknown): never => value as never;

describe('arguments checked at the call', () => {
  it.each([
    [
      'parseFen(undefined)',
      () => parseFen(any(undefined)),
      /^parseFen: expected the FEN to be a string, got undefined/,
    ],
    ['parseFen(42)', () => parseFen(any(42)), /got the number 42/],
    ['parsePgn(null)', () => parsePgn(any(null)), /^parsePgn: expected the PGN text to be a string, got null/],
    [
      'parsePgn(Buffer)',
      () => parsePgn(any(Buffer.from('1. e4 *'))),
      /got a Buffer \(decode bytes first, or read files and streams with readPgn/,
    ],
    [
      'perft(pos, NaN)',
      () => perft(start, Number.NaN),
      /^perft: expected depth to be a whole number of 0 or more, got NaN/,
    ],
    ['perft(pos, 1.5)', () => perft(start, 1.5), /got the number 1.5/],
    ['perft(pos, -1)', () => perft(start, -1), /got the number -1/],
    ['perftDivide(pos, NaN)', () => perftDivide(start, Number.NaN), /^perftDivide: expected depth/],
    ['perft(undefined, 2)', () => perft(any(undefined), 2), /^perft: expected a Position/],
    ['legalMoves({})', () => legalMoves(any({})), /^legalMoves: expected a Position .*got an object/],
    ['parseSan(pos, null)', () => parseSan(start, any(null)), /^parseSan: expected the SAN to be a string/],
    ['parseUci(pos, 7)', () => parseUci(start, any(7)), /^parseUci: expected the UCI move to be a string/],
    ['makeSan(pos, undefined)', () => makeSan(start, any(undefined)), /^makeSan: expected the move to be an object/],
    ['pieceAt(pos, 64)', () => pieceAt(start, 64), /^pieceAt: expected a square 0-63/],
    [
      'polyglotHex("fen")',
      () => polyglotHex(any('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1')),
      /expected a Position/,
    ],
    ['replay(null)', () => replay(any(null)), /^replay: expected a Game/],
    ['writePgn({})', () => writePgn(any({})), /^writePgn: expected a Game/],
    ['validate(undefined)', () => validate(any(undefined)), /^validate: expected a Game/],
    ['fixGame("1. e4")', () => fixGame(any('1. e4')), /^fixGame: expected a Game/],
    ['buildGame(null)', () => buildGame(any(null)), /^buildGame: expected its input/],
  ])('%s throws a TypeError saying what was expected', (_name, call, message) => {
    expect(call).toThrow(TypeError);
    expect(call).toThrow(message);
  });

  it('perft and perftDivide still count depth 0 and whole depths', () => {
    expect(perft(start, 0)).toBe(1);
    expect(perftDivide(start, 0)).toEqual([]);
    expect(perft(start, 2)).toBe(400);
  });
});

describe('play: no corrupt position from a bad move', () => {
  it.each<[string, unknown, RegExp]>([
    ['a string', 'e2e4', /^play: expected a move/],
    ['squares out of range', { from: 12, to: 64 }, /from and to to be squares 0-63/],
    ['a square that is not a whole number', { from: 12.5, to: 28 }, /squares 0-63/],
    ['an unknown promotion', { from: 12, to: 28, promotion: 'dragon' }, /promotion to be one of/],
    ['an illegal move (e2-e5)', { from: 12, to: 36 }, /^play: the move e2e5 is not legal here/],
    ['taking the own king along (e1-e8)', { from: 4, to: 60 }, /e1e8 is not legal here/],
    ["castling written as the king's two-square move", { from: 4, to: 6 }, /castling is king takes own rook/],
    ['a null move without null: true', { null: 1 }, /null move to be \{ null: true \}/],
  ])('%s: a TypeError', (_name, move, message) => {
    expect(() => play(start, move as Move)).toThrow(TypeError);
    expect(() => play(start, move as Move)).toThrow(message);
    expect(() => start.play(move as Move)).toThrow(message);
  });

  it('legal moves, castling as king takes rook, and null moves still play', () => {
    const castle = parseFen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    if (!castle.ok) throw new Error('test FEN');
    const after: Position = play(castle.value, { from: 4, to: 7 });
    expect(after.board[6]).not.toBe(0);
    expect(play(start, { from: 12, to: 28 }).turn).toBe('black');
    expect(play(start, { null: true }).turn).toBe('black');
  });
});

describe('a hand-made game whose variation leads back into its own line', () => {
  function cyclic(): Game {
    const [game] = [...parsePgn('[Event "c"]\n\n1. e4 (1. d4 d5) e5 *\n')];
    const g = game as Game;
    // The variation of 1. e4 now holds the main line itself.
    (g.moves[0]!.variations as Game['moves'][]).push(g.moves);
    return g;
  }

  it('replay with variations stops with a TypeError instead of walking forever', () => {
    expect(() => [...replay(cyclic(), { variations: true })]).toThrow(/^replay: the game's moves are not a tree/);
  });

  it('writePgn stops with a TypeError instead of writing forever', () => {
    expect(() => writePgn(cyclic())).toThrow(/^writePgn: the game's moves are not a tree/);
  });

  it('an ordinary game with variations is untouched', () => {
    const [game] = [...parsePgn('[Event "c"]\n\n1. e4 (1. d4 d5 (1... Nf6)) e5 *\n')];
    expect([...replay(game as Game, { variations: true })].map((r) => r.path)).toEqual([
      '1',
      '1.1.1',
      '1.1.2',
      '1.1.2.1.1',
      '2',
    ]);
    expect(writePgn(game as Game)).toContain('1. e4 (1. d4 d5 (1... Nf6)) 1... e5 *');
  });
});
