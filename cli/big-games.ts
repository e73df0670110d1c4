/**
 * Games big enough to keep the main thread busy for a noticeable time (a 40 MB game takes seconds
 * to parse, replay and format) are computed in a worker thread, so that the main thread stays free
 * to see Ctrl-C and SIGTERM: one synchronous parse cannot be cut into slices, and a signal is only
 * delivered to JavaScript between two turns of the event loop. On an interrupt the worker is
 * terminated at once (`Worker.terminate` stops even a running loop) and the game is left out, like
 * the game being read. Smaller games, nearly all of them, run on the main thread as before: the
 * run lets the event loop through between them (Session.fileItems).
 *
 * A huge game's rows come back in parts as the thread formats them (GamePart), each as UTF-8 bytes
 * (transferred, not copied), and the thread waits for each part to be written before it sends the
 * part after the next (a shared counter of the parts written): the rows of one game never pile up
 * whole in either thread, however slow the output.
 *
 * The thread starts with the first big game of the run and serves the later ones.
 */
import { Worker } from 'node:worker_threads';
import { parseGame, validate, type Diagnostic, type Game, type GameChunk } from '../src/index.js';
import { interruption } from './interrupt.js';
import type { ChunkItem, Session } from './session.js';
import type { PositionsOutput } from './commands/positions-game.js';
import type { ExportSettings } from './commands/export.js';
import type { GamesSettings } from './commands/games.js';
import type { ShowSettings } from './commands/show.js';
import type { GameOutput } from './game-output.js';
import type { EncodedOutput, WorkerTask } from './workers/protocol.js';
import { perGameOf } from './workers/tasks.js';

/**
 * Games of more characters than this go to the worker. At about 0.5 µs per character for the
 * slowest per-game work (replay and rows, validate), the main thread is then never busy for more
 * than some 150 ms at a time, three times that on a loaded machine.
 */
export const BIG_GAME_CHARS = 256 * 1024;

/**
 * What to do with one game: a `--jobs` task (fens, positions), or another command's per-game work
 * (big-game-work.ts maps each to its function, for both threads).
 */
export type GameJob =
  | WorkerTask
  | { readonly command: 'validate' }
  | { readonly command: 'stats' }
  | { readonly command: 'games'; readonly settings: GamesSettings }
  | { readonly command: 'export'; readonly settings: ExportSettings }
  | { readonly command: 'show'; readonly settings: ShowSettings };

/** What the thread is sent for one game. */
export interface BigGameRequest {
  readonly job: GameJob;
  readonly chunk: GameChunk;
  readonly file: string;
  readonly number: number;
  /**
   * With a part handler: one Int32 the main thread counts up as it writes the parts (Atomics), so
   * the thread keeps at most PARTS_AHEAD parts unwritten.
   */
  readonly written?: SharedArrayBuffer;
}

/** Its answers: parts of the rows (any number, for a job with parts), then the job's result or the message of what it threw. */
export type BigGameReply<R> =
  | { readonly part: GameOutput | EncodedOutput }
  | { readonly result: R }
  | { readonly error: string; readonly stack?: string };

/** Parts the thread may send before the first of them is written: one being written, one ready. */
export const PARTS_AHEAD = 2;

/** An item of `Session.chunks()` that is a game. */
type GameItem = Extract<ChunkItem, { kind: 'game' }>;

const THREAD_URL = new URL('./big-game-thread.js', import.meta.url);

export function isBig(chunk: GameChunk): boolean {
  return chunk.text.length > BIG_GAME_CHARS;
}

/** The worker thread for big games; `run` resolves with undefined when the run is interrupted. */
export class BigGameThread {
  private worker: Worker | undefined;

