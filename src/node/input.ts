/**
 * Node input: a file path, `-` (stdin) or a readable stream → an async iterable of `Buffer` chunks,
 * with gzip and zstd decompressed transparently. Only `src/node/` may import `node:*`.
 *
 * How errors surface (no IO error is ever thrown at the caller):
 * - `openInput` returns `Result<Input, Diagnostic>`. A path that is missing, unreadable or a
 *   directory gives `{ ok: false, error }` with an IO_UNREADABLE diagnostic. The path is only
 *   checked (stat and access, no open); it is opened when iteration starts, exactly once, so an
 *   `Input` that is never iterated holds no file handle, and a named pipe (FIFO) is opened once:
 *   opening and closing it first would make its writer die of SIGPIPE.
 * - If reading fails midway (a corrupt gzip or zstd stream, a read error, the file vanished),
 *   iteration simply ends and `input.failure()` returns the IO_UNREADABLE diagnostic. Check it
 *   after the loop.
 * - Aborting `options.signal` is the caller's own request, not an input problem: the iteration
 *   then rejects with `signal.reason` (an `AbortError` by default), like `fs.promises.readFile`.
 *
 * Compression (decompress.ts): `.gz` → node:zlib gunzip (concatenated members included; trailing
 * data that is not gzip is ignored with an IO_TRAILING_DATA warning, every byte before it kept),
 * `.zst`/`.zstd` → zstd with memory bounded whatever the ratio, windows above `zstdWindowMax`
 * (default 128 MiB, as `zstd -d`) refused. Without one of those extensions the first bytes decide
 * (gzip 1f 8b, zstd 28 b5 2f fd), so compressed stdin works too. A name that promises compression
 * wins over the magic bytes: a `.gz` file that is not gzip data is reported as corrupt rather than
 * read as text. bzip2, xz, zip, 7z and tar data is recognised by its bytes and refused
 * (IO_UNREADABLE) with the command that reads it.
 */
import { closeSync, constants, createReadStream, openSync, readSync } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { Readable, addAbortSignal } from 'node:stream';
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { err, ok, type Result } from '../result.js';
import { SNIFF_BYTES, formatOf, gunzip, unsupportedMessage, unzstd, type Compression } from './decompress.js';

export type { Compression } from './decompress.js';

export interface InputOptions {
  /** Stops reading; the iteration then rejects with `signal.reason`. */
  readonly signal?: AbortSignal;
  /** The stream read for `-` (default `process.stdin`). */
  readonly stdin?: NodeJS.ReadableStream;
  /** The name used in messages for a stream source (default '<stdin>' or '<stream>'). */
  readonly name?: string;
  /** Bytes per read from a file (default 64 KiB). */
  readonly highWaterMark?: number;
  /** Largest zstd window accepted, in bytes (default 128 MiB, the limit of `zstd -d`). */
  readonly zstdWindowMax?: number;
  /**
   * Each chunk is valid only until the next one is asked for: a plain file is read into the same
   * buffer again, and zstd's output is handed out where the decompressor wrote it. For a consumer
   * that copies what it keeps (`createDecoder`'s `push` does): no new buffer per 64 KiB, whose
   * fresh memory costs more than the reading.
   */
  readonly reuseChunks?: boolean;
}

/** Iterate once. The chunks are decompressed bytes; `size` is what is stored on disk. */
export interface Input extends AsyncIterable<Buffer> {
  readonly name: string;
  /** Size in bytes of a regular file as stored (compressed, if it is); absent for streams. */
  readonly size?: number;
  /** How the bytes were stored, once the first bytes have been read. */
  compression(): Compression | undefined;
  /** The IO_UNREADABLE diagnostic if reading failed midway; meaningful after iteration ends. */
  failure(): Diagnostic | undefined;
  /** Warnings about the source found while reading (IO_TRAILING_DATA); complete after iteration. */
  warnings(): readonly Diagnostic[];
  /** Bytes taken from the source so far, as stored (before decompression): for progress bars. */
  bytesRead(): number;
}

/**
 * Checks a path (`-` is stdin) or wraps a stream. Cost: one stat and one access check for a path;
 * nothing is opened or read until iteration.
 *
 * @example
 * const r = await openInput('games.pgn.gz');
 * if (!r.ok) console.error(r.error.message);
 * else { for await (const bytes of r.value) use(bytes); r.value.failure(); }
 */
export async function openInput(
  source: string | NodeJS.ReadableStream,
  options: InputOptions = {},
): Promise<Result<Input, Diagnostic>> {
  if (typeof source !== 'string' || source === '-') {
    const stream = typeof source === 'string' ? (options.stdin ?? process.stdin) : source;
    // Wakes a read that is waiting for data; a file stream gets the signal directly below.
    if (options.signal && stream instanceof Readable) addAbortSignal(options.signal, stream);
    const name = options.name ?? (typeof source === 'string' ? '<stdin>' : '<stream>');
    return ok(makeInput(name, undefined, () => stream, options));
  }
  let size: number | undefined;
  try {
    const stats = await stat(source);
    if (stats.isDirectory()) return err(unreadable(source, 'it is a directory'));
    if (stats.isFile()) size = stats.size;
    await access(source, constants.R_OK);
  } catch (error) {
    return err(unreadable(source, reason(error)));
  }
  const highWaterMark = options.highWaterMark ?? 64 * 1024;
  const signal = options.signal;
  const read = (): NodeJS.ReadableStream =>
    createReadStream(source, signal ? { highWaterMark, signal } : { highWaterMark });
  const reuse = options.reuseChunks === true && size !== undefined ? { path: source, highWaterMark } : undefined;
  return ok(makeInput(source, size, read, options, reuse));
}

