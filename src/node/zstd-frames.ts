/**
 * Walks the frame and block headers of a zstd stream without decompressing it (RFC 8878 §3.1): to
 * refuse a frame whose declared window is above the limit before any decoder allocates it, and to
 * cut the compressed bytes into pieces of at most `BLOCKS_PER_PIECE` blocks, so that one piece never
 * decompresses to more than 16 × 128 KiB whatever the compression ratio (a run of RLE blocks turns
 * 4 bytes into 128 KiB each). O(input) time, a few bytes of state.
 */

/** The reference tool's default limit (`zstd -d` refuses larger windows without `--long`/`--memory`). */
export const DEFAULT_ZSTD_WINDOW_MAX = 128 * 1024 * 1024;
const BLOCKS_PER_PIECE = 16;

/** A frame that needs more window than allowed (no byte of it has been passed on). */
export class ZstdWindowError extends Error {
  constructor(
    readonly window: number,
    readonly limit: number,
  ) {
    super(`a zstd frame needs a ${mib(window)} window, above the limit of ${mib(limit)}`);
  }
}

export function mib(bytes: number): string {
  const m = bytes / (1024 * 1024);
  return m >= 1024 && Number.isInteger(m / 1024) ? `${m / 1024} GiB` : `${Number.isInteger(m) ? m : m.toFixed(1)} MiB`;
}

enum State {
  Magic,
  FrameHeader,
  BlockHeader,
  Skip,
  SkippableSize,
  /** Not a frame we know: passed on as it is, for the decoder to judge. */
  Opaque,
}

export class ZstdFrameScanner {
  private state = State.Magic;
  private readonly header: number[] = [];
  /** Bytes of the frame header still to come (known once its descriptor byte is read). */
  private headerLength = 0;
  private skip = 0;
  private checksum = false;
  private blocks = 0;

  constructor(private readonly limit: number) {}

  /**
   * The chunk cut into pieces to decode in turn; `error` when a frame needs too large a window,
   * in which case the pieces are everything before that frame.
   */
  feed(chunk: Uint8Array): { pieces: Uint8Array[]; error?: ZstdWindowError } {
    const pieces: Uint8Array[] = [];
    let start = 0;
    let at = 0;
    while (at < chunk.length) {
      switch (this.state) {
        case State.Opaque:
          at = chunk.length;
          break;
        case State.Skip: {
          const n = Math.min(this.skip, chunk.length - at);
          this.skip -= n;
          at += n;
          if (this.skip === 0) this.state = this.afterSkip;
          break;
        }
        case State.Magic:
        case State.SkippableSize:
        case State.BlockHeader: {
          if (this.state === State.BlockHeader && this.header.length === 0 && this.blocks >= BLOCKS_PER_PIECE) {
            if (at > start) pieces.push(chunk.subarray(start, at));
            start = at;
            this.blocks = 0;
          }
          this.header.push(chunk[at++] ?? 0);
          const need = this.state === State.BlockHeader ? 3 : 4;
          if (this.header.length === need) this.headerDone();
          break;
        }
        case State.FrameHeader: {
          this.header.push(chunk[at++] ?? 0);
          if (this.header.length === 1) this.headerLength = frameHeaderLength(this.header[0] ?? 0);
          if (this.header.length === this.headerLength) {
            const window = frameWindow(this.header);
            this.checksum = ((this.header[0] ?? 0) & 4) !== 0;
            this.header.length = 0;
            if (window > this.limit) {
              // Everything before this frame's magic number is passed on; the frame is not.
              const frameStart = at - this.headerLength - 4;
              if (frameStart > start) pieces.push(chunk.subarray(start, frameStart));
              return { pieces, error: new ZstdWindowError(window, this.limit) };
            }
            this.state = State.BlockHeader;
          }
          break;
        }
      }
    }
    if (at > start) pieces.push(chunk.subarray(start, at));
    return { pieces };
  }

  private afterSkip: State = State.Magic;

  private headerDone(): void {
    const h = this.header;
    const word = ((h[0] ?? 0) | ((h[1] ?? 0) << 8) | ((h[2] ?? 0) << 16) | ((h[3] ?? 0) << 24)) >>> 0;
    h.length = 0;
    switch (this.state) {
      case State.Magic:
        if (word === 0xfd2fb528) this.state = State.FrameHeader;
        else if (word >>> 4 === 0x184d2a5) this.state = State.SkippableSize;
        else this.state = State.Opaque;
        return;
      case State.SkippableSize:
        this.skipThen(word, State.Magic);
        return;
      case State.BlockHeader: {
        const last = (word & 1) === 1;
        const type = (word >>> 1) & 3;
        const size = (word >>> 3) & 0x1fffff;
        this.blocks++;
        if (type === 3) {
          this.state = State.Opaque; // reserved block type: corrupt, the decoder says so
          return;
        }
        const body = type === 1 ? 1 : size;
        this.skipThen(body + (last && this.checksum ? 4 : 0), last ? State.Magic : State.BlockHeader);
        return;
      }
      default:
        return;
    }
  }

  private skipThen(bytes: number, next: State): void {
    if (bytes === 0) {
      this.state = next;
      return;
    }
    this.skip = bytes;
    this.afterSkip = next;
    this.state = State.Skip;
  }
}

/** Length of the frame header after the magic number, from its descriptor byte. */
function frameHeaderLength(descriptor: number): number {
  const fcsFlag = descriptor >>> 6;
  const single = (descriptor & 0x20) !== 0;
  const dictFlag = descriptor & 3;
  const fcsBytes = fcsFlag === 0 ? (single ? 1 : 0) : 1 << fcsFlag;
  return 1 + (single ? 0 : 1) + (dictFlag === 3 ? 4 : dictFlag) + fcsBytes;
}

/** The window a frame declares (for a single-segment frame, its content size). */
function frameWindow(header: readonly number[]): number {
  const descriptor = header[0] ?? 0;
  const single = (descriptor & 0x20) !== 0;
  if (!single) {
    const w = header[1] ?? 0;
    const base = 2 ** (10 + (w >>> 3));
    return base + (base / 8) * (w & 7);
  }
  const fcsFlag = descriptor >>> 6;
  const dictFlag = descriptor & 3;
  const at = 1 + (dictFlag === 3 ? 4 : dictFlag);
  const bytes = fcsFlag === 0 ? 1 : 1 << fcsFlag;
  let size = 0;
  for (let i = bytes - 1; i >= 0; i--) size = size * 256 + (header[at + i] ?? 0);
  return fcsFlag === 1 ? size + 256 : size;
}
