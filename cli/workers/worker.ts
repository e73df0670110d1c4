/**
 * The entry of a `--jobs` worker thread: parses each game of a batch and runs the command's
 * per-game function on it (the same one the main thread runs with `--jobs 1`), then posts the
 * outputs back. A worker also reads and splits blocks of a file itself (cli/workers/blocks.ts).
 * A throw becomes an error reply, which the main thread turns into an internal error.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { parseGame, type GameChunk } from '../../src/index.js';
import { shiftChunk, splitBlock } from '../../src/node/index.js';
import { isBig } from '../big-games.js';
import type { PositionsOutput } from '../commands/positions-game.js';
import type { GameOutput } from '../game-output.js';
import {
  SEGMENTS_AHEAD,
  type BatchGame,
  type BatchReply,
  type BlockSplitReply,
  type GameSummary,
  type Segment,
  type WorkerMessage,
  type WorkerStart,
} from './protocol.js';
import { gameBreakOf, perGameOf } from './tasks.js';
import { threadCpuMs, threadTimesWanted } from './thread-times.js';

const port = parentPort;
if (!port) throw new Error('cli/workers/worker.js is a worker thread entry, not a program');
const { task, segmentsWritten } = workerData as WorkerStart;
const written = new Int32Array(segmentsWritten);
const perGame = perGameOf(task);
const gameBreak = gameBreakOf(task);
/** Blocks split and waiting for their place in the file. */
const splitBlocks = new Map<number, readonly GameChunk[]>();

port.on('message', (message: WorkerMessage) => {
  try {
    if (!('kind' in message)) return reply(runGames(message, undefined));
    if (message.kind === 'split') {
      const block = splitBlock(message.path, { start: message.start, end: message.end });
      if (block.clean) splitBlocks.set(message.id, block.chunks);
      const { clean, lines, chars, encoding } = block;
      const answer: BlockSplitReply = {
        kind: 'split',
        id: message.id,
        clean,
        games: block.chunks.length,
        lines,
        chars,
        ...(encoding && { encoding }),
        ...(threadTimesWanted && { cpuMs: threadCpuMs() }),
      };
      return port.postMessage(answer);
    }
    if (message.kind === 'recycle') return keepSpare(message.buffer);
    if (message.kind === 'run') {
      const chunks = splitBlocks.get(message.id) ?? [];
      splitBlocks.delete(message.id);
      const games = chunks.map((c): BatchGame => {
        const chunk = shiftChunk(c, message.base);
        return { chunk, file: message.file, number: message.numberBase + chunk.index + 1 };
      });
      return reply({ ...runGames(games, message.id), id: message.id });
    }
  } catch (error) {
    port.postMessage(
      error instanceof Error
        ? { error: error.message, ...(error.stack ? { stack: error.stack } : {}) }
        : { error: String(error) },
    );
  }
});

type Outputs = { readonly text: Uint8Array<SharedArrayBuffer>; readonly games: readonly GameSummary[] };

function reply(answer: Outputs & { id?: number }): void {
  const timed = threadTimesWanted ? { ...answer, cpuMs: threadCpuMs() } : answer;
  // Shared, not transferred: a transfer detaches the buffer, and the first detach in a V8 heap
  // drops every piece of optimised code that reads typed arrays (the board's, the splitter's: 40
  // to 60 functions compiled again, then slower by a detach check on every access).
  port?.postMessage(timed satisfies BatchReply);
}

function runGames(batch: readonly BatchGame[], id: number | undefined): Outputs {
  // Each game's text is encoded as soon as it is made, so that the strings die young: kept for
  // the whole batch (megabytes), they survived and were copied by every young-generation GC,
  // which made a worker's games twice as slow as the main thread's.
  let chars = 0; // of the games whose whole text goes into this reply
  let inParts = false;
  for (const g of batch) {
    if (g.inParts ?? isBig(g.chunk)) inParts = true;
    else chars += g.chunk.text.length;
  }
  let sink = new ByteSink(Math.ceil(chars * bytesPerChar * 1.15) + (inParts ? SEGMENT_BYTES : 0));
  let games: GameSummary[] = [];
  let withRows = 0;
  // The game break goes into the bytes (but never before the batch's first game with rows, which
  // only the main thread can place): the batch's text is then written as one piece.
  const breakFor = (rows: number): boolean => gameBreak !== undefined && rows > 0 && withRows++ > 0;
  // A big game's rows, part by part: each part ends a segment, sent at once (or once the main
  // thread has written enough of the segments before).
  const part = (output: GameOutput): void => {
    const continues = output.breakIncluded === true;
    const withBreak = !continues && breakFor(output.rows);
    const bytes = appendOutput(sink, output, withBreak);
    const breakIncluded = continues || withBreak;
    games.push({
      bytes,
      rows: output.rows,
      diagnostics: output.diagnostics,
      part: true,
      ...(breakIncluded && { breakIncluded }),
    });
    const text = sink.take();
    port?.postMessage({ kind: 'segment', ...(id !== undefined && { id }), text, games } satisfies Segment);
    segmentsSent++;
    unwritten.push(text.buffer);
    waitForWriting();
    sink = new ByteSink(SEGMENT_BYTES);
    games = [];
  };
  let textBytes = 0;
  for (const g of batch) {
    const parts = g.inParts ?? isBig(g.chunk);
    const output: PositionsOutput = perGame(parseGame(g.chunk), g.file, g.number, parts ? part : undefined);
    const breakIncluded = breakFor(output.rows);
    const bytes = appendOutput(sink, output, breakIncluded);
    if (!parts) textBytes += bytes;
    const summary: GameSummary = {
      bytes,
      rows: output.rows,
      diagnostics: output.diagnostics,
      ...(breakIncluded && { breakIncluded }),
    };
    games.push(output.records ? { ...summary, records: output.records } : summary);
  }
  if (chars > 0 && textBytes > 0) bytesPerChar = textBytes / chars;
  return { text: sink.take(), games };
}

