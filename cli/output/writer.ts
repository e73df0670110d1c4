/**
 * Buffered line output to stdout or to a file (`-o FILE`).
 *
 * Why buffered: one `write()` per FEN costs a system call (and, on a pipe, a wake-up of the reader)
 * per line, which dominates the run time on big inputs. Lines are gathered into chunks of about
 * 64 KiB and written with one call each; the caller awaits `drain` when the stream says its buffer
 * is full (backpressure), so memory stays bounded when the reader is slow.
 *
 * Only whole lines are ever buffered, so flushing on SIGINT never leaves a half-written line.
 *
 * A file (`-o FILE`) is written through a temporary file and replaces the target only when the
 * caller commits (`close(true)`, a run that succeeded); see replace.ts.
 */
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import type { Writable } from 'node:stream';
import { openOutputFile, type OutputFile } from './replace.js';

const CHUNK_SIZE = 64 * 1024;
const FILE_QUEUE = 1024 * 1024;

/** Every writer still open, so that SIGINT can flush their complete lines before exiting. */
const open = new Set<BufferedWriter>();

export class BufferedWriter {
  /** Whole lines: strings, or UTF-8 bytes (from `--jobs` workers, which encode their own output). */
  private parts: (string | Uint8Array)[] = [];
  private hasBytes = false;
  private size = 0;
  private stopped = false;

  private constructor(
    private readonly stream: Writable,
    /** The file behind `stream` (undefined for stdout). */
    private readonly file: OutputFile | undefined,
    /** The path given with -o (undefined for stdout). */
    readonly path: string | undefined,
  ) {
    open.add(this);
  }

  /**
   * stdout, or FILE: its temporary file is created now, so that an unwritable path fails before
   * any work (the fs error is thrown, with its `code`).
   */
  static open(path: string | undefined): BufferedWriter {
    if (path === undefined || path === '-') return new BufferedWriter(process.stdout, undefined, undefined);
    const file = openOutputFile(path);
    // A file stream says it is full past 16 KiB, less than one chunk: waiting for `drain` then
    // meant waiting for every chunk's write while there was work to do (6% of `fens -o FILE`'s
    // time). 1 MiB may wait in its queue instead.
    const stream = createWriteStream('', { fd: file.fd, autoClose: false, highWaterMark: FILE_QUEUE });
    // A failing output (disk full, quota) ends the run like any unusable input: a message, exit 2
    // (the exit hook removes the temporary file; the target is left as it was).
    stream.on('error', (error) => {
      process.stderr.write(`forsyth: cannot write '${path}': ${error.message}\n`);
      process.exit(2);
    });
    return new BufferedWriter(stream, file, path);
  }

  /** True when the output is a file given with -o. */
  get isFile(): boolean {
    return this.file !== undefined;
  }

  /** Appends one line (a newline is added). Ignored once the writer is stopped by SIGINT. */
  line(text: string): void {
    if (this.stopped) return;
    this.parts.push(text, '\n');
    this.size += text.length + 1;
  }

  /**
   * Appends complete lines: `text` is empty or ends with a newline (as a string, or as UTF-8 bytes,
   * which are kept as they are, not copied, until the flush). Ignored once stopped.
   */
  lines(text: string | Uint8Array): void {
    if (this.stopped || text.length === 0) return;
    this.size += text.length;
    if (typeof text === 'string') return void this.parts.push(text);
    this.hasBytes = true;
    // Bytes that follow the last part in the same buffer (a worker's games, one after the other)
    // join it: a flush of one part writes it as it is, without copying.
    const last = this.parts.at(-1);
    if (
      last instanceof Uint8Array &&
      last.buffer === text.buffer &&
      last.byteOffset + last.byteLength === text.byteOffset
    ) {
      this.parts[this.parts.length - 1] = new Uint8Array(
        last.buffer,
        last.byteOffset,
        last.byteLength + text.byteLength,
      );
    } else {
      this.parts.push(text);
    }
  }

  /** Writes the buffer out if it has grown past one chunk; cheap to call after every game. */
  async flushIfFull(): Promise<void> {
    if (this.size >= CHUNK_SIZE) await this.flush();
  }

  /** Writes everything buffered, waiting for `drain` if the stream asks for it. */
  async flush(): Promise<void> {
    if (this.size === 0) return;
    const only = this.parts.length === 1 ? this.parts[0] : undefined;
    const chunk =
      only instanceof Uint8Array
        ? only
        : this.hasBytes
          ? Buffer.concat(this.parts.map(toBytes))
          : (this.parts as string[]).join('');
    this.parts = [];
    this.hasBytes = false;
    this.size = 0;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  /**
   * Calls `done` once every chunk flushed so far has left the process (at once when none is
   * pending): `--jobs` then hands a worker's buffer back to it for its next output.
   */
  whenWritten(done: () => void): void {
    if (this.stream.writableLength === 0) return done();
    this.stream.write('', () => done());
  }

  /**
   * Flushes and waits until everything written has been handed to the system. A file then
   * replaces the target when `commit` is true (the run succeeded), and is removed otherwise.
   */
  async close(commit = true): Promise<void> {
    await this.flush();
    open.delete(this);
    await this.settled();
    if (!this.file) return;
    if (commit) this.file.commit();
    else this.file.discard();
  }

  /**
   * For an interrupt that cannot wait for the run to wind down: stdout gets the complete lines
   * gathered so far; a file is discarded (the target stays as it was). Refuses any more lines.
   */
  stop(): Promise<void> {
    this.stopped = true;
    open.delete(this);
    if (this.file) {
      // Writes still in flight fail once the descriptor is closed: nothing to report any more.
      this.stream.removeAllListeners('error');
      this.stream.on('error', () => {});
      this.file.discard();
      return Promise.resolve();
    }
    return this.flush().then(() => this.settled());
  }

  /** Resolves when every write so far has left the process (a pipe's queue included). */
  private settled(): Promise<void> {
    if (this.stream.writableLength === 0) return Promise.resolve();
    return new Promise((done) => this.stream.write('', () => done()));
  }
}

function toBytes(part: string | Uint8Array): Uint8Array {
  return typeof part === 'string' ? Buffer.from(part) : part;
}

/** Stops every open writer (SIGINT); resolves when their complete lines are written. */
export async function stopAllWriters(): Promise<void> {
  await Promise.all([...open].map((w) => w.stop()));
}
