/**
 * `forsyth perft FEN DEPTH [--divide]`: counts the leaf nodes of the legal move tree, the standard
 * check of a move generator. The total is alone on the last line of stdout, so scripts can take
 * `tail -n 1`; `--divide` first prints one `move: count` line per root move (UCI, sorted).
 */
import type { Command } from 'commander';
import { INITIAL_FEN, parseFen, perft, perftDivide, type Checked, type Position } from '../../src/index.js';
import { DiagnosticReporter } from '../output/diagnostics.js';
import { placeFenDiagnostic } from '../text-input.js';
import { usageError } from '../usage.js';

interface PerftOptions {
  readonly divide?: boolean;
  readonly chess960?: boolean;
  readonly quiet?: boolean;
}

/** Deeper than this runs for hours even from simple positions: surely a typo. */
const MAX_DEPTH = 15;

const EXAMPLES = `
Examples:
  $ forsyth perft startpos 4
  197281
  $ forsyth perft "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1" 2 --divide
  a1b1: 43
  a1c1: 43
  …
  2039
  $ forsyth perft "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9" 3   Chess960 (Shredder-FEN)
  12189

A FEN whose only problem is an impossible check (as in the perft suites) is counted, with a warning.
Exit codes: 0 counted; 1 the FEN is not a legal position; 2 bad depth or usage.
`;

export function registerPerft(program: Command): void {
  program
    .command('perft')
    .description('count the leaf nodes of the legal move tree from FEN to DEPTH plies')
    .argument('<fen>', 'a FEN in quotes, or "startpos"')
    .argument('<depth>', 'plies to search (0 or more)')
    .option('--divide', 'first print "move: count" for each legal move (UCI, sorted)')
    .option('--chess960', 'read the castling field as Chess960 (Shredder-FEN and X-FEN letters are detected anyway)')
    .option('-q, --quiet', 'do not show warnings about the FEN (for example missing move counters)')
    .addHelpText('after', EXAMPLES)
    .action((fen: string, depthText: string, options: PerftOptions, cmd: Command) => {
      process.exitCode = runPerft(fen, depthText, options, cmd);
    });
}

function parseDepth(cmd: Command, text: string): number {
  if (!/^\d+$/.test(text.trim())) usageError(cmd, `depth must be a whole number of 0 or more, not "${text}"`);
  const depth = Number(text);
  if (depth > MAX_DEPTH) usageError(cmd, `depth ${depth} is more than ${MAX_DEPTH}; the count would take far too long`);
  return depth;
}

/**
 * Checks that only say how the position could have arisen (FEN_IMPOSSIBLE_CHECK: too many checkers,
 * or a check the recorded double push cannot have given) do not stop a count: the legal moves are
 * still well defined, and the perft suites (python-chess's tricky.perft) use such positions on
 * purpose. They are shown as warnings; every other problem stays an error.
 */
const COUNTABLE = new Set(['FEN_IMPOSSIBLE_CHECK']);

function readPosition(text: string, chess960: boolean): Checked<Position> {
  const options = chess960 ? { chess960 } : {};
  const parsed = parseFen(text, options);
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  if (parsed.ok || !errors.every((d) => COUNTABLE.has(d.code))) return parsed;
  const unchecked = parseFen(text, { ...options, validate: false });
  if (!unchecked.ok) return parsed;
  const diagnostics = parsed.diagnostics.map((d) =>
    COUNTABLE.has(d.code) ? { ...d, severity: 'warning' as const, message: `${d.message} (counted anyway: perft needs only the moves)` } : d,
  );
  return { ok: true, value: unchecked.value, diagnostics };
}

function runPerft(fenText: string, depthText: string, options: PerftOptions, cmd: Command): number {
  const depth = parseDepth(cmd, depthText);
  const text = fenText.trim() === 'startpos' ? INITIAL_FEN : fenText;
  const parsed = readPosition(text, options.chess960 === true);
  const reporter = new DiagnosticReporter((line) => process.stderr.write(`${line}\n`), { quiet: options.quiet === true });
  for (const d of parsed.diagnostics) reporter.report(placeFenDiagnostic(d, text, 1), 'fen');
  if (!parsed.ok) return 1;
  const lines: string[] = [];
  if (options.divide) {
    const divided = perftDivide(parsed.value, depth).sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
    let total = 0;
    for (const { move, nodes } of divided) {
      lines.push(`${move}: ${nodes}`);
      total += nodes;
    }
    lines.push(String(depth === 0 ? 1 : total));
  } else {
    lines.push(String(perft(parsed.value, depth)));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}
