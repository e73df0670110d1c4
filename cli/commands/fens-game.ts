/**
 * What `forsyth fens` does with one game, as a function of plain data in and plain data out, so the
 * same code runs on the main thread (`--jobs 1`) and in worker threads (`--jobs N`): replay the
 * game and format its rows; the caller prints the text (with the game breaks, which depend on the
 * games before) and reports the diagnostics, in input order.
 */
import type { PlyRecord, ReplayOptions } from '../../src/index.js';
import type { ColumnRunSettings } from '../columns.js';
import { EVERY_PLY, rowsInParts, tableOfGame, type GameFormatter, type GameOutput } from '../game-output.js';
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

/** The per-game function for these settings: game `number` (1-based, run-wide) of `file` → its output. */
export function fensOfGame(settings: FensSettings): GameFormatter {
  if (settings.table) return tableOfGame(settings, settings.table, EVERY_PLY);
  if (settings.format === 'parquet') throw new Error('parquet output needs its columns (settings.table)');
  const gameRows = makeGameRows(settings.format, settings.columns);
  const formatter = makeFormatter(settings.format, settings.columns);
  const moves = needsMoves(settings.format);
  return (game, file, number, part) => {
    const tags = tagValues(game, settings.columns.tags);
    const write: GameRowsWriter =
      gameRows ??
      ((records) => (records.length === 0 ? '' : `${records.map((r) => formatter.row(positionRow(r, file, number, tags, moves))).join('\n')}\n`));
    // ROWS_PER_PART rows at a time (rowsInParts): each part is one flat string, and the records
    // behind it are garbage at once, so a huge game's rows stay at their flat size (70 bytes a
    // row); with `part` they are handed over as they come.
    const format = (chunk: readonly PlyRecord[]): GameOutput => ({ text: write(chunk, file, number, tags), rows: chunk.length, diagnostics: [] });
    const { kept, diagnostics } = rowsInParts(game, settings.replay, EVERY_PLY(), undefined, format, part);
    if (part) return { text: '', rows: 0, diagnostics };
    return { text: kept.length === 1 ? (kept[0] as GameOutput).text : kept.map((p) => p.text).join(''), rows: kept.reduce((n, p) => n + p.rows, 0), diagnostics };
  };
}
