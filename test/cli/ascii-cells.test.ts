/**
 * Parquet's FEN column as page bytes (cli/output/ascii-cells.ts): the layout (a 4-byte length, then
 * the characters), growth past the first guess of 96 bytes a row, parts joined, and the way back to
 * strings; then the real thing, FENs of replayed games against `record.fen`.
 */
import { describe, expect, it } from 'vitest';
import { type AsciiCells, asciiCells, cellCount, concatCells, isAsciiCells } from '../../cli/output/ascii-cells.js';
import { parsePgn, replay, type PlyRecord } from '../../src/index.js';

/** The values of `cells` back as strings. */
function asciiStrings(cells: AsciiCells): string[] {
  const values: string[] = [];
  const view = new DataView(cells.ascii.buffer, cells.ascii.byteOffset, cells.ascii.byteLength);
  for (let at = 0; at < cells.ascii.length; ) {
    const length = view.getUint32(at, true);
    values.push(String.fromCharCode(...cells.ascii.subarray(at + 4, at + 4 + length)));
    at += 4 + length;
  }
  return values;
}

/** Writes `texts[i]` for the i-th fake record (records are only handed back to `write`). */
function cellsOf(texts: readonly string[]) {
  const records = texts.map((_, i) => i as unknown as PlyRecord);
  return asciiCells(records, (record, out, at) => {
    const text = texts[record as unknown as number] as string;
    if (at + text.length > out.length) return -1;
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
    return at + text.length;
  });
}

describe('AsciiCells', () => {
  it('lays each value out as a little-endian length, then its characters', () => {
    const cells = cellsOf(['ab', '', 'xyz']);
    expect(cells.rows).toBe(3);
    expect([...cells.ascii]).toEqual([2, 0, 0, 0, 97, 98, 0, 0, 0, 0, 3, 0, 0, 0, 120, 121, 122]);
    expect(asciiStrings(cells)).toEqual(['ab', '', 'xyz']);
  });

  it('grows past 96 bytes a row, keeping what was written', () => {
    const texts = ['short', 'x'.repeat(300), 'y'.repeat(70_000), 'tail'];
    const cells = cellsOf(texts);
    expect(asciiStrings(cells)).toEqual(texts);
    expect(cells.ascii.length).toBe(texts.reduce((n, t) => n + 4 + t.length, 0));
  });

  it('joins parts in order, and counts rows of either kind', () => {
    const joined = concatCells([cellsOf(['a', 'bb']), cellsOf([]), [], cellsOf(['ccc'])]);
    expect(isAsciiCells(joined)).toBe(true);
    expect(cellCount(joined)).toBe(3);
    expect(asciiStrings(joined as AsciiCells)).toEqual(['a', 'bb', 'ccc']);
    expect(concatCells([[1, 2], [3]])).toEqual([1, 2, 3]);
    expect(cellCount([1, 2])).toBe(2);
    expect(cellCount(undefined)).toBe(0);
  });

  it('holds the same FENs as record.fen, 16-digit counters included', () => {
    const pgn = [
      '[Event "a"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O *\n',
      // Counters of 16 digits (kings' moves keep the halfmove clock growing).
      '[Event "b"]\n[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/4P3/4K2R w K - 1234567890123456 9007199254740990"]\n\n9007199254740990. Kd1 Kd7 9007199254740991. Ke1 *\n',
    ].join('\n');
    for (const game of parsePgn(pgn)) {
      const records = [...replay(game)];
      expect(records.length).toBeGreaterThanOrEqual(3);
      const cells = asciiCells(records, (r, out, at) => r.writeFen(out, at));
      expect(asciiStrings(cells)).toEqual(records.map((r) => r.fen));
    }
  });
});
