/**
 * libzstd in WebAssembly: the streaming build that the `zstddec` package carries (zstd 1.5.7),
 * instantiated and driven here rather than through zstddec's class, for two reasons:
 *
 * - The window limit. libzstd refuses frames whose window is above the context's `maxWindowSize`
 *   (128 MiB unless raised), and the build exports no `ZSTD_DCtx_setParameter` to raise it; so
 *   files made with `zstd --long=30` went to fzstd, 100 times slower and with the whole window
 *   allocated and copied. The field is raised by writing it: its place in `ZSTD_DCtx` is found
 *   once, in a fresh context (the one word holding the default, 2^27 + 1), and checked by
 *   decoding a frame that declares a 1 GiB window, which libzstd refuses unless the field is the
 *   limit. If anything of that does not hold (another build), the decoder is not used. libzstd
 *   compiled for 32 bits reads windows up to 1 GiB (ZSTD_WINDOWLOG_MAX_32); it allocates the
 *   window only up to the frame's content size when the frame gives it, and WebAssembly memory is
 *   only resident once written, so a window of W costs at most about W.
 * - Errors. `ZSTD_decompressStream`'s return value says what went wrong (zstddec drops it), and
 *   that the last frame is complete.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The largest window the 32-bit build reads (2^30: `zstd --long=30`). */
export const WASM_WINDOW_LIMIT = 2 ** 30;

/** `ZSTD_MAXWINDOWSIZE_DEFAULT`: what a fresh context's `maxWindowSize` holds. */
const DEFAULT_MAX_WINDOW = 2 ** 27 + 1;

/** The little of the WebAssembly API used here (the compiler's libraries here have no WebAssembly types). */
interface WebAssemblyApi {
  instantiate(bytes: Uint8Array, imports: object): Promise<{ instance: { exports: unknown } }>;
}

interface Exports {
  readonly memory: { readonly buffer: ArrayBuffer };
  ZSTD_createDCtx(): number;
  ZSTD_freeDCtx(dctx: number): number;
  ZSTD_decompressStream(dctx: number, output: number, input: number): number;
  ZSTD_DStreamOutSize(): number;
  malloc(size: number): number;
  free(pointer: number): void;
}

/** The instance, with views of its memory that follow its growth. */
class Wasm {
  bytes: Uint8Array;
  view: DataView;

  constructor(readonly exports: Exports) {
    this.bytes = new Uint8Array(exports.memory.buffer);
    this.view = new DataView(exports.memory.buffer);
  }

  /** Called by the module when its memory grows (the old buffers are detached then). */
  grown(): void {
    this.bytes = new Uint8Array(this.exports.memory.buffer);
    this.view = new DataView(this.exports.memory.buffer);
  }
}

let loaded: Promise<WasmZstd | undefined> | undefined;

/** The decoder, instantiated once; undefined where WebAssembly or this build is not available. */
export function wasmZstd(): Promise<WasmZstd | undefined> {
  loaded ??= WasmZstd.load().catch(() => undefined);
  return loaded;
}

export class WasmZstd {
  private constructor(
    private readonly wasm: Wasm,
    /** Byte offset of `maxWindowSize` in `ZSTD_DCtx`. */
    private readonly limitOffset: number,
  ) {}

  static async load(): Promise<WasmZstd | undefined> {
    const require = createRequire(import.meta.url);
    const source = readFileSync(require.resolve('zstddec/stream'), 'utf8');
    const base64 = /\bconst wasm = "([A-Za-z0-9+/=]+)"/.exec(source)?.[1];
    if (base64 === undefined) return undefined;
    let wasm: Wasm | undefined;
    const imports = { env: { emscripten_notify_memory_growth: () => wasm?.grown() } };
    const api = (globalThis as { WebAssembly?: WebAssemblyApi }).WebAssembly;
    if (api === undefined) return undefined;
    const { instance } = await api.instantiate(Buffer.from(base64, 'base64'), imports);
    wasm = new Wasm(instance.exports as Exports);
    const offset = findLimitOffset(wasm);
    if (offset === undefined) return undefined;
    const decoder = new WasmZstd(wasm, offset);
    return decoder.selfTest() ? decoder : undefined;
  }

  /** A decoding stream for frames of windows up to `windowMax` bytes (at most WASM_WINDOW_LIMIT). */
  stream(windowMax: number): WasmZstdStream {
    const { exports, view } = this.wasm;
    const dctx = exports.ZSTD_createDCtx();
    if (dctx === 0) throw new Error('zstd: cannot create a decoding context');
    if (view.getUint32(dctx + this.limitOffset, true) !== DEFAULT_MAX_WINDOW) {
      exports.ZSTD_freeDCtx(dctx);
      throw new Error('zstd: the WebAssembly decoder does not have the layout it was checked for');
    }
    view.setUint32(dctx + this.limitOffset, Math.min(windowMax, WASM_WINDOW_LIMIT) + 1, true);
    return new WasmZstdStream(this.wasm, dctx);
  }

  /** A frame that declares a 1 GiB window (and a content size of 5 bytes): read only when the limit was raised. */
  private selfTest(): boolean {
    const frame = Uint8Array.of(0x28, 0xb5, 0x2f, 0xfd, 0x80, 20 << 3, 5, 0, 0, 0, 0x29, 0, 0, ...Buffer.from('hello'));
    const stream = this.stream(WASM_WINDOW_LIMIT);
    try {
      const out = [...stream.push(frame)];
      stream.end();
      return Buffer.concat(out).toString() === 'hello';
    } catch {
      return false;
    } finally {
      stream.free();
    }
  }
}

