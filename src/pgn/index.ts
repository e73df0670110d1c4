/**
 * The PGN layer's face: syntax only (no chess), and the only file of src/pgn/ that src/index.ts,
 * src/replay/ and src/node/ import (test/architecture.test.ts checks it). Read with `parsePgn` (a
 * whole text) or `GameSplitter` + `parseGame` (chunks of a stream); write with `writePgn`.
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
} from './ast.js';
export { parsePgn } from './parse.js';
export { parseGame, locate } from './parse-game.js';
export { GameSplitter, splitGames, DEFAULT_MAX_GAME_LENGTH } from './split.js';
export type { GameChunk, SplitOptions } from './split.js';
export type { ParseOptions } from './parse.js';
export type { GameOptions } from './parse-game.js';
export { writePgn } from './write.js';
export type { WriteOptions } from './write.js';
export {
  SEVEN_TAG_ROSTER,
  SEVEN_TAG_DEFAULTS,
  decodeTagValue,
  encodeTagValue,
  getTag,
  isSevenTagName,
  isTagName,
} from './tags.js';
export type { SevenTagName } from './tags.js';
export { parseCommentCommands, parseClock, parseEval, parseShapes, makeComment } from './comment-commands.js';
export type { CommentCommands } from './comment-commands.js';
/** For the replay layer (not in the package's public API): a move token's SAN and its check signs. */
export { splitCheck } from './move-token.js';
/** For the replay layer: the argument check of the functions that take a Game, and the move-tree guard. */
export { checkGame, moveTreeError } from './write.js';
export { scanTags, scannedTag, tagReader } from './tag-scan.js';
export type { ScannedTag } from './tag-scan.js';
