/**
 * The entry of a `--jobs` worker thread: parses each game of a batch and runs the command's
 * per-game function on it (the same one the main thread runs with `--jobs 1`), then posts the
 * outputs back. A throw becomes an error reply, which the main thread turns into an internal error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseGame } from '../../src/index.js';
import { fensOfGame } from '../commands/fens-game.js';
import type { Batch, BatchReply, WorkerTask } from './protocol.js';

const port = parentPort;
if (!port) throw new Error('cli/workers/worker.js is a worker thread entry, not a program');
const task = workerData as WorkerTask;
const perGame = fensOfGame(task.settings);

port.on('message', (batch: Batch) => {
  let reply: BatchReply;
  try {
    reply = { outputs: batch.map((g) => perGame(parseGame(g.chunk), g.file, g.number)) };
  } catch (error) {
    reply = error instanceof Error ? { error: error.message, ...(error.stack ? { stack: error.stack } : {}) } : { error: String(error) };
  }
  port.postMessage(reply);
});
