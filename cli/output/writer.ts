/**
 * Buffered line output to stdout or to a file (`-o FILE`).
 *
 * Why buffered: one `write()` per FEN costs a system call (and, on a pipe, a wake-up of the reader)
 * per line, which dominates the run time on big inputs. Lines are gathered into chunks of about
 * 64 KiB and written with one call each; the caller awaits `drain` when the stream says its buffer
 * is full (backpressure), so memory stays bounded when the reader is slow.
 *
 * Only whole lines are ever buffered, so flushing on SIGINT never leaves a half-written line.
 */
import { once } from 'node:events';
import { createWriteStream, openSync } from 'node:fs';
import type { Writable } from 'node:stream';

const CHUNK_SIZE = 64 * 1024;

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
    private readonly ownsStream: boolean,
  ) {
    open.add(this);
  }

  /** stdout, or FILE (created or truncated now, so that an unwritable path fails before any work). */
  static open(path: string | undefined): BufferedWriter {
    if (path === undefined || path === '-') return new BufferedWriter(process.stdout, false);
    const fd = openSync(path, 'w');
    const stream = createWriteStream('', { fd });
    // A failing output (disk full, quota) ends the run like any unusable input: a message, exit 2.
    stream.on('error', (error) => {
      process.stderr.write(`forsyth: cannot write '${path}': ${error.message}\n`);
      process.exit(2);
    });
    return new BufferedWriter(stream, true);
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
    if (typeof text !== 'string') this.hasBytes = true;
    this.parts.push(text);
    this.size += text.length;
  }

  /** Writes the buffer out if it has grown past one chunk; cheap to call after every game. */
  async flushIfFull(): Promise<void> {
    if (this.size >= CHUNK_SIZE) await this.flush();
  }

  /** Writes everything buffered, waiting for `drain` if the stream asks for it. */
  async flush(): Promise<void> {
    if (this.size === 0) return;
    const chunk = this.hasBytes ? Buffer.concat(this.parts.map(toBytes)) : (this.parts as string[]).join('');
    this.parts = [];
    this.hasBytes = false;
    this.size = 0;
    if (!this.stream.write(chunk)) await once(this.stream, 'drain');
  }

  /** Flushes and, for a file, closes it and waits until the data is on disk. */
  async close(): Promise<void> {
    await this.flush();
    open.delete(this);
    if (!this.ownsStream) return;
    this.stream.end();
    await once(this.stream, 'finish');
  }

  /** For SIGINT: writes the complete lines gathered so far and refuses any more. */
  stop(): Promise<void> {
    const pending = this.flush();
    this.stopped = true;
    open.delete(this);
    if (!this.ownsStream) return pending;
    return pending.then(async () => {
      this.stream.end();
      await once(this.stream, 'finish');
    });
  }
}

function toBytes(part: string | Uint8Array): Uint8Array {
  return typeof part === 'string' ? Buffer.from(part) : part;
}

/** Stops every open writer (SIGINT); resolves when their complete lines are written. */
export async function stopAllWriters(): Promise<void> {
  await Promise.all([...open].map((w) => w.stop()));
}
