/**
 * Output formats for position records (`fens`, `positions`): text, ndjson, csv, tsv and epd, with
 * the default columns below; `--columns` rows (and parquet) are `column-formats.ts` and `parquet.ts`.
 *
 * The set of columns is fixed before the first row (from the options), so a CSV header is known up
 * front and every NDJSON object has the same keys in the same order:
 * `file` (only when the run has more than one input file), `game`, `ply`, `move`, `uci`, `fen`,
 * then `path` (with --variations), `tags` (with --tags) and `count` (with --unique --count).
 */

import type { PlyRecord } from '../../src/index.js';
import { csvField, jsonText, tsvField } from './escape.js';
import type { RowBytes } from './row-bytes.js';

export { csvField, tsvField } from './escape.js';

export const POSITION_FORMATS = ['text', 'ndjson', 'csv', 'tsv', 'epd', 'parquet'] as const;
export type PositionFormat = (typeof POSITION_FORMATS)[number];
/**
 * What each format of `fens` and `positions` can do, declared once here rather than as format
 * checks spread over the commands: `columns`, it takes --columns and --tags (typed rows); `moves`,
 * its default rows print the move (SAN, UCI); `header`, it has a header line (--no-header);
 * `file`, it writes a binary file (-o FILE, not standard output).
 */
export const FORMAT_CAPABILITIES: Readonly<
  Record<
    PositionFormat,
    { readonly columns: boolean; readonly moves: boolean; readonly header: boolean; readonly file: boolean }
  >
> = {
  text: { columns: false, moves: false, header: false, file: false },
  epd: { columns: false, moves: false, header: false, file: false },
  ndjson: { columns: true, moves: true, header: false, file: false },
  csv: { columns: true, moves: true, header: true, file: false },
  tsv: { columns: true, moves: true, header: true, file: false },
  parquet: { columns: true, moves: true, header: false, file: true },
};

/** The text formats with typed --columns rows. */
export type ColumnTextFormat = 'ndjson' | 'csv' | 'tsv';

/** Whether `format` writes --columns rows as text lines (not a binary file). */
export function isColumnTextFormat(format: PositionFormat): format is ColumnTextFormat {
  const can = FORMAT_CAPABILITIES[format];
  return can.columns && !can.file;
}

/** The formats that print the default columns of this module (parquet always has `--columns`). */
export type DefaultColumnsFormat = Exclude<PositionFormat, 'parquet'>;

/** One position to print. */
export interface PositionRow {
  readonly file: string;
  /** 1-based, counted across the whole run (see README-commands.md). */
  readonly game: number;
  /** 0 for the starting position. */
  readonly ply: number;
  /** Canonical SAN of the move that led here ('' for ply 0). */
  readonly move: string;
  readonly uci: string;
  readonly fen: string;
  /** Where the ply stands in the move tree: `"12"`, `"12.2.3"`. */
  readonly path: string;
  /** Tag values by name; null when the game has no such tag. */
  readonly tags: Readonly<Record<string, string | null>>;
  readonly count?: number;
}

export interface ColumnSettings {
  readonly file: boolean;
  readonly path: boolean;
  readonly tags: readonly string[];
  readonly count: boolean;
  /** False for --no-header (csv, tsv). */
  readonly header?: boolean;
}

export interface RowFormatter {
  /** Printed once before the first row (the CSV header), or undefined. */
  readonly header: string | undefined;
  /** Printed between two games that both printed rows, or undefined for none. */
  readonly gameBreak: string | undefined;
  row(r: PositionRow): string;
}

