/**
 * A `WorkerTask` → the per-game function it names: the one place that maps a command to its
 * per-game work, used by the worker threads and, for `--jobs 1`, by the main thread.
 */
import type { Game } from '../../src/index.js';
import { fensOfGame } from '../commands/fens-game.js';
import { positionsOfGame, type PositionsOutput } from '../commands/positions-game.js';
import { makeFormatter } from '../output/formats.js';
import type { GamePart } from '../game-output.js';
import type { WorkerTask } from './protocol.js';

/** Game `number` (1-based, run-wide) of `file` → its output (`records` only for `positions --unique`). */
export type PerGame = (game: Game, file: string, number: number, part?: GamePart) => PositionsOutput;

export function perGameOf(task: WorkerTask): PerGame {
  return task.command === 'fens' ? fensOfGame(task.settings) : positionsOfGame(task.settings);
}

/**
 * The line printed between two games that both print rows (RowPrinter's), or undefined: workers
 * write it into their bytes, so that a batch's output is one run of bytes the main thread writes
 * as it is. Rows of --columns and --unique have none.
 */
export function gameBreakOf(task: WorkerTask): string | undefined {
  const settings = task.settings;
  if (settings.table || settings.format === 'parquet' || (task.command === 'positions' && task.settings.unique))
    return undefined;
  return makeFormatter(settings.format, settings.columns).gameBreak;
}
