/**
 * A one-line progress bar on stderr: bytes read of the total, games, games per second, time left.
 *
 * Hand-written rather than a dependency (cli-progress, ora, …): it is some 60 lines, the whole
 * feature is one `\r`-rewritten line, and every runtime dependency is one more thing for users of
 * the library to install and audit.
 *
 * Shown only when stderr is a terminal, the input is big (a pipe or log file would fill with
 * carriage returns, and a small file finishes before the bar helps) and --quiet is not given.
 */

/** Inputs smaller than this finish in a second or two; a bar would only flicker. */
export const PROGRESS_THRESHOLD_BYTES = 20 * 1024 * 1024;
const REDRAW_MS = 200;
const BAR_WIDTH = 16;

export interface ProgressSink {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

export class ProgressBar {
  private lastDraw = 0;
  private drawn = false;

  constructor(
    private readonly totalBytes: number,
    private readonly sink: ProgressSink,
    private readonly startedAt = Date.now(),
  ) {}

  /** A bar when it is useful (see the module doc), otherwise undefined. */
  static maybe(totalBytes: number, quiet: boolean, sink: ProgressSink = process.stderr): ProgressBar | undefined {
    if (quiet || sink.isTTY !== true || totalBytes <= PROGRESS_THRESHOLD_BYTES) return undefined;
    return new ProgressBar(totalBytes, sink);
  }

  /** Redraws at most every 200 ms, so the bar costs nothing measurable per game. */
  update(bytesRead: number, games: number): void {
    const now = Date.now();
    if (now - this.lastDraw < REDRAW_MS) return;
    this.lastDraw = now;
    this.drawn = true;
    this.sink.write(`\r${this.render(bytesRead, games, now)}\x1b[K`);
  }

  /** Erases the bar, so diagnostics and the summary start on a clean line. */
  clear(): void {
    if (this.drawn) this.sink.write('\r\x1b[K');
    this.drawn = false;
  }

  render(bytesRead: number, games: number, now = Date.now()): string {
    const fraction = Math.min(1, this.totalBytes > 0 ? bytesRead / this.totalBytes : 0);
    const filled = Math.round(fraction * BAR_WIDTH);
    const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
    const seconds = Math.max(0.001, (now - this.startedAt) / 1000);
    const rate = Math.round(games / seconds);
    const left = fraction > 0 ? (seconds * (1 - fraction)) / fraction : Number.NaN;
    const text = `${bar} ${Math.floor(fraction * 100)}% ${mb(bytesRead)}/${mb(this.totalBytes)} MB  ${games} games  ${rate} games/s  ${clock(left)} left`;
    const width = this.sink.columns ?? 80;
    return text.length < width ? text : text.slice(0, width - 1);
  }
}

const mb = (bytes: number): string => (bytes / (1024 * 1024)).toFixed(1);

function clock(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--:--';
  const s = Math.round(seconds);
  const hours = Math.floor(s / 3600);
  const mmss = `${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
  return hours > 0 ? `${hours}:${mmss}` : mmss;
}
