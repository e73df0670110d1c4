/**
 * What `forsyth fens` does with one game, as a function of plain data in and plain data out, so the
 * same code runs on the main thread (`--jobs 1`) and in worker threads (`--jobs N`): replay the
 * game and format its rows; the caller prints the text (with the game breaks, which depend on the
 * games before) and reports the diagnostics, in input order.
 */
import { replay, type Game, type ReplayOptions } from '../../src/index.js';
import type { ColumnRunSettings } from '../columns.js';
import { EVERY_PLY, tableOfGame, textOfGame, type GameFormatter, type GameOutput } from '../game-output.js';
import { makeFormatter, type ColumnSettings, type PositionFormat } from '../output/formats.js';
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
  if (settings.format !== 'text' || settings.textAsBytes !== true) return text;
  const bytes = fenLinesAsBytes(settings);
  // A huge game's parts go to another thread as strings (see GamePart).
  return (game, file, number, part) => (part ? text(game, file, number, part) : bytes(game));
}

/** Output bytes are written into blocks of this size; a block is never written again once handed out. */
const BLOCK_SIZE = 256 * 1024;
/** Room a FEN and its newline always fit in (`FenWriter` writes none longer than 160 bytes). */
const FEN_ROOM = 256;

/**
 * The text format's lines of a game (one FEN each), written as bytes straight from the replay's
 * log by the FEN writer (`PlyRecord.writeFen`): no FEN string, no line string, no encoding on the
 * way out. A game's bytes are one view into a block that only grows (the output writer keeps the
 * views until it flushes them, and joins the neighbours of one block into one write); the game
 * break before a game (an empty line) is written into the same bytes when an earlier game of this
 * function had rows, which the printer then knows as well.
 */
function fenLinesAsBytes(settings: FensSettings): (game: Game) => GameOutput {
  const gameBreak = makeFormatter('text', settings.columns).gameBreak;
  const breakBytes = gameBreak === undefined ? undefined : new TextEncoder().encode(`${gameBreak}\n`);
  let block = new Uint8Array(BLOCK_SIZE);
  let used = 0;
  let rowsBefore = false;
  return (game) => {
    const replayed = replay(game, settings.replay);
    let start = used;
    let at = used;
    let rows = 0;
    const breakIncluded = rowsBefore && breakBytes !== undefined;
    for (const record of replayed) {
      if (at + FEN_ROOM > block.length) {
        // The game so far moves to a new block (of which it then takes at most half).
        const sofar = block.subarray(start, at);
        block = new Uint8Array(Math.max(BLOCK_SIZE, 2 * (sofar.length + FEN_ROOM)));
        block.set(sofar, 0);
        at = sofar.length;
        start = 0;
      }
      if (rows === 0 && breakIncluded) {
        block.set(breakBytes, at);
        at += breakBytes.length;
      }
      const end = record.writeFen(block, at);
      if (end < 0) throw new Error(`FEN of ply ${record.ply} longer than ${FEN_ROOM - 1} bytes`);
      block[end] = 10;
      at = end + 1;
      rows++;
    }
    const diagnostics = [...game.diagnostics, ...replayed.diagnostics];
    if (rows === 0) return { text: '', rows: 0, diagnostics };
    used = at;
    rowsBefore = true;
    return {
      text: '',
      bytes: block.subarray(start, at),
      rows,
      diagnostics,
      ...(breakIncluded && { breakIncluded: true }),
    };
  };
}
