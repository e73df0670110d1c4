/**
 * `forsyth export [files…]`: rewrites PGN in the standard's export format (Seven Tag Roster first,
 * one blank line between sections and games, wrapped movetext) with the library's `writePgn`.
 * `--strip` leaves out comments, variations, NAGs or clock commands; `--fix` canonicalises each game
 * first with the library's `fixGame` (SetUp for a FEN tag, Result from the marker, canonical SAN).
 */
import { InvalidArgumentError, type Command } from 'commander';
import { fixGame, writePgn } from '../../src/index.js';
import { addInputOptions, type InputOptions } from '../options.js';
import { openSession } from '../usage.js';

const STRIP_PARTS = ['comments', 'variations', 'nags', 'clocks'] as const;
type StripPart = (typeof STRIP_PARTS)[number];

interface ExportOptions extends InputOptions {
  readonly strip?: readonly StripPart[];
  readonly fix?: boolean;
}

const EXAMPLES = `
Examples:
  $ forsyth export games.pgn -o clean.pgn                  export format: roster first, wrapped movetext
  $ forsyth export --fix --strip clocks lichess.pgn.gz     canonical SAN, SetUp/Result fixed, no [%clk]
  $ forsyth export --strip comments,variations,nags a.pgn b.pgn > mainlines.pgn
  $ forsyth export --fix -v game.pgn                       also list every change on stderr

--fix changes: [SetUp "1"] added where a FEN tag lacks it; the Result tag set from the termination
marker; every move rewritten in canonical SAN (with + and #), variations included, comments and
NAGs kept. Moves that cannot be played are kept as written and reported.
Exit codes: 0 exported; 1 problems in the input (the games are still written); 2 usage or I/O error.
`;

/** `comments,nags` → ['comments', 'nags']. */
export function parseStrip(value: string): StripPart[] {
  const parts = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const bad = parts.find((p) => !(STRIP_PARTS as readonly string[]).includes(p));
  if (bad !== undefined || parts.length === 0) {
    throw new InvalidArgumentError(`expected a list of ${STRIP_PARTS.join(', ')}${bad === undefined ? '' : `, not "${bad}"`}`);
  }
  return parts as StripPart[];
}

export function registerExport(program: Command): void {
  const cmd = program
    .command('export')
    .description('rewrite PGN in export format, optionally fixed (--fix) or stripped (--strip)')
    .argument('[files...]', 'PGN files (.pgn, .pgn.gz, .pgn.zst), directories, or - for standard input', [])
    .option('--strip <parts>', `leave out some of: ${STRIP_PARTS.join(',')} (comma-separated)`, parseStrip)
    .option('--fix', 'add a missing SetUp tag, set Result from the termination marker, write canonical SAN');
  addInputOptions(cmd);
  cmd.addHelpText('after', EXAMPLES).action(async (files: string[], options: ExportOptions, self: Command) => {
    process.exitCode = await runExport(files, options, self);
  });
}

type WriteOptions = NonNullable<Parameters<typeof writePgn>[1]>;

function writeOptions(parts: readonly StripPart[]): WriteOptions {
  if (parts.length === 0) return {};
  return { strip: Object.fromEntries(parts.map((p) => [p, true])) };
}

async function runExport(files: string[], options: ExportOptions, cmd: Command): Promise<number> {
  const session = await openSession(cmd, files, options);
  const write = writeOptions(options.strip ?? []);
  for await (const item of session.games()) {
    let game = item.game;
    const problems = [...game.diagnostics];
    if (options.fix) {
      const fixed = fixGame(game);
      game = fixed.game;
      problems.push(...fixed.diagnostics);
      if (options.verbose) for (const change of fixed.changes) process.stderr.write(`${item.file.name}: game ${item.number}: ${change}\n`);
    }
    // Export format: one blank line between games (the text ends with a line end already); by the
    // run-wide number, so that a shard's first game has it too when it is not the run's first.
    if (item.number > 1) session.writer.line('');
    session.writer.line(writePgn(game, write).trimEnd());
    session.reportAll(problems, item.file.name);
    await session.writer.flushIfFull();
  }
  return session.finish();
}
