/**
 * `forsyth build`: snapshots back to a game record. From a start (`--fen`, default the standard
 * position) and `--moves "e4 e5 Nf3"` (SAN or UCI), or from `--fens FILE` (one FEN per line, the
 * consecutive positions of a game; forsyth finds the move between each pair). Writes one PGN game.
 * The work is the library's `buildGame`; this file reads the inputs and prints.
 */
import type { Command } from 'commander';
import {
  buildGame,
  diagnostic,
  INITIAL_FEN,
  parseFen,
  type Checked,
  type Diagnostic,
  type Position,
} from '../../src/index.js';
import { outputClash } from '../inputs.js';
import { interruption } from '../interrupt.js';
import { readLines } from '../lines.js';
import { collectTagFilter, type TagFilter } from '../options.js';
import { DiagnosticReporter } from '../output/diagnostics.js';
import { BufferedWriter } from '../output/writer.js';
import { placeFenDiagnostic, tooLongLine } from '../text-input.js';
import { fsMessage, usageError } from '../usage.js';

interface BuildOptions {
  readonly fen?: string;
  readonly moves?: string;
  readonly fens?: string;
  readonly tag?: readonly TagFilter[];
  readonly chess960?: boolean;
  readonly output?: string;
  readonly quiet?: boolean;
}

const EXAMPLES = `
Examples:
  $ forsyth build --moves "1. e4 e5 2. Nf3 Nc6 3. Bb5" --tag White=Morphy --tag Result=1-0
  $ forsyth build --fen "8/6R1/7p/5K1k/8/6p1/5bPP/4N3 w - - 0 1" --moves "g7g3 f2g3 e1f3"
  $ forsyth build --fens positions.txt -o game.pgn      one FEN per line, the start first
  $ forsyth fens game.pgn --start | forsyth build --fens -

A pair of FENs that no single move connects is reported as FILE:LINE:1: error[BUILD_NO_MOVE] with a
hint (two plies apart? same side to move?). Castling and en passant are compared by meaning, so
KQkq, X-FEN and Shredder-FEN, and any en passant convention, connect.
Exit codes: 0 written; 1 a bad FEN, bad move or unconnected pair; 2 usage or I/O error.
`;

export function registerBuild(program: Command): void {
  program
    .command('build')
    .description('build a PGN game from a start position and moves, or from consecutive FENs')
    .option('--fen <fen>', 'the starting position (default: the standard one); goes with --moves')
    .option('--moves <moves>', 'SAN or UCI moves separated by spaces; move numbers are skipped')
    .option('--fens <file>', 'one FEN per line (- for standard input): the positions of the game in order')
    .option('--tag <name=value>', 'set a tag, e.g. --tag White="Carlsen, Magnus" (repeatable)', collectTagFilter)
    .option('--chess960', 'read the FENs as Chess960 (Shredder-FEN and X-FEN castling are detected anyway)')
    .option('-o, --output <file>', 'write the game to FILE instead of standard output')
    .option('-q, --quiet', 'show errors only, no warnings')
    .addHelpText('after', EXAMPLES)
    .action(async (options: BuildOptions, cmd: Command) => {
      process.exitCode = await runBuild(options, cmd);
    });
}

/** A FEN is at most about 90 characters. */
const MAX_LINE = 4096;
/**
 * No game has more positions: with the 75-move rule a game ends within about 17,700 plies. The
 * bound keeps memory small whatever the file (a 600 MB file, /dev/zero).
 */
const MAX_LINES = 100_000;

/** The lines of --fens, read as they come; undefined (after reporting why) when they cannot make a game. */
async function readFenLines(
  cmd: Command,
  path: string,
  label: string,
  reporter: DiagnosticReporter,
): Promise<string[] | undefined> {
  const lines: string[] = [];
  try {
    for await (const input of readLines(path, MAX_LINE, { signal: interruption })) {
      if (input.tooLong) {
        reporter.report(tooLongLine(input, MAX_LINE), label);
        return undefined;
      }
      if (lines.length === MAX_LINES) {
        const message = `more than ${MAX_LINES} lines: no game has that many positions`;
        reporter.report(
          diagnostic('BUILD_TOO_MANY_FENS', message, {
            line: input.line,
            column: 1,
            hint: 'one FEN per line, the positions of one game',
          }),
          label,
        );
        return undefined;
      }
      lines.push(input.text);
    }
  } catch (error) {
    usageError(cmd, `cannot read '${path}': ${fsMessage(error as Error)}`);
  }
  return lines;
}

function checkUsage(cmd: Command, options: BuildOptions): void {
  if (options.fens !== undefined && (options.moves !== undefined || options.fen !== undefined)) {
    usageError(cmd, '--fens gives every position, the start included; it does not go with --fen or --moves');
  }
  if (options.fens === undefined && options.moves === undefined) {
    usageError(cmd, 'give --moves (with --fen for another start) or --fens FILE');
  }
}

async function runBuild(options: BuildOptions, cmd: Command): Promise<number> {
  checkUsage(cmd, options);
  if (options.fens !== undefined && options.fens !== '-') {
    const files = [{ name: options.fens, source: options.fens, size: undefined }];
    const clash = outputClash(options.output, { files, directories: [], problems: [] });
    if (clash !== undefined) usageError(cmd, clash);
  }
  const reporter = new DiagnosticReporter((line) => process.stderr.write(`${line}\n`), {
    quiet: options.quiet === true,
  });
  const tags: Record<string, string> = {};
  for (const { name, value } of options.tag ?? []) tags[name] = value;
  const chess960 = options.chess960 === true;
  let label = '--moves';
  let built: Checked<string>;
  if (options.fens !== undefined) {
    label = options.fens === '-' ? '<stdin>' : options.fens;
    const lines = await readFenLines(cmd, options.fens, label, reporter);
    if (lines === undefined) return 1;
    built = buildGame({ fens: lines, tags, chess960 });
  } else {
    const start = startPosition(options.fen, chess960, reporter);
    if (start === undefined) return 1;
    built = buildGame({ start, moves: (options.moves ?? '').split(/\s+/), tags });
  }
  for (const d of built.diagnostics) {
    if (d.code === 'USAGE') usageError(cmd, d.message);
    reporter.report(d, label);
  }
  if (!built.ok || built.value === undefined) return 1;
  let writer: BufferedWriter;
  try {
    writer = BufferedWriter.open(options.output);
  } catch (error) {
    usageError(cmd, `cannot write '${options.output ?? '-'}': ${fsMessage(error as Error)}`);
  }
  writer.line(built.value.trimEnd());
  await writer.close();
  return 0;
}

function startPosition(fen: string | undefined, chess960: boolean, reporter: DiagnosticReporter): Position | undefined {
  const text = fen === undefined || fen.trim() === 'startpos' ? INITIAL_FEN : fen;
  const parsed = parseFen(text, chess960 ? { chess960 } : {});
  for (const d of parsed.diagnostics) reporter.report(placeFenDiagnostic(d, text, 1) as Diagnostic, '--fen');
  return parsed.ok ? parsed.value : undefined;
}
