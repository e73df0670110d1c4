/**
 * The entry of a `--jobs` worker thread: parses each game of a batch and runs the command's
 * per-game function on it (the same one the main thread runs with `--jobs 1`), then posts the
 * outputs back. A throw becomes an error reply, which the main thread turns into an internal error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseGame } from '../../src/index.js';
import { fensOfGame } from '../commands/fens-game.js';
import { positionsOfGame, type PositionsOutput } from '../commands/positions-game.js';
import type { Batch, BatchReply, GameSummary, WorkerTask } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('cli/workers/worker.js is a worker thread entry, not a program');
const task = workerData as WorkerTask;
const perGame = task.command === 'fens' ? fensOfGame(task.settings) : positionsOfGame(task.settings);

port.on('message', (batch: Batch) => {
  let reply: BatchReply;
  try {
    const outputs: PositionsOutput[] = batch.map((g) => perGame(parseGame(g.chunk), g.file, g.number));
    const { bytes, lengths } = encodeAll(outputs.map((o) => o.text));
    const games = outputs.map((o, i): GameSummary => {
      const summary = { bytes: lengths[i] ?? 0, rows: o.rows, diagnostics: o.diagnostics };
      return o.records ? { ...summary, records: o.records } : summary;
    });
    return port.postMessage({ text: bytes, games } satisfies BatchReply, [bytes.buffer]);
  } catch (error) {
    reply = error instanceof Error ? { error: error.message, ...(error.stack ? { stack: error.stack } : {}) } : { error: String(error) };
  }
  port.postMessage(reply);
});

const encoder = new TextEncoder();

/** The texts as UTF-8, one after the other in one buffer of its own (to transfer), and each one's length in bytes. */
function encodeAll(texts: readonly string[]): { bytes: Uint8Array<ArrayBuffer>; lengths: number[] } {
  let remaining = 0; // characters not yet encoded
  for (const text of texts) remaining += text.length;
  let bytes = new Uint8Array(remaining + 16); // exact for ASCII, which FEN rows nearly always are
  let used = 0;
  const lengths: number[] = [];
  for (const text of texts) {
    let read = 0;
    let written = 0;
    for (;;) {
      const done = encoder.encodeInto(read === 0 ? text : text.slice(read), bytes.subarray(used + written));
      read += done.read;
      written += done.written;
      if (read === text.length) break;
      // Non-ASCII (a file or tag name) took more room: grow so that everything left surely fits.
      const grown = new Uint8Array(used + written + 3 * (remaining - read) + 16);
      grown.set(bytes.subarray(0, used + written));
      bytes = grown;
    }
    remaining -= text.length;
    lengths.push(written);
    used += written;
  }
  return { bytes: bytes.subarray(0, used), lengths };
}
