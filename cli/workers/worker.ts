/**
 * The entry of a `--jobs` worker thread: parses each game of a batch and runs the command's
 * per-game function on it (the same one the main thread runs with `--jobs 1`), then posts the
 * outputs back. A throw becomes an error reply, which the main thread turns into an internal error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseGame } from '../../src/index.js';
import type { PositionsOutput } from '../commands/positions-game.js';
import type { Batch, BatchReply, GameSummary, WorkerTask } from './protocol.js';
import { perGameOf } from './tasks.js';

const port = parentPort;
if (!port) throw new Error('cli/workers/worker.js is a worker thread entry, not a program');
const task = workerData as WorkerTask;
const perGame = perGameOf(task);

port.on('message', (batch: Batch) => {
  let reply: BatchReply;
  try {
    // Each game's text is encoded as soon as it is made, so that the strings die young: kept for
    // the whole batch (megabytes), they survived and were copied by every young-generation GC,
    // which made a worker's games twice as slow as the main thread's.
    const sink = new ByteSink(batch.reduce((sum, g) => sum + g.chunk.text.length, 0) * 8);
    const games = batch.map((g): GameSummary => {
      const output: PositionsOutput = perGame(parseGame(g.chunk), g.file, g.number);
      const summary = { bytes: sink.append(output.text), rows: output.rows, diagnostics: output.diagnostics };
      return output.records ? { ...summary, records: output.records } : summary;
    });
    const text = sink.take();
    return port.postMessage({ text, games } satisfies BatchReply, [text.buffer]);
  } catch (error) {
    reply = error instanceof Error ? { error: error.message, ...(error.stack ? { stack: error.stack } : {}) } : { error: String(error) };
  }
  port.postMessage(reply);
});

const encoder = new TextEncoder();

/** Texts encoded as UTF-8 one after the other into one growing buffer of its own (to transfer). */
class ByteSink {
  private bytes: Uint8Array<ArrayBuffer>;
  private used = 0;

  /** `expected`: a guess at the total size in bytes (about eight bytes of FENs per byte of PGN). */
  constructor(expected: number) {
    this.bytes = new Uint8Array(Math.max(1024, expected));
  }

  /** Appends `text`; returns its length in bytes. */
  append(text: string): number {
    let read = 0;
    let written = 0;
    for (;;) {
      const done = encoder.encodeInto(read === 0 ? text : text.slice(read), this.bytes.subarray(this.used + written));
      read += done.read;
      written += done.written;
      if (read === text.length) break;
      // Full: at least double, and leave room for the rest even at three bytes a character.
      const grown = new Uint8Array(Math.max(this.bytes.length * 2, this.used + written + 3 * (text.length - read)));
      grown.set(this.bytes.subarray(0, this.used + written));
      this.bytes = grown;
    }
    this.used += written;
    return written;
  }

  /** The bytes appended so far (a view of the buffer, which the caller then owns). */
  take(): Uint8Array<ArrayBuffer> {
    return this.bytes.subarray(0, this.used);
  }
}
