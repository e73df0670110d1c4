/**
 * Reading the games of one byte range of a file (`ReadOptions.range`): the games that start at or
 * after the sync point of `range.start` and before the sync point of `range.end` (src/node/resync.ts).
 * Cut points anywhere give ranges of whole games: reading `[0, a)`, `[a, b)`, `[b, size)` yields
 * exactly the games, diagnostics and numbers of reading the whole file, in three parts.
 *
 * Each game keeps its place in the whole file (`index`, `offset`, `line`) and the decoder its state,
 * because the bytes before the range are decoded and split too, without parsing: the game numbers
 * and line numbers in messages stay those of a whole reading. That pass costs about a tenth of the
 * work per byte (see README "Running at scale"); the bytes after the range are never read.
 *
 * Files that cannot be cut (compressed, UTF-16, a forced multi-byte encoding) are one indivisible
 * range starting at 0: all their games belong to the range that holds offset 0.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { isUtf8 } from 'node:buffer';
import { open, type FileHandle } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { GameSplitter, splitGames, type GameChunk } from '../pgn/index.js';
import { createDecoder } from './decode.js';
import { gameStartAtOrAfter, type ByteSource } from './resync.js';
import { hasSuspiciousBytes } from './utf8-scan.js';

/** Raw byte offsets into a file (stored bytes), 0 ≤ start ≤ end; they need not be game starts. */
export interface ByteRange {
  readonly start: number;
  readonly end: number;
}

/** The `k`-th (1-based) of `n` equal byte ranges of `size` bytes. */
export function nthRange(size: number, k: number, n: number): ByteRange {
  return { start: Math.floor((size * (k - 1)) / n), end: k === n ? size : Math.floor((size * k) / n) };
}

const READ_SIZE = 64 * 1024;
const GZIP_MAGIC = [0x1f, 0x8b];
const ZSTD_MAGIC = [0x28, 0xb5, 0x2f, 0xfd];
const UTF16_BOMS = [
  [0xff, 0xfe],
  [0xfe, 0xff],
];

export interface RangeReadOptions {
  readonly encoding?: string;
  readonly signal?: AbortSignal;
}

/** The ordinary reading of a whole file, for the files that cannot be cut. */
export type WholeReading = () => {
  readonly batches: AsyncIterable<readonly GameChunk[]>;
  diagnostics(): readonly Diagnostic[];
};

/** What `readRange` reports besides the games. */
export interface RangeReading {
  /** The range's games, those cut from one read at a time (never an empty batch). */
  readonly batches: AsyncGenerator<readonly GameChunk[]>;
  /** File-level diagnostics of the range, in the order found. */
  readonly found: Diagnostic[];
  /** Stored bytes read so far (the pass before the range included). */
  bytesRead(): number;
  encoding(): string | undefined;
}

/**
 * The games of `range` of the file at `path`. The file's end-of-reading diagnostics (IO_ENCODING,
 * a read failure) belong to the one range whose games reach the end of the file.
 */
