/**
 * `runGames`: a command's per-game work over every game of a run, in input order, on the main thread
 * (`--jobs 1`) or in N worker threads (`--jobs N`). With workers, the main thread reads, decodes and
 * splits the input (cheap) and sends the games in batches (up to 200 games or 1 MB of text each; the
 * first ones smaller) to the workers, which parse, replay and format them (the expensive part); it
 * prints each batch's outputs and diagnostics when its turn comes, through the same writer and
 * reporter as `--jobs 1`; so the output is byte for byte the same.
 *
 * Memory stays bounded: at most two batches per worker are in flight (one being processed, one
 * waiting); reading pauses until the oldest batch is printed. A big game's rows come back in
 * parts as the worker formats them, as --jobs 1's big-game thread sends them, and the worker waits
 * while SEGMENTS_AHEAD of them are unwritten (protocol.ts `Segment`): one huge game never comes
 * back whole. Workers are started only when there is a batch for them, so a small input starts one.
 *
 * Any failure of a worker (a throw in the per-game code, a crash) fails every batch in flight with
 * that error, which ends the run as an internal error (main.ts): never a hang, never a stack trace
 * without FORSYTH_DEBUG=1.
 */
import type { Worker } from 'node:worker_threads';
import { bigGame, runOnMainThread } from '../big-games.js';
import { interruption } from '../interrupt.js';
import type { ChunkItem, Session } from '../session.js';
import type { PositionsOutput } from '../commands/positions-game.js';
import type { Batch, BatchGame, BatchReply, EncodedOutput, Segment, WorkerTask } from './protocol.js';
import { perGameOf } from './tasks.js';
import { runInBlocks } from './blocks.js';
import { ReplyStream, startWorker } from './replies.js';
import { noteWorkerTime } from './thread-times.js';

const BATCH_GAMES = 200;
/**
 * The first batches are smaller (25, 50, 100 games, then 200): each worker gets work, and starts
 * loading and warming up, while the main thread is still reading the first megabyte.
 */
const FIRST_BATCH_GAMES = 25;
const BATCH_CHARS = 1024 * 1024;
/** Batches (blocks.ts: blocks) per worker not yet printed: one being processed, one waiting. */
export const IN_FLIGHT_PER_WORKER = 2;

interface Job {
  readonly batch: Batch;
  readonly reply: ReplyStream;
}

interface PoolWorker {
  readonly worker: Worker;
  readonly segmentWritten: () => void;
}

/** Up to `size` workers running `task`; `run` queues a batch and gives its outputs as they come. */
export class WorkerPool {
  private readonly workers: PoolWorker[] = [];
  private readonly idle: PoolWorker[] = [];
  private readonly busy = new Map<PoolWorker, Job>();
  private readonly queue: Job[] = [];
  private failure: Error | undefined;
  private closing = false;

  constructor(
    private readonly task: WorkerTask,
    private readonly size: number,
  ) {
    // Each worker's stdout and stderr are piped into ours, one listener each: not a leak, so
    // raise the limit past which Node warns (MaxListenersExceededWarning at --jobs 9 and up).
    for (const stream of [process.stdout, process.stderr])
      stream.setMaxListeners(Math.max(stream.getMaxListeners(), size + 10));
  }

  run(batch: Batch): ReplyStream {
    const reply = new ReplyStream();
    if (this.failure) reply.fail(this.failure);
    else {
      this.queue.push({ batch, reply });
      this.dispatch();
    }
    return reply;
  }

  /** Stops every worker (after the last batch, or on the way out of a failed run). */
  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.worker.terminate()));
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      const worker = this.idle.pop() ?? (this.workers.length < this.size ? this.start() : undefined);
      if (!worker) return;
      const job = this.queue.shift() as Job;
      this.busy.set(worker, job);
      worker.worker.postMessage(job.batch);
    }
  }

  private start(): PoolWorker {
    const started = startWorker(this.task);
    const { worker } = started;
    this.workers.push(started);
    worker.on('message', (reply: BatchReply | Segment) => {
      if ('error' in reply) {
        const error = new Error(reply.error);
        if (reply.stack !== undefined) error.stack = reply.stack;
        return this.fail(error);
      }
      const job = this.busy.get(started);
      if ('kind' in reply) return job?.reply.segment(reply.text, reply.games, started.segmentWritten);
      noteWorkerTime(worker.threadId, reply.cpuMs);
      this.busy.delete(started);
      this.idle.push(started);
      job?.reply.end(reply);
      this.dispatch();
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (!this.closing) this.fail(new Error(`a worker thread stopped (exit code ${code})`));
    });
    return started;
  }

  private fail(error: Error): void {
    this.failure ??= error;
    const jobs = [...this.busy.values(), ...this.queue.splice(0)];
    this.busy.clear();
    for (const job of jobs) job.reply.fail(this.failure);
  }
}

/** A game's output as `runGames` hands it over: its text as a string (`--jobs 1`) or as bytes (from a worker). */
export type GameResult = PositionsOutput | EncodedOutput;

