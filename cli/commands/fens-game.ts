/**
 * What `forsyth fens` does with one game, as a function of plain data in and plain data out, so the
 * same code runs on the main thread (`--jobs 1`) and in worker threads (`--jobs N`): replay the
 * game and format its rows; the caller prints the text (with the game breaks, which depend on the
 * games before) and reports the diagnostics, in input order.
 */
import type { ReplayOptions } from '../../src/index.js';
import type { ColumnRunSettings } from '../columns.js';
import { EVERY_PLY, tableOfGame, textOfGame, type GameFormatter } from '../game-output.js';
import type { ColumnSettings, PositionFormat } from '../output/formats.js';
import { makeRowsWriter, tagValues } from '../rows.js';

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
  const write = makeRowsWriter(settings.format, settings.columns);
  // ROWS_PER_PART rows at a time (see rowsInParts): each part is one flat string, and the records
  // behind it are garbage at once, so a huge game's rows stay at their flat size (70 bytes a row).
  return (game, file, number, part) => {
    const tags = tagValues(game, settings.columns.tags);
    return textOfGame(game, settings.replay, EVERY_PLY(), (chunk) => write(chunk, file, number, tags), part);
  };
}