export function readRange(
  path: string,
  range: ByteRange,
  whole: WholeReading,
  options: RangeReadOptions = {},
): RangeReading {
  const found: Diagnostic[] = [];
  let bytesRead = 0;
  let encoding: string | undefined;

  async function* batches(): AsyncGenerator<readonly GameChunk[]> {
    const created = createDecoder(options.encoding === undefined ? {} : { encoding: options.encoding });
    if (!created.ok) return void found.push(created.error);
    const decoder = created.value;
    let handle: FileHandle;
    try {
      handle = await open(path, 'r');
    } catch (error) {
      return void found.push(unreadable(path, error));
    }
    let size: number;
    let splittable: boolean;
    try {
      size = (await handle.stat()).size;
      splittable = isSplittable(path, await readAt(handle, 0, Math.min(4, size)), options.encoding);
    } catch (error) {
      await handle.close();
      return void found.push(unreadable(path, error));
    }
    if (!splittable) {
      await handle.close();
      if (range.start > 0 || range.end <= 0) return;
      const reading = whole();
      const sync = (): void => void found.push(...reading.diagnostics().slice(found.length));
      for await (const batch of reading.batches) {
        sync();
        yield batch;
      }
      return sync();
    }
    try {
      const source = cachedSource(handle, size);
      const syncAt = (x: number): number => (x <= 0 ? 0 : x >= size ? size : gameStartAtOrAfter(source, x));
      const from = syncAt(range.start);
      const to = syncAt(range.end);
      if (from >= to) return;
      const ownsEnd = to === size;
      const splitter = new GameSplitter();
      let textLength = 0;
      let firstOffset = from === 0 ? 0 : Number.POSITIVE_INFINITY; // UTF-16 offset of the range's first character
      let taken = 0;
      const collect = (keep: boolean): void => {
        const all = decoder.diagnostics();
        for (; taken < all.length; taken++) if (keep) found.push(all[taken] as Diagnostic);
      };
      const head: Buffer[] = [];
      /** The games of `cut` that start in the range (those before it belong to the range before). */
      const ours = (cut: readonly GameChunk[]): GameChunk[] => cut.filter((chunk) => chunk.offset >= firstOffset);
      for (let at = 0; at < to; ) {
        options.signal?.throwIfAborted();
        // Reads on a 64 KiB grid from the file start, cut at the range start: the decoder is fed as
        // in a whole reading, so the pass before the range ends with everything before it decoded.
        const stop = Math.min(to, at < from ? Math.min(from, nextGrid(at)) : nextGrid(at));
        const bytes = await readAt(handle, at, stop - at);
        if (bytes.length === 0) break; // the file shrank
        bytesRead += bytes.length;
        const text = decoder.push(bytes);
        textLength += text.length;
        if (at < from && from <= SNIFF_HELD) head.push(bytes);
        at += bytes.length;
        // The decoder holds the file's first bytes until it has seen enough to choose the encoding:
        // a range that starts among them finds its first offset by decoding them on their own.
        if (at === from)
          firstOffset = from <= SNIFF_HELD ? decodedLength(Buffer.concat(head), options.encoding) : textLength;
        collect(at > from);
        const cut = ours(splitter.push(text));
        if (cut.length > 0) yield cut;
      }
      const rest = decoder.end();
      encoding = decoder.encoding;
      // A range that stops before the file's end drops only the IO_ENCODING end() adds: it names the
      // encoding of the whole file, which the last range reports.
      collect(ownsEnd);
      const last = ours([...splitter.push(rest), ...splitter.end()]);
      if (last.length > 0) yield last;
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason;
      found.push(unreadable(path, error));
    } finally {
      await handle.close();
    }
  }

  return { batches: batches(), found, bytesRead: () => bytesRead, encoding: () => encoding };
}

/** At least as many bytes as the decoder holds before it chooses an encoding (decode.ts sniffs 64). */
const SNIFF_HELD = 4096;

/** The UTF-16 length of `bytes` decoded as a whole reading decodes the start of a file. */
function decodedLength(bytes: Buffer, encoding: string | undefined): number {
  const created = createDecoder(encoding === undefined ? {} : { encoding });
  if (!created.ok) return 0;
  return (created.value.push(bytes) + created.value.end()).length;
}

function nextGrid(at: number): number {
  return (Math.floor(at / READ_SIZE) + 1) * READ_SIZE;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const { bytesRead } = await handle.read(buffer, done, length - done, position + done);
    if (bytesRead === 0) break;
    done += bytesRead;
  }
  return done === length ? buffer : buffer.subarray(0, done);
}

/**
 * Byte offsets are game boundaries only where every ASCII byte is its own character: UTF-8 or a
 * single-byte encoding, not compressed, not UTF-16.
 */
function isSplittable(path: string, head: Buffer, encoding: string | undefined): boolean {
  const lower = path.toLowerCase();
  if (lower.endsWith('.gz') || lower.endsWith('.zst') || lower.endsWith('.zstd')) return false;
  const starts = (magic: readonly number[]): boolean => magic.every((b, i) => head[i] === b);
  if (starts(GZIP_MAGIC) || starts(ZSTD_MAGIC)) return false;
  if (encoding === undefined) return !UTF16_BOMS.some(starts);
  return asciiCompatible(encoding);
}

const ASCII_STRUCTURE = Buffer.from('[]{}"\\;%\n\r\t ');

function asciiCompatible(encoding: string): boolean {
  const normal = encoding.toLowerCase().replace(/[^a-z0-9]/g, '');
  if (normal === 'utf8') return true;
  // A single-byte encoding decodes each of the 256 bytes to one character, and ASCII to itself.
  const all = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
  return (
    iconv.decode(all, encoding).length === 256 &&
    iconv.decode(ASCII_STRUCTURE, encoding) === ASCII_STRUCTURE.toString('latin1')
  );
}

/** A `ByteSource` over a file, reading 64 KiB blocks on demand (the resync rule looks at a few lines). */
function cachedSource(handle: { readonly fd: number }, size: number): ByteSource {
  const blocks = new Map<number, Buffer>();
  return {
    size,
    byteAt(index: number): number {
      const block = Math.floor(index / READ_SIZE);
      let bytes = blocks.get(block);
      if (!bytes) {
        bytes = readBlockSync(handle, block * READ_SIZE, Math.min(READ_SIZE, size - block * READ_SIZE));
        if (blocks.size >= 16) blocks.clear();
        blocks.set(block, bytes);
      }
      return bytes[index - block * READ_SIZE] ?? 0;
    },
  };
}

