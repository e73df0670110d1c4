/**
 * `--jobs N` on plain files: workers that read for themselves. A file is cut into blocks of 512 KiB
 * (smaller on a small file, see `blockBytes`); each worker reads, decodes and splits its blocks
 * (cut at game starts by the resync rule), says how many games, line breaks and characters each
 * holds, and, once every block before it has said so, is told the block's place in the file and
 * parses and runs its games. The main thread only
 * hands out blocks, adds up those counts and writes the outputs in order: the output is byte for
 * byte that of `--jobs 1`.
 *
 * A block is exact when it is valid UTF-8 without control bytes (such bytes decode the same
 * whatever came before, and give no file-level message). At the first block that is not, or a
 * file that cannot be cut (compressed, standard input), the rest of the file goes the way of
 * streams: the main thread reads it (from that block on, with `readRange`, which is exact) and
 * hands batches of games to the workers (pool.ts).
 *
 * Memory: at most IN_FLIGHT_PER_WORKER × N blocks (however the N workers share them) are split and
 * not yet written (a block's output, some 10× its size in FENs, waits until its turn: 4 blocks per
 * worker instead of 2 peaked 188–195 MB instead of 181–184 MB on 70 MB of TCEC games with
 * `--jobs 2`, for no speed); a big game's rows come in parts, SEGMENTS_AHEAD at most unwritten per
 * worker, however far its block is from its turn (protocol.ts `Segment`).
 */
import type { Worker } from 'node:worker_threads';
import type { Session, ChunkItem } from '../session.js';
import type { InputFile } from '../inputs.js';
import type {
  BatchReply,
  BlockRun,
  BlockSplit,
  BlockSplitReply,
  EncodedOutput,
  Recycle,
  Segment,
  WorkerMessage,
  WorkerTask,
} from './protocol.js';
import { acknowledge, IN_FLIGHT_PER_WORKER } from './pool.js';
import { ReplyStream, startWorker } from './replies.js';
import { noteWorkerTime } from './thread-times.js';
import { interruption } from '../interrupt.js';

/** FORSYTH_BLOCK_BYTES sets every block's size, for tests (many blocks on small files) and tuning. */
const FIXED_BLOCK_BYTES =
  Number(process.env['FORSYTH_BLOCK_BYTES']) > 0 ? Number(process.env['FORSYTH_BLOCK_BYTES']) : undefined;
const MAX_BLOCK_BYTES = 512 * 1024;
const MIN_BLOCK_BYTES = 64 * 1024;

/**
 * The block size for a file of `size` bytes and `jobs` workers: 512 KiB, or less on a small file,
 * so that it still has two blocks per worker (each one then gets work, and the last block, which
 * the others wait for, is short), but never under 64 KiB: a file of one such block starts one worker.
 */
export function blockBytes(size: number, jobs: number): number {
  return FIXED_BLOCK_BYTES ?? Math.max(MIN_BLOCK_BYTES, Math.min(MAX_BLOCK_BYTES, Math.ceil(size / (2 * jobs))));
}

/** Whether `--jobs` workers may read `file` for themselves (a plain file on disk). */
export function readsForItself(file: InputFile): boolean {
  return file.source !== '-' && (file.size ?? 0) > 0 && !/\.(gz|zst|zstd)$/i.test(file.source);
}

interface Waiting {
  resolve(value: BlockSplitReply): void;
  reject(error: Error): void;
}

/**
 * Up to `size` workers, each answering its messages in order. A worker is started when a block is
 * first handed to it (`pick`), so a file of one block starts one; each block goes to the worker
 * with the fewest blocks still to run, so that a worker slowed down (by its garbage collector, by
 * another process on its core) takes fewer, and none waits on a fixed turn.
 */
class BlockWorkers {
  private readonly workers: Worker[] = [];
  /** Per worker, the splits waiting for their answer, by block id. */
  private readonly waiting: Map<number, Waiting>[] = [];
  /** Per worker, the runs whose answer has not ended, by block id. */
  private readonly runs: Map<number, ReplyStream>[] = [];
  /** Per worker, the blocks handed to it whose run (or unclean split) has not answered yet. */
  private readonly pending: number[] = [];
  private failure: Error | undefined;
  private closing = false;

  constructor(
    private readonly task: WorkerTask,
    readonly size: number,
  ) {
    // Each worker's stdout and stderr are piped into ours, one listener each (as in pool.ts).
    for (const stream of [process.stdout, process.stderr])
      stream.setMaxListeners(Math.max(stream.getMaxListeners(), 2 * size + 10));
  }

