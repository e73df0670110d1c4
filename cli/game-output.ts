/**
 * One game's output as the per-game functions of `fens` and `positions` return it (on the main
 * thread or in a worker), and the --columns form both commands share.
 */
import { replay, type Diagnostic, type Game, type PlyRecord, type ReplayOptions } from '../src/index.js';
import { columnSpecs, GameRows, type CellValue, type ColumnRunSettings } from './columns.js';
import { makeColumnFormatter } from './output/column-formats.js';
import { isColumnTextFormat, type PositionFormat } from './output/formats.js';

/** One game's output: its rows as text (whole lines), how many rows, and all its diagnostics. */
export interface GameOutput {
  readonly text: string;
  readonly rows: number;
  readonly diagnostics: readonly Diagnostic[];
  /** Parquet: the rows' values, column by column (with --jobs, as JSON in `text`: see ColumnRunSettings). */
  readonly table?: readonly (readonly CellValue[])[];
}

export type GameFormatter = (game: Game, file: string, number: number) => GameOutput;

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
  if (isColumnTextFormat(format)) return format;
  throw new Error(`--columns does not apply to --format ${format}`);
}
