/**
 * What every PGN-reading command shares: expanding the inputs, reading their games one at a time,
 * the output writer, diagnostics with their counts, the progress bar, the summary line and the
 * exit code. A command only says what to do with each game.
 *
 * Exit codes (DESIGN.md 7.4): 0 fine; 1 problems (errors, or warnings with --strict) in the input;
 * 2 bad usage or an unreadable input. An unreadable file among several does not stop the run: the
 * readable files are still converted and the exit code is 2 at the end.
 */
import {
  chunkSubject,
  openingSubject,
  parseGame,
  type Diagnostic,
  type Game,
  type GameChunk,
  type WhereFilter,
} from '../src/index.js';
import type { ByteRange } from '../src/node/index.js';
import { expandInputs, outputClash, readInput, type InputFile } from './inputs.js';
import { interruptExitCode, interruption, onForcedStop, windDownOnInterrupt, yieldToEvents } from './interrupt.js';
import { planShard } from './shard.js';
import { DiagnosticReporter, summaryLine, type ReporterOptions } from './output/diagnostics.js';
import { ProgressBar } from './output/progress.js';
import { BufferedWriter } from './output/writer.js';
import type { InputOptions } from './options.js';

/** A game and where it came from. */
export interface GameItem {
  readonly game: Game;
  readonly file: InputFile;
  /** 1-based, counted across all inputs of the run (the same with --shard). */
  readonly number: number;
}

/**
 * What `Session.chunks()` yields, in input order: a game not yet parsed, or the end of a file.
 * `problems` are the file-level diagnostics (decoding, a read failure) to report before the game,
 * or at the end of the file: reporting them when the item's turn comes (`reportProblems`) keeps
 * stderr in the order `games()` gives, however far ahead of the output the reading is.
 */
export type ChunkItem =
  | {
      readonly kind: 'game';
      readonly chunk: GameChunk;
      readonly file: InputFile;
      readonly number: number;
      readonly problems: readonly Diagnostic[];
      /** The game, when the --where filter had to parse it (to count its plies). */
      readonly game?: Game;
    }
  | { readonly kind: 'end'; readonly file: InputFile; readonly problems: readonly Diagnostic[] };

export interface SessionSettings extends InputOptions {
  /** Where diagnostics go: stderr (default) or the command's output (`validate`). */
  readonly diagnosticsTo?: 'stderr' | 'output';
  readonly diagnosticFormat?: ReporterOptions['format'];
  /** The compiled --where (and --tag) filter: games it leaves out are skipped before parsing. */
  readonly filter?: WhereFilter;
}

/** The output would overwrite an input (`-o` naming an input file, or a file in an input directory). */
export class OutputClashError extends Error {}

/** Codes meaning an input could not be read at all; they make the exit code 2. */
const UNREADABLE = new Set(['IO_UNREADABLE', 'USAGE']);

export class Session {
  gamesRead = 0;
  /** Games the filter kept (all of them without a filter). */
  gamesKept = 0;
  private unreadable = false;
  private bytesDone = 0;
  /** The positions written so far, for a summary printed before `finish` is reached. */
  private positionsWritten: (() => number) | undefined;

  private constructor(
    readonly files: readonly InputFile[],
    readonly writer: BufferedWriter,
    readonly reporter: DiagnosticReporter,
    private readonly settings: SessionSettings,
    private readonly progress: ProgressBar | undefined,
  ) {}

  /**
   * Expands the input paths (reporting the ones that do not exist) and opens the output: throws
   * OutputClashError if the output is an input, or the fs error if it cannot be created (the
   * caller makes both usage errors).
   */
  static async open(paths: readonly string[], settings: SessionSettings): Promise<Session> {
    const expanded = await expandInputs(paths);
    const clash = outputClash(settings.output, expanded);
    if (clash !== undefined) throw new OutputClashError(clash);
    const writer = BufferedWriter.open(settings.output);
    windDownOnInterrupt();
    // Games typed on the terminal get no bar: it would overwrite what is being typed.
    const typing = process.stdin.isTTY === true && expanded.files.some((f) => f.source === '-');
    const progress = typing ? undefined : ProgressBar.maybe(expanded.files, settings.quiet === true);
    const print =
      settings.diagnosticsTo === 'output' ? (t: string) => writer.line(t) : (t: string) => printErr(t, progress);
    const reporter = new DiagnosticReporter(print, {
      verbose: settings.verbose,
      quiet: settings.quiet,
      format: settings.diagnosticFormat ?? 'text',
    });
    const session = new Session(expanded.files, writer, reporter, settings, progress);
    for (const problem of expanded.problems) session.report(problem.diagnostic, problem.name);
    onForcedStop(() => session.sayInterrupted());
    return session;
  }

  /** PGN input with the encoding detected (no --encoding): what workers can read for themselves. */
  get readsPgnAsDetected(): boolean {
    return this.settings.encoding === undefined && (this.settings.inputFormat ?? 'pgn') === 'pgn';
  }

