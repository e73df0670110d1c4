/**
 * Column values as the bytes of a Parquet PLAIN page (`AsciiCells`): how the FEN column travels
 * from the replay to the Parquet writer without a string per row (the text output's trick, see
 * `PlyRecord.writeFen`). The layout is the page's, so the writer takes a part in one copy.
 */
import type { PlyRecord } from '../../src/index.js';

/**
 * A column's values for some rows as the bytes of a Parquet PLAIN page: each one a 4-byte
 * little-endian length, then its ASCII characters. Parquet's FEN column is built so (`writeAscii`),
 * straight from the replay, without a string per row.
 */
export interface AsciiCells {
  readonly ascii: Uint8Array;
  readonly rows: number;
}

export function isAsciiCells(cells: unknown): cells is AsciiCells {
  return typeof cells === 'object' && cells !== null && 'ascii' in cells;
}

/** How many rows `cells` holds. */
export function cellCount(cells: AsciiCells | readonly unknown[] | undefined): number {
  return cells === undefined ? 0 : isAsciiCells(cells) ? cells.rows : cells.length;
}

/** The values of `records` as `AsciiCells`, each written by `write` (see `ColumnSpec.writeAscii`). */
export function asciiCells(
  records: readonly PlyRecord[],
  write: (record: PlyRecord, out: Uint8Array, at: number) => number,
): AsciiCells {
  let out = new Uint8Array(records.length * 96);
  let at = 0;
  for (const record of records) {
    let end = out.length - at >= 4 ? write(record, out, at + 4) : -1;
    while (end < 0) {
      const grown = new Uint8Array(out.length * 2 + 256);
      grown.set(out.subarray(0, at));
      out = grown;
      end = write(record, out, at + 4);
    }
    const length = end - at - 4;
    out[at] = length & 0xff;
    out[at + 1] = (length >>> 8) & 0xff;
    out[at + 2] = (length >>> 16) & 0xff;
    out[at + 3] = length >>> 24;
    at = end;
  }
  return { ascii: out.subarray(0, at), rows: records.length };
}

/** The cells of several parts of one column, in order, as one. */
export function concatCells<T>(parts: readonly (readonly T[] | AsciiCells)[]): readonly T[] | AsciiCells {
  const blocks = parts.filter(isAsciiCells);
  if (blocks.length === 0) return (parts as readonly (readonly T[])[]).flat() as T[];
  const ascii = new Uint8Array(blocks.reduce((n, b) => n + b.ascii.length, 0));
  let at = 0;
  for (const block of blocks) {
    ascii.set(block.ascii, at);
    at += block.ascii.length;
  }
  return { ascii, rows: blocks.reduce((n, b) => n + b.rows, 0) };
}