/** The game break and its newline, as `fens` text writes them into its row bytes. */
const breakBytes = gameBreak === undefined ? undefined : new TextEncoder().encode(`${gameBreak}\n`);

/**
 * Appends a game's (or a part's) rows, after the game break when `breakWanted`; returns the bytes
 * added. Rows the formatter wrote as bytes (`fens` text) begin with the break when an earlier game
 * of this worker had rows (`breakIncluded`), but it belongs only after an earlier game of this
 * batch (`breakFor`): it is dropped or added here.
 */
function appendOutput(sink: ByteSink, output: GameOutput, breakWanted: boolean): number {
  const breakHere = breakWanted && breakBytes !== undefined;
  if (!output.bytes) return (breakHere ? sink.appendBytes(breakBytes) : 0) + sink.append(output.text);
  const hasBreak = output.breakIncluded === true && breakBytes !== undefined;
  const rows = hasBreak && !breakHere ? output.bytes.subarray(breakBytes.length) : output.bytes;
  return (breakHere && !hasBreak ? sink.appendBytes(breakBytes) : 0) + sink.appendBytes(rows);
}

/**
 * A big game's segments: sent so far (counted the same way as the main thread's `written`), and
 * the buffers of those not yet written, oldest first.
 */
let segmentsSent = 0;
const unwritten: SharedArrayBuffer[] = [];
/** Bytes of a segment's buffer (a part of 1,024 rows: some 70 KB of text, 550 KB of ndjson with every column). */
const SEGMENT_BYTES = 1024 * 1024;
/** How long one wait for the main thread lasts before it is checked again (terminate() stops it between two). */
const WAIT_MS = 200;

/**
 * Waits until fewer than SEGMENTS_AHEAD segments sent are unwritten; the buffers of the written
 * ones become spare, for the next segments.
 */
function waitForWriting(): void {
  let seen = Atomics.load(written, 0);
  while (segmentsSent - seen >= SEGMENTS_AHEAD) {
    Atomics.wait(written, 0, seen, WAIT_MS);
    seen = Atomics.load(written, 0);
  }
  while (segmentsSent - unwritten.length < seen) keepSpare(unwritten.shift() as SharedArrayBuffer);
}

/**
 * Output bytes per character of PGN in the last batch (about 6 for the FENs of every ply), to size
 * the next batch's buffer: every byte of it counts as the main thread's external memory, which
 * sets off its garbage collections, until the buffer is written and collected.
 */
let bytesPerChar = 8;

const encoder = new TextEncoder();
/** Buffers the main thread handed back (protocol.ts `Recycle`), at most SPARE_BUFFERS. */
const spare: SharedArrayBuffer[] = [];
const SPARE_BUFFERS = 4;
const SPARE_ROUNDING = 1024 * 1024;

function keepSpare(buffer: SharedArrayBuffer): void {
  spare.push(buffer);
  if (spare.length > SPARE_BUFFERS) spare.shift();
}

/** Texts encoded as UTF-8 one after the other into one growing buffer of its own (shared with the main thread). */
class ByteSink {
  private bytes: Uint8Array<SharedArrayBuffer>;
  private used = 0;

  /** `expected`: a guess at the total size in bytes. */
  constructor(expected: number) {
    const i = spare.findIndex((b) => b.byteLength >= expected);
    // New buffers are rounded up, so that one handed back fits the next batches too.
    this.bytes = new Uint8Array(
      i >= 0
        ? (spare.splice(i, 1)[0] as SharedArrayBuffer)
        : new SharedArrayBuffer(Math.ceil(Math.max(1024, expected) / SPARE_ROUNDING) * SPARE_ROUNDING),
    );
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
      // Full: grow by half, and leave room for the rest even at three bytes a character.
      const grown = new Uint8Array(
        new SharedArrayBuffer(
          Math.max(Math.ceil(this.bytes.length * 1.5), this.used + written + 3 * (text.length - read)),
        ),
      );
      grown.set(this.bytes.subarray(0, this.used + written));
      this.bytes = grown;
    }
    this.used += written;
    return written;
  }

  /** Appends `bytes` as they are; returns their length. */
  appendBytes(bytes: Uint8Array): number {
    if (this.used + bytes.length > this.bytes.length) {
      const grown = new Uint8Array(
        new SharedArrayBuffer(Math.max(Math.ceil(this.bytes.length * 1.5), this.used + bytes.length)),
      );
      grown.set(this.bytes.subarray(0, this.used));
      this.bytes = grown;
    }
    this.bytes.set(bytes, this.used);
    this.used += bytes.length;
    return bytes.length;
  }

  /** The bytes appended so far (a view of the buffer, which the caller then owns). */
  take(): Uint8Array<SharedArrayBuffer> {
    return this.bytes.subarray(0, this.used);
  }
}
