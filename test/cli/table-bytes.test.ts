/**
 * A game's Parquet values on their way from a `--jobs` worker (cli/output/table-bytes.ts): every
 * kind of column must come back as it went, at any offset in a shared buffer (the main thread reads
 * each game's bytes as a view into the worker's reply).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ColumnCells } from '../../cli/columns.js';
import { asciiCells } from '../../cli/output/ascii-cells.js';
import {
  codedValues,
  type DecodedCells,
  decodeTable,
  encodeTable,
  isCodedCells,
} from '../../cli/output/table-bytes.js';
import { parsePgn, replay } from '../../src/index.js';

const records = [...replay([...parsePgn('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 *')][0]!)];
const fens = asciiCells(records, (r, out, at) => r.writeFen(out, at));

/** The values of a decoded column, one per row (integers come as an Int32Array, strings coded). */
function valuesOf(cells: DecodedCells | undefined): unknown {
  if (cells instanceof Int32Array) return Array.from(cells);
  return isCodedCells(cells) ? codedValues(cells) : cells;
}

const COLUMNS: readonly (readonly [string, ColumnCells])[] = [
  ['the same string on every row', Array(6).fill('game.pgn#1')],
  ['the same number', Array(6).fill(2850)],
  ['nulls only', Array(6).fill(null)],
  ['integers', [1, 2, 3, -4, 0, 2 ** 31 - 1]],
  ['integers past 32 bits', [1, 2 ** 31, 3, -(2 ** 31) - 1, 5, 6]],
  ['integers and a null', [1, null, 3, 4, 5, 6]],
  ['doubles', [0.5, 179.5, 1, 2, 3.25, 0]],
  ['strings and nulls', [null, 'e4', 'e5', 'Nf3', 'e5', null]],
  ['strings with quotes and non-ASCII', ['"x"', 'Ünal', '\\', '', 'é', '😀']],
  ['lists', [[], [1], [1, 14], [], [3], []]],
];

describe('encodeTable / decodeTable', () => {
  for (const [name, cells] of COLUMNS) {
    it(`gives back ${name}`, () => {
      const [back] = decodeTable(encodeTable([cells]));
      expect(valuesOf(back)).toEqual(cells);
    });
  }

  it('gives back the FEN page bytes and every column of a table, at any offset of a shared buffer', () => {
    const table: ColumnCells[] = [fens, ...COLUMNS.map(([, cells]) => cells), fens];
    const bytes = encodeTable(table);
    for (const offset of [0, 1, 2, 3, 5]) {
      const shared = new Uint8Array(new SharedArrayBuffer(bytes.length + offset + 3));
      shared.set(bytes, offset);
      const back = decodeTable(shared.subarray(offset, offset + bytes.length));
      expect(back.length).toBe(table.length);
      for (const i of [0, back.length - 1]) {
        const cells = back[i] as { ascii: Uint8Array; rows: number };
        expect(cells.rows).toBe(6);
        expect(Buffer.from(cells.ascii).equals(Buffer.from(fens.ascii))).toBe(true);
      }
      expect(back.slice(1, -1).map(valuesOf)).toEqual(table.slice(1, -1));
    }
  });

  it('gives back the SAN, UCI and plies of a real game', () => {
    const pgn = readFileSync(join(import.meta.dirname, '../../samples/kasparov-deep-blue-1997-game1.pgn'), 'latin1');
    const game = [...replay([...parsePgn(pgn)][0]!)];
    const columns = [game.map((r) => r.canonicalSan), game.map((r) => r.uci), game.map((r) => r.ply)];
    const table: ColumnCells[] = [asciiCells(game, (r, out, at) => r.writeFen(out, at)), ...columns];
    expect(decodeTable(encodeTable(table)).slice(1).map(valuesOf)).toEqual(columns);
  });
});
