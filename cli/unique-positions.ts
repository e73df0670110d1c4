/**
 * `positions --unique` and `--count`: which positions were seen before, keyed by their 64-bit
 * Polyglot key (as the field does: opening books, lichess's datasets), not by a FEN string.
 *
 * Key decision: the keys live in typed arrays (an open-addressing table of entry numbers and, per
 * entry, the key's two halves and a count), because a `Map` of FEN strings cost some 400 bytes per
 * distinct position (78 MB of PGN reached 2.5 GB). Here a distinct position costs 20 to 40 bytes
 * in the arrays (they double when full; 30 to 60 bytes of peak RSS measured); `--count` also keeps
 * each position's first row until the end, as UTF-8 JSON outside the heap (some 250 bytes). Two different positions share a key with a
 * probability of about n² / 2⁶⁵ for n distinct positions: one in 30 million for a billion positions.
 */
import type { PositionRow } from './output/formats.js';
import type { RowPrinter } from './rows.js';

/** The Polyglot key (16 hex digits) of a row, as the per-game work hands it over. */
export interface KeyedRow {
  readonly key: string;
  readonly row: PositionRow;
}

/** A set of 64-bit keys, each numbered in the order first seen. */
export class PositionKeySet {
  /** Entry number + 1 per slot; 0 is an empty slot. */
  private slots = new Int32Array(1 << 12);
  private hi = new Uint32Array(1 << 11);
  private lo = new Uint32Array(1 << 11);
  /** How often each entry was added. */
  private counts = new Uint32Array(1 << 11);
  size = 0;

  /** Adds the key `hi:lo`; returns its entry number and whether it was new. */
  add(hi: number, lo: number): { entry: number; added: boolean } {
    const mask = this.slots.length - 1;
    // Zobrist keys are uniformly random: their low bits are a good slot number as they are.
    let slot = lo & mask;
    for (;;) {
      const held = this.slots[slot] ?? 0;
      if (held === 0) break;
      const entry = held - 1;
      if (this.lo[entry] === lo && this.hi[entry] === hi) {
        this.counts[entry] = (this.counts[entry] ?? 0) + 1;
        return { entry, added: false };
      }
      slot = (slot + 1) & mask;
    }
    const entry = this.size++;
    if (entry >= this.hi.length) this.growEntries();
    this.hi[entry] = hi;
    this.lo[entry] = lo;
    this.counts[entry] = 1;
    this.slots[slot] = entry + 1;
    // At most half full, so that probes stay short.
    if (this.size * 2 > this.slots.length) this.rehash();
    return { entry, added: true };
  }

  count(entry: number): number {
    return this.counts[entry] ?? 0;
  }

  private growEntries(): void {
    const grow = (a: Uint32Array<ArrayBuffer>): Uint32Array<ArrayBuffer> => {
      const bigger = new Uint32Array(a.length * 2);
      bigger.set(a);
      return bigger;
    };
    this.hi = grow(this.hi);
    this.lo = grow(this.lo);
    this.counts = grow(this.counts);
  }

  private rehash(): void {
    const slots = new Int32Array(this.slots.length * 2);
    const mask = slots.length - 1;
    for (let entry = 0; entry < this.size; entry++) {
      let slot = (this.lo[entry] ?? 0) & mask;
      while (slots[slot] !== 0) slot = (slot + 1) & mask;
      slots[slot] = entry + 1;
    }
    this.slots = slots;
  }
}

/** The two 32-bit halves of a 16-hex-digit key. */
function halves(key: string): [number, number] {
  return [Number.parseInt(key.slice(0, 8), 16), Number.parseInt(key.slice(8, 16), 16)];
}

/**
 * Strings kept outside the JavaScript heap, in first-in first-out order: UTF-8 in 1 MiB buffers.
 * Kept as JS strings, the first rows of a million positions took 600 MB more than their length,
 * the garbage collector letting the heap grow to several times what was live.
 */
class StringQueue {
  private static readonly CHUNK = 1 << 20;
  private readonly chunks: (Buffer | undefined)[] = [];
  private readonly used: number[] = [];
  private lengths = new Uint32Array(1 << 11);
  private count = 0;

  push(text: string): void {
    const bytes = Buffer.byteLength(text);
    let last = this.chunks.length - 1;
    let chunk = this.chunks[last];
    let at = this.used[last] ?? 0;
    if (chunk === undefined || at + bytes > chunk.length) {
      chunk = Buffer.allocUnsafe(Math.max(StringQueue.CHUNK, bytes));
      this.chunks.push(chunk);
      this.used.push(0);
      last++;
      at = 0;
    }
    chunk.write(text, at, 'utf8');
    this.used[last] = at + bytes;
    if (this.count === this.lengths.length) {
      const bigger = new Uint32Array(this.lengths.length * 2);
      bigger.set(this.lengths);
      this.lengths = bigger;
    }
    this.lengths[this.count++] = bytes;
  }

  /** Every string in the order pushed; each buffer is let go once read. */
  *drain(): Generator<string> {
    let chunk = 0;
    let at = 0;
    for (let i = 0; i < this.count; i++) {
      const bytes = this.lengths[i] ?? 0;
      if (at + bytes > (this.used[chunk] ?? 0)) {
        this.chunks[chunk] = undefined;
        chunk++;
        at = 0;
      }
      yield (this.chunks[chunk] as Buffer).toString('utf8', at, at + bytes);
      at += bytes;
    }
    this.chunks.length = 0;
    this.count = 0;
  }
}

/**
 * --unique: each position's first occurrence printed at once; with --count, each first row kept
 * (as JSON, outside the heap) in first-seen order and printed at the end, when the counts are known.
 */
export class UniqueSink {
  private readonly keys = new PositionKeySet();
  /** With --count: the first row of each entry, as JSON, in entry order. */
  private readonly firstRows = new StringQueue();

  constructor(
    private readonly printer: RowPrinter,
    private readonly counting: boolean,
  ) {}

  add({ key, row }: KeyedRow): void {
    const [hi, lo] = halves(key);
    const { added } = this.keys.add(hi, lo);
    if (!added) return;
    if (this.counting) this.firstRows.push(JSON.stringify(row));
    else this.printer.print(row);
  }

  /** With --count, prints the kept rows; `flush` is called after each so the output never piles up. */
  async end(flush: () => Promise<void>): Promise<void> {
    if (!this.counting) return;
    let entry = 0;
    for (const json of this.firstRows.drain()) {
      const row = JSON.parse(json) as PositionRow;
      this.printer.print({ ...row, count: this.keys.count(entry++) });
      await flush();
    }
  }
}