  /**
   * Runs one game's job; `onPart` (for jobs that format rows) gets the parts of a huge game's rows
   * in order, each awaited before the thread is told it was written, and before the result.
   */
  run<R>(
    job: Omit<BigGameRequest, 'written'>,
    onPart?: (part: GameOutput | EncodedOutput) => Promise<void>,
  ): Promise<R | undefined> {
    if (interruption.aborted) return Promise.resolve(undefined);
    const worker = (this.worker ??= new Worker(THREAD_URL));
    const written = onPart ? new SharedArrayBuffer(4) : undefined;
    const counter = written ? new Int32Array(written) : undefined;
    const request: BigGameRequest = written ? { ...job, written } : job;
    // Parts are written one after the other, in the order they came; the result waits for them.
    let writing: Promise<void> = Promise.resolve();
    return new Promise<R | undefined>((resolve, reject) => {
      const stop = (): void => {
        cleanUp();
        this.worker = undefined;
        void worker.terminate();
        resolve(undefined);
      };
      const onMessage = (reply: BigGameReply<R>): void => {
        if ('part' in reply) {
          writing = writing.then(async () => {
            if (interruption.aborted) return;
            await onPart?.(reply.part);
            if (counter) {
              Atomics.add(counter, 0, 1);
              Atomics.notify(counter, 0);
            }
          });
          writing.catch((error: unknown) => {
            cleanUp();
            reject(error as Error);
          });
          return;
        }
        cleanUp();
        if ('result' in reply)
          return void writing.then(
            () => resolve(reply.result),
            () => {},
          );
        const error = new Error(reply.error);
        if (reply.stack !== undefined) error.stack = reply.stack;
        reject(error);
      };
      const onError = (error: Error): void => {
        cleanUp();
        this.worker = undefined;
        reject(error);
      };
      const cleanUp = (): void => {
        interruption.removeEventListener('abort', stop);
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      interruption.addEventListener('abort', stop);
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(request satisfies BigGameRequest);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }
}

/**
 * `--jobs 1`: every game's per-game work on the main thread, but a big game's in the worker
 * thread. `emit` gets the outputs in input order; an interrupt ends the loop.
 */
export async function runOnMainThread(
  session: Session,
  task: WorkerTask,
  emit: (output: PositionsOutput | EncodedOutput, file: string) => Promise<void>,
): Promise<void> {
  const perGame = perGameOf(task);
  const thread = new BigGameThread();
  try {
    for await (const item of session.chunks()) {
      session.reportProblems(item);
      if (item.kind !== 'game') continue;
      const output = bigGame(item)
        ? await thread.run<PositionsOutput>(request(task, item), (part) => emit(part, item.file.name))
        : perGame(item.game ?? parseGame(item.chunk), item.file.name, item.number);
      if (output === undefined) break;
      await emit(output, item.file.name);
    }
  } finally {
    await thread.close();
  }
}

/**
 * Every game of the session with `work`'s result on it, in input order (file-level problems
 * reported in their place): a big game's is computed in the thread (by the same function there:
 * big-game-work.ts), the others' here. Ends early on an interrupt.
 */
export async function* gamesDone<R>(
  session: Session,
  job: GameJob,
  work: (game: Game, file: string, number: number) => R,
): AsyncGenerator<{ item: GameItem; result: R }> {
  const thread = new BigGameThread();
  try {
    for await (const item of session.chunks()) {
      session.reportProblems(item);
      if (item.kind !== 'game') continue;
      const result = bigGame(item)
        ? await thread.run<R>(request(job, item))
        : work(item.game ?? parseGame(item.chunk), item.file.name, item.number);
      if (result === undefined) break;
      yield { item, result };
    }
  } finally {
    await thread.close();
  }
}

/** `validate`'s per-game work the same way: each game's diagnostics, in input order. */
export async function* validateGames(
  session: Session,
): AsyncGenerator<{ item: GameItem; diagnostics: readonly Diagnostic[] }> {
  for await (const { item, result } of gamesDone(session, { command: 'validate' }, validate))
    yield { item, diagnostics: result };
}

/** A big game not parsed yet (one the --where filter parsed is done on the main thread). */
export function bigGame(item: GameItem): boolean {
  return item.game === undefined && isBig(item.chunk);
}

function request(job: GameJob, item: GameItem): Omit<BigGameRequest, 'written'> {
  return { job, chunk: item.chunk, file: item.file.name, number: item.number };
}
