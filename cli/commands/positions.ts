/**
 * `forsyth positions [files…]`: chosen positions of chosen games. Games are chosen by header
 * (--tag) and by a position they reach (--match); plies by --ply/--every/--last/--side; --unique
 * keeps the first occurrence of each position (first four FEN fields) and --count adds how often
 * it occurred.
 */
import { Option, type Command } from 'commander';
import {
  addInputOptions,
  addJobsOption,
  addPositionOptions,
  collectTagFilter,
  parsePlyRange,
  parsePositiveInt,
  type PlyRange,
  type PositionOptions,
  type TagFilter,
} from '../options.js';
import { firstFourFields, positionMatcher } from '../position-filters.js';
import { RowPrinter } from '../rows.js';
import type { PositionRow } from '../output/formats.js';
import { openSession, usageError } from '../usage.js';
import { runGames, shardContinues } from '../workers/pool.js';
import { checkPositionOptions } from './fens.js';
import type { PositionsSettings } from './positions-game.js';

interface PositionsOptions extends PositionOptions {
  readonly ply?: PlyRange;
  readonly every?: number;
  readonly last?: boolean;
  readonly side?: 'w' | 'b';
  readonly tag?: readonly TagFilter[];
  readonly match?: string;
  readonly unique?: boolean;
  readonly count?: boolean;
  readonly jobs: number;
}

const EXAMPLES = `
Examples:
  $ forsyth positions --ply 20 games.pgn                 the position after ply 20 (White's 10th move and Black's reply)
  $ forsyth positions --ply 10-40 --every 10 games.pgn   plies 10, 20, 30 and 40
  $ forsyth positions --last --tag Result=1-0 games.pgn  final positions of the games White won
  $ forsyth positions --match 'rnbqkbnr/pp1ppppp/8/2p5/4P3/8/PPPP1PPP/RNBQKBNR' --last games.pgn
                                                         final positions of the games that reach the Sicilian
  $ forsyth positions --ply 16 --unique --count --format csv games/    how often each position after ply 16 occurs
  $ forsyth positions --last --jobs auto big.pgn.zst     one worker thread per CPU core, same output
`;

export function registerPositions(program: Command): void {
  const cmd = program
    .command('positions')
    .description('print chosen positions of chosen games (by ply, by header, by a position reached)')
    .argument('[files...]', 'PGN files (.pgn, .pgn.gz, .pgn.zst) and directories of them; none or - reads standard input')
    .option('--ply <N|A-B>', 'positions after ply N, or plies A to B (0 is the start; "A-" means to the end)', parsePlyRange)
    .option('--every <K>', 'plies that are multiples of K (within --ply when given)', parsePositiveInt)
    .option('--last', 'the final position of the main line')
    .addOption(new Option('--side <w|b>', 'only positions with this side to move').choices(['w', 'b']))
    .option('--tag <NAME=VALUE>', 'only games whose tag NAME is VALUE (repeatable; same name = either value)', collectTagFilter)
    .option('--match <FEN>', 'only games that reach this position: a full FEN, or a placement where ? is any square')
    .option('--unique', 'print each position (first four FEN fields) once, at its first occurrence')
    .option('--count', 'with --unique: print how often each position occurred (output at the end)');
  addJobsOption(cmd);
  addPositionOptions(cmd);
  addInputOptions(cmd);
  cmd.addHelpText('after', EXAMPLES).action(async (files: string[], options: PositionsOptions, self: Command) => {
    process.exitCode = await runPositions(files, options, self);
  });
}

async function runPositions(files: string[], options: PositionsOptions, cmd: Command): Promise<number> {
  checkPositionOptions(cmd, options);
  if (options.count && !options.unique) usageError(cmd, '--count needs --unique');
  if (options.unique && options.shard) usageError(cmd, '--unique looks at the whole run: run the shards without it and merge their positions (e.g. sort -u)');
  const fen = { ep: options.ep, ...(options.castling ? { castling: options.castling } : {}) };
  const matcher = options.match === undefined ? undefined : positionMatcher(options.match, fen);
  if (typeof matcher === 'string') usageError(cmd, matcher);
  const session = await openSession(cmd, files, options);
  const columns = { file: session.manyFiles, path: options.variations === true, tags: options.tags ?? [], count: options.count === true };
  const settings: PositionsSettings = {
    format: options.format,
    columns,
    fen,
    variations: options.variations === true,
    selection: { range: options.ply, every: options.every, last: options.last, side: options.side },
    tagFilters: options.tag ?? [],
    match: options.match,
    unique: options.unique === true,
  };
  const task = { command: 'positions', settings } as const;
  const printer = new RowPrinter(session.writer, options.format, columns, await shardContinues(session, task, options.format === 'text'));
  // Unique positions belong to no one game: printed one by one, without game breaks.
  const unique = options.unique ? new UniqueSink(printer, options.count === true) : undefined;
  await runGames(session, task, options.jobs, async (output, file) => {
    if (output.records) for (const row of output.records) unique?.add(row);
    else printer.printGame(output.text, output.rows);
    session.reportAll(output.diagnostics, file);
    await session.writer.flushIfFull();
  });
  unique?.end();
  return session.finish({ positions: printer.written });
}

/**
 * --unique: each position's first occurrence printed at once; with --count, kept in first-seen
 * order and printed at the end, when the counts are known.
 */
class UniqueSink {
  /** Position key → its first row (kept only when counting) and how often it occurred. */
  private readonly seen = new Map<string, { row: PositionRow | undefined; count: number }>();

  constructor(
    private readonly printer: RowPrinter,
    private readonly counting: boolean,
  ) {}

  add(row: PositionRow): void {
    const key = firstFourFields(row.fen);
    const entry = this.seen.get(key);
    if (entry) {
      entry.count++;
      return;
    }
    this.seen.set(key, { row: this.counting ? row : undefined, count: 1 });
    if (!this.counting) this.printer.print(row);
  }

  end(): void {
    if (!this.counting) return;
    for (const { row, count } of this.seen.values()) if (row) this.printer.print({ ...row, count });
  }
}
