/**
 * Decompression of the input bytes: which format the first bytes say (gzip and zstd are read;
 * bzip2, xz, zip, 7z and tar are recognised and refused with the pipe that works), and the
 * decoders, each with memory bounded whatever the compression ratio.
 *
 * Key decisions:
 * - zstd: `node:zlib`'s native decoder where Node has it (22.15 and later), else libzstd compiled
 *   to WebAssembly (the `zstddec` package's build, driven by zstd-wasm.ts, windows up to 1 GiB;
 *   2 to 4 times fzstd's speed, 100 times on a `--long=30` file), else fzstd (pure JS, where
 *   WebAssembly is missing). The frames are walked first (zstd-frames.ts): a window above the
 *   limit is refused before any decoder allocates it, and each piece handed to a decoder holds at
 *   most 16 blocks.
 * - gzip: `node:zlib`, fed one chunk at a time. zlib drops the output of the write in which it
 *   meets data that is not gzip (trailing junk), so on such an error a regular file is decoded again
 *   with fflate (pure JS, a third of zlib's speed, but it hands out every byte before the junk);
 *   what was already passed on is skipped. A stream cannot be read twice: there the members are
 *   walked one by one (gunzipMembers), each inflated raw by zlib, which says where its data ends.
 *   fflate is not used from the start because, on a file cut short, it holds back the last block
 *   that zlib gives out.
 */
import { Readable, type Duplex } from 'node:stream';
import * as zlib from 'node:zlib';
import { Gunzip as PureGunzip } from 'fflate';
import { Decompress as PureZstd } from 'fzstd';
import { DEFAULT_ZSTD_WINDOW_MAX, ZstdFrameScanner, type ZstdWindowError, mib } from './zstd-frames.js';
import { WASM_WINDOW_LIMIT, wasmZstd, type WasmZstd } from './zstd-wasm.js';

export type Compression = 'none' | 'gzip' | 'zstd';
export type Unsupported = 'bzip2' | 'xz' | 'zip' | '7z' | 'tar';

/**
 * Bytes waited for before choosing (the longest magic number). tar's `ustar` stands at offset 257:
 * it is looked for in whatever the first reads gave, as a stream may pause after a few bytes.
 */
export const SNIFF_BYTES = 6;

const MAGIC: readonly (readonly [Compression | Unsupported, readonly number[]])[] = [
  ['gzip', [0x1f, 0x8b]],
  ['zstd', [0x28, 0xb5, 0x2f, 0xfd]],
  ['bzip2', [0x42, 0x5a, 0x68]],
  ['xz', [0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00]],
  ['zip', [0x50, 0x4b, 0x03, 0x04]],
  ['zip', [0x50, 0x4b, 0x05, 0x06]],
  ['7z', [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c]],
];

/**
 * The format of a source from its name and first bytes. A name that promises gzip or zstd wins (a
 * `.gz` that is not gzip is reported as corrupt rather than read as text); the formats forsyth does
 * not read are recognised by their bytes alone.
 */
export function formatOf(name: string, head: Uint8Array): Compression | Unsupported {
  const lower = name.toLowerCase();
  if (lower.endsWith('.gz')) return 'gzip';
  if (lower.endsWith('.zst') || lower.endsWith('.zstd')) return 'zstd';
  for (const [format, magic] of MAGIC) if (magic.every((b, i) => head[i] === b)) return format;
  const ustar = [0x75, 0x73, 0x74, 0x61, 0x72]; // "ustar"
  if (ustar.every((b, i) => head[257 + i] === b)) return 'tar';
  return 'none';
}

