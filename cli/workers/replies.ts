/**
 * The main thread's side of a worker's answers to one batch (or block run): the outputs of its
 * games, which come in segments while a big game's rows are formatted (protocol.ts `Segment`),
 * then in its final reply. Each partial segment is acknowledged once its bytes are written, which
 * lets the worker go on (it waits while SEGMENTS_AHEAD are unacknowledged) and reuse the buffer.
 */
import { Worker } from 'node:worker_threads';
import type { BatchReply, EncodedOutput, GameSummary, WorkerStart, WorkerTask } from './protocol.js';

const WORKER_URL = new URL('./worker.js', import.meta.url);

/** A worker thread for `task`, and how to tell it that one more of its partial segments is written. */
export function startWorker(task: WorkerTask): { worker: Worker; segmentWritten: () => void } {
  const segmentsWritten = new SharedArrayBuffer(4);
  const counter = new Int32Array(segmentsWritten);
  const worker = new Worker(WORKER_URL, { workerData: { task, segmentsWritten } satisfies WorkerStart });
  return {
    worker,
    segmentWritten: () => {
      Atomics.add(counter, 0, 1);
      Atomics.notify(counter, 0);
    },
  };
}

/** One piece of the answer: outputs in order; `written` (partial segments only) acknowledges them. */
export interface ReplyPiece {
  readonly outputs: readonly EncodedOutput[];
  readonly buffer: SharedArrayBuffer;
  readonly written?: () => void;
}

/** The pieces of one answer as they come: `next()` gives each in turn, undefined after the last. */
export class ReplyStream {
  private readonly pieces: ReplyPiece[] = [];
  private ended = false;
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  /** Resolves when the final reply has come (rejects on a failure). */
  readonly done: Promise<void>;
  private settle!: { resolve: () => void; reject: (error: Error) => void };

  constructor() {
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    this.done.catch(() => {}); // awaited through next()
  }

  /** A partial segment, with its acknowledgement. */
  segment(text: Uint8Array, games: readonly GameSummary[], written: () => void): void {
    this.add({ outputs: outputsOf(text, games), buffer: text.buffer as SharedArrayBuffer, written });
  }

  /** The final reply. */
  end(reply: Extract<BatchReply, { text: Uint8Array }>): void {
    this.add({ outputs: outputsOf(reply.text, reply.games), buffer: reply.text.buffer as SharedArrayBuffer });
    this.ended = true;
    this.settle.resolve();
  }

  fail(error: Error): void {
    this.failure ??= error;
    this.settle.reject(error);
    this.wake?.();
  }

  async next(): Promise<ReplyPiece | undefined> {
    for (;;) {
      if (this.failure) throw this.failure;
      const piece = this.pieces.shift();
      if (piece) return piece;
      if (this.ended) return undefined;
      await new Promise<void>((resolve) => {
        this.wake = resolve;
      });
      this.wake = undefined;
    }
  }

  private add(piece: ReplyPiece): void {
    this.pieces.push(piece);
    this.wake?.();
  }
}

/** A reply's buffer → each game's output, its text a view into the one buffer (no copy). */
export function outputsOf(text: Uint8Array, games: readonly GameSummary[]): EncodedOutput[] {
  let at = 0;
  return games.map((g) => {
    const bytes = text.subarray(at, at + g.bytes);
    at += g.bytes;
    const output: EncodedOutput = {
      text: bytes,
      rows: g.rows,
      diagnostics: g.diagnostics,
      ...(g.breakIncluded && { breakIncluded: true }),
      ...(g.part && { part: true }),
    };
    return g.records ? { ...output, records: g.records } : output;
  });
}
