/**
 * The entry of the big-game worker thread (big-games.ts): parses each game it is sent, runs the
 * job's per-game function on it (the same one the main thread runs for small games) and posts the
 * result back; a huge game's rows go first, in parts, as they are formatted, each part waiting
 * until the main thread has written all but PARTS_AHEAD - 1 of the parts before it. A throw
 * becomes an error reply, which the main thread turns into an internal error.
 */
import { parentPort } from 'node:worker_threads';
import { parseGame } from '../src/index.js';
import { PARTS_AHEAD, type BigGameReply, type BigGameRequest } from './big-games.js';
import type { GameOutput } from './game-output.js';
import type { EncodedOutput } from './workers/protocol.js';
import { workOf } from './big-game-work.js';

const port = parentPort;
if (!port) throw new Error('cli/big-game-thread.js is a worker thread entry, not a program');
const encoder = new TextEncoder();
/** How long one wait for the main thread lasts before it is checked again (terminate() stops it between two). */
const WAIT_MS = 200;

port.on('message', ({ job, chunk, file, number, written }: BigGameRequest) => {
  let reply: BigGameReply<unknown>;
  try {
    const game = parseGame(chunk);
    if (job.command !== 'fens' && job.command !== 'positions') reply = { result: workOf(job)(game, file, number) };
    else {
      const counter = written ? new Int32Array(written) : undefined;
      let sent = 0;
      const part = (output: GameOutput): void => {
        if (!counter) throw new Error('a part of a game was formatted without a part handler');
        // Wait until at most PARTS_AHEAD - 1 parts before this one are still unwritten.
        for (let seen = Atomics.load(counter, 0); sent - seen >= PARTS_AHEAD; seen = Atomics.load(counter, 0)) {
          Atomics.wait(counter, 0, seen, WAIT_MS);
        }
        sent++;
        // Parquet's values are cloned (a part's worth); text goes as bytes, moved, not copied.
        if (output.table) return port.postMessage({ part: output } satisfies BigGameReply<unknown>);
        const text = encoder.encode(output.text);
        const encoded: EncodedOutput = {
          text,
          rows: output.rows,
          diagnostics: output.diagnostics,
          ...(output.breakIncluded && { breakIncluded: true }),
        };
        port.postMessage({ part: encoded } satisfies BigGameReply<unknown>, [text.buffer as ArrayBuffer]);
      };
      reply = { result: workOf(job)(game, file, number, counter ? part : undefined) };
    }
  } catch (error) {
    reply =
      error instanceof Error
        ? { error: error.message, ...(error.stack ? { stack: error.stack } : {}) }
        : { error: String(error) };
  }
  port?.postMessage(reply);
});
