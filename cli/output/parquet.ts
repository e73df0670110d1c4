/**
 * `--format parquet -o FILE`: rows written as Apache Parquet through hyparquet-writer (pure
 * JavaScript, no native build; the same authors' hyparquet reads it back), with typed columns
 * (UTF8 strings, INT32, DOUBLE, a LIST of INT32 for `nags`), every column nullable, Snappy
 * compression (our own compressor, `snappy.ts`: the library's took a fifth of the run) and
 * min/max/null-count statistics.
 *
 * Memory stays flat: values are gathered column by column and written as a row group each time
 * `ROW_GROUP_ROWS` rows have come in (10,000: the values of a larger group outlive V8's young
 * generation, and the garbage collector's copying then cost more than the writing; peak RSS is
 * about 150 MB with three columns, 200 MB with all); the file writer hands the bytes to the file
 * every megabyte.
 * The file is written under a temporary name beside FILE and renamed over it only when the run
 * ends (`close`), so a failed or interrupted run never leaves half a Parquet file under FILE.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import type { CellValue, ColumnType } from '../columns.js';
import { snappyCompress } from './snappy.js';

/** The column types a Parquet file can hold: the row columns' and the list columns of `games`. */
export type ParquetType = ColumnType | 'strings' | 'doubles' | 'nullable-ints';
export type ParquetValue = CellValue | readonly (string | number | null)[];

/** A column to write: its name and type. */
export interface ParquetColumn {
  readonly name: string;
  readonly type: ParquetType;
}

export const ROW_GROUP_ROWS = 10_000;
const NO_STATISTICS = new Set(['fen', 'epd', 'polyglot', 'comment', 'movetext', 'start_fen']);
/**
 * Columns of ASCII text whose values hardly repeat: written PLAIN (a dictionary would not pay), from
 * one buffer per row group (see `AsciiColumn`).
 */
const ASCII_PLAIN = new Set(['fen', 'epd', 'polyglot']);
const FLUSH_BYTES = 1 << 20;

type SchemaElement = ConstructorParameters<typeof ParquetWriter>[0]['schema'][number];

/** The Parquet schema of the columns (a root, then one element per column; three for a list). */
export function parquetSchema(specs: readonly ParquetColumn[]): SchemaElement[] {
  const schema: SchemaElement[] = [{ name: 'root', num_children: specs.length }];
  for (const s of specs) schema.push(...elementsOf(s.name, s.type));
  return schema;
}

function elementsOf(name: string, type: ParquetType): SchemaElement[] {
  switch (type) {
    case 'string':
      return [{ name, type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'OPTIONAL' }];
    case 'int':
      return [{ name, type: 'INT32', repetition_type: 'OPTIONAL' }];
    case 'double':
      return [{ name, type: 'DOUBLE', repetition_type: 'OPTIONAL' }];
    case 'ints':
      return listOf(name, { name: 'element', type: 'INT32', repetition_type: 'REQUIRED' });
    case 'nullable-ints':
      return listOf(name, { name: 'element', type: 'INT32', repetition_type: 'OPTIONAL' });
    case 'doubles':
      return listOf(name, { name: 'element', type: 'DOUBLE', repetition_type: 'OPTIONAL' });
    case 'strings':
      return listOf(name, { name: 'element', type: 'BYTE_ARRAY', converted_type: 'UTF8', repetition_type: 'REQUIRED' });
  }
}

/** The three-level LIST of the Parquet format: `name` (LIST) → `list` (repeated) → `element`. */
function listOf(name: string, element: SchemaElement): SchemaElement[] {
  return [
    { name, repetition_type: 'OPTIONAL', num_children: 1, converted_type: 'LIST' },
    { name: 'list', repetition_type: 'REPEATED', num_children: 1 },
    element,
  ];
}

export class ParquetSink {
  /** Rows written so far (row groups on disk and the one being gathered). */
  written = 0;
  private readonly temp: string;
  private readonly fd: number;
  private readonly writer: ParquetWriter;
  private columns: ParquetValue[][];
  /** The ASCII_PLAIN columns' text, by column index (undefined for the others). */
  private readonly ascii: (AsciiColumn | undefined)[];
  /** The statistics of the flat columns that keep them, gathered as the rows come in (see `Bounds`). */
  private readonly bounds: (Bounds | undefined)[];
  private gathered = 0;
  private closed = false;

