/**
 * `--format parquet -o FILE`: rows written as Apache Parquet with hyparquet-writer (pure
 * JavaScript, no native build; the same authors' hyparquet reads it back), with typed columns
 * (UTF8 strings, INT32, DOUBLE, a LIST of INT32 for `nags`), every column nullable, Snappy
 * compression (our own compressor, `snappy.ts`: the library's took a fifth of the run) and
 * min/max/null-count statistics. The flat columns' chunks are encoded by `parquet-chunks.ts`
 * (the library's column writer cost half the run on them); the list columns, the file's layout
 * and its footer are the library's.
 *
 * Memory stays flat: values are gathered column by column and written as a row group each time
 * enough rows have come in: `FLAT_ROW_GROUP_ROWS` (65,536) when every column is flat, as those
 * are held as typed arrays and page bytes, not JS values (on the TCEC file's default columns a
 * tenth less CPU than groups of 10,000, as each group's dictionaries, statistics and pages cost
 * the same whatever its size, and a lower peak); `ROW_GROUP_ROWS` (10,000) when a list column
 * is present, as its values are JS arrays until written, and in a larger group they outlive V8's
 * young generation (the garbage collector's copying then cost more than the writing). The file
 * writer hands the bytes to the file every megabyte.
 * The file is written under a temporary name beside FILE and renamed over it only when the run
 * ends (`close`), so a failed or interrupted run never leaves half a Parquet file under FILE.
 */
import { closeSync, openSync, renameSync, rmSync, writeSync } from 'node:fs';
import { dirname, basename, join } from 'node:path';
import type { ColumnChunk, DecodedArray, SchemaElement, SchemaTree } from 'hyparquet';
import { ByteWriter, ParquetWriter } from 'hyparquet-writer';
import { writeColumn } from 'hyparquet-writer/src/column.js';
import { encodeNestedValues } from 'hyparquet-writer/src/dremel.js';
import { schemaPathResolver } from 'hyparquet-writer/src/schema.js';
import type { CellValue, ColumnType } from '../columns.js';
import { cellCount, isAsciiCells, type AsciiCells } from './ascii-cells.js';
import { AsciiColumn, DictionaryColumn, type FlatColumn } from './parquet-chunks.js';
import { snappyCompress } from './snappy.js';
import { codedValues, isCodedCells, type DecodedCells } from './table-bytes.js';

export { utf8Compare } from './parquet-chunks.js';

/** The column types a Parquet file can hold: the row columns' and the list columns of `games`. */
export type ParquetType = ColumnType | 'strings' | 'doubles' | 'nullable-ints';
export type ParquetValue = CellValue | readonly (string | number | null)[];

/** A column to write: its name and type. */
export interface ParquetColumn {
  readonly name: string;
  readonly type: ParquetType;
}

/** Rows per row group with a list column (see the module comment). */
export const ROW_GROUP_ROWS = 10_000;
/** Rows per row group when every column is flat. */
export const FLAT_ROW_GROUP_ROWS = 65_536;
const NO_STATISTICS = new Set(['fen', 'epd', 'polyglot', 'comment', 'movetext', 'start_fen']);
/**
 * Columns of ASCII text whose values hardly repeat: written PLAIN (a dictionary would not pay), from
 * one buffer per row group (see `AsciiColumn`).
 */
