/**
 * The chess core's face: the one core file the rest of forsyth imports (replay, openings, the
 * public entry points); `test/architecture.test.ts` checks it. Everything here is public API but
 * `Line`, replay's fast path for playing a game, which `src/index.ts` does not re-export.
 *
 * Behind it: `position.ts` (the immutable `Position`), `fen/` and `san/` (each one concept),
 * `uci.ts`, `perft.ts`, `polyglot.ts`, and the private engine in `engine/` (board, attacks, move
 * generation, candidates, the line board), which only core modules import.
 */
export type { Color, Role, Square, Piece, Move, NormalMove, NullMove, Setup, Board } from './types.js';
export { COLORS, ROLES, isNullMove, parseSquare, squareName } from './types.js';
export {
  Position,
  INITIAL_FEN,
  initialPosition,
  legalMoves,
  play,
  isCheck,
  isCheckmate,
  isStalemate,
  isInsufficientMaterial,
  hasLegalEnPassant,
  hasPseudoEnPassant,
  pieceAt,
} from './position.js';
export {
  parseFen,
  parseFenSetup,
  validateSetup,
  repairFen,
  makeFen,
  makeBoardFen,
  makeCastlingField,
  EP_MODES,
  CASTLING_NOTATIONS,
} from './fen/index.js';
export type {
  ParseFenOptions,
  FenLayout,
  FenReadOptions,
  FieldSpan,
  ParsedFen,
  ValidateOptions,
  FenChange,
  RepairedFen,
  FenCastlingMode,
  FenEpMode,
  MakeFenOptions,
} from './fen/index.js';
export { parseSan, parseSanSyntax, resolveSan, makeSan, type SanError, type SanMove } from './san/index.js';
export { parseUci, makeUci, isCastling } from './uci.js';
export { perft, perftDivide } from './perft.js';
export { polyglotKey, polyglotHex } from './polyglot.js';
export { Line, type LineFenOptions } from './line.js';