  /** Creates the temporary file at once, so that an unwritable place fails before any work. */
  constructor(
    private readonly path: string,
    private readonly specs: readonly ParquetColumn[],
    createdBy: string,
  ) {
    this.temp = join(dirname(path), `.${basename(path)}.${process.pid}.partial`);
    this.fd = openSync(this.temp, 'w');
    const fd = this.fd;
    const bytes = new ByteWriter();
    // Hand the bytes to the file every megabyte (as hyparquet-writer's own fileWriter does), but
    // into our temporary file descriptor.
    const ensure = bytes.ensure.bind(bytes);
    const flush = (): void => {
      if (bytes.index > 0) writeSync(fd, new Uint8Array(bytes.buffer, 0, bytes.index));
      bytes.index = 0;
    };
    bytes.ensure = (size: number): void => {
      if (bytes.index > FLUSH_BYTES) flush();
      ensure(size);
    };
    bytes.finish = flush;
    this.writer = new ParquetWriter({
      writer: bytes,
      schema: parquetSchema(specs),
      codec: 'SNAPPY',
      compressors: { SNAPPY: snappyCompress },
      statistics: true,
      createdBy,
    });
    this.columns = specs.map(() => []);
    this.ascii = specs.map((s) => (ASCII_PLAIN.has(s.name) && s.type === 'string' ? new AsciiColumn() : undefined));
    this.bounds = specs.map((s) =>
      FLAT.has(s.type) ? new Bounds(s.type === 'double', !NO_STATISTICS.has(s.name)) : undefined,
    );
  }

  /** Adds a game's rows, given column by column (each array as long as the others). */
  add(table: readonly (readonly ParquetValue[])[]): void {
    const rows = table[0]?.length ?? 0;
    if (rows === 0) return;
    for (let c = 0; c < this.columns.length; c++) {
      const ascii = this.ascii[c];
      const bounds = this.bounds[c];
      if (ascii) {
        for (const v of table[c] as readonly (string | null)[]) ascii.push(v);
        bounds?.add(table[c] as readonly (string | null)[]);
        continue;
      }
      const target = this.columns[c] as ParquetValue[];
      if (bounds) bounds.add(table[c] as readonly (string | number | null)[], target);
      else for (const v of table[c] as readonly ParquetValue[]) target.push(v);
    }
    this.gathered += rows;
    this.written += rows;
    if (this.gathered >= ROW_GROUP_ROWS) this.writeGroup();
  }

  /** Writes the last row group and the footer, then puts the file in place. */
  close(): void {
    if (this.closed) return;
    this.writeGroup();
    this.writer.finish();
    closeSync(this.fd);
    this.closed = true;
    renameSync(this.temp, this.path);
  }

  /** Leaves no temporary file behind (a failed run). */
  abandon(): void {
    if (this.closed) return;
    this.closed = true;
    closeSync(this.fd);
    rmSync(this.temp, { force: true });
  }

  private writeGroup(): void {
    if (this.gathered === 0) return;
    // Min/max of a FEN, a key or a text prunes nothing, and comparing every value cost a fifth of
    // the writing: those columns keep only their null count. Numbers, ids, moves and tags keep all,
    // gathered by `Bounds` as the rows came in (the writer's own pass over the values cost as
    // much again) and put into the row group's metadata once it is written.
    const columnData = this.specs.map((s, c) => {
      const ascii = this.ascii[c];
      return {
        name: s.name,
        data: ascii ? ascii.take() : (this.columns[c] as ParquetValue[]),
        ...(ascii ? { encoding: 'PLAIN' } : {}),
        ...(NO_STATISTICS.has(s.name) || this.bounds[c] ? { statistics: false } : {}),
      };
    });
    void this.writer.write({
      columnData: columnData as Parameters<ParquetWriter['write']>[0]['columnData'],
      rowGroupSize: this.gathered,
    });
    // One leaf column per column (a list has one leaf too), in schema order.
    const chunks = this.writer.row_groups.at(-1)?.columns ?? [];
    this.bounds.forEach((bounds, c) => {
      const meta = chunks[c]?.meta_data;
      if (bounds && meta) meta.statistics = bounds.take();
    });
    this.columns = this.specs.map(() => []);
    this.gathered = 0;
  }
}