/** Why a format is refused, and the command that reads it instead. */
export function unsupportedMessage(format: Unsupported, name: string): string {
  const shown = name.includes(' ') ? `'${name}'` : name;
  switch (format) {
    case 'bzip2':
      return `it is bzip2-compressed, which forsyth does not decompress; pipe it in: bzcat ${shown} | forsyth fens -`;
    case 'xz':
      return `it is xz-compressed, which forsyth does not decompress; pipe it in: xzcat ${shown} | forsyth fens -`;
    case 'zip':
      return `it is a zip archive; extract the PGN files first (unzip ${shown}), or pipe one in: unzip -p ${shown} | forsyth fens -`;
    case '7z':
      return `it is a 7z archive; extract the PGN files first (7z x ${shown}), or pipe them in: 7z x -so ${shown} | forsyth fens -`;
    case 'tar':
      return `it is a tar archive; extract the PGN files first (tar xf ${shown}), or pipe them in: tar xOf ${shown} | forsyth fens -`;
  }
}

/** Thrown by the zstd decoder for a window above the limit; its message says how to raise it. */
export class WindowTooLarge extends Error {
  constructor(cause: ZstdWindowError) {
    super(
      `${cause.message} (zstd -d refuses it too without --long=${windowLog(cause.window)}); if you trust the file, ` +
        `raise the limit with --zstd-window-max ${Math.ceil(cause.window / (1024 * 1024))} (MiB; library: zstdWindowMax)`,
    );
  }
}

/** The `--long=N` that zstd needs for a window: log2 of its size, rounded up. */
function windowLog(window: number): number {
  return Math.max(10, Math.ceil(Math.log2(window)));
}

