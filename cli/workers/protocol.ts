/**
 * The messages between the main thread and the `--jobs` worker threads (all structured-cloneable
 * plain data). A worker is started with a `WorkerTask` as its `workerData`, then answers each
 * `Batch` it is sent with one `BatchReply`, in the order the batches came.
 */
import type { GameChunk } from '../../src/index.js';
import type { FensSettings, GameOutput } from '../commands/fens-game.js';

/** What the workers do with each game: today only `fens`. */
export interface WorkerTask {
  readonly command: 'fens';
  readonly settings: FensSettings;
}

/** One game to process: its text, the input file's name and its run-wide number (1-based). */
export interface BatchGame {
  readonly chunk: GameChunk;
  readonly file: string;
  readonly number: number;
}

export type Batch = readonly BatchGame[];

/** The outputs of a batch's games, in order; or the message (and stack) of what went wrong. */
export type BatchReply = { readonly outputs: readonly GameOutput[] } | { readonly error: string; readonly stack?: string };