/** The column types of one leaf value per row: their statistics are gathered by `Bounds`. */
const FLAT = new Set<ParquetType>(['string', 'int', 'double']);

type Statistics = NonNullable<
  NonNullable<ParquetWriter['row_groups'][number]['columns'][number]['meta_data']>['statistics']
>;

/**
 * A flat column's min, max and null count over a row group, as the writer would compute them
 * (strings in UTF-8 byte order, -0 as the min and +0 as the max of a double column, a NaN count
 * for doubles), updated while the values are copied into the row group.
 */
class Bounds {
  private min: string | number | undefined;
  private max: string | number | undefined;
  private nulls = 0;

  /** `minMax` false: the null count only (see NO_STATISTICS). */
  constructor(
    private readonly double: boolean,
    private readonly minMax: boolean,
  ) {}

  /** Counts `values` in and appends them to `target` (when given). */
  add(values: readonly (string | number | null)[], target?: ParquetValue[]): void {
    for (const v of values) {
      target?.push(v);
      if (v === null) this.nulls++;
      else if (!this.minMax) continue;
      else if (typeof v === 'number') {
        // Values are finite: the columns never hold NaN (a missing number is null).
        if (this.min === undefined || v < (this.min as number)) this.min = v;
        if (this.max === undefined || v > (this.max as number)) this.max = v;
      } else if (v !== this.max && v !== this.min) {
        if (this.min === undefined || utf8Compare(v, this.min as string) < 0) this.min = v;
        if (this.max === undefined || utf8Compare(v, this.max as string) > 0) this.max = v;
      }
    }
  }

  /** The statistics so far; the next row group starts again. */
  take(): Statistics {
    let { min, max } = this;
    if (min === 0) min = -0;
    if (max === 0) max = 0;
    const stats: Statistics = {
      ...(min !== undefined && max !== undefined ? { min_value: min, max_value: max } : {}),
      null_count: BigInt(this.nulls),
      ...(this.double ? { nan_count: 0n } : {}),
    };
    this.min = this.max = undefined;
    this.nulls = 0;
    return stats;
  }
}

/**
 * Compares two strings in the order of their UTF-8 bytes (code point order). UTF-16 code units
 * order the same except a surrogate (a code point above U+FFFF) against U+E000-U+FFFF. The
 * strings are well-formed (decoded text, never a lone surrogate).
 */
export function utf8Compare(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      const surrogateX = x <= 0xdfff;
      const surrogateY = y <= 0xdfff;
      if (surrogateX !== surrogateY) return surrogateX ? 1 : -1;
    }
    return x - y;
  }
  return a.length - b.length;
}

/**
 * An ASCII text column of a row group, written into one buffer as the rows come in and handed over
 * as views into it. The writer would otherwise encode each value into a buffer of its own (a FEN per
 * row), and holding a group's FEN strings (ropes of many small pieces) until then made the garbage
 * collector copy them: those allocations, not the writing, were most of the cost.
 */
class AsciiColumn {
  private bytes = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  /** Each value's length, -1 for null. */
  private lengths: number[] = [];

  push(value: string | null): void {
    if (value === null) {
      this.lengths.push(-1);
      return;
    }
    if (this.used + value.length > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + value.length));
      this.bytes.copy(grown, 0, 0, this.used);
      this.bytes = grown;
    }
    this.used += this.bytes.write(value, this.used, 'latin1');
    this.lengths.push(value.length);
  }

  /** The values so far as views (null where null); the column starts again in a new buffer. */
  take(): (Uint8Array | null)[] {
    const { bytes, lengths } = this;
    const out = new Array<Uint8Array | null>(lengths.length);
    let at = 0;
    for (let i = 0; i < lengths.length; i++) {
      const n = lengths[i] as number;
      if (n < 0) out[i] = null;
      else {
        out[i] = bytes.subarray(at, at + n);
        at += n;
      }
    }
    this.bytes = Buffer.allocUnsafe(bytes.length);
    this.used = 0;
    this.lengths = [];
    return out;
  }
}