export function makeFormatter(format: DefaultColumnsFormat, columns: ColumnSettings): RowFormatter {
  const header = columns.header !== false;
  switch (format) {
    case 'text':
      return { header: undefined, gameBreak: '', row: (r) => (columns.count ? `${r.count ?? 0} ${r.fen}` : r.fen) };
    case 'ndjson':
      return { header: undefined, gameBreak: undefined, row: (r) => jsonRow(r, columns) };
    case 'csv':
      return {
        header: header ? csvHeader(columns, csvField, ',') : undefined,
        gameBreak: undefined,
        row: (r) => csvRow(r, columns, csvField, ','),
      };
    case 'tsv':
      return {
        header: header ? csvHeader(columns, tsvField, '\t') : undefined,
        gameBreak: undefined,
        row: (r) => csvRow(r, columns, tsvField, '\t'),
      };
    case 'epd':
      return { header: undefined, gameBreak: undefined, row: (r) => epdRow(r, columns) };
  }
}

/** A game's rows in one string (each line ending in a newline; '' for none), for `makeGameRows`. */
export type GameRowsWriter = (
  records: readonly PlyRecord[],
  file: string,
  game: number,
  tags: PositionRow['tags'],
) => string;

/**
 * A default-columns line of a game, in pieces: `between[i]` then the value `cells[i]` of the row,
 * for each i, then `last`; the cell at `fen` is the FEN. What depends on the game only (file,
 * number, tags) is in the text pieces, worked out once per game; SAN, UCI, FEN and path hold no
 * character any of the formats escapes. Kept in pieces so that the bytes writer never makes a line.
 */
interface FenLine {
  readonly between: readonly string[];
  readonly cells: readonly ((r: PlyRecord) => string)[];
  readonly fen: number;
  readonly last: string;
}

const ply = (r: PlyRecord): string => String(r.ply);
const san = (r: PlyRecord): string => r.canonicalSan;
const uci = (r: PlyRecord): string => r.uci;
const fen = (r: PlyRecord): string => r.fen;
const treePath = (r: PlyRecord): string => r.path;

