/**
 * `forsyth fen [FEN…]`: validates and normalises FENs given as arguments, or one per line of stdin.
 * One result per input, in order: the normalised FEN on stdout, or the problems on stderr
 * (`input:N:COL: error[CODE]: …` and a hint, N being the argument number or the stdin line);
 * `--format json` prints one object per input on stdout instead.
 */
import type { Command } from 'commander';
import { Option } from 'commander';
import {
  CASTLING_NOTATIONS,
  EP_MODES,
  INITIAL_FEN,
  makeFen,
  parseFen,
  renderBoard,
  type CastlingNotation,
  type Diagnostic,
  type EpMode,
  type Position,
} from '../../src/index.js';
import { interruption, windDownOnInterrupt } from '../interrupt.js';
import { readLines, type InputLine } from '../lines.js';
import { fileGivenAsFen } from '../mixups.js';
import { diagramStyle } from '../output/board.js';
import { DiagnosticReporter } from '../output/diagnostics.js';
import { BufferedWriter } from '../output/writer.js';
import { placeFenDiagnostic, tooLongLine } from '../text-input.js';
import { usageError } from '../usage.js';

interface FenCommandOptions {
  readonly format: 'text' | 'json';
  readonly chess960?: boolean;
  readonly strict?: boolean;
  readonly castling?: CastlingNotation;
  readonly ep: EpMode;
  readonly board?: boolean;
  readonly quiet?: boolean;
}

/** Longer than any FEN by far (a FEN is at most about 90 characters). */
const MAX_LINE = 4096;

const EXAMPLES = `
Examples:
  $ forsyth fen "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1" --ep legal
  rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1
  $ forsyth fen "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
  input:1:19: error[FEN_BAD_PIECE]: '9' in rank 6 '9' is not a piece letter or a digit
    hint: a rank has 8 squares, so the largest digit is 8
  $ forsyth fen --castling shredder "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"
  bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9
  $ forsyth fen --format json < positions.txt         one JSON object per line of stdin
  $ forsyth fen startpos                               the standard starting position

Standard input (no FEN, or -) is read line by line, in constant memory; a line longer than
${MAX_LINE} characters is reported (IO_LINE_TOO_LONG) and skipped.

Problems are located as input:N:COL, N being the argument number (or the stdin line).
Exit codes: 0 every FEN is valid; 1 some FEN is invalid; 2 usage error.
`;

export function registerFen(program: Command): void {
  program
    .command('fen')
    .description('validate and normalise FENs (arguments, or one per line of standard input)')
    .argument('[fens...]', 'FENs in quotes, or "startpos"; none or -: read one per line from standard input')
    .addOption(
      new Option('-f, --format <format>', 'text or json (one object per input)')
        .choices(['text', 'json'])
        .default('text'),
    )
    .option('--chess960', 'read castling rights as Chess960 (Shredder-FEN and X-FEN letters are detected anyway)')
    .option('--strict', 'refuse the lenient repairs (missing counters, extra spaces, …): errors instead of warnings')
    .addOption(
      new Option('--castling <notation>', 'write castling as KQkq, Shredder-FEN (HAha) or X-FEN').choices(
        CASTLING_NOTATIONS,
      ),
    )
    .addOption(
      new Option(
        '--ep <mode>',
        'write the en passant square after every double push, when a pawn can take, or when the capture is legal',
      )
        .choices(EP_MODES)
        .default('always'),
    )
    .option('--board', 'also print a board diagram after each valid FEN')
    .option('-q, --quiet', 'show errors only, no warnings')
    .addHelpText('after', EXAMPLES)
    .action(async (fens: string[], options: FenCommandOptions, cmd: Command) => {
      if (options.board && options.format === 'json')
        usageError(cmd, '--board prints diagrams in text format only, not with --format json');
      const fromStdin = fens.length === 0 || (fens.length === 1 && fens[0] === '-');
      if (!fromStdin && fens.includes('-')) usageError(cmd, '- (standard input) goes alone, without FEN arguments');
      const fileMixup = fromStdin ? undefined : fileGivenAsFen(fens, (text) => parseFen(text).ok);
      if (fileMixup !== undefined) usageError(cmd, fileMixup);
      if (fromStdin && process.stdin.isTTY)
        usageError(cmd, 'no FEN given: pass FENs as arguments, or pipe them in one per line');
      const out = BufferedWriter.open(undefined);
      const inputs = fromStdin ? stdinLines(() => out.flush()) : arrayLines(fens);
      process.exitCode = await runFen(inputs, out, options);
    });
}

async function* arrayLines(fens: readonly string[]): AsyncGenerator<InputLine> {
  for (const [i, text] of fens.entries()) yield { tooLong: false, text, line: i + 1 };
}

/** The non-blank lines of standard input, as they come. */
async function* stdinLines(flush: () => Promise<void>): AsyncGenerator<InputLine> {
  windDownOnInterrupt();
  for await (const input of readLines('-', MAX_LINE, { signal: interruption, afterChunk: flush })) {
    if (input.tooLong || input.text.trim() !== '') yield input;
  }
}

function problemJson(d: Diagnostic): Record<string, unknown> {
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    column: d.column ?? null,
    field: d.field ?? null,
    hint: d.hint ?? null,
  };
}

async function runFen(
  inputs: AsyncIterable<InputLine>,
  out: BufferedWriter,
  options: FenCommandOptions,
): Promise<number> {
  const reporter = new DiagnosticReporter((line) => process.stderr.write(`${line}\n`), {
    quiet: options.quiet === true,
  });
  const readOptions = { ...(options.chess960 ? { chess960: true } : {}), ...(options.strict ? { strict: true } : {}) };
  const writeOptions = { ep: options.ep, ...(options.castling ? { castling: options.castling } : {}) };
  let invalid = 0;
  for await (const input of inputs) {
    if (input.tooLong) {
      invalid++;
      const d = tooLongLine(input, MAX_LINE);
      if (options.format === 'json')
        out.line(JSON.stringify({ input: null, valid: false, fen: null, problems: [problemJson(d)] }));
      else {
        await out.flush();
        reporter.report(d, 'input');
      }
      continue;
    }
    const text = input.text.trim() === 'startpos' ? INITIAL_FEN : input.text;
    const parsed = parseFen(text, readOptions);
    const problems = parsed.diagnostics.map((d) => placeFenDiagnostic(d, text, input.line));
    const fen = parsed.ok ? makeFen(parsed.value, writeOptions) : undefined;
    if (!parsed.ok) invalid++;
    if (options.format === 'json') {
      out.line(
        JSON.stringify({ input: input.text, valid: parsed.ok, fen: fen ?? null, problems: problems.map(problemJson) }),
      );
      await out.flushIfFull();
      continue;
    }
    // Problems go to stderr as they are found; the FENs before them are written first, in order.
    if (problems.length > 0) await out.flush();
    for (const d of problems) reporter.report(d, 'input');
    if (parsed.ok && fen !== undefined) {
      out.line(fen);
      if (options.board) out.lines(`${diagramOf(parsed.value, fen)}\n\n`);
    }
    await out.flushIfFull();
  }
  await out.close();
  return invalid > 0 ? 1 : 0;
}

function diagramOf(pos: Position, fen: string): string {
  return renderBoard({ placement: fen.split(' ')[0] ?? '', turn: pos.turn }, diagramStyle({}));
}
