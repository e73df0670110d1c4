/**
 * forsyth's public, browser-safe API: the chess core (positions, moves, FEN, SAN, UCI, perft), the
 * PGN layer (parse tree, parser, writer) and the replayer that joins them. Nothing here imports
 * Node; file and stream reading live in `forsyth/node`.
 */
export type { Result, Checked } from './result.js';
export { ok, err } from './result.js';
export type { Diagnostic, DiagnosticCode, Severity } from './diagnostics.js';
export { DIAGNOSTIC_CODES, LineIndex, diagnostic, formatDiagnostic, hasErrors } from './diagnostics.js';

export type { Color, Role, Square, Piece, Move, NormalMove, NullMove, Setup, Board } from './core/types.js';
export { COLORS, ROLES, isNullMove, parseSquare, squareName } from './core/types.js';
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
  pieceAt,
} from './core/position.js';
export { parseFen, makeFen, makeBoardFen } from './core/fen.js';
export type { SanError, SanMove } from './core/san.js';
export { parseSan, parseSanSyntax, resolveSan, makeSan } from './core/san.js';
export { parseUci, makeUci } from './core/uci.js';
export { perft, perftDivide } from './core/perft.js';

export type {
  Game,
  MoveNode,
  MoveLine,
  Comment,
  Tag,
  Evaluation,
  Shape,
  GameResult,
  ResultToken,
  MoveNumber,
  Span,
} from './pgn/ast.js';
export { parsePgn } from './pgn/parse.js';
export { parseGame, locate } from './pgn/parse-game.js';
export { GameSplitter, splitGames } from './pgn/split.js';
export type { GameChunk } from './pgn/split.js';
export type { ParseOptions } from './pgn/parse.js';
export type { GameOptions } from './pgn/parse-game.js';
export { writePgn } from './pgn/write.js';
export type { WriteOptions } from './pgn/write.js';

export type { ReplayOptions, FenOptions, EpMode, CastlingNotation, GameReplay } from './replay/replay.js';
export { replay, PlyRecord } from './replay/replay.js';
export type { StartingPosition, VariantKind } from './replay/start.js';
export { startingPosition, variantKind, findTag } from './replay/start.js';
export { validate } from './replay/validate.js';
export { buildGame, findMoveBetween, type BuildInput, type NoMoveError } from './replay/build.js';
export { fixGame, type FixedGame } from './replay/fix.js';