/** The lines of a game in `format`, or undefined for text (the FEN alone), EPD and `--unique --count` (rows of their own). */
function fenLineOf(
  format: DefaultColumnsFormat,
  columns: ColumnSettings,
): ((file: string, game: number, tags: PositionRow['tags']) => FenLine) | undefined {
  if (format === 'epd' || format === 'text' || columns.count) return undefined;
  const path = columns.path;
  const cells = path ? [ply, san, uci, fen, treePath] : [ply, san, uci, fen];
  if (format === 'ndjson') {
    return (file, game, tags) => {
      let tail = '';
      if (columns.tags.length > 0) {
        tail = ',"tags":{';
        columns.tags.forEach((name, i) => {
          const value = tags[name];
          tail += `${i === 0 ? '' : ','}${jsonText(name)}:${value === null || value === undefined ? 'null' : jsonText(value)}`;
        });
        tail += '}';
      }
      const head = `${columns.file ? `{"file":${jsonText(file)},"game":` : '{"game":'}${game},"ply":`;
      const between = [head, ',"move":"', '","uci":"', '","fen":"', ...(path ? ['","path":"'] : [])];
      return { between, cells, fen: 3, last: `"${tail}}` };
    };
  }
  const field = format === 'csv' ? csvField : tsvField;
  const sep = format === 'csv' ? ',' : '\t';
  return (file, game, tags) => {
    let tail = '';
    for (const name of columns.tags) tail += sep + field(tags[name] ?? '');
    const head = `${columns.file ? field(file) + sep : ''}${game}${sep}`;
    return { between: [head, sep, sep, sep, ...(path ? [sep] : [])], cells, fen: 3, last: tail };
  };
}

/**
 * The rows of whole games in `format` (the same text as `makeFormatter(…).row` of each ply's
 * PositionRow, without the row objects), one string per game. Undefined for EPD and
 * `--unique --count` (rows of their own).
 */
export function makeGameRows(format: DefaultColumnsFormat, columns: ColumnSettings): GameRowsWriter | undefined {
  if (format === 'text' && !columns.count) return (records) => joinLines(records, fen);
  const lineOf = fenLineOf(format, columns);
  if (!lineOf) return undefined;
  return (records, file, game, tags) => {
    const { between, cells, last } = lineOf(file, game, tags);
    return joinLines(records, (r) => {
      let line = '';
      for (let i = 0; i < cells.length; i++) line += (between[i] as string) + (cells[i] as (r: PlyRecord) => string)(r);
      return line + last;
    });
  };
}

/** The same rows as `makeGameRows`, as UTF-8 bytes appended to `out` (the FENs written as bytes, with no string). */
export function makeGameRowBytes(
  format: DefaultColumnsFormat,
  columns: ColumnSettings,
):
  | ((records: readonly PlyRecord[], file: string, game: number, tags: PositionRow['tags'], out: RowBytes) => void)
  | undefined {
  const lineOf = fenLineOf(format, columns);
  if (!lineOf) return undefined;
  return (records, file, game, tags, out) => {
    const { between, cells, fen: at, last } = lineOf(file, game, tags);
    for (const r of records) {
      for (let i = 0; i < cells.length; i++) {
        out.text(between[i] as string);
        if (i === at) out.fen(r);
        else out.text((cells[i] as (r: PlyRecord) => string)(r));
      }
      out.text(last);
      out.char(10);
    }
  };
}

function joinLines(records: readonly PlyRecord[], line: (r: PlyRecord) => string): string {
  if (records.length === 0) return '';
  const lines = new Array<string>(records.length);
  for (let i = 0; i < records.length; i++) lines[i] = line(records[i] as PlyRecord);
  // One join per game gives a flat string: the rows' pieces are garbage at once.
  return `${lines.join('\n')}\n`;
}

/**
 * The object's text, key by key in the documented order. Built by concatenation rather than
 * JSON.stringify of an object (which cost as much as the replay): SAN, UCI, FEN and path never
 * hold a character JSON escapes; file names and tag values go through `jsonText`.
 */
function jsonRow(r: PositionRow, columns: ColumnSettings): string {
  let out = columns.file ? `{"file":${jsonText(r.file)},"game":` : '{"game":';
  out += `${r.game},"ply":${r.ply},"move":"${r.move}","uci":"${r.uci}","fen":"${r.fen}"`;
  if (columns.path) out += `,"path":"${r.path}"`;
  if (columns.tags.length > 0) {
    out += ',"tags":{';
    columns.tags.forEach((name, i) => {
      const value = r.tags[name];
      out += `${i === 0 ? '' : ','}${jsonText(name)}:${value === null || value === undefined ? 'null' : jsonText(value)}`;
    });
    out += '}';
  }
  if (columns.count) out += `,"count":${r.count ?? 0}`;
  return `${out}}`;
}

function csvHeader(columns: ColumnSettings, field: (s: string) => string, separator: string): string {
  const names = [
    ...(columns.file ? ['file'] : []),
    'game',
    'ply',
    'move',
    'uci',
    'fen',
    ...(columns.path ? ['path'] : []),
    ...columns.tags,
    ...(columns.count ? ['count'] : []),
  ];
  return names.map(field).join(separator);
}

function csvRow(r: PositionRow, columns: ColumnSettings, field: (s: string) => string, separator: string): string {
  const fields = [
    ...(columns.file ? [r.file] : []),
    String(r.game),
    String(r.ply),
    r.move,
    r.uci,
    r.fen,
    ...(columns.path ? [r.path] : []),
    ...columns.tags.map((name) => r.tags[name] ?? ''),
    ...(columns.count ? [String(r.count ?? 0)] : []),
  ];
  return fields.map(field).join(separator);
}

/**
 * EPD: the first four FEN fields, then the counters as the standard `hmvc`/`fmvn` operations and an
 * `id` naming game and ply (the tree path with --variations, so ids stay unique).
 */
function epdRow(r: PositionRow, columns: ColumnSettings): string {
  const [placement, turn, castling, ep, halfmoves, fullmoves] = r.fen.split(' ');
  const where = columns.path ? r.path : String(r.ply);
  const count = columns.count ? ` c0 "${r.count ?? 0}";` : '';
  return `${placement} ${turn} ${castling} ${ep} hmvc ${halfmoves}; fmvn ${fullmoves}; id "g${r.game}p${where}";${count}`;
}
