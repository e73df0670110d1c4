/**
 * `forsyth/replay`: PGN games played on the board. `replay` (one record per ply, FENs on demand),
 * the starting position a game's tags give, `validate`, `fixGame`, `buildGame` (PGN from moves or
 * FENs), movetext in SAN, LAN or UCI (`writeStyledPgn`) and game hashes for deduplication.
 */
export type { ReplayOptions, FenOptions, EpMode, CastlingNotation, GameReplay } from '../replay/replay.js';
export { replay, PlyRecord } from '../replay/replay.js';
export type { StartingPosition, VariantKind } from '../replay/start.js';
export { startingPosition, variantKind, findTag } from '../replay/start.js';
export { validate } from '../replay/validate.js';
export { buildGame, findMoveBetween, type BuildInput, type NoMoveError } from '../replay/build.js';
export { fixGame, type FixedGame } from '../replay/fix.js';
export { writeStyledPgn, type MoveStyle, type StyledWriteOptions } from '../replay/movetext.js';
export { gameHash, gameHashes, GameHashSet, LineHash, type GameHashes } from '../replay/game-hash.js';
