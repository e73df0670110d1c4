/**
 * `forsyth fens [files…]`: the FEN after every ply of every game. A broken game prints the plies
 * before the problem, then its diagnostic, and the run goes on with the next game.
 */
import type { Command } from 'commander';
import { addInputOptions, addJobsOption, addPositionOptions, type PositionOptions } from '../options.js';
import { openRowOutput, tableSettings, withJobs } from '../row-output.js';
import { openSession } from '../usage.js';
import { runGames, shardContinues } from '../workers/pool.js';
import type { FensSettings } from './fens-game.js';

interface FensOptions extends PositionOptions {
  readonly start?: boolean;
  readonly jobs: number;
}

const EXAMPLES = `
Examples:
  $ forsyth fens game.pgn                          one FEN per line, games separated by an empty line
  $ forsyth fens --start --ep legal games.pgn.gz   include the start position; e.p. square only when legal
  $ forsyth fens --format ndjson --tags White,Black a.pgn b.pgn -o fens.ndjson
  $ cat games.pgn | forsyth fens --format csv -    read standard input
  $ forsyth fens --jobs auto big.pgn.zst > fens.txt  one worker thread per CPU core, same output
  $ forsyth fens --format csv --columns game,ply,fen,san,clock,emt,eval_cp --game-id Site lichess.pgn.zst
  $ forsyth fens --format parquet --columns all --where 'tc_class == "blitz"' lichess.pgn.zst -o blitz.parquet
`;

export function registerFens(program: Command): void {
  const cmd = program
    .command('fens')
    .description('print the FEN after every ply of every game')
    .argument(
      '[files...]',
      'PGN files (.pgn, .pgn.gz, .pgn.zst) and directories of them; none or - reads standard input',
    )
    .option('--start', 'also print the starting position (ply 0)');
  addJobsOption(cmd);
  addPositionOptions(cmd);
  addInputOptions(cmd);
  cmd.addHelpText('after', EXAMPLES).action(async (files: string[], options: FensOptions, self: Command) => {
    process.exitCode = await runFens(files, options, self);
  });
}

async function runFens(files: string[], options: FensOptions, cmd: Command): Promise<number> {
  const table = tableSettings(cmd, options);
  const parquet = options.format === 'parquet';
  // Parquet is written by its own sink: the session's output stays unused.
  const session = await openSession(cmd, files, parquet ? { ...options, output: '-' } : options);
  const settings: FensSettings = {
    format: options.format,
    columns: { file: session.manyFiles, path: options.variations === true, tags: options.tags ?? [], count: false },
    replay: {
      variations: options.variations === true,
      includeStart: options.start === true,
      ep: options.ep,
      ...(options.castling ? { castling: options.castling } : {}),
    },
    ...(table ? { table: withJobs(table, options.format, options.jobs) } : {}),
    // Text rows are written as bytes (see fens-game.ts), on the main thread and in the workers.
    textAsBytes: true,
  };
  const task = { command: 'fens', settings } as const;
  const rows = await openRowOutput(
    cmd,
    session,
    options,
    settings.columns,
    table,
    await shardContinues(session, task, options.format === 'text'),
  );
  session.countPositions(() => rows.written);
  await runGames(session, task, options.jobs, async (output, file) => {
    rows.emit('bytes' in output && output.bytes ? { ...output, text: output.bytes } : output);
    session.reportAll(output.diagnostics, file);
    await session.writer.flushIfFull();
  });
  rows.close();
  return session.finish({ positions: rows.written });
}