  /** Whether a --where/--tag filter chooses the games (the main thread applies it, before parsing). */
  get filtered(): boolean {
    return this.settings.filter !== undefined;
  }

  get shard(): SessionSettings['shard'] {
    return this.settings.shard;
  }

  /** True when the run has more than one input file (records then name their file). */
  get manyFiles(): boolean {
    return this.files.length > 1;
  }

  /** Every game of every input, in order; file-level problems are reported as they are found. */
  async *games(): AsyncGenerator<GameItem> {
    for await (const item of this.chunks()) {
      this.reportProblems(item);
      if (item.kind === 'game')
        yield { game: item.game ?? parseGame(item.chunk), file: item.file, number: item.number };
    }
  }

  /**
   * Every game of every input, in order, unparsed (`--jobs` parses them in worker threads). Nothing
   * is reported here: each item carries the file-level problems to report (`reportProblems`) when
   * its turn comes.
   */
  async *chunks(): AsyncGenerator<ChunkItem> {
    const plans = this.settings.shard ? planShard(this.files, this.settings.shard) : undefined;
    /** Games in the files before the current one (counted only when a game of this shard needs them). */
    let before = 0;
    const uncounted: InputFile[] = [];
    for (const [i, file] of this.files.entries()) {
      if (interruption.aborted) break;
      const plan = plans?.[i] ?? { kind: 'read' };
      if (plan.kind === 'after') break;
      if (plan.kind === 'before') {
        uncounted.push(file);
        continue;
      }
      const seen: FileGames = {};
      yield* this.fileItems(
        file,
        plan.range,
        async () => {
          if (uncounted.length > 0)
            for (const earlier of uncounted.splice(0)) before += await countGames(earlier, this.settings);
          return before;
        },
        seen,
      );
      if (interruption.aborted) break;
      // A shard that ends inside this file reads no file after it: its last game is the file's.
      if (seen.games === undefined) uncounted.push(file);
      else before += seen.games;
    }
    this.progress?.clear();
  }

  /**
   * With --shard: the games before the shard, in order, parsed (not reported, not counted): for what
   * the shard's output continues from (whether an earlier game printed rows).
   */
  async *gamesBeforeShard(): AsyncGenerator<Game> {
    if (!this.settings.shard) return;
    const plans = planShard(this.files, this.settings.shard);
    for (const [i, file] of this.files.entries()) {
      const plan = plans[i];
      if (plan?.kind === 'after') return;
      const range = plan?.kind === 'read' ? { start: 0, end: plan.range?.start ?? 0 } : undefined;
      const how = { ...(range && { range }), ...(this.settings.inputFormat && { format: this.settings.inputFormat }) };
      for await (const chunk of readInput(file, this.settings.encoding, how).chunks) yield parseGame(chunk);
      if (plan?.kind === 'read') return;
    }
  }

  /**
   * The items of one file (its games in `range`, or all of them), then its end. `before()` gives the
   * number of games in the files before it, asked for when the first game is numbered; `seen.games`
   * is the file's game count so far (games the --where filter leaves out count too: a game's number
   * is its place in the whole run, whatever is filtered, sharded or run in parallel).
   */
  async *fileItems(
    file: InputFile,
    range: ByteRange | undefined,
    before: () => Promise<number>,
    seen: FileGames = {},
  ): AsyncGenerator<ChunkItem> {
    const reading = readInput(file, this.settings.encoding, {
      ...(range && { range }),
      ...(this.settings.inputFormat && { format: this.settings.inputFormat }),
      signal: interruption,
      ...(this.settings.zstdWindowMax !== undefined && { zstdWindowMaxMiB: this.settings.zstdWindowMax }),
    });
    const problems = new ProblemQueue(reading.diagnostics);
    const filter = this.settings.filter;
    let base: number | undefined;
    let lastYield = Date.now();
    try {
      // A batch at a time (the games of one read), so that a game the filter leaves out costs no
      // asynchronous step.
      batches: for await (const batch of reading.batches) {
        base ??= await before();
        for (const chunk of batch) {
          seen.games = chunk.index + 1;
          this.gamesRead++;
          this.progress?.update(this.bytesDone + reading.bytesRead(), this.gamesRead);
          // A game the filter leaves out is never parsed (unless the filter needs its moves); the
          // file-level problems found meanwhile go with the next item.
          const game = filter?.needsMoves ? parseGame(chunk) : undefined;
          if (filter && !filter.test(game ? openingSubject(game) : chunkSubject(chunk))) continue;
          this.gamesKept++;
          const item: ChunkItem = {
            kind: 'game',
            chunk,
            file,
            number: base + chunk.index + 1,
            problems: problems.upTo(chunk.offset + chunk.text.length),
          };
          yield game ? { ...item, game } : item;
          // Games already read are handled in microtasks, where no signal is seen: every 50 ms,
          // let the event loop run, so that Ctrl-C stops a run of slow games at once.
          if (Date.now() - lastYield > 50) {
            await yieldToEvents();
            lastYield = Date.now();
          }
          if (interruption.aborted) break batches;
        }
      }
    } catch (error) {
      // Reading stops at an interrupt: the game being read is incomplete and is left out.
      if (!interruption.aborted) throw error;
    }
    if (interruption.aborted) return;
    this.bytesDone += file.size ?? 0;
    yield { kind: 'end', file, problems: problems.upTo(Number.POSITIVE_INFINITY) };
  }

