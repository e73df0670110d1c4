/**
 * `forsyth/chess`: positions and moves. The immutable `Position` (standard and Chess960), legal
 * moves, `play`, check and mate, squares and pieces, UCI notation, perft and Polyglot keys.
 * FEN is `forsyth/fen`, SAN `forsyth/san`.
 */
export type { Color, Role, Square, Piece, Move, NormalMove, NullMove, Setup, Board } from '../core/index.js';
export {
  COLORS,
  ROLES,
  isNullMove,
  parseSquare,
  squareName,
  Position,
  INITIAL_FEN,
  initialPosition,
  legalMoves,
  play,
  isCheck,
  isCheckmate,
  isStalemate,
  isInsufficientMaterial,
  pieceAt,
  parseUci,
  makeUci,
  perft,
  perftDivide,
  polyglotKey,
  polyglotHex,
} from '../core/index.js';
