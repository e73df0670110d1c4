/**
 * `forsyth show FEN` or `forsyth show --pgn FILE --game N --ply K`: a board diagram. Unicode pieces
 * on coloured squares when stdout is a terminal, plain ASCII when piped (`--ascii`/`--unicode`
 * force one); `--svg FILE` also writes a standalone SVG picture. Rendering is the library's (`src/diagram/`).
 */
import type { Command } from 'commander';
import {
  INITIAL_FEN,
  isCheck,
  isCheckmate,
  isStalemate,
  makeFen,
  parseFen,
  parseGame,
  renderBoard,
  renderBoardSvg,
  replay,
  type Diagnostic,
  type Diagram,
  type Game,
  type GameChunk,
  type PlyRecord,
  type Position,
} from '../../src/index.js';
import { outputClash, readInput, type InputFile } from '../inputs.js';
import { diagramStyle } from '../output/board.js';
import { DiagnosticReporter } from '../output/diagnostics.js';
import { replaceFile } from '../output/replace.js';
import { usageError } from '../usage.js';
import { BigGameThread, isBig } from '../big-games.js';
import { interruptExitCode } from '../interrupt.js';
import { placeFenDiagnostic } from '../text-input.js';

interface ShowOptions {
  readonly pgn?: string;
  readonly game: string;
  readonly ply?: string;
  readonly ascii?: boolean;
  readonly unicode?: boolean;
  readonly svg?: string;
  readonly flip?: boolean;
  readonly chess960?: boolean;
  readonly encoding?: string;
}

const EXAMPLES = `
Examples:
  $ forsyth show "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3" --ascii
  $ forsyth show --pgn game.pgn --game 2 --ply 18            position after Black's 9th move of game 2
  $ forsyth show --pgn game.pgn --svg final.svg              the final position, also as an SVG file
  $ forsyth show startpos --svg - > start.svg                only the SVG, on standard output

Without --ply the last position of the main line is shown; --ply 0 is the starting position.
Colours follow the terminal: NO_COLOR=1 keeps the Unicode pieces but drops the colours.
Exit codes: 0 shown; 1 a bad FEN or an illegal move in the game; 2 usage (no such game or ply) or I/O error.
`;

export function registerShow(program: Command): void {
  program
    .command('show')
    .description('print a board diagram of a FEN, or of a position in a PGN game')
    .argument('[fen]', 'a FEN in quotes, or "startpos" (or use --pgn)')
    .option('--pgn <file>', 'take the position from a game in this PGN file (- for standard input)')
    .option('--game <n>', 'which game of the file (1-based)', '1')
    .option('--ply <k>', 'which ply of the main line (0 = start; default: the last)')
    .option('--ascii', 'plain ASCII letters, even on a terminal')
    .option('--unicode', 'Unicode pieces on coloured squares, even when piped')
    .option('--svg <file>', 'also write the diagram as a standalone SVG file (- : only the SVG, on stdout)')
    .option('--flip', "draw the board from Black's side")
    .option('--chess960', 'read the FEN castling rights as Chess960')
    .option('--encoding <name>', 'decode the PGN file with this encoding instead of detecting it')
    .addHelpText('after', EXAMPLES)
    .action(async (fen: string | undefined, options: ShowOptions, cmd: Command) => {
      process.exitCode = await runShow(fen, options, cmd);
    });
}

function wholeNumber(cmd: Command, name: string, text: string, min: number): number {
  if (!/^\d+$/.test(text.trim()) || Number(text) < min)
    usageError(cmd, `${name} must be a whole number of ${min} or more, not "${text}"`);
  return Number(text);
}

const reporter = new DiagnosticReporter((line) => process.stderr.write(`${line}\n`));

interface Shown {
  readonly diagram?: Diagram;
  /** 0, or 1 when the input has problems (a game that breaks before its end is still shown). */
  readonly exit: number;
}

async function runShow(fen: string | undefined, options: ShowOptions, cmd: Command): Promise<number> {
  if ((fen === undefined) === (options.pgn === undefined)) usageError(cmd, 'give a FEN or --pgn FILE (one of them)');
  if (options.ascii && options.unicode) usageError(cmd, '--ascii and --unicode contradict each other');
  if (fen !== undefined && options.ply !== undefined)
    usageError(cmd, '--ply and --game pick a position from --pgn, not from a FEN');
  if (options.pgn !== undefined && options.pgn !== '-' && options.svg !== undefined && options.svg !== '-') {
    const clash = outputClash(options.svg, {
      files: [{ name: options.pgn, source: options.pgn, size: undefined }],
      directories: [],
      problems: [],
    });
    if (clash !== undefined) usageError(cmd, clash);
  }
  const { diagram, exit } = fen !== undefined ? fromFen(fen, options) : await fromPgn(cmd, options);
  if (diagram === undefined) return exit;
  if (options.svg === '-') {
    process.stdout.write(renderBoardSvg(diagram));
    return exit;
  }
  // The SVG file first: if it cannot be written, nothing has been printed yet.
  if (options.svg !== undefined) {
    try {
      replaceFile(options.svg, renderBoardSvg(diagram));
    } catch (error) {
      usageError(cmd, `cannot write '${options.svg}': ${(error as Error).message}`);
    }
  }
  process.stdout.write(`${renderBoard(diagram, diagramStyle(options))}\n`);
  return exit;
}

