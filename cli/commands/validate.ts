/**
 * `forsyth validate [files…]`: every header, SetUp/FEN, FEN-legality, syntax and move problem of
 * every game (the library's `validate(game)`), as a report on standard output: compiler-style text
 * ending with a summary line, or one JSON object per diagnostic. Exit 1 if any error (with
 * --strict: any warning too).
 */
import { Option, type Command } from 'commander';
import { validateGames } from '../big-games.js';
import { addInputOptions, type InputOptions } from '../options.js';
import { openSession } from '../usage.js';

interface ValidateOptions extends InputOptions {
  readonly format: 'text' | 'json';
  readonly strict?: boolean;
}

const EXAMPLES = `
Examples:
  $ forsyth validate games.pgn                  every problem, then "N games read, E errors, W warnings"
  $ forsyth validate --strict games/            warnings fail the run too (exit 1)
  $ forsyth validate --format json games.pgn.gz | jq -r 'select(.severity=="error") | .code'
`;

export function registerValidate(program: Command): void {
  const cmd = program
    .command('validate')
    .description('report every problem in every game (headers, SetUp/FEN, FEN legality, syntax, moves)')
    .argument(
      '[files...]',
      'PGN files (.pgn, .pgn.gz, .pgn.zst) and directories of them; none or - reads standard input',
    )
    .addOption(
      new Option('-f, --format <format>', 'report format: text, or json (one object per line)')
        .choices(['text', 'json'])
        .default('text'),
    )
    .option('--strict', 'warnings fail the run too (exit 1)');
  addInputOptions(cmd);
  cmd.addHelpText('after', EXAMPLES).action(async (files: string[], options: ValidateOptions, self: Command) => {
    process.exitCode = await runValidate(files, options, self);
  });
}

async function runValidate(files: string[], options: ValidateOptions, cmd: Command): Promise<number> {
  const session = await openSession(cmd, files, {
    ...options,
    diagnosticsTo: 'output',
    diagnosticFormat: options.format,
  });
  // Big games are validated in a worker thread, so that Ctrl-C is seen at once (big-games.ts).
  for await (const { item, diagnostics } of validateGames(session)) {
    session.reportAll(diagnostics, item.file.name);
    await session.writer.flushIfFull();
  }
  // The text report ends with its summary; a JSON report stays pure JSON (summary on stderr).
  return session.finish({
    strict: options.strict === true,
    summaryTo: options.format === 'text' ? 'output' : 'stderr',
  });
}
