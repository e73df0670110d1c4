/**
 * `forsyth/node`: the Node-only edge of forsyth — reading files, stdin and streams, gzip and zstd,
 * and decoding bytes to text (DESIGN.md 7.2). Everything here may import `node:*`; nothing in the
 * browser-safe core imports this.
 */
export { openInput, type Compression, type Input, type InputOptions } from './input.js';
export { createDecoder, DEFAULT_MAX_BLOCK, type DecodeOptions, type Decoder } from './decode.js';
export {
  readGames,
  readPgn,
  readPgnChunks,
  type PgnChunkReader,
  type PgnReader,
  type ReadOptions,
} from './read-games.js';
export { nthRange, shiftChunk, splitBlock, type BlockBase, type ByteRange, type SplitBlock } from './range.js';
export { bytesSource, gameStartAtOrAfter, type ByteSource } from './resync.js';
export { gameTextOfRow, readNdjsonChunks } from './ndjson-games.js';