function fromFen(text: string, options: ShowOptions): Shown {
  const fen = text.trim() === 'startpos' ? INITIAL_FEN : text;
  const parsed = parseFen(fen, options.chess960 ? { chess960: true } : {});
  for (const d of parsed.diagnostics) reporter.report(placeFenDiagnostic(d, fen, 1), 'fen');
  if (!parsed.ok) return { exit: 1 };
  return { diagram: diagramOf(parsed.value, undefined, options.flip === true), exit: 0 };
}

function diagramOf(pos: Position, record: PlyRecord | undefined, flip: boolean): Diagram {
  const fen = makeFen(pos);
  const status = isCheckmate(pos) ? 'checkmate' : isStalemate(pos) ? 'stalemate' : isCheck(pos) ? 'check' : undefined;
  const base = { placement: fen.split(' ')[0] ?? '', turn: pos.turn, fen, flip, ...(status ? { status } : {}) };
  const uci = record?.uci ?? '';
  if (!record || uci.length < 4) return base;
  const label = `${record.moveNumber}${record.color === 'white' ? '.' : '...'} ${record.canonicalSan}`;
  return { ...base, lastMove: { from: uci.slice(0, 2), to: uci.slice(2, 4), label } };
}

/** Game N of the file, unparsed; undefined when the file has fewer games or cannot be read (reported). */
async function findGame(
  cmd: Command,
  file: InputFile,
  number: number,
  encoding: string | undefined,
): Promise<GameChunk | undefined> {
  const reading = readInput(file, encoding);
  let count = 0;
  // Only the wanted game is parsed.
  for await (const chunk of reading.chunks) {
    if (++count === number) return chunk;
  }
  const problems: readonly Diagnostic[] = reading.diagnostics();
  for (const d of problems) reporter.report(d, file.name);
  if (problems.some((d) => d.code === 'IO_UNREADABLE' && d.severity === 'error')) return undefined;
  usageError(cmd, `there is no game ${number} in ${file.name}: it has ${count} game${count === 1 ? '' : 's'}`);
}

/** The diagram of the chosen ply, or the exit code after the problems have been reported. */
async function fromPgn(cmd: Command, options: ShowOptions): Promise<Shown> {
  const number = wholeNumber(cmd, '--game', options.game, 1);
  const wanted = options.ply === undefined ? undefined : wholeNumber(cmd, '--ply', options.ply, 0);
  const path = options.pgn ?? '-';
  const file: InputFile = { name: path === '-' ? '<stdin>' : path, source: path, size: undefined };
  const chunk = await findGame(cmd, file, number, options.encoding);
  if (!chunk) return { exit: 2 };
  const settings: ShowSettings = { ...(wanted !== undefined && { wanted }), flip: options.flip === true };
  // A big game is parsed and replayed in the big-game thread, so that Ctrl-C is seen at once.
  const thread = new BigGameThread();
  let found: ShownPly | undefined;
  try {
    found = isBig(chunk)
      ? await thread.run<ShownPly>({ job: { command: 'show', settings }, chunk, file: file.name, number })
      : shownOf(settings)(parseGame(chunk));
  } finally {
    await thread.close();
  }
  if (!found) return { exit: interruptExitCode() ?? 130 };
  for (const d of found.problems) reporter.report(d, file.name);
  const broken = found.problems.some((d) => d.severity === 'error');
  if (!found.diagram) {
    if (!broken)
      usageError(cmd, `game ${number} has ${found.plies} plies in its main line; there is no ply ${wanted ?? ''}`);
    return { exit: 1 };
  }
  // A game that breaks before its end still shows the last position reached (exit 1).
  return { diagram: found.diagram, exit: broken ? 1 : 0 };
}

/** Which ply of a game `show` draws (the last of the main line when none is given), and which way up. */
export interface ShowSettings {
  readonly wanted?: number;
  readonly flip: boolean;
}

/** The diagram of the wanted ply (none when the main line stops before it), the plies reached and the game's problems. */
export interface ShownPly {
  readonly diagram?: Diagram;
  readonly plies: number;
  readonly problems: readonly Diagnostic[];
}

/** The per-game work of `show`, the same on the main thread and in the big-game thread. */
export function shownOf(settings: ShowSettings): (game: Game) => ShownPly {
  return (game) => {
    const replayed = replay(game, { includeStart: true });
    let last: PlyRecord | undefined;
    for (const record of replayed) {
      last = record;
      if (record.ply === settings.wanted) break;
    }
    const problems = [...game.diagnostics, ...replayed.diagnostics];
    const plies = last?.ply ?? 0;
    if (!last || (settings.wanted !== undefined && last.ply !== settings.wanted)) return { plies, problems };
    return { diagram: diagramOf(last.position, last.ply === 0 ? undefined : last, settings.flip), plies, problems };
  };
}
