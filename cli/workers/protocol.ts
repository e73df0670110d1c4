/**
 * The messages between the main thread and the `--jobs` worker threads (all structured-cloneable
 * plain data). A worker is started with a `WorkerTask` as its `workerData`, then answers each
 * `Batch` it is sent with one `BatchReply`, in the order the batches came.
 */
import type { Diagnostic, GameChunk } from '../../src/index.js';
import type { FensSettings } from '../commands/fens-game.js';
import type { PositionsSettings } from '../commands/positions-game.js';
import type { KeyedRow } from '../unique-positions.js';

/** What the workers do with each game: a command's per-game function and its settings. */
export type WorkerTask =
  | { readonly command: 'fens'; readonly settings: FensSettings }
  | { readonly command: 'positions'; readonly settings: PositionsSettings };

/**
 * What a worker is started with (`workerData`): the task, and one Int32 the main thread counts up
 * (Atomics) each time it has written a partial segment of this worker's (see `Segment`).
 */
export interface WorkerStart {
  readonly task: WorkerTask;
  readonly segmentsWritten: SharedArrayBuffer;
}

/** One game to process: its text, the input file's name and its run-wide number (1-based). */
export interface BatchGame {
  readonly chunk: GameChunk;
  readonly file: string;
  readonly number: number;
  /**
   * Format its rows in parts and send them as they come (see `Segment`): a big game, as `--jobs 1`
   * runs it in its big-game thread. Unset, the worker decides by the game's size (`isBig`).
   */
  readonly inParts?: boolean;
}

export type Batch = readonly BatchGame[];

/** A game's output as a worker hands it back: its rows' text as UTF-8 bytes (and `positions --unique`'s rows). */
export interface EncodedOutput {
  readonly text: Uint8Array;
  readonly rows: number;
  /** The text begins with the game break before this game's rows (see `gameBreakOf`). */
  readonly breakIncluded?: boolean;
  /** A part of a big game's rows: the game goes on in the next output (the last, without `part`, ends it). */
  readonly part?: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly records?: readonly KeyedRow[];
}

/** What the reply says of each game besides its text. */
export interface GameSummary {
  /** Length of the game's text in the reply's buffer (its game break included). */
  readonly bytes: number;
  readonly rows: number;
  readonly breakIncluded?: boolean;
  readonly part?: boolean;
  readonly diagnostics: readonly Diagnostic[];
  readonly records?: readonly KeyedRow[];
}

/**
 * The outputs of a batch's games, in order: all their texts in one UTF-8 buffer (a SharedArrayBuffer, not
 * copied: decoding tens of megabytes of cloned strings and encoding them again for the output was
 * most of the main thread's work), and each game's byte length in it; or the message (and stack)
 * of what went wrong.
 */
export type BatchReply =
  | { readonly text: Uint8Array; readonly games: readonly GameSummary[]; readonly cpuMs?: number | null }
  | { readonly error: string; readonly stack?: string };

/**
 * The outputs of a batch (or block run, with its `id`) so far, sent before its `BatchReply` while a
 * big game's rows are formatted: each ends with a part of that game. The worker sends the next
 * one only while fewer than SEGMENTS_AHEAD of its segments are unwritten (`WorkerStart`), and then
 * reuses the buffers of the written ones: a huge game's rows never pile up, in either thread,
 * however far the worker is ahead of the output.
 */
export interface Segment {
  readonly kind: 'segment';
  readonly id?: number;
  readonly text: Uint8Array;
  readonly games: readonly GameSummary[];
}

/** Partial segments a worker may have sent and not yet seen written: one being written, others ready. */
export const SEGMENTS_AHEAD = 3;

/**
 * Workers that read for themselves (cli/workers/blocks.ts): `BlockSplit` asks a worker to read and
 * split one byte range of a file; it answers `BlockSplitReply`. Once the blocks before are split,
 * `BlockRun` gives the block its place in the file and the worker parses and runs its games,
 * answering a `BatchReply` with `id`.
 */
export interface BlockSplit {
  readonly kind: 'split';
  readonly id: number;
  readonly path: string;
  readonly start: number;
  readonly end: number;
}

export interface BlockSplitReply {
  readonly kind: 'split';
  readonly id: number;
  readonly clean: boolean;
  readonly games: number;
  readonly lines: number;
  readonly chars: number;
  readonly encoding?: Diagnostic;
  /** The worker's CPU time so far, with FORSYTH_THREAD_TIMES (thread-times.ts). */
  readonly cpuMs?: number | null;
}

export interface BlockRun {
  readonly kind: 'run';
  readonly id: number;
  readonly file: string;
  readonly base: { readonly index: number; readonly lines: number; readonly offset: number };
  /** Run-wide number of the file's first game, minus one. */
  readonly numberBase: number;
}

/**
 * A reply's buffer, handed back once its bytes are written, for the worker's next outputs: the
 * main thread then frees nothing (a freed buffer waits for the main thread's garbage collection,
 * which external memory sets off, and was a third of the peak memory).
 */
export interface Recycle {
  readonly kind: 'recycle';
  readonly buffer: SharedArrayBuffer;
}

export type WorkerMessage = Batch | BlockSplit | BlockRun | Recycle;
