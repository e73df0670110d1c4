/**
 * What `forsyth fens` does with one game, as a function of plain data in and plain data out, so the
 * same code runs on the main thread (`--jobs 1`) and in worker threads (`--jobs N`): replay the
 * game and format its rows; the caller prints the text (with the game breaks, which depend on the
 * games before) and reports the diagnostics, in input order.
 */
import { replay, type Diagnostic, type Game, type PlyRecord, type ReplayOptions } from '../../src/index.js';
import { columnSpecs, GameRows, type CellValue, type ColumnRunSettings } from '../columns.js';
import { makeColumnFormatter } from '../output/column-formats.js';
import { makeFormatter, makeGameRows, type ColumnSettings, type GameRowsWriter, type PositionFormat } from '../output/formats.js';
import { needsMoves, positionRow, tagValues } from '../rows.js';

/** Everything the per-game work depends on; structured-cloneable (it is sent to the workers). */
export interface FensSettings {
  readonly format: PositionFormat;
  readonly columns: ColumnSettings;
  readonly replay: ReplayOptions;
  /** With --columns (and always for parquet): the columns asked for. */
  readonly table?: ColumnRunSettings;
}

/** One game's output: its rows as text (whole lines), how many rows, and all its diagnostics. */
export interface GameOutput {
  readonly text: string;
  readonly rows: number;
  readonly diagnostics: readonly Diagnostic[];
  /** Parquet: the rows' values, column by column (with --jobs, as JSON in `text`: see ColumnRunSettings). */
  readonly table?: readonly (readonly CellValue[])[];
}

export type GameFormatter = (game: Game, file: string, number: number) => GameOutput;

/** Rows joined into one flat string at a time (a game of more rows is joined in parts). */
const LINES_PER_JOIN = 4096;

/** The per-game function for these settings: game `number` (1-based, run-wide) of `file` → its output. */
export function fensOfGame(settings: FensSettings): GameFormatter {
  if (settings.table) return tableOfGame(settings, settings.table, (records) => records);
  if (settings.format === 'parquet') throw new Error('parquet output needs its columns (settings.table)');
  const gameRows = makeGameRows(settings.format, settings.columns);
  const formatter = makeFormatter(settings.format, settings.columns);
  const moves = needsMoves(settings.format);
  return (game, file, number) => {
    const tags = tagValues(game, settings.columns.tags);
    const replayed = replay(game, settings.replay);
    const write: GameRowsWriter =
      gameRows ??
      ((records) => (records.length === 0 ? '' : `${records.map((r) => formatter.row(positionRow(r, file, number, tags, moves))).join('\n')}\n`));
    // Rows are written one record behind the replay (a check with a move after it is then known to
    // be no mate), LINES_PER_JOIN at a time: each part is one flat string, and the records behind
    // it are garbage at once, so a huge game's rows stay at their flat size (70 bytes a row).
    const parts: string[] = [];
    let chunk: PlyRecord[] = [];
    let rows = 0;
    for (const record of replayed) {
      if (chunk.length === LINES_PER_JOIN) {
        parts.push(write(chunk, file, number, tags));
        rows += chunk.length;
        chunk = [];
      }
      chunk.push(record);
    }
    parts.push(write(chunk, file, number, tags));
    rows += chunk.length;
    return { text: parts.length === 1 ? (parts[0] as string) : parts.join(''), rows, diagnostics: [...game.diagnostics, ...replayed.diagnostics] };
  };
}

/**
 * The --columns form, shared with `positions`: the game's records are all replayed first (next_uci
 * and emt look at other plies), then `select` picks the rows; text formats get their lines,
 * parquet the values column by column.
 */
export function tableOfGame(
  settings: { readonly format: PositionFormat; readonly replay: ReplayOptions },
  table: ColumnRunSettings,
  select: (records: readonly PlyRecord[], game: Game) => readonly PlyRecord[] | undefined,
): GameFormatter {
  const specs = columnSpecs(table.columns);
  const formatter = settings.format === 'parquet' ? undefined : makeColumnFormatter(columnFormat(settings.format), specs, false);
  return (game, file) => {
    const replayed = replay(game, settings.replay);
    const records = [...replayed];
    const diagnostics = [...game.diagnostics, ...replayed.diagnostics];
    const chosen = select(records, game);
    if (!chosen || chosen.length === 0) return { text: '', rows: 0, diagnostics };
    const rows = new GameRows(game, file, table, records);
    if (!formatter) {
      const values = specs.map((s) => chosen.map((r) => s.value(r, rows)));
      if (table.valuesAsJson) return { text: `${JSON.stringify(values)}\n`, rows: chosen.length, diagnostics };
      return { text: '', rows: chosen.length, diagnostics, table: values };
    }
    return { text: formatter.rows(chosen, rows), rows: chosen.length, diagnostics };
  };
}

function columnFormat(format: PositionFormat): 'ndjson' | 'csv' | 'tsv' {
  if (format === 'ndjson' || format === 'csv' || format === 'tsv') return format;
  throw new Error(`--columns does not apply to --format ${format}`);
}
