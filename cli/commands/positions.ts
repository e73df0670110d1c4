/**
 * `forsyth positions [files…]`: chosen positions of chosen games. Games are chosen by header
 * (--where, --tag) and by a position they reach (--match); plies by --ply/--every/--last/--side; --unique
 * keeps the first occurrence of each position (by Polyglot key, see unique-positions.ts) and
 * --count adds how often it occurred.
 */
import { Option, type Command } from 'commander';
import {
  addInputOptions,
  addJobsOption,
  addPositionOptions,
  bothFilters,
  collectTagFilter,
  parsePlyRange,
  parsePositiveInt,
  type PlyRange,
  type PositionOptions,
  type TagFilter,
  tagFiltersAsWhere,
} from '../options.js';
import { positionMatcher } from '../position-filters.js';
import { openRowOutput, tableSettings, withJobs } from '../row-output.js';
import { openSession, usageError } from '../usage.js';
import { UniqueSink } from '../unique-positions.js';
import { runGames, shardContinues } from '../workers/pool.js';
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
    .argument(
      '[files...]',
      'PGN files (.pgn, .pgn.gz, .pgn.zst) and directories of them; none or - reads standard input',
    )
    .option(
      '--ply <N|A-B>',
      'positions after ply N, or plies A to B (0 is the start; "A-" means to the end)',
      parsePlyRange,
    )
    .option('--every <K>', 'plies that are multiples of K (within --ply when given)', parsePositiveInt)
    .option('--last', 'the final position of the main line')
    .addOption(new Option('--side <w|b>', 'only positions with this side to move').choices(['w', 'b']))
    .option(
      '--tag <NAME=VALUE>',
      'only games whose tag NAME is VALUE (repeatable; same name = either value); shorthand for --where',
      collectTagFilter,
    )
    .option('--match <FEN>', 'only games that reach this position: a full FEN, or a placement where ? is any square')
    .option(
      '--unique',
      'print each position once, at its first occurrence (told apart by the 64-bit Polyglot key: placement, side to move, castling, capturable en passant); memory: 30 to 60 bytes per distinct position',
    )
    .option(
      '--count',
      "with --unique: print how often each position occurred (output at the end); memory: also each distinct position's first row until then, some 250 bytes more",
    );
  addJobsOption(cmd);
  addPositionOptions(cmd);
  addInputOptions(cmd);
  cmd.addHelpText('after', EXAMPLES).action(async (files: string[], options: PositionsOptions, self: Command) => {
    process.exitCode = await runPositions(files, options, self);
  });
}

async function runPositions(files: string[], options: PositionsOptions, cmd: Command): Promise<number> {
  const table = tableSettings(cmd, options);
  const parquet = options.format === 'parquet';
  if (options.count && !options.unique) usageError(cmd, '--count needs --unique');
  if (options.unique && options.shard)
    usageError(
      cmd,
      '--unique looks at the whole run: run the shards without it and merge their positions (e.g. sort -u)',
    );
  const fen = { ep: options.ep, ...(options.castling ? { castling: options.castling } : {}) };
  const matcher = options.match === undefined ? undefined : positionMatcher(options.match, fen);
  if (typeof matcher === 'string') usageError(cmd, matcher);
  // --tag is shorthand for --where: both are decided on the tag section, before parsing.
  const where = bothFilters(options.where, tagFiltersAsWhere(options.tag ?? []));
  const sessionOptions = parquet ? { ...options, output: '-' } : options;
  const session = await openSession(cmd, files, where === undefined ? sessionOptions : { ...sessionOptions, where });
  const columns = {
    file: session.manyFiles,
    path: options.variations === true,
    tags: options.tags ?? [],
    count: options.count === true,
  };
  const settings: PositionsSettings = {
    format: options.format,
    columns,
    fen,
    variations: options.variations === true,
    selection: { range: options.ply, every: options.every, last: options.last, side: options.side },
    match: options.match,
    unique: options.unique === true,
    ...(table ? { table: withJobs(table, options.format, options.jobs) } : {}),
  };
  const task = { command: 'positions', settings } as const;
  const rows = await openRowOutput(
    cmd,
    session,
    options,
    columns,
    table,
    await shardContinues(session, task, options.format === 'text'),
  );
  session.countPositions(() => rows.written);
  const printer = rows.printer;
  // Unique positions belong to no one game: printed one by one, without game breaks.
  const unique = options.unique && printer ? new UniqueSink(printer, options.count === true) : undefined;
  await runGames(session, task, options.jobs, async (output, file) => {
    if (output.records) for (const row of output.records) unique?.add(row);
    else rows.emit(output);
    session.reportAll(output.diagnostics, file);
    await session.writer.flushIfFull();
  });
  await unique?.end(() => session.writer.flushIfFull());
  rows.close();
  return session.finish({ positions: rows.written });
}
