/**
 * The entry of the big-game worker thread (big-games.ts): parses each game it is sent, runs the
 * job's per-game function on it (the same one the main thread runs for small games) and posts the
 * result back. A throw becomes an error reply, which the main thread turns into an internal error.
 */
import { parentPort } from 'node:worker_threads';
import { parseGame, validate } from '../src/index.js';
import type { BigGameReply, BigGameRequest } from './big-games.js';
import { perGameOf } from './workers/tasks.js';

const port = parentPort;
if (!port) throw new Error('cli/big-game-thread.js is a worker thread entry, not a program');

port.on('message', ({ job, chunk, file, number }: BigGameRequest) => {
  let reply: BigGameReply<unknown>;
  try {
    const game = parseGame(chunk);
    reply = { result: job.command === 'validate' ? validate(game) : perGameOf(job)(game, file, number) };
  } catch (error) {
    reply = error instanceof Error ? { error: error.message, ...(error.stack ? { stack: error.stack } : {}) } : { error: String(error) };
  }
  port?.postMessage(reply);
});
