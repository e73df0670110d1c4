/**
 * The flat columns of `parquet.ts` (one optional string, INT32 or DOUBLE per row), encoded as the
 * rows come in and written as column chunks of our own: one DATA_PAGE_V2 per chunk (after a
 * dictionary page for a dictionary column), Snappy-compressed, with the chunk's statistics.
 *
 * Why not hyparquet-writer's column writer: it takes an array of JS values per column and makes
 * several more of them (definition levels, unconverted values, dictionary indexes, page slices),
 * encodes each string again for every occurrence, and compares every value for min/max. On the
 * default columns that was half a run's CPU, much of it the garbage collector's. Here:
 * - FEN-like text (`AsciiColumn`: FEN, EPD, Polyglot key, values that hardly repeat) goes straight
 *   into the bytes of its PLAIN page (a length, then the characters), one buffer per row group;
 * - every other flat column is dictionary-encoded (`DictionaryColumn`): an index per row in a typed
 *   array, each distinct value encoded once, min/max taken over the distinct values only. When the
 *   dictionary does not pay (hyparquet-writer's rule: it must at least halve the PLAIN bytes), the
 *   chunk is written PLAIN from the dictionary and the indexes.
 * The values read back are the same: the test reads the files with DuckDB and hyparquet.
 */
import type { ColumnChunk } from 'hyparquet';
import type { ByteWriter } from 'hyparquet-writer';
import { writePageHeader } from 'hyparquet-writer/src/datapage.js';
import type { AsciiCells } from './ascii-cells.js';
import { snappyCompress } from './snappy.js';

type Statistics = NonNullable<NonNullable<ColumnChunk['meta_data']>['statistics']>;

/** One flat column of a row group being gathered. */
export interface FlatColumn {
  /** Adds the values of some rows (null for a missing value). */
  add(values: readonly (string | number | null)[]): void;
  /** Writes the rows gathered as one column chunk at `out`'s offset; the column starts again. */
  writeChunk(out: ByteWriter, name: string): ColumnChunk;
}

const encoder = new TextEncoder();

/**
 * An ASCII text column written PLAIN: each value's bytes go into the page as it comes (a 4-byte
 * length, then the characters), so a row group's FENs are never held as strings, nor copied again.
 */
export class AsciiColumn implements FlatColumn {
  private bytes = Buffer.allocUnsafe(1 << 20);
  private used = 0;
  private rows = 0;
  /** The row numbers of the nulls (few or none). */
  private nulls: number[] = [];

  /** Adds rows already in this page's layout (the FEN column, see ascii-cells.ts): one copy. */
  addBytes(cells: AsciiCells): void {
    if (this.used + cells.ascii.length > this.bytes.length) this.grow(cells.ascii.length);
    this.bytes.set(cells.ascii, this.used);
    this.used += cells.ascii.length;
    this.rows += cells.rows;
  }

  add(values: readonly (string | number | null)[]): void {
    for (const value of values) {
      if (value === null) {
        this.nulls.push(this.rows++);
        continue;
      }
      const text = value as string;
      if (this.used + text.length + 4 > this.bytes.length) this.grow(text.length + 4);
      this.bytes.writeUInt32LE(text.length, this.used);
      this.used += 4 + this.bytes.write(text, this.used + 4, 'latin1');
      this.rows++;
    }
  }

  writeChunk(out: ByteWriter, name: string): ColumnChunk {
    const chunk = writePages(out, name, 'BYTE_ARRAY', undefined, {
      rows: this.rows,
      nulls: this.nulls,
      encoding: 'PLAIN',
      values: this.bytes.subarray(0, this.used),
    });
    const meta = chunk.meta_data as NonNullable<ColumnChunk['meta_data']>;
    meta.statistics = { null_count: BigInt(this.nulls.length) };
    this.used = 0;
    this.rows = 0;
    this.nulls = [];
    return chunk;
  }

  private grow(more: number): void {
    const grown = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + more));
    this.bytes.copy(grown, 0, 0, this.used);
    this.bytes = grown;
  }
}

/** Small non-negative integers find their dictionary index in a table rather than a Map. */
const SMALL_INTS = 4096;

/**
 * A dictionary-encoded column: one index per row (-1 for null) and the distinct values in the
 * order first seen. `kind` is the physical type; `minMax` false keeps the null count only.
 */