  /** The worker for the next block: an idle one, a new one while fewer than `size` run, or the least loaded. */
  pick(): number {
    let best = -1;
    for (let w = 0; w < this.workers.length; w++)
      if (best < 0 || (this.pending[w] as number) < (this.pending[best] as number)) best = w;
    if ((best < 0 || (this.pending[best] as number) > 0) && this.workers.length < this.size) best = this.start();
    this.pending[best] = (this.pending[best] as number) + 1;
    return best;
  }

  /** Worker `w` is done with one of its blocks. */
  done(w: number): void {
    this.pending[w] = Math.max(0, (this.pending[w] as number) - 1);
  }

  private start(): number {
    const w = this.workers.length;
    const { worker, segmentWritten } = startWorker(this.task);
    const waiting = new Map<number, Waiting>();
    const runs = new Map<number, ReplyStream>();
    worker.on('message', (reply: BlockSplitReply | Segment | (BatchReply & { id?: number })) => {
      if ('error' in reply) {
        const error = new Error(reply.error);
        if (reply.stack !== undefined) error.stack = reply.stack;
        return this.fail(error);
      }
      if ('kind' in reply && reply.kind === 'segment')
        return runs.get(reply.id as number)?.segment(reply.text, reply.games, segmentWritten);
      noteWorkerTime(worker.threadId, reply.cpuMs);
      if ('kind' in reply) {
        waiting.get(reply.id)?.resolve(reply);
        waiting.delete(reply.id);
        return;
      }
      const id = reply.id as number;
      runs.get(id)?.end(reply);
      runs.delete(id);
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', (code) => {
      if (!this.closing) this.fail(new Error(`a worker thread stopped (exit code ${code})`));
    });
    this.workers.push(worker);
    this.waiting.push(waiting);
    this.runs.push(runs);
    this.pending.push(0);
    return w;
  }

  split(w: number, message: BlockSplit): Promise<BlockSplitReply> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.waiting[w]?.set(message.id, { resolve, reject });
      this.post(w, message);
    });
  }

  /** Runs a block's games: their outputs come as the worker sends them. */
  run(w: number, message: BlockRun): ReplyStream {
    const reply = new ReplyStream();
    if (this.failure) reply.fail(this.failure);
    else {
      this.runs[w]?.set(message.id, reply);
      this.post(w, message);
    }
    return reply;
  }

  /** Hands a reply's buffer back to worker `w` (which answers nothing). */
  recycle(w: number, buffer: SharedArrayBuffer): void {
    if (!this.failure && !this.closing) this.post(w, { kind: 'recycle', buffer } satisfies Recycle);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }

  private post(w: number, message: WorkerMessage): void {
    this.workers[w]?.postMessage(message);
  }

  private fail(error: Error): void {
    this.failure ??= error;
    for (const waiting of this.waiting) {
      for (const job of waiting.values()) job.reject(this.failure);
      waiting.clear();
    }
    for (const runs of this.runs) {
      for (const reply of runs.values()) reply.fail(this.failure);
      runs.clear();
    }
  }
}

/** How the rest of a file is read when its blocks cannot be: a stream of items for pool.ts's batches. */
export type StreamRest = (items: AsyncIterable<ChunkItem>) => Promise<void>;

/**
 * Runs every game of the session through `jobs` workers that read plain files for themselves, and
 * calls `emit` with each game's output in input order; `streamRest` takes what they cannot read.
 */