function readBlockSync(handle: { readonly fd: number }, position: number, length: number, into?: Buffer): Buffer {
  const buffer = into ?? Buffer.alloc(length);
  let done = 0;
  while (done < length) {
    const read = readSync(handle.fd, buffer, done, length - done, position + done);
    if (read === 0) break;
    done += read;
  }
  // Short when the file shrank: only the bytes read (a kept buffer holds an older block's after them).
  return done === length ? buffer : buffer.subarray(0, done);
}

function unreadable(path: string, error: unknown): Diagnostic {
  const code = (error as { code?: unknown } | null)?.code;
  const why =
    code === 'ENOENT'
      ? 'no such file'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'EISDIR'
          ? 'it is a directory'
          : error instanceof Error
            ? error.message
            : String(error);
  return diagnostic('IO_UNREADABLE', `cannot read '${path}': ${why}`);
}

/** Where a block's games stand in the whole file: games, line breaks and UTF-16 units before it. */
export interface BlockBase {
  readonly index: number;
  readonly lines: number;
  readonly offset: number;
}

/** A block of a file split on its own (`splitBlock`), its games placed as if the block began the file. */
export interface SplitBlock {
  /**
   * False when the block's text or messages might differ from a whole reading's: not all valid
   * UTF-8 without control bytes, compressed, UTF-16, a game too large, a read error. A caller
   * then reads from the block's start with `readRange`, which is always exact.
   */
  readonly clean: boolean;
  readonly chunks: readonly GameChunk[];
  /** Line breaks (CR, LF or CRLF) and UTF-16 units in the block's text: for the next block's base. */
  readonly lines: number;
  readonly chars: number;
  /** The IO_ENCODING a whole reading ends with, when every block is clean (block 0 only). */
  readonly encoding?: Diagnostic;
}

/**
 * Splits the games of one byte range (cut at sync points, like `readRange`) without reading what
 * comes before it, for workers that each read their own part of a file. Synchronous: a worker
 * thread's whole job. `shiftChunk` then places the games in the file once the blocks before are
 * known. Exact when `clean`: valid UTF-8 decodes the same, line by line, whatever came before.
 */
export function splitBlock(path: string, range: ByteRange): SplitBlock {
  const unclean: SplitBlock = { clean: false, chunks: [], lines: 0, chars: 0 };
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch {
    return unclean;
  }
  try {
    const size = fstatSync(fd).size;
    const handle = { fd };
    const source = cachedSource(handle, size);
    const head = readBlockSync(handle, 0, Math.min(4, size));
    if (!isSplittable(path, head, undefined)) return unclean;
    const syncAt = (x: number): number => (x <= 0 ? 0 : x >= size ? size : gameStartAtOrAfter(source, x));
    const from = syncAt(range.start);
    const to = syncAt(range.end);
    if (from >= to) return { clean: true, chunks: [], lines: 0, chars: 0 };
    const bytes = readBlockSync(handle, from, to - from, blockBuffer(to - from));
    if (bytes.length !== to - from) return unclean;
    const created = createDecoder();
    if (!created.ok) return unclean;
    const decoder = created.value;
    const text = decoder.push(bytes) + decoder.end();
    const [encoding, ...others] = [...decoder.diagnostics()].reverse();
    if (decoder.encoding !== 'utf-8' || others.length > 0 || !isUtf8(bytes) || hasSuspiciousBytes(bytes))
      return unclean;
    const chunks = [...splitGames(text)];
    if (chunks.some((c) => c.diagnostics !== undefined)) return unclean;
    const block = { clean: true, chunks, lines: lineBreaks(text), chars: text.length };
    return from === 0 && encoding ? { ...block, encoding } : block;
  } catch {
    return unclean;
  } finally {
    closeSync(fd);
  }
}

/**
 * The bytes of `splitBlock`'s range go into one buffer kept from call to call: nothing holds them
 * past the call (the text is decoded from them at once), and a fresh buffer per block was garbage
 * that waited for a full collection: with --jobs, about 20 MB per worker thread.
 */
let kept = Buffer.alloc(0);

function blockBuffer(length: number): Buffer {
  if (kept.length < length) kept = Buffer.allocUnsafe(Math.max(length, MIN_KEPT));
  return kept.subarray(0, length);
}

const MIN_KEPT = 640 * 1024;

/** A chunk of a block split on its own, placed in the file. */
export function shiftChunk(chunk: GameChunk, base: BlockBase): GameChunk {
  return {
    ...chunk,
    offset: chunk.offset + base.offset,
    line: chunk.line + base.lines,
    index: chunk.index + base.index,
  };
}

function lineBreaks(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  for (let i = text.indexOf('\r'); i >= 0; i = text.indexOf('\r', i + 1)) if (text.charCodeAt(i + 1) !== 10) count++;
  return count;
}
