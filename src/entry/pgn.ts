/**
 * `forsyth/pgn`: PGN syntax, no chess. Parse (`parsePgn` for a text, `splitGames`/`GameSplitter`
 * + `parseGame` for chunks of a stream, `locate` for a span's line and column), write (`writePgn`),
 * tags (`getTag`, the Seven Tag Roster, value escapes, `scanTags` without a parse) and comment
 * commands (`[%clk]`, `[%eval]`, `[%csl]`/`[%cal]`).
 */
export type {
  Comment,
  Evaluation,
  Game,
  GameResult,
  MoveLine,
  MoveNode,
  MoveNumber,
  ResultToken,
  Shape,
  Span,
  Tag,
  GameChunk,
  SplitOptions,
  ParseOptions,
  GameOptions,
  WriteOptions,
  SevenTagName,
  CommentCommands,
  ScannedTag,
} from '../pgn/index.js';
export {
  parsePgn,
  parseGame,
  locate,
  GameSplitter,
  splitGames,
  writePgn,
  getTag,
  decodeTagValue,
  encodeTagValue,
  isTagName,
  isSevenTagName,
  SEVEN_TAG_ROSTER,
  scanTags,
  parseCommentCommands,
} from '../pgn/index.js';