/**
 * Runs `task` on every game of the session, on the main thread (`jobs` 1) or in `jobs` worker
 * threads, and calls `emit` with each game's output in input order; the two ways give the same.
 */
export async function runGames(
  session: Session,
  task: WorkerTask,
  jobs: number,
  emit: (output: GameResult, file: string) => Promise<void>,
): Promise<void> {
  // Workers read plain files for themselves (blocks.ts); with --shard or a --where filter, the
  // main thread reads (the filter runs on the tag sections there, before the games are sent).
  if (jobs > 1 && !session.shard && !session.filtered && session.readsPgnAsDetected) {
    return runInBlocks(session, task, jobs, emit, (items) => runInWorkers(session, task, jobs, emit, items));
  }
  if (jobs > 1) return runInWorkers(session, task, jobs, emit, session.chunks());
  // A big game goes to a worker thread all the same, so that Ctrl-C is seen at once.
  return runOnMainThread(session, task, emit);
}

/**
 * With --shard K/N and K > 1, what the shard's rows continue from (see RowPrinter): whether a game
 * before the shard printed rows (`needBreaks`: the format has game breaks; otherwise not looked
 * for). Usually the run's first game answers it. Undefined for a run that is not such a shard.
 */
export async function shardContinues(
  session: Session,
  task: WorkerTask,
  needBreaks: boolean,
): Promise<{ rowsBefore: boolean } | undefined> {
  const shard = session.shard;
  if (!shard || shard.k === 1) return undefined;
  if (!needBreaks) return { rowsBefore: false };
  const perGame = perGameOf(task);
  for await (const game of session.gamesBeforeShard()) if (perGame(game, '', 0).rows > 0) return { rowsBefore: true };
  return { rowsBefore: false };
}

/**
 * Runs a session's games through `jobs` workers and calls `emit` with each game's output, in input
 * order, reporting the file-level problems in between exactly where `Session.games()` would.
 */
async function runInWorkers(
  session: Session,
  task: WorkerTask,
  jobs: number,
  emit: (output: EncodedOutput, file: string) => Promise<void>,
  chunks: AsyncIterable<ChunkItem>,
): Promise<void> {
  const pool = new WorkerPool(task, jobs);
  const inFlight: { items: ChunkItem[]; outputs: ReplyStream | undefined }[] = [];
  let items: ChunkItem[] = [];
  let games: BatchGame[] = [];
  let chars = 0;
  let batchGames = FIRST_BATCH_GAMES;
  const send = (): void => {
    inFlight.push({ items, outputs: games.length > 0 ? pool.run(games) : undefined });
    items = [];
    games = [];
    chars = 0;
  };
  /** Prints the oldest batch; false when an interrupt stopped it. */
  const printOldest = async (): Promise<boolean> => {
    const oldest = inFlight.shift();
    if (!oldest) return true;
    const pieces = oldest.outputs;
    let piece = await pieces?.next();
    let next = 0;
    for (const [i, item] of oldest.items.entries()) {
      // An interrupt ends the run where it is (in a big game's rows too, as --jobs 1 does); the
      // games after are not counted as read.
      if (interruption.aborted) {
        uncount(oldest.items.slice(i));
        return false;
      }
      session.reportProblems(item);
      if (item.kind !== 'game') continue;
      // A game's outputs: its parts, if any, then the one that ends it.
      for (;;) {
        if (piece && next === piece.outputs.length) {
          if (piece.written) await acknowledge(session, piece.written);
          if (interruption.aborted) {
            uncount(oldest.items.slice(i + 1));
            return false;
          }
          piece = await pieces?.next();
          next = 0;
        }
        const output = piece?.outputs[next++] as EncodedOutput;
        await emit(output, item.file.name);
        if (!output.part) break;
      }
    }
    return true;
  };
  const uncount = (unprinted: readonly ChunkItem[]): void => {
    session.gamesRead -= unprinted.filter((item) => item.kind === 'game').length;
  };
  let stopped = false;
  try {
    for await (const item of chunks) {
      items.push(item);
      if (item.kind === 'game') {
        games.push({ chunk: item.chunk, file: item.file.name, number: item.number, inParts: bigGame(item) });
        chars += item.chunk.text.length;
      }
      if (games.length >= batchGames || chars >= BATCH_CHARS) {
        send();
        batchGames = Math.min(BATCH_GAMES, batchGames * 2);
        while (!stopped && inFlight.length > jobs * IN_FLIGHT_PER_WORKER) stopped = !(await printOldest());
        if (stopped) break;
      }
    }
    send();
    while (!stopped && inFlight.length > 0) stopped = !(await printOldest());
    for (const rest of inFlight) uncount(rest.items);
  } finally {
    await pool.close();
  }
}

/** Once everything printed so far has left the process, `written` tells the worker (its buffer is free). */
export async function acknowledge(session: Session, written: () => void): Promise<void> {
  await session.writer.flush();
  session.writer.whenWritten(written);
}