/** The pipe that reads a frame forsyth cannot decode: zstd itself, with the window it needs. */
function zstdPipe(window: number, name: string | undefined): string {
  const shown = name === undefined ? 'FILE' : /^[\w./+@:-]+$/.test(name) ? name : `'${name.replace(/'/g, `'\\''`)}'`;
  return `zstd -dc --long=${windowLog(window)} ${shown} | forsyth fens -`;
}

// ----- zstd -----

export interface ZstdOptions {
  /** Largest window accepted, in bytes (default 128 MiB, as `zstd -d`). */
  readonly windowMax?: number;
  /** The input's name, for the command a refusal suggests. */
  readonly name?: string;
  /** Output chunks valid only until the next is asked for (see `InputOptions.reuseChunks`). */
  readonly reuseChunks?: boolean;
}

/** fzstd refuses windows above this (about 2046 MiB). */
const PURE_WINDOW_LIMIT = 2145386496;

type NativeZstd = (options: { params?: Record<number, number> }) => Duplex;

function nativeZstd(): NativeZstd | undefined {
  const create = (zlib as unknown as { createZstdDecompress?: NativeZstd }).createZstdDecompress;
  return typeof create === 'function' ? create : undefined;
}

export async function* unzstd(body: AsyncIterable<Uint8Array>, options: ZstdOptions = {}): AsyncGenerator<Buffer> {
  const limit = Math.max(1024, options.windowMax ?? DEFAULT_ZSTD_WINDOW_MAX);
  const native = nativeZstd();
  // Without the native decoder, fzstd reads the large windows, up to its own limit; a frame above
  // that is refused whatever the limit (raising it would not help).
  // Without the native decoder: libzstd in WebAssembly reads windows up to 1 GiB, fzstd (where
  // WebAssembly is missing) up to its own limit; a frame above what the decoder reads is refused
  // whatever the limit (raising it would not help).
  const wasm = native === undefined ? await wasmZstd() : undefined;
  const readable =
    native !== undefined ? Number.POSITIVE_INFINITY : wasm !== undefined ? WASM_WINDOW_LIMIT : PURE_WINDOW_LIMIT;
  const scanner = new ZstdFrameScanner(Math.min(limit, readable));
  let refused: ZstdWindowError | undefined;
  async function* pieces(): AsyncGenerator<Uint8Array> {
    for await (const chunk of body) {
      const { pieces: cut, error } = scanner.feed(chunk);
      yield* cut;
      if (error) {
        refused = error;
        return;
      }
    }
  }
  const decode =
    native !== undefined
      ? nativeDecode(native, limit)
      : wasm !== undefined
        ? wasmDecode(wasm, limit, options.reuseChunks === true)
        : pureDecode;
  try {
    yield* decode(pieces());
  } catch (error) {
    // A refused frame ends the input early: the decoder's complaint about it is beside the point.
    if (!refused) throw error;
  }
  if (refused && refused.window > readable) {
    throw new Error(
      `${refused.message.replace(/, above.*/, '')} (zstd --long=${windowLog(refused.window)}), beyond what forsyth can decode on ` +
        `Node ${process.versions.node} (Node 22.15 or later can); decompress it on the way in: ${zstdPipe(refused.window, options.name)}`,
    );
  }
  if (refused) throw new WindowTooLarge(refused);
}

type Decode = (pieces: AsyncGenerator<Uint8Array>) => AsyncGenerator<Buffer>;

function nativeDecode(create: NativeZstd, limit: number): Decode {
  return async function* (pieces) {
    const params: Record<number, number> = {};
    const windowLogMax = (zlib.constants as unknown as Record<string, number>)['ZSTD_d_windowLogMax'];
    if (windowLogMax !== undefined) params[windowLogMax] = Math.min(31, Math.max(10, Math.ceil(Math.log2(limit))));
    const stream = create({ params });
    // Backpressure: zlib stops mid-chunk while its output is not read.
    const source = Readable.from(pieces);
    source.on('error', (error) => stream.destroy(error));
    source.pipe(stream);
    try {
      for await (const out of stream as AsyncIterable<Buffer>) yield out;
    } finally {
      source.destroy();
    }
  };
}

const pureDecode: Decode = async function* (pieces) {
  const out: Buffer[] = [];
  const zstd = new PureZstd((data) => {
    if (data.length > 0) out.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
  for await (const piece of pieces) {
    zstd.push(piece);
    yield* out.splice(0);
  }
  zstd.push(new Uint8Array(0), true); // throws on a truncated frame
  yield* out.splice(0);
};

/**
 * libzstd in WebAssembly (zstd-wasm.ts), one input piece at a time: each piece's output is handed
 * out 64 KiB at a time as the caller takes it, so memory does not follow the compression ratio.
 */
function wasmDecode(wasm: WasmZstd, limit: number, inPlace: boolean): Decode {
  return async function* (pieces) {
    const stream = wasm.stream(limit);
    try {
      for await (const piece of pieces) yield* stream.push(piece, inPlace);
      stream.end();
    } finally {
      stream.free();
    }
  };
}

// ----- gzip -----

/**
 * Gunzip, fed one chunk at a time, each written only once the one before is decompressed and
 * handed out: a chunk that Node's zlib receives after `end()` is inflated with Z_FINISH, and when
 * that call fails (a truncated file) its output is dropped. `again`, when the source can be read a
 * second time (a regular file), recovers what a data error dropped: see the module comment.
 * Returns through `onJunk` whether data that is not gzip was ignored at the end.
 */
export async function* gunzip(
  body: AsyncIterable<Buffer>,
  again: (() => AsyncIterable<Buffer>) | undefined,
  onJunk: () => void,
): AsyncGenerator<Buffer> {
  // A stream cannot be read again: its members are walked one by one instead.
  if (again === undefined) return yield* gunzipMembers(body, onJunk);
  const unzip = zlib.createGunzip();
  const driven = drive(unzip);
  let passed = 0;
  const flush = function* (): Generator<Buffer> {
    for (const chunk of driven.take()) {
      passed += chunk.length;
      yield chunk;
    }
  };
  try {
    for await (const chunk of body) {
      if (!unzip.destroyed) await driven.step((done) => unzip.write(chunk, done));
      yield* flush();
      if (driven.failure) break;
    }
    if (!driven.failure && !unzip.destroyed) await driven.step(() => unzip.end());
    yield* flush();
  } finally {
    unzip.destroy();
  }
  const failure = driven.failure;
  if (!failure) return;
  if (failure.code !== 'Z_DATA_ERROR' || again === undefined) throw failure;
  // Data that is not gzip after some that was: decode again, without the native stream's losses.
  let skip = passed;
  let seen = false;
  for await (const chunk of pureGunzip(again(), () => (seen = true))) {
    if (skip >= chunk.length) {
      skip -= chunk.length;
      continue;
    }
    yield skip > 0 ? chunk.subarray(skip) : chunk;
    skip = 0;
  }
  if (seen) onJunk();
  else throw failure;
}

const GZIP_FLAGS = { text: 1, headerCrc: 2, extra: 4, name: 8, comment: 16 } as const;

/** Thrown as zlib's own errors are (input.ts names them "not valid gzip data"). */
function gzipError(message: string, code: 'Z_DATA_ERROR' | 'Z_BUF_ERROR'): Error {
  return Object.assign(new Error(message), { code });
}

/**
 * Length of the gzip member header (RFC 1952) at the start of `bytes`; 'short' when more bytes
 * are needed, 'not gzip' when they do not start a member.
 */
function memberHeaderLength(bytes: Buffer): number | 'short' | 'not gzip' {
  if (bytes.length < 10)
    return bytes[0] !== undefined && bytes[0] !== 0x1f
      ? 'not gzip'
      : bytes.length >= 2 && bytes[1] !== 0x8b
        ? 'not gzip'
        : 'short';
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b || bytes[2] !== 8) return 'not gzip';
  const flags = bytes[3] as number;
  let at = 10;
  if (flags & GZIP_FLAGS.extra) {
    if (bytes.length < at + 2) return 'short';
    at += 2 + (bytes.readUInt16LE(at) as number);
  }
  for (const flag of [GZIP_FLAGS.name, GZIP_FLAGS.comment]) {
    if (!(flags & flag)) continue;
    const end = bytes.indexOf(0, at);
    if (end < 0) return 'short';
    at = end + 1;
  }
  if (flags & GZIP_FLAGS.headerCrc) at += 2;
  return bytes.length < at ? 'short' : at;
}

/** zlib.crc32 where Node has it (20.15, 22.2 and later); the trailer's CRC is then checked. */
const crc32 = (zlib as unknown as { crc32?: (data: Uint8Array, value?: number) => number }).crc32;

/**
 * gunzip for a stream: each member's header is read here and its deflate data inflated by
 * `node:zlib` (raw), which stops at the member's end and says how many bytes it took; the trailer
 * (CRC-32, length) is checked, then what follows is another member, zero padding (ignored, as
 * zlib does) or junk (`onJunk`, and the end). Every byte before the junk is handed out, without
 * reading the input twice; a member cut short or corrupt is an error after the bytes before it.
 */
async function* gunzipMembers(body: AsyncIterable<Buffer>, onJunk: () => void): AsyncGenerator<Buffer> {
  const source = body[Symbol.asyncIterator]();
  let pending: Buffer = Buffer.alloc(0);
  let finished = false;
  const more = async (): Promise<boolean> => {
    if (finished) return false;
    const next = await source.next();
    if (next.done) finished = true;
    else pending = pending.length === 0 ? next.value : Buffer.concat([pending, next.value]);
    return !next.done;
  };
  try {
    for (let members = 0; ; members++) {
      let header = memberHeaderLength(pending);
      while (header === 'short' && (await more())) header = memberHeaderLength(pending);
      if (members > 0) {
        // Zero bytes after a member are padding (zlib reads past them too).
        while (pending.every((b) => b === 0) && (await more())) {}
        const first = pending.findIndex((b) => b !== 0);
        if (first < 0) return;
        pending = pending.subarray(first);
        header = memberHeaderLength(pending);
        while (header === 'short' && (await more())) header = memberHeaderLength(pending);
        if (header === 'not gzip') return onJunk();
      }
      if (header === 'not gzip') throw gzipError('incorrect header check', 'Z_DATA_ERROR');
      if (header === 'short') throw gzipError('unexpected end of file', 'Z_BUF_ERROR');
      pending = pending.subarray(header);
      const member = { crc: 0, size: 0 };
      yield* inflateMember(
        () => {
          const chunk = pending;
          pending = Buffer.alloc(0);
          return chunk;
        },
        more,
        (rest) => (pending = rest),
        member,
      );
      while (pending.length < 8 && (await more())) {}
      if (pending.length < 8) throw gzipError('unexpected end of file', 'Z_BUF_ERROR');
      if (crc32 !== undefined && pending.readUInt32LE(0) !== member.crc >>> 0)
        throw gzipError('incorrect data check', 'Z_DATA_ERROR');
      if (pending.readUInt32LE(4) !== member.size % 2 ** 32) throw gzipError('incorrect length check', 'Z_DATA_ERROR');
      pending = pending.subarray(8);
    }
  } finally {
    await source.return?.();
  }
}

/**
 * One member's deflate data through a raw inflater, one chunk at a time (as `gunzip` does, so a
 * failure drops nothing that came before): `take` gives the bytes at hand, `more` reads on,
 * `rest` gets back the bytes after the deflate data. `member` sums the CRC-32 and the length.
 */
async function* inflateMember(
  take: () => Buffer,
  more: () => Promise<boolean>,
  rest: (bytes: Buffer) => void,
  member: { crc: number; size: number },
): AsyncGenerator<Buffer> {
  const inflate = zlib.createInflateRaw();
  const driven = drive(inflate);
  const { step } = driven;
  const flush = function* (): Generator<Buffer> {
    for (const chunk of driven.take()) {
      member.size += chunk.length;
      if (crc32 !== undefined) member.crc = crc32(chunk, member.crc);
      yield chunk;
    }
  };
  let written = 0;
  try {
    for (;;) {
      const chunk = take();
      if (chunk.length > 0) {
        await step((done) => inflate.write(chunk, done));
        written += chunk.length;
        yield* flush();
        if (driven.failure) throw driven.failure;
        // The inflater took fewer bytes than it was given: its data ended there.
        if (inflate.bytesWritten < written)
          return rest(chunk.subarray(chunk.length - (written - inflate.bytesWritten)));
      }
      if (!(await more())) break;
    }
    await step(() => inflate.end());
    yield* flush();
    if (driven.failure) throw driven.failure;
  } finally {
    inflate.destroy();
  }
}

/**
 * A zlib stream driven one write at a time: `step` settles when the write is done or when the
 * stream closed (a failed write never calls back), `take` hands out what it produced since, and
 * `failure` is its first error.
 */
function drive(stream: zlib.Gunzip | zlib.InflateRaw): {
  step: (act: (done: () => void) => void) => Promise<void>;
  take: () => Buffer[];
  readonly failure: (Error & { code?: string }) | undefined;
} {
  const out: Buffer[] = [];
  let failure: (Error & { code?: string }) | undefined;
  stream.on('data', (chunk: Buffer) => out.push(chunk));
  stream.on('error', (error) => (failure ??= error));
  return {
    step: (act) =>
      new Promise((done) => {
        stream.once('close', done);
        act(() => {
          stream.off('close', done);
          done();
        });
      }),
    take: () => out.splice(0),
    get failure() {
      return failure;
    },
  };
}

/** fflate's gunzip over a source: every byte before data that is not gzip, then `onJunk`. */
async function* pureGunzip(source: AsyncIterable<Buffer>, onJunk: () => void): AsyncGenerator<Buffer> {
  const out: Buffer[] = [];
  let produced = 0;
  const unzip = new PureGunzip((data) => {
    produced += data.length;
    if (data.length > 0) out.push(Buffer.from(data.buffer, data.byteOffset, data.byteLength));
  });
  let last = false;
  try {
    for await (const chunk of source) {
      unzip.push(chunk);
      yield* out.splice(0);
    }
    last = true;
    unzip.push(new Uint8Array(0), true);
  } catch (error) {
    yield* out.splice(0);
    const message = error instanceof Error ? error.message : String(error);
    // Cut short, or not gzip at all: an error, as from zlib. Anything else after good data: junk.
    if (last || produced === 0)
      throw Object.assign(new Error(message), { code: last ? 'Z_BUF_ERROR' : 'Z_DATA_ERROR' });
    onJunk();
    return;
  }
  yield* out.splice(0);
}

export { mib };