export class DictionaryColumn implements FlatColumn {
  private indexes = new Int32Array(1 << 14);
  private rows = 0;
  private nulls = 0;
  private values: (string | number)[] = [];
  private readonly lookup = new Map<string | number, number>();
  /** kind 'int': the index + 1 of each small value (0: not seen yet). */
  private readonly small: Int32Array | undefined;
  /** kind 'string': the last value added and its index. */
  private lastValue: string | null = null;
  private lastIndex = -1;

  constructor(
    private readonly kind: 'string' | 'int' | 'double',
    private readonly minMax: boolean,
  ) {
    this.small = kind === 'int' ? new Int32Array(SMALL_INTS) : undefined;
  }

  add(values: readonly (string | number | null)[] | Int32Array): void {
    this.reserve(values.length);
    if (values instanceof Int32Array) {
      // Whole numbers of a double column (clocks in seconds) came as integers too.
      if (this.small) this.addInts(values, this.small);
      else this.addDoubles(Array.from(values));
      return;
    }
    // One loop per kind, so that each sees values of one type only.
    if (this.kind === 'string') this.addStrings(values as readonly (string | null)[]);
    else if (this.small) this.addInts(values as readonly (number | null)[], this.small);
    else this.addDoubles(values as readonly (number | null)[]);
  }

  /** Room in `indexes` for `more` rows. */
  private reserve(more: number): void {
    if (this.rows + more <= this.indexes.length) return;
    const grown = new Int32Array(Math.max(this.indexes.length * 2, this.rows + more));
    grown.set(this.indexes.subarray(0, this.rows));
    this.indexes = grown;
  }

  /**
   * Strings given as their distinct values and a code per row into them (-1: null): each distinct
   * value is looked up once, and the rows only translate their codes.
   */
  addCoded(distinct: readonly string[], codes: Int32Array): void {
    if (distinct.length > 0 && this.kind !== 'string') throw new Error(`internal: strings for a ${this.kind} column`);
    this.reserve(codes.length);
    const translate = new Int32Array(distinct.length);
    distinct.forEach((value, code) => {
      translate[code] = this.indexOfString(value);
    });
    const indexes = this.indexes;
    let row = this.rows;
    for (let i = 0; i < codes.length; i++) {
      const code = codes[i] as number;
      if (code < 0) this.nulls++;
      indexes[row++] = code < 0 ? -1 : (translate[code] as number);
    }
    this.rows = row;
  }

  private indexOfString(value: string): number {
    const known = this.lookup.get(value);
    if (known !== undefined) return known;
    const index = this.values.push(value) - 1;
    this.lookup.set(value, index);
    return index;
  }

  /**
   * Strings: the last two distinct values are checked before the Map, as runs of one value (a
   * game's id, its tags) and alternations (the side to move) are the common cases.
   */
  private addStrings(values: readonly (string | null)[]): void {
    const indexes = this.indexes;
    const lookup = this.lookup;
    let row = this.rows;
    let last = this.lastValue as string | null;
    let lastIndex = this.lastIndex;
    let previous: string | null = null;
    let previousIndex = -1;
    for (const value of values) {
      if (value === null) {
        indexes[row++] = -1;
        this.nulls++;
        continue;
      }
      if (value === last) {
        indexes[row++] = lastIndex;
        continue;
      }
      let index: number;
      if (value === previous) index = previousIndex;
      else {
        const known = lookup.get(value);
        if (known === undefined) {
          index = this.values.push(value) - 1;
          lookup.set(value, index);
        } else index = known;
      }
      indexes[row++] = index;
      previous = last;
      previousIndex = lastIndex;
      last = value;
      lastIndex = index;
    }
    this.rows = row;
    this.lastValue = last;
    this.lastIndex = lastIndex;
  }

  /** Integers: a small non-negative one finds its index in `small`, any other in the Map. */
  private addInts(values: readonly (number | null)[] | Int32Array, small: Int32Array): void {
    const indexes = this.indexes;
    let row = this.rows;
    for (const value of values) {
      if (value === null) {
        indexes[row++] = -1;
        this.nulls++;
        continue;
      }
      let index: number;
      if (value >= 0 && value < SMALL_INTS) {
        index = (small[value] as number) - 1;
        if (index < 0) {
          index = this.values.push(value) - 1;
          small[value] = index + 1;
        }
      } else index = this.indexOf(value, value);
      indexes[row++] = index;
    }
    this.rows = row;
  }

