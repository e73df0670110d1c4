/**
 * What `forsyth fens` does with one game, as a function of plain data in and plain data out, so the
 * same code runs on the main thread (`--jobs 1`) and in worker threads (`--jobs N`): replay the
 * game and format its rows; the caller prints the text (with the game breaks, which depend on the
 * games before) and reports the diagnostics, in input order.
 */
import { replay, type Diagnostic, type Game, type ReplayOptions } from '../../src/index.js';
import { makeFormatter, type ColumnSettings, type PositionFormat } from '../output/formats.js';
import { needsMoves, positionRow, tagValues } from '../rows.js';

/** Everything the per-game work depends on; structured-cloneable (it is sent to the workers). */
export interface FensSettings {
  readonly format: PositionFormat;
  readonly columns: ColumnSettings;
  readonly replay: ReplayOptions;
}

/** One game's output: its rows as text (whole lines), how many rows, and all its diagnostics. */
export interface GameOutput {
  readonly text: string;
  readonly rows: number;
  readonly diagnostics: readonly Diagnostic[];
}

export type GameFormatter = (game: Game, file: string, number: number) => GameOutput;

/** The per-game function for these settings: game `number` (1-based, run-wide) of `file` → its output. */
export function fensOfGame(settings: FensSettings): GameFormatter {
  const formatter = makeFormatter(settings.format, settings.columns);
  const moves = needsMoves(settings.format);
  return (game, file, number) => {
    const tags = tagValues(game, settings.columns.tags);
    const replayed = replay(game, settings.replay);
    const lines: string[] = [];
    for (const record of replayed) lines.push(formatter.row(positionRow(record, file, number, tags, moves)));
    // One join per game gives a flat string: the rows' strings (FENs are built from many small
    // pieces) are garbage at once, instead of being kept alive, piece by piece, in a batch.
    const text = lines.length === 0 ? '' : `${lines.join('\n')}\n`;
    return { text, rows: lines.length, diagnostics: [...game.diagnostics, ...replayed.diagnostics] };
  };
}