  /** Reports the file-level problems an item of `chunks()` carries. */
  reportProblems(item: ChunkItem): void {
    for (const d of item.problems) this.report(d, item.file.name);
  }

  report(d: Diagnostic, file: string): void {
    if (UNREADABLE.has(d.code) && d.severity === 'error') this.unreadable = true;
    this.reporter.report(d, file);
  }

  /** Counts a diagnostic without printing it (`stats`). */
  count(d: Diagnostic): void {
    this.reporter.count(d);
  }

  /** Reports a game's diagnostics in file order. */
  reportAll(diagnostics: readonly Diagnostic[], file: string): void {
    const sorted = [...diagnostics].sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0));
    for (const d of sorted) this.report(d, file);
  }

  exitCode(strict = false): number {
    if (this.unreadable) return 2;
    const { errors, warnings } = this.reporter.counts;
    return errors > 0 || (strict && warnings > 0) ? 1 : 0;
  }

  /** Lets a summary printed before `finish` (a forced stop) say how many positions were written. */
  countPositions(written: () => number): void {
    this.positionsWritten = written;
  }

  /** The summary of a run stopped before it could wind down: the bar cleared, then the counts so far. */
  private sayInterrupted(): void {
    this.progress?.clear();
    if (this.settings.quiet !== true) printErr(`interrupted: ${this.summary(this.positionsWritten?.())}`, undefined);
  }

  /** The summary line for this run (`positions` left out when undefined). */
  summary(positions?: number): string {
    return summaryLine(
      this.gamesRead,
      this.reporter.counts,
      positions,
      this.settings.filter ? this.gamesKept : undefined,
    );
  }

  /**
   * Flushes and closes the output, prints the summary on stderr (unless --quiet). An `-o` file
   * replaces its target only when the run succeeded (exit 0 or 1: the input was read, whatever
   * problems it has); after an unreadable input or an interrupt the target is left as it was.
   */
  async finish(
    options: { positions?: number; strict?: boolean; summaryTo?: 'stderr' | 'output' } = {},
  ): Promise<number> {
    // A signal that came during the last game's work is seen here, not after the summary.
    await yieldToEvents();
    const interrupted = interruptExitCode();
    const code = interrupted ?? this.exitCode(options.strict);
    const line = `${interrupted === undefined ? '' : 'interrupted: '}${this.summary(options.positions)}`;
    if (options.summaryTo === 'output') this.writer.line(line);
    // The output is flushed first, so that on a shared terminal the summary comes last.
    const commit = code < 2;
    await this.writer.close(commit);
    onForcedStop(undefined);
    this.progress?.clear();
    const shownInOutput = options.summaryTo === 'output' && (commit || !this.writer.isFile);
    if (!shownInOutput && this.settings.quiet !== true) printErr(line, this.progress);
    if (!commit && this.writer.path !== undefined)
      printErr(`forsyth: '${this.writer.path}' was left as it was: the run did not complete`, this.progress);
    return code;
  }
}

/**
 * A file's diagnostics, handed out with the game they are in: a problem at offset `o` goes with the
 * first game that ends after `o` (one without an offset with the next game), so where a problem is
 * reported does not depend on how the file was read in chunks, or cut into shards.
 */
/** How many games a file has shown so far (set as its games are read). */
interface FileGames {
  games?: number;
}

class ProblemQueue {
  private taken = 0;

  constructor(private readonly found: () => readonly Diagnostic[]) {}

  /** The problems not yet handed out that lie before `end`, in the order found. */
  upTo(end: number): Diagnostic[] {
    const all = this.found();
    const out: Diagnostic[] = [];
    for (; this.taken < all.length; this.taken++) {
      const d = all[this.taken] as Diagnostic;
      if (d.offset !== undefined && d.offset >= end) break;
      out.push(d);
    }
    return out;
  }
}

async function countGames(file: InputFile, settings: SessionSettings): Promise<number> {
  let games = 0;
  for await (const _ of readInput(file, settings.encoding, settings.inputFormat ? { format: settings.inputFormat } : {})
    .chunks)
    games++;
  return games;
}

function printErr(text: string, progress: ProgressBar | undefined): void {
  progress?.clear();
  process.stderr.write(`${text}\n`);
}
