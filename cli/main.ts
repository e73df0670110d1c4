/**
 * The `forsyth` program: builds the commander program, registers one command per file in
 * `cli/commands/`, and owns the behaviour every command shares at the process level:
 *
 * - usage errors (commander's and our own) print one short line plus a pointer to --help, exit 2;
 * - a closed stdout (`forsyth fens big.pgn | head -1`) ends the run quietly with exit 0;
 * - SIGINT and SIGTERM end the run as if the input ended there (interrupt.ts): complete lines,
 *   the summary, an `-o` file left as it was; exit 130 or 143;
 * - any other exception is our bug: `forsyth: internal error: <message>`, exit 2, stack trace only
 *   with FORSYTH_DEBUG=1.
 *
 * The `forsyth` executable is `bin.ts`, which starts this module with V8's memory setting.
 *
 * The CLI is a thin client: it imports only the public entries `src/index.ts` and
 * `src/node/index.ts` (test/cli/architecture.test.ts checks this).
 */
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { escapeControls } from '../src/index.js';
import { exitCodeOf, interrupt, interruptExitCode, sayLastWords, windsDown } from './interrupt.js';
import { stopAllWriters } from './output/writer.js';
import { USAGE_EXIT } from './usage.js';

/** How long an interrupted run may take to wind down before it is cut short. */
const WIND_DOWN_MS = 3000;
const HELP_POINTER = '(add --help for usage and examples)';

type Register = (program: Command) => void;

/**
 * Every command, in the order --help lists them, by name: each is imported only when needed, so
 * that `forsyth fens` does not load (and compile) the modules of the nine others and theirs (Parquet,
 * openings, dedupe, …): about 35 ms of CPU per run.
 */
const COMMANDS: readonly (readonly [string, () => Promise<Register>])[] = [
  ['fen', async () => (await import('./commands/fen.js')).registerFen],
  ['fens', async () => (await import('./commands/fens.js')).registerFens],
  ['positions', async () => (await import('./commands/positions.js')).registerPositions],
  ['games', async () => (await import('./commands/games.js')).registerGames],
  ['show', async () => (await import('./commands/show.js')).registerShow],
  ['validate', async () => (await import('./commands/validate.js')).registerValidate],
  ['export', async () => (await import('./commands/export.js')).registerExport],
  ['build', async () => (await import('./commands/build.js')).registerBuild],
  ['perft', async () => (await import('./commands/perft.js')).registerPerft],
  ['stats', async () => (await import('./commands/stats.js')).registerStats],
];

/**
 * The registrations a run needs: the named command's alone when the first argument names one
 * (options come after it), else all of them (--help, `help fens`, --version, a typo to suggest
 * a command for).
 */
async function registrations(argv: readonly string[]): Promise<Register[]> {
  const named = COMMANDS.find(([name]) => name === argv[2]);
  return Promise.all((named ? [named] : COMMANDS).map(([, load]) => load()));
}

function buildProgram(commands: readonly Register[]): Command {
  const program = new Command('forsyth')
    .description('PGN and FEN toolkit: FENs per ply, position extraction, validation, conversion')
    .version(packageVersion(), '-V, --version')
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(`forsyth: ${escapeLines(text.replace(/^error: /, ''))}`) })
    .showHelpAfterError(HELP_POINTER)
    .showSuggestionAfterError();
  for (const register of commands) register(program);
  // .command() copies these settings into a new command; this also covers commands added with
  // .addCommand(), so every command's usage errors print and exit the same way.
  for (const cmd of program.commands) {
    cmd.exitOverride().configureOutput(program.configureOutput()).showHelpAfterError(HELP_POINTER);
  }
  return program;
}

/** A usage error quotes what was typed: its control characters are escaped, line by line. */
function escapeLines(text: string): string {
  return text
    .split('\n')
    .map((line) => escapeControls(line))
    .join('\n');
}

function packageVersion(): string {
  try {
    const text = readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
    return (JSON.parse(text) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/** Exit code for a CommanderError: 0 for --help/--version, 2 for every usage error. */
function commanderExit(error: CommanderError): number {
  return error.exitCode === 0 ? 0 : USAGE_EXIT;
}

function internalError(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`forsyth: internal error: ${message}\n`);
  if (process.env['FORSYTH_DEBUG'] === '1' && error instanceof Error && error.stack)
    process.stderr.write(`${error.stack}\n`);
  else process.stderr.write('(set FORSYTH_DEBUG=1 for a stack trace, and please report it)\n');
  process.exit(USAGE_EXIT);
}

function installProcessHandlers(): void {
  // The reader went away (head, less quitting): nothing more can be shown, which is not a failure.
  process.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(0);
    // A full disk, a quota, a device error: an I/O error like an unreadable input (exit 2).
    if (typeof error.code !== 'string') internalError(error);
    process.stderr.write(`forsyth: cannot write to standard output: ${error.message.replace(/, write$/, '')}\n`);
    process.exit(2);
  });
  process.stderr.on('error', () => {});
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => onInterrupt(signal));
  process.on('uncaughtException', internalError);
  process.on('unhandledRejection', internalError);
}

/**
 * The first signal asks a command that watches for it to wind down (it prints its summary and
 * returns; the exit code is then the signal's); a command that does not, a second signal, or a
 * wind-down that takes too long gets the complete lines buffered so far and an immediate exit.
 */
function onInterrupt(signal: NodeJS.Signals): void {
  const code = interruptExitCode() ?? exitCodeOf(signal);
  const stopNow = (): void =>
    void stopAllWriters().finally(() => {
      sayLastWords();
      process.exit(code);
    });
  if (interruptExitCode() !== undefined || !windsDown()) return stopNow();
  interrupt(signal);
  setTimeout(stopNow, WIND_DOWN_MS).unref();
}

async function main(argv: readonly string[]): Promise<void> {
  installProcessHandlers();
  try {
    await buildProgram(await registrations(argv)).parseAsync([...argv]);
  } catch (error) {
    if (error instanceof CommanderError) process.exitCode = commanderExit(error);
    else internalError(error);
  }
  process.exitCode = interruptExitCode() ?? process.exitCode;
}

await main(process.argv);
