/**
 * Rows written as UTF-8 bytes, for the text formats of `fens`: the FENs straight from the replay's
 * log (`PlyRecord.writeFen`), the other cells from their strings, so no line is ever a string and
 * nothing is encoded again on the way out.
 *
 * The bytes go into blocks that only grow: a game's rows are one view into a block (`take`), and
 * a block is never written again once a view of it is handed out (the output writer keeps views
 * until it flushes them, and joins the neighbours of one block into one write). When a block is
 * full, the rows of the game so far move to a new one (of which they take at most half).
 */
import type { PlyRecord } from '../../src/index.js';

const BLOCK_SIZE = 256 * 1024;
/** Room a FEN and its line end always fit in (`FenWriter` writes none longer than 160 bytes). */
const FEN_ROOM = 256;
/** Longest cell `ascii` makes room for (a guard against a writer that never fits). */
const MAX_ASCII_CELL = 1 << 24;
const encoder = new TextEncoder();

export class RowBytes {
  private block = new Uint8Array(BLOCK_SIZE);
  /** Where the rows not yet taken start, and where the next byte goes. */
  private start = 0;
  private at = 0;

  /** Appends `text` as UTF-8. */
  text(text: string): void {
    const n = text.length;
    this.room(n);
    const block = this.block;
    let at = this.at;
    for (let i = 0; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c >= 0x80) {
        // Not ASCII: the rest through the encoder (at most 3 bytes per UTF-16 unit).
        this.at = at;
        this.room(3 * (n - i));
        this.at += encoder.encodeInto(text.slice(i), this.block.subarray(this.at)).written;
        return;
      }
      block[at++] = c;
    }
    this.at = at;
  }

  /** Appends one ASCII character (a separator, a quote, the line end). */
  char(code: number): void {
    this.room(1);
    this.block[this.at++] = code;
  }

  /** Appends the FEN of `record`, with no string made. */
  fen(record: PlyRecord): void {
    this.room(FEN_ROOM);
    const end = record.writeFen(this.block, this.at);
    if (end < 0) throw new Error(`FEN of ply ${record.ply} longer than ${FEN_ROOM - 1} bytes`);
    this.at = end;
  }

  /** Appends the FEN of `record` and a line end (the text format's row), with no string made. */
  fenLine(record: PlyRecord): void {
    this.fen(record);
    this.block[this.at++] = 10; // within FEN_ROOM
  }

  /**
   * Appends an ASCII cell that `write` lays out itself (`ColumnSpec.writeAscii`: where it ends, or
   * -1 when the room left is too short, in which case it is asked again with more).
   */
  ascii(record: PlyRecord, write: (record: PlyRecord, out: Uint8Array, at: number) => number): void {
    for (let room = FEN_ROOM; ; room *= 2) {
      this.room(room);
      const end = write(record, this.block, this.at);
      if (end >= 0) {
        this.at = end;
        return;
      }
      if (room > MAX_ASCII_CELL) throw new Error(`a cell of ply ${record.ply} is longer than ${MAX_ASCII_CELL} bytes`);
    }
  }

  /** The bytes appended since the last `take` (a view that is never written again). */
  take(): Uint8Array {
    const taken = this.block.subarray(this.start, this.at);
    this.start = this.at;
    return taken;
  }

  /** Forgets the bytes appended since the last `take` (a game that failed half-way). */
  discard(): void {
    this.at = this.start;
  }

  /** Makes room for `n` more bytes, moving the rows not yet taken to a new block if needed. */
  private room(n: number): void {
    if (this.at + n <= this.block.length) return;
    const sofar = this.block.subarray(this.start, this.at);
    const block = new Uint8Array(Math.max(BLOCK_SIZE, 2 * (sofar.length + n)));
    block.set(sofar, 0);
    this.block = block;
    this.start = 0;
    this.at = sofar.length;
  }
}
