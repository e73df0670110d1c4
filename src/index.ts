/**
 * forsyth's public, browser-safe API. The root holds the few verbs most users need (read and write
 * PGN and FEN, play and name moves, replay a game); each topic has its own entry point with the
 * rest, as chessops has: `forsyth/chess` (positions, moves, UCI, perft, Polyglot), `forsyth/fen`,
 * `forsyth/san`, `forsyth/pgn` (parse, split, write, tags, comment commands), `forsyth/replay`
 * (replay, validate, fix, build, hashes), `forsyth/openings`, `forsyth/filter` (`--where`),
 * `forsyth/diagram`, `forsyth/diagnostics` (codes, formatting, `Result`). Nothing here imports
 * Node; file and stream reading live in `forsyth/node`.
 */
export type { Result, Checked, Diagnostic, DiagnosticCode, Severity } from './entry/diagnostics.js';
export { formatDiagnostic, hasErrors } from './entry/diagnostics.js';

export type { Color, Role, Square, Piece, Move, NormalMove, NullMove, Setup, Board } from './entry/chess.js';
export {
  Position,
  INITIAL_FEN,
  initialPosition,
  legalMoves,
  play,
  isCheck,
  isCheckmate,
  isStalemate,
  parseUci,
  makeUci,
} from './entry/chess.js';
export {
  parseFen,
  makeFen,
  type ParseFenOptions,
  type MakeFenOptions,
  type FenChange,
  type RepairedFen,
} from './entry/fen.js';
export { parseSan, makeSan, type SanError, type SanMove } from './entry/san.js';

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
  GameChunk,
  WriteOptions,
  SevenTagName,
  CommentCommands,
  ParseOptions,
  GameOptions,
  ScannedTag,
} from './entry/pgn.js';
export { parsePgn, writePgn, getTag } from './entry/pgn.js';

export type {
  ReplayOptions,
  FenOptions,
  EpMode,
  CastlingNotation,
  GameReplay,
  StartingPosition,
  VariantKind,
  BuildInput,
  NoMoveError,
  FixedGame,
  MoveStyle,
  StyledWriteOptions,
  GameHashes,
} from './entry/replay.js';
export { replay, PlyRecord } from './entry/replay.js';

export type { Diagram, DiagramStyle } from './entry/diagram.js';
export type { Opening, OpeningMatch } from './entry/openings.js';
export type { WhereFilter, WhereSubject, TimeControl, TimeControlClass } from './entry/filter.js';

// Deprecated root exports, kept for 0.x users until the next minor release: the same values as
// the topic entry points named above each group (public-api.test.ts checks they are identical).

/** @deprecated moved to the forsyth/diagnostics entry point */
export { ok, err, DIAGNOSTIC_CODES, LineIndex, diagnostic, escapeControls } from './entry/diagnostics.js';
/** @deprecated moved to the forsyth/chess entry point */
export {
  COLORS,
  ROLES,
  isNullMove,
  parseSquare,
  squareName,
  isInsufficientMaterial,
  pieceAt,
  perft,
  perftDivide,
  polyglotKey,
  polyglotHex,
} from './entry/chess.js';
/** @deprecated moved to the forsyth/fen entry point */
export { makeBoardFen, repairFen, EP_MODES, CASTLING_NOTATIONS } from './entry/fen.js';
/** @deprecated moved to the forsyth/san entry point */
export { parseSanSyntax, resolveSan } from './entry/san.js';
/** @deprecated moved to the forsyth/pgn entry point */
export {
  parseGame,
  locate,
  GameSplitter,
  splitGames,
  decodeTagValue,
  encodeTagValue,
  isTagName,
  isSevenTagName,
  SEVEN_TAG_ROSTER,
  parseCommentCommands,
  scanTags,
} from './entry/pgn.js';
/** @deprecated moved to the forsyth/replay entry point */
export {
  startingPosition,
  variantKind,
  findTag,
  validate,
  buildGame,
  findMoveBetween,
  fixGame,
  writeStyledPgn,
  gameHash,
  gameHashes,
  GameHashSet,
  LineHash,
} from './entry/replay.js';
/** @deprecated moved to the forsyth/diagram entry point */
export { renderBoard, renderBoardSvg } from './entry/diagram.js';
/** @deprecated moved to the forsyth/openings entry point */
export { classifyOpening, openingOfPosition, openingSubject, openingTable, openingKey } from './entry/openings.js';
/** @deprecated moved to the forsyth/filter entry point */
export {
  compileWhere,
  whereString,
  gameSubject,
  chunkSubject,
  ratingOf,
  timeControlOf,
  timeControlClassOf,
  TIME_CONTROL_CLASSES,
} from './entry/filter.js';