  private addDoubles(values: readonly (number | null)[]): void {
    const indexes = this.indexes;
    let row = this.rows;
    for (const value of values) {
      if (value === null) {
        indexes[row++] = -1;
        this.nulls++;
        continue;
      }
      // -0 and 0 are one key of a Map: -0 gets its own, so that it reads back as written.
      indexes[row++] = this.indexOf(value, value === 0 && 1 / value < 0 ? '-0' : value);
    }
    this.rows = row;
  }

  private indexOf(value: number, key: string | number): number {
    const known = this.lookup.get(key);
    if (known !== undefined) return known;
    const index = this.values.push(value) - 1;
    this.lookup.set(key, index);
    return index;
  }

  writeChunk(out: ByteWriter, name: string): ColumnChunk {
    const { values, rows } = this;
    const present = rows - this.nulls;
    const type = this.kind === 'string' ? 'BYTE_ARRAY' : this.kind === 'int' ? 'INT32' : 'DOUBLE';
    const dictionary = plainValues(this.kind, values);
    const bitWidth = Math.max(1, Math.ceil(Math.log2(values.length)));
    const indexBytes = Math.ceil((present * bitWidth) / 8);
    // The PLAIN bytes of the rows, from each distinct value's size and how often it comes.
    let plainBytes = 0;
    if (this.kind !== 'string') plainBytes = present * (this.kind === 'int' ? 4 : 8);
    else {
      const sizes = dictionary.sizes as Int32Array;
      for (let r = 0; r < rows; r++) {
        const index = this.indexes[r] as number;
        if (index >= 0) plainBytes += sizes[index] as number;
      }
    }
    const nulls = this.nulls > 0 ? this.nullRows() : [];
    const useDictionary = present > 0 && 2 * (dictionary.bytes.length + indexBytes) <= plainBytes;
    const chunk = useDictionary
      ? writePages(out, name, type, dictionary, {
          rows,
          nulls,
          encoding: 'RLE_DICTIONARY',
          values: indexPage(this.indexes, rows, present, bitWidth),
        })
      : writePages(out, name, type, undefined, {
          rows,
          nulls,
          encoding: 'PLAIN',
          values: plainPage(this.indexes, rows, dictionary, plainBytes),
        });
    const meta = chunk.meta_data as NonNullable<ColumnChunk['meta_data']>;
    meta.statistics = this.statistics();
    this.rows = 0;
    this.nulls = 0;
    this.values = [];
    this.lookup.clear();
    this.small?.fill(0);
    this.lastValue = null;
    this.lastIndex = -1;
    return chunk;
  }

  /** The chunk's min, max and null count, as hyparquet-writer computes them (UTF-8 byte order for strings). */
  private statistics(): Statistics {
    let min: string | number | undefined;
    let max: string | number | undefined;
    if (this.minMax) {
      if (this.kind === 'string') {
        for (const v of this.values as string[]) {
          if (min === undefined || utf8Compare(v, min as string) < 0) min = v;
          if (max === undefined || utf8Compare(v, max as string) > 0) max = v;
        }
      } else {
        for (const v of this.values as number[]) {
          if (min === undefined || v < (min as number)) min = v;
          if (max === undefined || v > (max as number)) max = v;
        }
        // Signed zeros as the format wants them: -0 as a min, +0 as a max.
        if (min === 0) min = -0;
        if (max === 0) max = 0;
      }
    }
    return {
      ...(min !== undefined && max !== undefined ? { min_value: min, max_value: max } : {}),
      null_count: BigInt(this.nulls),
      ...(this.kind === 'double' ? { nan_count: 0n } : {}),
    } as Statistics;
  }

