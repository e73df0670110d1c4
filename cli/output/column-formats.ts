/**
 * Rows of `--columns` as text: ndjson (one object per line, the keys in the order asked, null for
 * a missing value), csv (RFC 4180, empty for a missing value) and tsv (tab-separated; a tab, line
 * end or backslash inside a value is written `\t`, `\n`, `\r`, `\\`). Parquet is `parquet.ts`.
 *
 * Speed: each row is built by concatenating precomputed pieces (the ndjson keys, the separators);
 * a value is escaped only when its column can hold a character that needs it (`plain` columns —
 * FEN, SAN, UCI — never do), so no row goes through JSON.stringify or a regular expression.
 */
import type { PlyRecord } from '../../src/index.js';
import type { CellValue, ColumnSpec, GameRows } from '../columns.js';
import { csvField, jsonText, tsvField } from './escape.js';
import type { RowBytes } from './row-bytes.js';

export type ColumnTextFormat = 'ndjson' | 'csv' | 'tsv';

export interface ColumnFormatter {
  /** The header line (csv, tsv) or undefined. */
  readonly header: string | undefined;
  /** The rows of `records` (of `game`), each line ending in a newline; '' for none. */
  rows(records: readonly PlyRecord[], game: GameRows): string;
  /** The same rows as UTF-8 bytes appended to `out`: ASCII columns (FEN) are written as bytes, with no string. */
  writeRows(records: readonly PlyRecord[], game: GameRows, out: RowBytes): void;
}

type Cell = (record: PlyRecord, game: GameRows) => string;
type AsciiWriter = NonNullable<ColumnSpec['writeAscii']>;

/** The pieces of a game's lines: the text before each cell that changes from row to row, the cells, the text after the last. */
interface LineShape {
  readonly between: readonly string[];
  readonly changing: readonly Cell[];
  /** Per changing cell, its bytes writer when the format writes its value as is (the FEN). */
  readonly ascii: readonly (AsciiWriter | undefined)[];
  readonly last: string;
}

export function makeColumnFormatter(
  format: ColumnTextFormat,
  specs: readonly ColumnSpec[],
  header: boolean,
): ColumnFormatter {
  const cells = specs.map((spec) => cellOf(format, spec));
  const separator = format === 'tsv' ? '\t' : ',';
  const names = specs.map((s) => s.name);
  const headerLine =
    format === 'ndjson' || !header
      ? undefined
      : format === 'csv'
        ? names.map(csvField).join(',')
        : names.map(tsvField).join('\t');
  const count = cells.length;
  const keys =
    format === 'ndjson'
      ? names.map((n, i) => `${i === 0 ? '{' : ','}${JSON.stringify(n)}:`)
      : names.map((_, i) => (i === 0 ? '' : separator));
  const end = format === 'ndjson' ? '}' : '';
  // A value written as is: plain text in csv and tsv, in quotes in ndjson (never null).
  const quote = format === 'ndjson' ? 34 : -1;
  const asciiOf = specs.map((s) => (s.plain === true && s.type === 'string' ? s.writeAscii : undefined));
  /** The line's pieces for a game, from its first record (the cells of the game's own values are written once). */
  const shapeOf = (first: PlyRecord, game: GameRows): LineShape => {
    const between: string[] = [];
    const changing: Cell[] = [];
    const ascii: (AsciiWriter | undefined)[] = [];
    let text = '';
    for (let i = 0; i < count; i++) {
      text += keys[i] as string;
      if (specs[i]?.perGame === true) text += (cells[i] as Cell)(first, game);
      else {
        between.push(text);
        changing.push(cells[i] as Cell);
        ascii.push(asciiOf[i]);
        text = '';
      }
    }
    return { between, changing, ascii, last: text + end };
  };
  return {
    header: format === 'ndjson' ? undefined : headerLine,
    rows(records, game) {
      const first = records[0];
      if (first === undefined) return '';
      const { between, changing, last } = shapeOf(first, game);
      const n = changing.length;
      // One join per game gives a flat string (see fens-game.ts), not a rope of every piece.
      const lines = new Array<string>(records.length);
      for (let k = 0; k < records.length; k++) {
        const r = records[k] as PlyRecord;
        let line = '';
        for (let i = 0; i < n; i++) line += (between[i] as string) + (changing[i] as Cell)(r, game);
        lines[k] = line + last;
      }
      return `${lines.join('\n')}\n`;
    },
    writeRows(records, game, out) {
      const first = records[0];
      if (first === undefined) return;
      const { between, changing, ascii, last } = shapeOf(first, game);
      const n = changing.length;
      for (let k = 0; k < records.length; k++) {
        const r = records[k] as PlyRecord;
        for (let i = 0; i < n; i++) {
          out.text(between[i] as string);
          const write = ascii[i];
          if (write === undefined) out.text((changing[i] as Cell)(r, game));
          else {
            if (quote >= 0) out.char(quote);
            out.ascii(r, write);
            if (quote >= 0) out.char(quote);
          }
        }
        out.text(last);
        out.char(10);
      }
    },
  };
}

function cellOf(format: ColumnTextFormat, spec: ColumnSpec): Cell {
  const value = spec.value;
  if (format === 'ndjson') {
    if (spec.type === 'ints') return (r, g) => `[${(value(r, g) as readonly number[]).join(',')}]`;
    if (spec.type !== 'string') return (r, g) => jsonNumber(value(r, g));
    if (spec.plain) return (r, g) => plainJsonString(value(r, g));
    return (r, g) => jsonString(value(r, g));
  }
  const text = (v: CellValue): string => (v === null ? '' : Array.isArray(v) ? v.join(' ') : String(v));
  if (spec.plain || spec.type !== 'string') return (r, g) => text(value(r, g));
  const quote = format === 'csv' ? csvField : tsvField;
  return (r, g) => {
    const v = value(r, g);
    return v === null ? '' : quote(String(v));
  };
}

function jsonNumber(v: CellValue): string {
  return v === null ? 'null' : String(v);
}

function plainJsonString(v: CellValue): string {
  return v === null ? 'null' : `"${v as string}"`;
}

function jsonString(v: CellValue): string {
  return v === null ? 'null' : jsonText(v as string);
}
