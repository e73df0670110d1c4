/**
 * `forsyth fens [files…]`: the FEN after every ply of every game. A broken game prints the plies
 * before the problem, then its diagnostic, and the run goes on with the next game.
 */
import type { Command } from 'commander';
import { replay } from '../../src/index.js';
import { addInputOptions, addPositionOptions, type PositionOptions } from '../options.js';
import { RowPrinter, tagValues } from '../rows.js';
import { openSession, usageError } from '../usage.js';

interface FensOptions extends PositionOptions {
  readonly start?: boolean;
}

const EXAMPLES = `
Examples:
  $ forsyth fens game.pgn                          one FEN per line, games separated by an empty line
  $ forsyth fens --start --ep legal games.pgn.gz   include the start position; e.p. square only when legal
  $ forsyth fens --format ndjson --tags White,Black a.pgn b.pgn -o fens.ndjson
  $ cat games.pgn | forsyth fens --format csv -    read standard input
`;

export function registerFens(program: Command): void {
  const cmd = program
    .command('fens')
    .description('print the FEN after every ply of every game')
    .argument('[files...]', 'PGN files (.pgn, .pgn.gz, .pgn.zst) and directories of them; none or - reads standard input')
    .option('--start', 'also print the starting position (ply 0)');
  addPositionOptions(cmd);
  addInputOptions(cmd);
  cmd.addHelpText('after', EXAMPLES).action(async (files: string[], options: FensOptions, self: Command) => {
    process.exitCode = await runFens(files, options, self);
  });
}

/** Rejects option combinations that would be silently ignored. */
export function checkPositionOptions(cmd: Command, options: PositionOptions): void {
  if (options.tags && options.format !== 'ndjson' && options.format !== 'csv') {
    usageError(cmd, `--tags adds columns to --format ndjson or csv, not to ${options.format}`);
  }
}

async function runFens(files: string[], options: FensOptions, cmd: Command): Promise<number> {
  checkPositionOptions(cmd, options);
  const session = await openSession(cmd, files, options);
  const tagNames = options.tags ?? [];
  const printer = new RowPrinter(session.writer, options.format, {
    file: session.manyFiles,
    path: options.variations === true,
    tags: tagNames,
    count: false,
  });
  const replayOptions = {
    variations: options.variations === true,
    includeStart: options.start === true,
    ep: options.ep,
    ...(options.castling ? { castling: options.castling } : {}),
  };
  for await (const item of session.games()) {
    const tags = tagValues(item.game, tagNames);
    const replayed = replay(item.game, replayOptions);
    for (const record of replayed) printer.print(printer.rowOf(record, item, tags));
    printer.endGame();
    session.reportAll([...item.game.diagnostics, ...replayed.diagnostics], item.file.name);
    await session.writer.flushIfFull();
  }
  return session.finish({ positions: printer.written });
}