  private nullRows(): number[] {
    const out: number[] = [];
    for (let r = 0; r < this.rows; r++) if ((this.indexes[r] as number) < 0) out.push(r);
    return out;
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

/** The distinct values PLAIN-encoded, with where each starts and how many bytes it takes. */
interface PlainDictionary {
  readonly bytes: Uint8Array;
  readonly starts: Int32Array;
  readonly sizes: Int32Array;
}

function plainValues(kind: 'string' | 'int' | 'double', values: readonly (string | number)[]): PlainDictionary {
  const n = values.length;
  const starts = new Int32Array(n);
  const sizes = new Int32Array(n);
  if (kind !== 'string') {
    const width = kind === 'int' ? 4 : 8;
    const bytes = new Uint8Array(n * width);
    const view = new DataView(bytes.buffer);
    for (let i = 0; i < n; i++) {
      starts[i] = i * width;
      sizes[i] = width;
      if (kind === 'int') view.setInt32(i * 4, values[i] as number, true);
      else view.setFloat64(i * 8, values[i] as number, true);
    }
    return { bytes, starts, sizes };
  }
  let length = 0;
  for (const v of values as string[]) length += 4 + 3 * v.length;
  let bytes = new Uint8Array(length);
  const view = new DataView(bytes.buffer);
  let at = 0;
  for (let i = 0; i < n; i++) {
    const { written } = encoder.encodeInto(values[i] as string, bytes.subarray(at + 4));
    view.setUint32(at, written, true);
    starts[i] = at;
    sizes[i] = 4 + written;
    at += 4 + written;
  }
  bytes = bytes.subarray(0, at);
  return { bytes, starts, sizes };
}

/** The rows' values PLAIN, copied from the dictionary's bytes. */
function plainPage(indexes: Int32Array, rows: number, dictionary: PlainDictionary, size: number): Uint8Array {
  const out = new Uint8Array(size);
  const { bytes, starts, sizes } = dictionary;
  let at = 0;
  for (let r = 0; r < rows; r++) {
    const index = indexes[r] as number;
    if (index < 0) continue;
    const start = starts[index] as number;
    const n = sizes[index] as number;
    if (n <= 16) for (let k = 0; k < n; k++) out[at + k] = bytes[start + k] as number;
    else out.set(bytes.subarray(start, start + n), at);
    at += n;
  }
  return out;
}

/** RLE_DICTIONARY data: the bit width, then the non-null rows' indexes in the RLE/bit-packed hybrid. */
function indexPage(indexes: Int32Array, rows: number, present: number, bitWidth: number): Uint8Array {
  let values = indexes.subarray(0, rows);
  if (present < rows) {
    const kept = new Int32Array(present);
    let k = 0;
    for (let r = 0; r < rows; r++) if ((indexes[r] as number) >= 0) kept[k++] = indexes[r] as number;
    values = kept;
  }
  const hybrid = new Hybrid(values.length, bitWidth, 1);
  hybrid.out[0] = bitWidth;
  return hybrid.encode(values);
}

/**
 * The RLE/bit-packed hybrid of the format, as hyparquet-writer writes it: a run of 8 or more equal
 * values as one RLE run, anything else in bit-packed groups of 8, into one array of the worst
 * case's size (no per-byte method calls).
 */
class Hybrid {
  readonly out: Uint8Array;
  private at: number;

  constructor(
    count: number,
    private readonly bitWidth: number,
    prefix: number,
  ) {
    this.out = new Uint8Array(prefix + 16 + Math.ceil(((count + 8) * (bitWidth + 2)) / 8) + 5 * Math.ceil(count / 8));
    this.at = prefix;
  }

  encode(values: ArrayLike<number>): Uint8Array {
    const n = values.length;
    let groups = 0;
    let groupStart = 0;
    let i = 0;
    while (i < n) {
      const first = values[i] as number;
      let run = 1;
      while (i + run < n && values[i + run] === first) run++;
      if (run >= 8) {
        if (groups > 0) this.packed(values, groupStart, groups);
        groups = 0;
        this.varint(run << 1);
        for (let b = 0; b < this.bitWidth; b += 8) this.out[this.at++] = (first >>> b) & 0xff;
        i += run;
      } else {
        if (groups === 0) groupStart = i;
        groups++;
        i += 8;
      }
    }
    if (groups > 0) this.packed(values, groupStart, groups);
    return this.out.subarray(0, this.at);
  }

  private packed(values: ArrayLike<number>, start: number, groups: number): void {
    this.varint((groups << 1) | 1);
    const width = this.bitWidth;
    // Widths stay far below 25 (an index is below the rows of a row group), so `v << bits` fits.
    const mask = (1 << width) - 1;
    const out = this.out;
    let at = this.at;
    let buffer = 0;
    let bits = 0;
    const end = start + groups * 8;
    for (let i = start; i < end; i++) {
      const v = i < values.length ? (values[i] as number) & mask : 0;
      buffer |= v << bits;
      bits += width;
      while (bits >= 8) {
        out[at++] = buffer & 0xff;
        buffer >>>= 8;
        bits -= 8;
      }
    }
    if (bits > 0) out[at++] = buffer & 0xff;
    this.at = at;
  }

  private varint(value: number): void {
    let v = value;
    while (v > 0x7f) {
      this.out[this.at++] = (v & 0x7f) | 0x80;
      v >>>= 7;
    }
    this.out[this.at++] = v;
  }
}

/** The definition levels of an optional flat column: 1 per row, 0 at the `nulls` rows. */
function definitionLevels(rows: number, nulls: readonly number[]): Uint8Array {
  const levels = new Uint8Array(rows).fill(1);
  for (const r of nulls) levels[r] = 0;
  return new Hybrid(rows, 1, 0).encode(levels);
}

interface DataPage {
  readonly rows: number;
  readonly nulls: readonly number[];
  readonly encoding: 'PLAIN' | 'RLE_DICTIONARY';
  /** The page's values, encoded, not yet compressed. */
  readonly values: Uint8Array;
}

/** A column chunk of one data page (after a dictionary page when given) at `out`'s offset. */
function writePages(
  out: ByteWriter,
  name: string,
  type: 'BYTE_ARRAY' | 'INT32' | 'DOUBLE',
  dictionary: PlainDictionary | undefined,
  page: DataPage,
): ColumnChunk {
  const start = out.offset;
  let uncompressed = 0;
  let dictionaryOffset: bigint | undefined;
  if (dictionary) {
    dictionaryOffset = BigInt(out.offset);
    const compressed = snappyCompress(dictionary.bytes);
    const headerStart = out.offset;
    writePageHeader(out, {
      type: 'DICTIONARY_PAGE',
      uncompressed_page_size: dictionary.bytes.length,
      compressed_page_size: compressed.length,
      dictionary_page_header: { num_values: dictionary.starts.length, encoding: 'PLAIN' },
    });
    uncompressed += out.offset - headerStart + dictionary.bytes.length;
    out.appendBytes(compressed);
  }
  const dataOffset = BigInt(out.offset);
  // Every row defined: one RLE run of 1s (what the hybrid gives too, without the levels array).
  const levels = page.nulls.length === 0 ? allDefined(page.rows) : definitionLevels(page.rows, page.nulls);
  const compressed = snappyCompress(page.values);
  const headerStart = out.offset;
  writePageHeader(out, {
    type: 'DATA_PAGE_V2',
    uncompressed_page_size: levels.length + page.values.length,
    compressed_page_size: levels.length + compressed.length,
    data_page_header_v2: {
      num_values: page.rows,
      num_nulls: page.nulls.length,
      num_rows: page.rows,
      encoding: page.encoding,
      definition_levels_byte_length: levels.length,
      repetition_levels_byte_length: 0,
      is_compressed: true,
    },
  });
  uncompressed += out.offset - headerStart + levels.length + page.values.length;
  out.appendBytes(levels);
  out.appendBytes(compressed);
  return {
    meta_data: {
      type,
      encodings: dictionary ? ['PLAIN', page.encoding] : [page.encoding],
      path_in_schema: [name],
      codec: 'SNAPPY',
      num_values: BigInt(page.rows),
      total_compressed_size: BigInt(out.offset - start),
      total_uncompressed_size: BigInt(uncompressed),
      data_page_offset: dataOffset,
      ...(dictionaryOffset !== undefined ? { dictionary_page_offset: dictionaryOffset } : {}),
      encoding_stats: [
        ...(dictionary ? [{ page_type: 'DICTIONARY_PAGE' as const, encoding: 'PLAIN' as const, count: 1 }] : []),
        { page_type: 'DATA_PAGE_V2' as const, encoding: page.encoding, count: 1 },
      ],
    },
    file_offset: BigInt(start),
  } as ColumnChunk;
}

/** The levels of `rows` defined values: one RLE run of 1s (none for no rows). */
function allDefined(rows: number): Uint8Array {
  if (rows === 0) return new Uint8Array(0);
  const out: number[] = [];
  for (let v = rows << 1; ; v >>>= 7) {
    if (v <= 0x7f) {
      out.push(v);
      break;
    }
    out.push((v & 0x7f) | 0x80);
  }
  out.push(1);
  return Uint8Array.from(out);
}