function makeInput(
  name: string,
  size: number | undefined,
  read: () => NodeJS.ReadableStream,
  options: InputOptions,
  reuse?: { readonly path: string; readonly highWaterMark: number },
): Input {
  const signal = options.signal;
  let failure: Diagnostic | undefined;
  let compression: Compression | undefined;
  const warnings: Diagnostic[] = [];
  const counter = { bytes: 0 };
  // Only a regular file can be read a second time (to recover what zlib dropped before junk);
  // a stream is read member by member instead (decompress.ts).
  const again = size === undefined ? undefined : () => asBuffers(read(), signal, { bytes: 0 });
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      signal?.throwIfAborted();
      // A regular file read into one buffer once it is known to be plain text (see `reuseChunks`).
      const mode = { reuse: false };
      const raw = reuse
        ? fileChunks(reuse.path, reuse.highWaterMark, mode, signal, counter)
        : asBuffers(read(), signal, counter);
      const head = await readHead(raw);
      const format = formatOf(name, head.bytes);
      if (format !== 'none' && format !== 'gzip' && format !== 'zstd') {
        failure = unreadable(name, unsupportedMessage(format, name));
        return;
      }
      compression = format;
      const body = prepend(head.bytes, raw);
      if (compression === 'gzip') {
        const junk = (): number =>
          warnings.push(
            diagnostic(
              'IO_TRAILING_DATA',
              `'${name}' ends with data that is not gzip; it was ignored, every game before it was read`,
            ),
          );
        yield* gunzip(body, again, junk);
      } else if (compression === 'zstd') {
        yield* unzstd(body, {
          name,
          ...(options.zstdWindowMax === undefined ? {} : { windowMax: options.zstdWindowMax }),
          ...(options.reuseChunks === true && { reuseChunks: true }),
        });
      } else {
        mode.reuse = true;
        yield* body;
      }
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      failure = unreadable(name, reason(error));
    }
  }
  let iterator: AsyncGenerator<Buffer> | undefined;
  const input = {
    name,
    compression: () => compression,
    failure: () => failure,
    warnings: () => warnings,
    bytesRead: () => counter.bytes,
    [Symbol.asyncIterator]: () => (iterator ??= chunks()),
  };
  return size === undefined ? input : { ...input, size };
}

async function* asBuffers(
  stream: NodeJS.ReadableStream,
  signal: AbortSignal | undefined,
  counter: { bytes: number },
): AsyncGenerator<Buffer> {
  for await (const chunk of stream) {
    signal?.throwIfAborted();
    const bytes = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    counter.bytes += bytes.length;
    yield bytes;
  }
}

/**
 * The chunks of a regular file, read synchronously (a read from the page cache takes microseconds;
 * the stream's round trip through the thread pool and its new buffer per chunk cost more): into
 * a new buffer each, or into the same one again once `mode.reuse` is set.
 */
async function* fileChunks(
  path: string,
  highWaterMark: number,
  mode: { readonly reuse: boolean },
  signal: AbortSignal | undefined,
  counter: { bytes: number },
): AsyncGenerator<Buffer> {
  const fd = openSync(path, 'r');
  try {
    let kept: Buffer | undefined;
    for (;;) {
      signal?.throwIfAborted();
      const buffer = mode.reuse
        ? (kept ??= Buffer.allocUnsafeSlow(highWaterMark))
        : Buffer.allocUnsafeSlow(highWaterMark);
      const n = readSync(fd, buffer, 0, highWaterMark, null);
      if (n === 0) return;
      counter.bytes += n;
      yield buffer.subarray(0, n);
    }
  } finally {
    closeSync(fd);
  }
}

/** Reads until SNIFF_BYTES bytes are there (or the stream ends); the iterator goes on after them. */
async function readHead(raw: AsyncIterator<Buffer>): Promise<{ bytes: Buffer }> {
  const parts: Buffer[] = [];
  let length = 0;
  while (length < SNIFF_BYTES) {
    const next = await raw.next();
    if (next.done) break;
    parts.push(next.value);
    length += next.value.length;
  }
  return { bytes: Buffer.concat(parts, length) };
}

async function* prepend(head: Buffer, rest: AsyncGenerator<Buffer>): AsyncGenerator<Buffer> {
  if (head.length > 0) yield head;
  yield* rest;
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'ENOENT') return 'no such file';
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'Z_DATA_ERROR' || code === 'Z_BUF_ERROR') return `not valid gzip data (${messageOf(error)})`;
  if (typeof code === 'number') return `not valid zstd data (${messageOf(error)})`; // fzstd's codes
  return messageOf(error);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function unreadable(name: string, why: string): Diagnostic {
  return diagnostic('IO_UNREADABLE', `cannot read '${name}': ${why}`);
}
