/**
 * What `forsyth fens` does with one game, as a function of plain data in and plain data out, so the
 * same code runs on the main thread (`--jobs 1`) and in worker threads (`--jobs N`): replay the
 * game and format its rows; the caller prints the text (with the game breaks, which depend on the
 * games before) and reports the diagnostics, in input order.
 */
import { replay, type Game, type ReplayOptions } from '../../src/index.js';
import type { ColumnRunSettings } from '../columns.js';
import {
  bytesOfGame,
  EVERY_PLY,
  tableOfGame,
  textOfGame,
  type GameFormatter,
  type GameOutput,
} from '../game-output.js';
import { makeFormatter, makeGameRowBytes, type ColumnSettings, type PositionFormat } from '../output/formats.js';
import { RowBytes } from '../output/row-bytes.js';
import { makeRowsWriter, tagValues } from '../rows.js';

/** Everything the per-game work depends on; structured-cloneable (it is sent to the workers). */
export interface FensSettings {
  readonly format: PositionFormat;
  readonly columns: ColumnSettings;
  readonly replay: ReplayOptions;
  /** With --columns (and always for parquet): the columns asked for. */
  readonly table?: ColumnRunSettings;
  /**
   * Text rows as bytes (`GameOutput.bytes`): the main thread's writer takes them as they are, and a
   * worker copies them into its shared buffer (cli/workers/worker.ts `appendRowBytes`).
   */
  readonly textAsBytes?: boolean;
}

/** The per-game function for these settings: game `number` (1-based, run-wide) of `file` → its output. */
export function fensOfGame(settings: FensSettings): GameFormatter {
  if (settings.table) return tableOfGame(settings, settings.table, EVERY_PLY);
  if (settings.format === 'parquet') throw new Error('parquet output needs its columns (settings.table)');
  const write = makeRowsWriter(settings.format, settings.columns);
  // ROWS_PER_PART rows at a time (see rowsInParts): each part is one flat string, and the records
  // behind it are garbage at once, so a huge game's rows stay at their flat size (70 bytes a row).
  const text: GameFormatter = (game, file, number, part) => {
    const tags = tagValues(game, settings.columns.tags);
    return textOfGame(game, settings.replay, EVERY_PLY(), (chunk) => write(chunk, file, number, tags), part);
  };
  if (settings.textAsBytes !== true) return text;
  const bytes = settings.format === 'text' ? fenLinesAsBytes(settings) : rowsAsBytes(settings);
  if (!bytes) return text;
  // A huge game's parts go to another thread as strings (see GamePart).
  return (game, file, number, part) => (part ? text(game, file, number, part) : bytes(game, file, number));
}

/**
 * The ndjson, csv and tsv rows of a game as bytes (`makeGameRowBytes`: the FENs written straight
 * from the replay's log, as for text); undefined for the formats that have no such rows (EPD).
 */
function rowsAsBytes(settings: FensSettings): ((game: Game, file: string, number: number) => GameOutput) | undefined {
  if (settings.format === 'parquet') return undefined;
  const write = makeGameRowBytes(settings.format, settings.columns);
  if (!write) return undefined;
  const out = new RowBytes();
  return (game, file, number) => {
    const tags = tagValues(game, settings.columns.tags);
    return bytesOfGame(
      game,
      settings.replay,
      EVERY_PLY(),
      undefined,
      (chunk) => write(chunk, file, number, tags, out),
      out,
    );
  };
}

/**
 * The text format's lines of a game (one FEN each), written as bytes straight from the replay's
 * log by the FEN writer (`PlyRecord.writeFen`): no FEN string, no line string, no encoding on the
 * way out (`RowBytes`: a game's bytes are one view into a block that only grows). The game break
 * before a game (an empty line) is written into the same bytes when an earlier game of this
 * function had rows, which the printer then knows as well.
 */
function fenLinesAsBytes(settings: FensSettings): (game: Game) => GameOutput {
  const gameBreak = makeFormatter('text', settings.columns).gameBreak;
  const out = new RowBytes();
  let rowsBefore = false;
  return (game) => {
    out.discard();
    const replayed = replay(game, settings.replay);
    let rows = 0;
    const breakIncluded = rowsBefore && gameBreak !== undefined;
    for (const record of replayed) {
      if (rows === 0 && breakIncluded) {
        out.text(gameBreak);
        out.char(10);
      }
      out.fenLine(record);
      rows++;
    }
    const diagnostics = [...game.diagnostics, ...replayed.diagnostics];
    if (rows === 0) return { text: '', rows: 0, diagnostics };
    rowsBefore = true;
    return { text: '', bytes: out.take(), rows, diagnostics, ...(breakIncluded && { breakIncluded: true }) };
  };
}
