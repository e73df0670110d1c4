/**
 * `forsyth perft FEN DEPTH [--divide]`: counts the leaf nodes of the legal move tree, the standard
 * check of a move generator. The total is alone on the last line of stdout, so scripts can take
 * `tail -n 1`; `--divide` first prints one `move: count` line per root move (UCI, sorted).
 */
import type { Command } from 'commander';
import {
  INITIAL_FEN,
  legalMoves,
  makeUci,
  parseFen,
  perft,
  play,
  type Checked,
  type Position,
} from '../../src/index.js';
import { interruption, windDownOnInterrupt, yieldToEvents } from '../interrupt.js';
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
    .action(async (fen: string, depthText: string, options: PerftOptions, cmd: Command) => {
      process.exitCode = await runPerft(fen, depthText, options, cmd);
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
    COUNTABLE.has(d.code)
      ? { ...d, severity: 'warning' as const, message: `${d.message} (counted anyway: perft needs only the moves)` }
      : d,
  );
  return { ok: true, value: unchecked.value, diagnostics };
}

/**
 * Subtrees this shallow are counted in one synchronous call (at most a few million nodes, some
 * milliseconds); deeper ones are split by their first moves, and the event loop runs between the
 * parts, so that Ctrl-C is seen within a fraction of a second even at depth 7 or 8.
 */
const SLICE_DEPTH = 4;

/** perft(pos, depth), counted in slices; undefined when interrupted. */
async function slicedPerft(pos: Position, depth: number): Promise<number | undefined> {
  if (depth <= SLICE_DEPTH) {
    await yieldToEvents();
    return interruption.aborted ? undefined : perft(pos, depth);
  }
  let nodes = 0;
  for (const move of legalMoves(pos)) {
    const below = await slicedPerft(play(pos, move), depth - 1);
    if (below === undefined) return undefined;
    nodes += below;
  }
  return nodes;
}

async function runPerft(fenText: string, depthText: string, options: PerftOptions, cmd: Command): Promise<number> {
  const depth = parseDepth(cmd, depthText);
  const text = fenText.trim() === 'startpos' ? INITIAL_FEN : fenText;
  const parsed = readPosition(text, options.chess960 === true);
  const reporter = new DiagnosticReporter((line) => process.stderr.write(`${line}\n`), {
    quiet: options.quiet === true,
  });
  for (const d of parsed.diagnostics) reporter.report(placeFenDiagnostic(d, text, 1), 'fen');
  if (!parsed.ok) return 1;
  windDownOnInterrupt();
  const pos = parsed.value;
  const lines: string[] = [];
  if (options.divide) {
    const divided: { move: string; nodes: number }[] = [];
    for (const move of depth === 0 ? [] : legalMoves(pos)) {
      const nodes = await slicedPerft(play(pos, move), depth - 1);
      if (nodes === undefined) return interrupted();
      divided.push({ move: makeUci(pos, move), nodes });
    }
    divided.sort((a, b) => (a.move < b.move ? -1 : a.move > b.move ? 1 : 0));
    let total = 0;
    for (const { move, nodes } of divided) {
      lines.push(`${move}: ${nodes}`);
      total += nodes;
    }
    lines.push(String(depth === 0 ? 1 : total));
  } else {
    const nodes = await slicedPerft(pos, depth);
    if (nodes === undefined) return interrupted();
    lines.push(String(nodes));
  }
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

/** The count was cut short: nothing on stdout (a partial count would look like a real one). */
function interrupted(): number {
  process.stderr.write('forsyth: interrupted: no count printed\n');
  return 1; // main.ts replaces it with 130 or 143
}
