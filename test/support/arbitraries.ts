/**
 * fast-check generators shared by the property tests: random legal games from the standard start or
 * from a random Chess960 start. A game is drawn as a list of integers (each picks one legal move
 * modulo the number of legal moves), so fast-check shrinks a failing game to a short one.
 */
import fc from 'fast-check';
import { Position, initialPosition, legalMoves, play } from '../../src/core/index.js';
import { BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, type NormalMove } from '../../src/core/types.js';

export interface LegalGame {
  readonly start: Position;
  readonly moves: readonly NormalMove[];
}

/** The knight files among the five squares left after bishops and queen, for index 0–9. */
const KNIGHT_PLACEMENTS = [
  [0, 1],
  [0, 2],
  [0, 3],
  [0, 4],
  [1, 2],
  [1, 3],
  [1, 4],
  [2, 3],
  [2, 4],
  [3, 4],
] as const;

/**
 * Chess960 start number `n` (0–959, Scharnagl's numbering; 518 is the standard position) as a
 * `Position` with all four castling rights.
 */
export function chess960Start(n: number): Position {
  const files: number[] = new Array<number>(8).fill(0);
  let rest = n;
  files[(rest % 4) * 2 + 1] = BISHOP; // light-squared bishop: b, d, f or h
  rest = Math.floor(rest / 4);
  files[(rest % 4) * 2] = BISHOP; // dark-squared bishop: a, c, e or g
  rest = Math.floor(rest / 4);
  const empty = (): number[] => files.flatMap((piece, file) => (piece === 0 ? [file] : []));
  files[empty()[rest % 6] ?? 0] = QUEEN;
  rest = Math.floor(rest / 6);
  const free = empty();
  for (const i of KNIGHT_PLACEMENTS[rest] ?? []) files[free[i] ?? 0] = KNIGHT;
  const [left = 0, king = 0, right = 0] = empty();
  files[left] = ROOK;
  files[king] = KING;
  files[right] = ROOK;
  const board = new Int8Array(64);
  files.forEach((piece, file) => {
    board[file] = piece;
    board[8 + file] = PAWN;
    board[48 + file] = PAWN | BLACK;
    board[56 + file] = piece | BLACK;
  });
  const castlingRooks = [left, right, 56 + left, 56 + right];
  return Position.fromSetupUnchecked(
    { board, turn: 'white', castlingRooks, epSquare: undefined, halfmoves: 0, fullmoves: 1 },
    true,
  );
}

/** Plays the walk given by `choices` from `start`, stopping early at mate or stalemate. */
export function walk(start: Position, choices: readonly number[]): LegalGame {
  const moves: NormalMove[] = [];
  let pos = start;
  for (const choice of choices) {
    const legal = legalMoves(pos);
    const move = legal[choice % Math.max(legal.length, 1)];
    if (move === undefined) break;
    moves.push(move);
    pos = play(pos, move);
  }
  return { start, moves };
}

/**
 * A random legal game of up to `maxPlies` plies, from the standard start position or (about half of
 * the time) from one of the 960 Chess960 starts.
 */
export function arbLegalGame(maxPlies = 80): fc.Arbitrary<LegalGame> {
  const start = fc.oneof(fc.constant(initialPosition()), fc.integer({ min: 0, max: 959 }).map(chess960Start));
  const choices = fc.array(fc.nat({ max: 1000 }), { maxLength: maxPlies });
  return fc.tuple(start, choices).map(([pos, picks]) => walk(pos, picks));
}

/** Every position of a game, the start included. */
export function positionsOf(game: LegalGame): Position[] {
  const positions = [game.start];
  for (const move of game.moves) positions.push(play(positions[positions.length - 1] ?? game.start, move));
  return positions;
}
