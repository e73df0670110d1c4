/**
 * The flat column chunks of `parquet-chunks.ts` read back by hyparquet and DuckDB: dictionary and
 * PLAIN chunks (a dictionary that does not pay), nulls, a column of nulls only, signed zeros, text
 * beyond ASCII, and the statistics of each row group.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetMetadata, parquetReadObjects } from 'hyparquet';
import { afterAll, describe, expect, it } from 'vitest';
import {
  FLAT_ROW_GROUP_ROWS,
  ParquetSink,
  ROW_GROUP_ROWS,
  type ParquetColumn,
  type ParquetValue,
} from '../../cli/output/parquet.js';
import { removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const COLUMNS: ParquetColumn[] = [
  { name: 'id', type: 'int' },
  { name: 'few', type: 'string' },
  { name: 'unique', type: 'string' },
  { name: 'fen', type: 'string' },
  { name: 'x', type: 'double' },
  { name: 'none', type: 'int' },
  { name: 'big', type: 'int' },
  { name: 'nags', type: 'ints' },
  { name: 'wide', type: 'int' },
  { name: 'runs', type: 'string' },
];

function rowOf(i: number): ParquetValue[] {
  return [
    i,
    i % 7 === 0 ? null : (['é', 'b', '\u{1F600}', 'a'][i % 4] as string),
    `value ${i} ${'ü'.repeat(i % 5)}`,
    i % 11 === 5 ? null : `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 ${i}`,
    [-0, 0, 1.5, -2.25, null][i % 5] as number | null,
    null,
    i % 3 === 0 ? -5_000_000 + i : 100_000 + (i % 13),
    i % 4 === 0 ? [1, i % 9] : [],
    i % 17 === 3 ? null : (i * 7919) % 600,
    `game ${Math.floor(i / 20) % 700}`,
  ];
}

async function duckdb(sql: string): Promise<Record<string, unknown>[]> {
  const db = await DuckDBInstance.create(':memory:');
  const connection = await db.connect();
  const rows = (await connection.runAndReadAll(sql)).getRowObjectsJson() as Record<string, unknown>[];
  connection.closeSync();
  return rows;
}

describe('parquet column chunks', () => {
  it('read back as written, in every encoding, with each row group statistics', async () => {
    const file = join(tempDir(), 'chunks.parquet');
    const sink = new ParquetSink(file, COLUMNS, 'test');
    const total = ROW_GROUP_ROWS + 2_345;
    const rows = Array.from({ length: total }, (_, i) => rowOf(i));
    // Added in pieces of a game's size, column by column.
    for (let at = 0; at < total; at += 97) {
      const piece = rows.slice(at, at + 97);
      sink.add(COLUMNS.map((_, c) => piece.map((row) => row[c] as ParquetValue)));
    }
    sink.close();
    const bytes = readFileSync(file);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const read = await parquetReadObjects({ file: buffer });
    expect(read.length).toBe(total);
    for (let i = 0; i < total; i++) {
      const want = rowOf(i);
      const got = read[i] as Record<string, unknown>;
      COLUMNS.forEach((column, c) => {
        const value = want[c];
        // -0 and +0 each read back as written.
        if (value === 0) expect([i, column.name, Object.is(got[column.name], value)]).toEqual([i, column.name, true]);
        else expect(got[column.name]).toEqual(value);
      });
    }
    const meta = parquetMetadata(buffer);
    // A group is written once a piece takes it to ROW_GROUP_ROWS or more.
    const firstGroup = Math.ceil(ROW_GROUP_ROWS / 97) * 97;
    expect(meta.row_groups.map((g) => Number(g.num_rows))).toEqual([firstGroup, total - firstGroup]);
    const [first] = meta.row_groups;
    const encodings = first?.columns.map((c) => c.meta_data?.encodings);
    expect(encodings?.[1]).toEqual(['PLAIN', 'RLE_DICTIONARY']); // few distinct strings
    expect(encodings?.[2]).toEqual(['PLAIN']); // every value distinct: the dictionary does not pay
    expect(encodings?.[3]).toEqual(['PLAIN']); // FENs
    expect(encodings?.[8]).toEqual(['PLAIN', 'RLE_DICTIONARY']); // 10-bit indexes, with nulls
    expect(encodings?.[9]).toEqual(['PLAIN', 'RLE_DICTIONARY']); // runs of 20
    const firstRows = rows.slice(0, firstGroup);
    const stats = first?.columns.map((c) => c.meta_data?.statistics);
    expect(stats?.[0]).toMatchObject({ min_value: 0, max_value: firstGroup - 1, null_count: 0n });
    // UTF-8 byte order: the emoji (4 bytes from F0) sorts after é (C3).
    expect(stats?.[1]).toMatchObject({ min_value: 'a', max_value: '\u{1F600}' });
    expect(stats?.[1]?.null_count).toBe(BigInt(firstRows.filter((r) => r[1] === null).length));
    expect(stats?.[3]).toEqual({ null_count: BigInt(firstRows.filter((r) => r[3] === null).length) });
    expect(stats?.[4]).toMatchObject({ min_value: -2.25, max_value: 1.5 });
    expect(stats?.[5]).toEqual({ null_count: BigInt(firstRows.length) });
    expect(stats?.[6]).toMatchObject({ min_value: -5_000_000, max_value: 100_012 });

    // DuckDB's own reader agrees.
    const [summary] = await duckdb(
      `SELECT count(*)::INT AS n, count(few)::INT AS few, count(fen)::INT AS fens, sum(big)::BIGINT AS big, count(none)::INT AS none, string_agg(DISTINCT few, '' ORDER BY few) AS letters FROM read_parquet('${file}')`,
    );
    expect(summary).toEqual({
      n: total,
      few: rows.filter((r) => r[1] !== null).length,
      fens: rows.filter((r) => r[3] !== null).length,
      big: String(rows.reduce((s, r) => s + (r[6] as number), 0)),
      none: 0,
      letters: 'abé\u{1F600}',
    });
  });

  it('row groups of FLAT_ROW_GROUP_ROWS when no column is a list, each read back whole', async () => {
    const file = join(tempDir(), 'flat.parquet');
    const flat = COLUMNS.filter((c) => c.type !== 'ints');
    expect(flat.length).toBe(COLUMNS.length - 1);
    const sink = new ParquetSink(file, flat, 'test');
    const total = 2 * FLAT_ROW_GROUP_ROWS + 1_234;
    const piece = 500;
    for (let at = 0; at < total; at += piece) {
      const rows = Array.from({ length: Math.min(piece, total - at) }, (_, k) => rowOf(at + k));
      sink.add(flat.map((column) => rows.map((row) => row[COLUMNS.indexOf(column)] as ParquetValue)));
    }
    sink.close();
    const bytes = readFileSync(file);
    const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
    const groups = parquetMetadata(buffer).row_groups.map((g) => Number(g.num_rows));
    // A group is written once a piece takes it to FLAT_ROW_GROUP_ROWS or more.
    const first = Math.ceil(FLAT_ROW_GROUP_ROWS / piece) * piece;
    expect(groups).toEqual([first, first, total - 2 * first]);
    const [summary] = await duckdb(
      `SELECT count(*)::INT AS n, min(id)::INT AS lo, max(id)::INT AS hi, count(DISTINCT id)::INT AS ids FROM read_parquet('${file}')`,
    );
    expect(summary).toEqual({ n: total, lo: 0, hi: total - 1, ids: total });
  });
});