/** The one word of a fresh context that holds the default limit, or undefined if there is not exactly one. */
function findLimitOffset(wasm: Wasm): number | undefined {
  const { exports } = wasm;
  const dctx = exports.ZSTD_createDCtx();
  // The next allocation follows the context: the context lies before it.
  const after = exports.malloc(16);
  const size = after - dctx;
  const hits: number[] = [];
  if (dctx !== 0 && size > 0 && size < 1 << 20) {
    for (let at = 0; at + 4 <= size; at += 4)
      if (wasm.view.getUint32(dctx + at, true) === DEFAULT_MAX_WINDOW) hits.push(at);
  }
  exports.free(after);
  if (dctx !== 0) exports.ZSTD_freeDCtx(dctx);
  return hits.length === 1 ? hits[0] : undefined;
}

/** `ZSTD_isError`: the return value is an error code (-1 … -119, as a 32-bit size_t). */
function errorCode(ret: number): number | undefined {
  const unsigned = ret >>> 0;
  return unsigned > 0xffffff88 ? 2 ** 32 - unsigned : undefined;
}

/** A few of libzstd's error codes in words (zstd_errors.h). */
const ERRORS: Readonly<Record<number, string>> = {
  10: 'unknown frame descriptor',
  12: 'unsupported frame parameter',
  14: 'corrupted frame header',
  16: 'window too large',
  20: 'corrupted data',
  22: 'checksum mismatch',
  32: 'a dictionary is needed',
  64: 'out of memory',
};

/** The most output handed out at a time (see the constructor of `WasmZstdStream`). */
const OUTPUT_BYTES = 64 * 1024;

/** One stream of frames: `push` each input piece and take its output; `end` checks the last frame is whole. */
export class WasmZstdStream {
  private readonly outSize: number;
  private readonly output: number;
  /** ZSTD_inBuffer and ZSTD_outBuffer: { pointer, size, pos }, three 32-bit words each. */
  private readonly inBuffer: number;
  private readonly outBuffer: number;
  private input = 0;
  private inputSize = 0;
  /** What the last call returned: 0 once a frame is complete. */
  private last = 0;
  private freed = false;

  constructor(
    private readonly wasm: Wasm,
    private readonly dctx: number,
  ) {
    const e = wasm.exports;
    // 64 KiB pieces rather than libzstd's suggested 128 KiB: the decoder turns each into a string,
    // and a smaller one is more often plain ASCII (decoded as Latin-1, about three times faster).
    this.outSize = Math.min(e.ZSTD_DStreamOutSize(), OUTPUT_BYTES);
    this.output = e.malloc(this.outSize);
    this.inBuffer = e.malloc(12);
    this.outBuffer = e.malloc(12);
    if (this.output === 0 || this.inBuffer === 0 || this.outBuffer === 0) throw new Error('zstd: out of memory');
  }

  /**
   * The output of `piece`, at most OUTPUT_BYTES (64 KiB) at a time: each a copy, or with
   * `inPlace` a view of the decoder's output buffer, valid until the next is asked for.
   */
  *push(piece: Uint8Array, inPlace = false): Generator<Buffer> {
    if (piece.length === 0) return;
    const e = this.wasm.exports;
    if (piece.length > this.inputSize) {
      if (this.input !== 0) e.free(this.input);
      this.input = e.malloc(piece.length);
      this.inputSize = this.input === 0 ? 0 : piece.length;
      if (this.input === 0) throw new Error('zstd: out of memory');
    }
    this.wasm.bytes.set(piece, this.input);
    this.words(this.inBuffer, this.input, piece.length, 0);
    for (;;) {
      this.words(this.outBuffer, this.output, this.outSize, 0);
      const ret = e.ZSTD_decompressStream(this.dctx, this.outBuffer, this.inBuffer);
      const code = errorCode(ret);
      if (code !== undefined) throw new Error(`not valid zstd data (${ERRORS[code] ?? `libzstd error ${code}`})`);
      this.last = ret;
      const view = this.wasm.view;
      const produced = view.getUint32(this.outBuffer + 8, true);
      if (produced > 0) {
        const output = this.wasm.bytes.subarray(this.output, this.output + produced);
        yield inPlace ? Buffer.from(output.buffer, output.byteOffset, produced) : Buffer.from(output);
      }
      // More may come from the same input while the output buffer fills up, unless the frame is
      // done (a call after that would start reading the next frame's header).
      if (view.getUint32(this.inBuffer + 8, true) >= piece.length && (ret === 0 || produced < this.outSize)) return;
    }
  }

  /** Throws when the input ended in the middle of a frame. */
  end(): void {
    if (this.last !== 0) throw new Error('not valid zstd data: it ends in the middle of a frame');
  }

  free(): void {
    if (this.freed) return;
    this.freed = true;
    const e = this.wasm.exports;
    e.ZSTD_freeDCtx(this.dctx);
    for (const pointer of [this.input, this.output, this.inBuffer, this.outBuffer]) if (pointer !== 0) e.free(pointer);
  }

  private words(at: number, a: number, b: number, c: number): void {
    const view = this.wasm.view;
    view.setUint32(at, a, true);
    view.setUint32(at + 4, b, true);
    view.setUint32(at + 8, c, true);
  }
}
