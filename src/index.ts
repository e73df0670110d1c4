/**
 * forsyth's public, browser-safe API: the chess core (positions, moves, FEN, SAN, UCI, perft), the
 * PGN layer (parse tree, parser, writer) and the replayer that joins them. Nothing here imports
 * Node; file and stream reading live in `forsyth/node`.
 */
export type { Result, Checked } from './result.js';
export { ok, err } from './result.js';
export type { Diagnostic, DiagnosticCode, Severity } from './diagnostics.js';
export { DIAGNOSTIC_CODES, LineIndex, diagnostic, escapeControls, formatDiagnostic, hasErrors } from './diagnostics.js';

export type { Color, Role, Square, Piece, Move, NormalMove, NullMove, Setup, Board } from './core/index.js';
export { COLORS, ROLES, isNullMove, parseSquare, squareName } from './core/index.js';
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
} from './core/index.js';
export { parseFen, makeFen, makeBoardFen, repairFen, EP_MODES, CASTLING_NOTATIONS, type FenChange, type RepairedFen } from './core/index.js';
export type { SanError, SanMove } from './core/index.js';
export { parseSan, parseSanSyntax, resolveSan, makeSan } from './core/index.js';
export { parseUci, makeUci } from './core/index.js';
export { perft, perftDivide } from './core/index.js';
export { polyglotKey, polyglotHex } from './core/index.js';

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
} from './pgn/index.js';
export { parsePgn, parseGame, locate, GameSplitter, splitGames, writePgn } from './pgn/index.js';
export type { GameChunk, WriteOptions, SevenTagName, CommentCommands, ParseOptions, GameOptions } from './pgn/index.js';
export { getTag, decodeTagValue, encodeTagValue, isTagName, isSevenTagName, SEVEN_TAG_ROSTER } from './pgn/index.js';
export { parseCommentCommands } from './pgn/index.js';

export type { ReplayOptions, FenOptions, EpMode, CastlingNotation, GameReplay } from './replay/replay.js';
export { replay, PlyRecord } from './replay/replay.js';
export type { StartingPosition, VariantKind } from './replay/start.js';
export { startingPosition, variantKind, findTag } from './replay/start.js';
export { validate } from './replay/validate.js';
export { buildGame, findMoveBetween, type BuildInput, type NoMoveError } from './replay/build.js';
export { fixGame, type FixedGame } from './replay/fix.js';

export { renderBoard, renderBoardSvg, type Diagram, type DiagramStyle } from './diagram/diagram.js';
export { gameHash, gameHashes, GameHashSet, LineHash, type GameHashes } from './replay/game-hash.js';

export { classifyOpening, openingOfPosition, openingSubject, openingTable, openingKey, type Opening, type OpeningMatch } from './openings/classify.js';
export { writeStyledPgn, type MoveStyle, type StyledWriteOptions } from './replay/movetext.js';

export { compileWhere, whereString, gameSubject, chunkSubject, ratingOf, timeControlOf, timeControlClassOf, TIME_CONTROL_CLASSES } from './filter/index.js';
export type { WhereFilter, WhereSubject, TimeControl, TimeControlClass } from './filter/index.js';
export { scanTags } from './pgn/index.js';
export type { ScannedTag } from './pgn/index.js';
