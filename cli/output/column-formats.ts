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

export type ColumnTextFormat = 'ndjson' | 'csv' | 'tsv';

export interface ColumnFormatter {
  /** The header line (csv, tsv) or undefined. */
  readonly header: string | undefined;
  /** The rows of `records` (of `game`), each line ending in a newline; '' for none. */
  rows(records: readonly PlyRecord[], game: GameRows): string;
}

type Cell = (record: PlyRecord, game: GameRows) => string;

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
  if (format === 'ndjson') {
    const keys = names.map((n, i) => `${i === 0 ? '{' : ','}${JSON.stringify(n)}:`);
    return {
      header: undefined,
      rows(records, game) {
        // One join per game gives a flat string (see fens-game.ts), not a rope of every piece.
        const lines: string[] = [];
        for (const r of records) {
          let line = '';
          for (let i = 0; i < count; i++) line += (keys[i] as string) + (cells[i] as Cell)(r, game);
          lines.push(`${line}}`);
        }
        return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
      },
    };
  }
  return {
    header: headerLine,
    rows(records, game) {
      const lines: string[] = [];
      for (const r of records) {
        let line = (cells[0] as Cell)(r, game);
        for (let i = 1; i < count; i++) line += separator + (cells[i] as Cell)(r, game);
        lines.push(line);
      }
      return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
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
