/**
 * Chess vocabulary shared by the whole core: colours, roles, squares, pieces, moves and `Setup`.
 * Knows nothing of PGN or Node.
 *
 * Key decision: the board is a 64-byte mailbox (`Int8Array`, a1 = 0, h8 = 63) holding piece codes,
 * because per-ply FEN output and SAN resolution read squares one at a time far more often than they
 * need set operations, and a typed array copies in one cheap `slice()` for immutable `play`.
 */

export const COLORS = ['white', 'black'] as const;
export type Color = (typeof COLORS)[number];

export const ROLES = ['pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const;
export type Role = (typeof ROLES)[number];

/** 0–63, a1 = 0, b1 = 1, …, h8 = 63. */
export type Square = number;

export interface Piece {
  readonly role: Role;
  readonly color: Color;
}

/**
 * Piece codes stored in the board array: 0 is empty; white pieces are 1–6 (pawn … king);
 * black pieces have the BLACK bit (8) set: 9–14.
 */
export const EMPTY = 0;
export const PAWN = 1;
export const KNIGHT = 2;
export const BISHOP = 3;
export const ROOK = 4;
export const QUEEN = 5;
export const KING = 6;
export const BLACK = 8;
export const ROLE_MASK = 7;

export type Board = Int8Array;

/** A move as played: castling is king-takes-own-rook (`from` = king, `to` = rook square), so
 * Chess960 castling is no special case. Promotion names the new role. */
export interface NormalMove {
  readonly from: Square;
  readonly to: Square;
  readonly promotion?: Role;
}

/** `--` / `Z0` in PGN: the side to move passes. */
export interface NullMove {
  readonly null: true;
}

export type Move = NormalMove | NullMove;

export function isNullMove(move: Move): move is NullMove {
  return 'null' in move;
}

/**
 * A position as written (for example by a FEN), not yet proven legal.
 * `castlingRooks` lists the squares of the rooks that keep castling rights (any order), which covers
 * standard chess and Chess960 alike. `epSquare` is the square passed over by the last double push,
 * recorded after every double push (the standard's convention); FEN writers filter it on output.
 */
export interface Setup {
  readonly board: Board;
  readonly turn: Color;
  readonly castlingRooks: readonly Square[];
  readonly epSquare: Square | undefined;
  readonly halfmoves: number;
  readonly fullmoves: number;
}

export const FILE_NAMES = 'abcdefgh';
export const RANK_NAMES = '12345678';

export function squareFile(square: Square): number {
  return square & 7;
}

export function squareRank(square: Square): number {
  return square >> 3;
}

export function squareName(square: Square): string {
  return FILE_NAMES.charAt(square & 7) + RANK_NAMES.charAt(square >> 3);
}

/** Every square's name by index: for the writers that name a square per ply (SAN, UCI). */
export const SQUARE_NAMES: readonly string[] = Array.from({ length: 64 }, (_, square) => squareName(square));

/** `'e4'` → 28; undefined for anything that is not a square name. */
export function parseSquare(name: string): Square | undefined {
  if (name.length !== 2) return undefined;
  const file = name.charCodeAt(0) - 97;
  const rank = name.charCodeAt(1) - 49;
  if (file < 0 || file > 7 || rank < 0 || rank > 7) return undefined;
  return rank * 8 + file;
}

export function pieceCode(piece: Piece): number {
  return (ROLES.indexOf(piece.role) + 1) | (piece.color === 'black' ? BLACK : 0);
}

export function pieceFromCode(code: number): Piece | undefined {
  const role = ROLES[(code & ROLE_MASK) - 1];
  if (code === EMPTY || role === undefined) return undefined;
  return { role, color: code & BLACK ? 'black' : 'white' };
}

export function opposite(color: Color): Color {
  return color === 'white' ? 'black' : 'white';
}
