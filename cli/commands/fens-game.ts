/**
 * What `forsyth fens` does with one game, as a function of plain data in and plain data out, so the
 * same code runs on the main thread (`--jobs 1`) and in worker threads (`--jobs N`): replay the
 * game and format its rows; the caller prints the text (with the game breaks, which depend on the
 * games before) and reports the diagnostics, in input order.
 */
import { replay, type PlyRecord, type ReplayOptions } from '../../src/index.js';
import type { ColumnRunSettings } from '../columns.js';
import { tableOfGame, type GameFormatter } from '../game-output.js';
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
