/**
 * What `forsyth fens` does with one game, as a function of plain data in and plain data out, so the
 * same code runs on the main thread (`--jobs 1`) and in worker threads (`--jobs N`): replay the
 * game and format its rows; the caller prints the text (with the game breaks, which depend on the
 * games before) and reports the diagnostics, in input order.
 */
import { replay, type PlyRecord, type ReplayOptions } from '../../src/index.js';
import type { ColumnRunSettings } from '../columns.js';
import { EVERY_PLY, ROWS_PER_PART, tableOfGame, type GameFormatter, type GameOutput } from '../game-output.js';
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
    const replayed = replay(game, settings.replay);
    const write: GameRowsWriter =
      gameRows ??
      ((records) => (records.length === 0 ? '' : `${records.map((r) => formatter.row(positionRow(r, file, number, tags, moves))).join('\n')}\n`));
    // Rows are written one record behind the replay (a check with a move after it is then known to
    // be no mate), ROWS_PER_PART at a time: each part is one flat string, and the records behind
    // it are garbage at once, so a huge game's rows stay at their flat size (70 bytes a row), and
    // with `part` they are handed over as they come (the parts after the first continue the game:
    // no game break before them).
    const parts: string[] = [];
    let chunk: PlyRecord[] = [];
    let rows = 0;
    let handedOver = 0;
    const flush = (): void => {
      const text = write(chunk, file, number, tags);
      rows += chunk.length;
      if (part && chunk.length > 0) {
        const output: GameOutput = { text, rows: chunk.length, diagnostics: [] };
        part(handedOver > 0 ? { ...output, breakIncluded: true } : output);
        handedOver += chunk.length;
      } else parts.push(text);
      chunk = [];
    };
    for (const record of replayed) {
      if (chunk.length === ROWS_PER_PART) flush();
      chunk.push(record);
    }
    flush();
    const diagnostics = [...game.diagnostics, ...replayed.diagnostics];
    if (handedOver > 0) return { text: '', rows: 0, diagnostics };
    return { text: parts.length === 1 ? (parts[0] as string) : parts.join(''), rows, diagnostics };
  };
}