export async function runInBlocks(
  session: Session,
  task: WorkerTask,
  jobs: number,
  emit: (output: EncodedOutput, file: string) => Promise<void>,
  streamRest: StreamRest,
): Promise<void> {
  let workers: BlockWorkers | undefined;
  let before = 0; // games in the files before the current one
  const counted = async function* (items: AsyncIterable<ChunkItem>): AsyncGenerator<ChunkItem> {
    for await (const item of items) {
      if (item.kind === 'game') before = item.number;
      yield item;
    }
  };
  let nextId = 0;
  try {
    for (const file of session.files) {
      if (!readsForItself(file)) {
        await workers?.close();
        workers = undefined;
        const base = before;
        await streamRest(counted(session.fileItems(file, undefined, async () => base)));
        continue;
      }
      workers ??= new BlockWorkers(task, jobs);
      const pool = workers;
      const size = file.size ?? 0;
      const cuts: number[] = [];
      const step = blockBytes(size, jobs);
      for (let at = 0; at < size; at += step) cuts.push(at);
      cuts.push(size);
      const blocks = cuts.length - 1;
      const placed: (Promise<ReplyStream | undefined> | undefined)[] = [];
      let chain: Promise<unknown> = Promise.resolve();
      let place = { index: 0, lines: 0, offset: 0 };
      let stopped = false;
      let encoding: BlockSplitReply['encoding'];
      const numberBase = before;
      const owners: number[] = [];
      const dispatch = (i: number): void => {
        const id = nextId++;
        const w = pool.pick();
        owners[i] = w;
        const split = pool.split(w, {
          kind: 'split',
          id,
          path: file.source,
          start: cuts[i] as number,
          end: cuts[i + 1] as number,
        });
        // Places are handed out in block order: each waits for the split before it, and the run
        // is sent at once (the step resolves to a box, not to the run, which it would wait for).
        const step = chain.then(async (): Promise<{ outputs: ReplyStream } | undefined> => {
          const block = await split;
          if (stopped || !block.clean) {
            stopped = true;
            pool.done(w);
            return undefined;
          }
          if (i === 0) encoding = block.encoding;
          const base = place;
          place = {
            index: base.index + block.games,
            lines: base.lines + block.lines,
            offset: base.offset + block.chars,
          };
          const outputs = pool.run(w, { kind: 'run', id, file: file.name, base, numberBase });
          outputs.done.then(
            () => pool.done(w),
            () => {}, // seen in turn below
          );
          return { outputs };
        });
        step.catch(() => {});
        chain = step;
        placed[i] = step.then((box) => box?.outputs);
        placed[i]?.catch(() => {});
      };
      let dispatched = 0;
      let fellBackAt: number | undefined;
      // The file's last game is printed after its IO_ENCODING, as a reading of the whole file gives
      // it (that game is cut only once the decoder has ended): each block's last output waits.
      let held: EncodedOutput | undefined;
      // A big game's rows come in parts before the output that ends it (not held: a part is the
      // last output of a partial segment, whose buffer the worker reuses once it is written). The
      // game is counted at its first part.
      let inGame = false;
      const print = async (output: EncodedOutput | undefined): Promise<void> => {
        if (!output) return;
        if (!inGame) session.gamesRead++;
        inGame = output.part === true;
        await emit(output, file.name);
      };
      // Blocks whose outputs are being printed, with their worker: each buffer goes back to its
      // worker once all its bytes are written (the held output's last of all).
      let printing: { w: number; buffer: SharedArrayBuffer }[] = [];
      inTurn: for (let i = 0; i < blocks; i++) {
        // An interrupt ends the run where it is, as the reading of --jobs 1 stops: the games
        // printed so far (the held one too) are the output, and the summary counts them.
        if (interruption.aborted) {
          await print(held);
          return;
        }
        while (dispatched < blocks && dispatched < i + pool.size * IN_FLIGHT_PER_WORKER) dispatch(dispatched++);
        const reply = await placed[i];
        delete placed[i]; // printed below: a block's output must not outlive its turn
        if (!reply) {
          fellBackAt = i;
          break;
        }
        for (let piece = await reply.next(); piece; piece = await reply.next()) {
          for (const output of piece.outputs) {
            await print(held);
            held = output.part ? undefined : output;
            if (output.part) await print(output);
          }
          if (piece.written) {
            await acknowledge(session, piece.written);
            // In the middle of a big game too (as --jobs 1 stops its big-game thread).
            if (interruption.aborted) break inTurn;
            continue;
          }
          const done = printing.filter((p) => p.buffer !== held?.text.buffer);
          printing = printing.filter((p) => p.buffer === held?.text.buffer);
          if (piece.outputs.length > 0) printing.push({ w: owners[i] as number, buffer: piece.buffer });
          if (done.length > 0) {
            await session.writer.flush();
            session.writer.whenWritten(() => {
              for (const p of done) pool.recycle(p.w, p.buffer);
            });
          }
        }
      }
      if (interruption.aborted) {
        await print(held);
        return;
      }
      if (fellBackAt !== undefined) {
        await print(held);
        // The blocks split after it are never run: their workers go with them.
        await workers.close();
        workers = undefined;
        const base = before;
        before += place.index;
        await streamRest(
          counted(session.fileItems(file, { start: cuts[fellBackAt] as number, end: size }, async () => base)),
        );
        continue;
      }
      if (encoding) session.report(encoding, file.name);
      await print(held);
      before += place.index;
    }
  } finally {
    await workers?.close();
  }
}
