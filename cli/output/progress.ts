/**
 * A one-line progress bar on stderr: bytes read of the total, games, games per second, time left;
 * for standard input (no total) the bytes read so far.
 *
 * Hand-written rather than a dependency (cli-progress, ora, …): it is some 80 lines, the whole
 * feature is one `\r`-rewritten line, and every runtime dependency is one more thing for users of
 * the library to install and audit.
 *
 * Shown only when stderr is a terminal (a pipe or log file would fill with carriage returns) and
 * --quiet is not given, and only for a run that lasts: at once when the run is expected to take
 * two seconds or more, otherwise once it has run for one second (standard input, whose size is
 * unknown, or an input slower than expected). A run shorter than that never shows one: the bar
 * would only flicker. The bytes counted are those read from disk, compressed when the file is.
 */

/**
 * PGN text a run gets through per second, uncompressed: `forsyth fens` on one core replays the
 * 26 MB of tcec-standard.pgn in 4.4 s of CPU time (about 6 MB/s); a little less, to be safe.
 */
export const EXPECTED_TEXT_BYTES_PER_SECOND = 5 * 1024 * 1024;
/** A run expected to last this long gets its bar at once. */
export const EXPECTED_SECONDS_FOR_BAR = 2;
/** Any other run gets its bar once it has lasted this long. */
export const LATE_BAR_MS = 1000;
/**
 * Text bytes per compressed byte, rounded down from the corpus: gzip 3.4 to 3.8 (TCEC, lichess
 * exports), zstd 5.0.
 */
const EXPANSION: readonly (readonly [RegExp, number])[] = [
  [/\.gz$/i, 3.5],
  [/\.zstd?$/i, 5],
];
const REDRAW_MS = 200;
const BAR_WIDTH = 16;

export interface ProgressSink {
  readonly isTTY?: boolean;
  readonly columns?: number;
  write(text: string): unknown;
}

/** What the bar needs to know of an input: its name (for the compression) and size on disk. */
export interface ProgressInput {
  readonly name: string;
  /** Undefined for standard input. */
  readonly size: number | undefined;
}

/** The uncompressed PGN bytes an input probably holds (its size, times the compression's ratio). */
export function expectedTextBytes(input: ProgressInput): number | undefined {
  if (input.size === undefined) return undefined;
  const ratio = EXPANSION.find(([pattern]) => pattern.test(input.name))?.[1] ?? 1;
  return input.size * ratio;
}

/** How long reading the inputs should take, in seconds; undefined when a size is unknown. */
export function expectedSeconds(inputs: readonly ProgressInput[]): number | undefined {
  let bytes = 0;
  for (const input of inputs) {
    const text = expectedTextBytes(input);
    if (text === undefined) return undefined;
    bytes += text;
  }
  return bytes / EXPECTED_TEXT_BYTES_PER_SECOND;
}

export class ProgressBar {
  private lastDraw = 0;
  private drawn = false;
  private readonly showFrom: number;

  /**
   * `totalBytes` undefined: the total is unknown (standard input), the bar shows bytes read only.
   * `atOnce` false: the bar waits LATE_BAR_MS before its first draw.
   */
  constructor(
    private readonly totalBytes: number | undefined,
    private readonly sink: ProgressSink,
    private readonly startedAt = Date.now(),
    atOnce = true,
  ) {
    this.showFrom = atOnce ? startedAt : startedAt + LATE_BAR_MS;
  }

  /** A bar for a terminal without --quiet (see the module doc for when it first shows). */
  static maybe(
    inputs: readonly ProgressInput[],
    quiet: boolean,
    sink: ProgressSink = process.stderr,
  ): ProgressBar | undefined {
    if (quiet || sink.isTTY !== true || inputs.length === 0) return undefined;
    const seconds = expectedSeconds(inputs);
    const total = seconds === undefined ? undefined : inputs.reduce((sum, f) => sum + (f.size ?? 0), 0);
    return new ProgressBar(total, sink, Date.now(), seconds !== undefined && seconds >= EXPECTED_SECONDS_FOR_BAR);
  }

  /** Redraws at most every 200 ms, so the bar costs nothing measurable per game. */
  update(bytesRead: number, games: number): void {
    const now = Date.now();
    if (now < this.showFrom || now - this.lastDraw < REDRAW_MS) return;
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
    const seconds = Math.max(0.001, (now - this.startedAt) / 1000);
    const counts = `${games} games  ${Math.round(games / seconds)} games/s`;
    let text: string;
    if (this.totalBytes === undefined) {
      text = `${mb(bytesRead)} MB read  ${counts}`;
    } else {
      const fraction = Math.min(1, this.totalBytes > 0 ? bytesRead / this.totalBytes : 0);
      const filled = Math.round(fraction * BAR_WIDTH);
      const bar = `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}]`;
      const left = fraction > 0 ? (seconds * (1 - fraction)) / fraction : Number.NaN;
      text = `${bar} ${Math.floor(fraction * 100)}% ${mb(bytesRead)}/${mb(this.totalBytes)} MB  ${counts}  ${clock(left)} left`;
    }
    // A terminal of unknown size reports 0 columns.
    const width = this.sink.columns || 80;
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