const ASCII_PLAIN = new Set(['fen', 'epd', 'polyglot']);
const FLUSH_BYTES = 1 << 20;
/** hyparquet-writer's page size, for the list columns it writes. */
const PAGE_BYTES = 1 << 20;

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
  private readonly bytes: ByteWriter;
  private readonly writer: ParquetWriter;
  /** The flat columns, encoded as the rows come in (undefined for a list column). */
  private readonly flat: (FlatColumn | undefined)[];
  /** The list columns' values of the row group, written by hyparquet-writer (undefined for a flat column). */
  private lists: (ParquetValue[] | undefined)[];
  /** Each list column's schema path down to its leaf. */
  private readonly leafPaths: (SchemaTree[] | undefined)[];
  private gathered = 0;
  private readonly groupRows: number;
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
    this.bytes = bytes;
    const schema = parquetSchema(specs);
    this.writer = new ParquetWriter({
      writer: bytes,
      schema,
      codec: 'SNAPPY',
      compressors: { SNAPPY: snappyCompress },
      statistics: true,
      createdBy,
    });
    this.flat = specs.map((s) => {
      if (!FLAT.has(s.type)) return undefined;
      if (ASCII_PLAIN.has(s.name) && s.type === 'string') return new AsciiColumn();
      return new DictionaryColumn(s.type as 'string' | 'int' | 'double', !NO_STATISTICS.has(s.name));
    });
    this.lists = specs.map((s) => (FLAT.has(s.type) ? undefined : []));
    this.groupRows = specs.every((s) => FLAT.has(s.type)) ? FLAT_ROW_GROUP_ROWS : ROW_GROUP_ROWS;
    const resolve = schemaPathResolver(schema);
    this.leafPaths = specs.map((s) => {
      if (FLAT.has(s.type)) return undefined;
      const path = [...resolve([s.name])];
      for (let node = path.at(-1); node && node.children.length > 0; node = path.at(-1))
        path.push(node.children[0] as SchemaTree);
      return path;
    });
  }

  /** Adds a game's rows, given column by column (each array as long as the others). */
  add(table: readonly (readonly ParquetValue[] | AsciiCells | DecodedCells)[]): void {
    const first = table[0];
    const rows = isCodedCells(first)
      ? first.codes.length
      : first instanceof Int32Array
        ? first.length
        : cellCount(first);
    if (rows === 0) return;
    for (let c = 0; c < this.specs.length; c++) {
      const flat = this.flat[c];
      const cells = table[c];
      if (isAsciiCells(cells)) {
        // Only the FEN column comes as bytes, and it is always an AsciiColumn.
        if (!(flat instanceof AsciiColumn)) throw new Error(`column ${this.specs[c]?.name} takes no bytes`);
        flat.addBytes(cells);
      } else if (isCodedCells(cells)) {
        if (flat instanceof DictionaryColumn) flat.addCoded(cells.distinct, cells.codes);
        else this.addValues(c, codedValues(cells));
      } else if (cells instanceof Int32Array) {
        if (flat instanceof DictionaryColumn) flat.add(cells);
        else this.addValues(c, Array.from(cells));
      } else this.addValues(c, cells as readonly ParquetValue[]);
    }
    this.gathered += rows;
    this.written += rows;
    if (this.gathered >= this.groupRows) this.writeGroup();
  }

  private addValues(c: number, values: readonly ParquetValue[]): void {
    const flat = this.flat[c];
    if (flat) flat.add(values as readonly (string | number | null)[]);
    else {
      const target = this.lists[c] as ParquetValue[];
      for (const v of values) target.push(v);
    }
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

  /**
   * One row group, its columns in schema order: the flat ones as `parquet-chunks.ts` encoded them,
   * the lists through hyparquet-writer's column writer; then its metadata, for the footer.
   */
  private writeGroup(): void {
    if (this.gathered === 0) return;
    const groupStart = this.bytes.offset;
    const columns: ColumnChunk[] = [];
    for (const [c, s] of this.specs.entries()) {
      const flat = this.flat[c];
      if (flat) {
        columns.push(flat.writeChunk(this.bytes, s.name));
        continue;
      }
      const leafPath = this.leafPaths[c] as SchemaTree[];
      const schemaPath = leafPath.map((node) => node.element);
      const result = writeColumn({
        writer: this.bytes,
        column: {
          columnName: schemaPath
            .slice(1)
            .map((e) => e.name)
            .join('.'),
          element: schemaPath.at(-1) as SchemaElement,
          schemaPath,
          codec: 'SNAPPY',
          compressors: { SNAPPY: snappyCompress },
          stats: !NO_STATISTICS.has(s.name),
          pageSize: PAGE_BYTES,
          columnIndex: false,
          offsetIndex: true,
        },
        pageData: encodeNestedValues(leafPath, this.lists[c] as ParquetValue[] as DecodedArray),
      });
      columns.push(result.chunk);
      this.writer.pendingIndexes.push(result);
    }
    let uncompressed = 0n;
    for (const chunk of columns) uncompressed += chunk.meta_data?.total_uncompressed_size ?? 0n;
    this.writer.num_rows += BigInt(this.gathered);
    this.writer.row_groups.push({
      columns,
      total_byte_size: uncompressed,
      num_rows: BigInt(this.gathered),
      total_compressed_size: BigInt(this.bytes.offset - groupStart),
    });
    this.lists = this.specs.map((s) => (FLAT.has(s.type) ? undefined : []));
    this.gathered = 0;
  }
}

/** The column types of one leaf value per row (`parquet-chunks.ts` writes them). */
const FLAT = new Set<ParquetType>(['string', 'int', 'double']);
