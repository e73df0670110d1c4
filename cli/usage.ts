/**
 * Usage errors found after commander has parsed the arguments (option combinations, an output file
 * that cannot be created). They go through `cmd.error`, so they print like commander's own usage
 * errors and end with exit code 2 (see main.ts).
 */
import type { Command } from 'commander';
import { compileWhere, formatDiagnostic, type WhereFilter } from '../src/index.js';
import { encodingProblem } from './inputs.js';
import { fenGivenAsFile } from './mixups.js';
import { OutputClashError, Session, type SessionSettings } from './session.js';

export const USAGE_EXIT = 2;

export function usageError(cmd: Command, message: string): never {
  cmd.error(`error: ${message}`, { exitCode: USAGE_EXIT, code: 'forsyth.usage' });
}

/** Opens a session; an output file that cannot be created is a usage error, not a crash. */
export async function openSession(cmd: Command, files: readonly string[], settings: SessionSettings): Promise<Session> {
  const badEncoding = encodingProblem(settings.encoding);
  if (badEncoding !== undefined) usageError(cmd, `--encoding: ${badEncoding}`);
  if (settings.shard && (files.length === 0 || files.includes('-')))
    usageError(cmd, '--shard cuts files into byte ranges: name files, not standard input');
  if (settings.shard && settings.inputFormat === 'ndjson')
    usageError(
      cmd,
      '--shard reads PGN: ndjson input is one game per line, for line-splitting engines (split -l, Spark, Hadoop)',
    );
  const fenMixup = fenGivenAsFile(files);
  if (fenMixup !== undefined) usageError(cmd, fenMixup);
  if (settings.quiet !== true) announceTerminalInput(cmd, files);
  const filter = settings.where === undefined ? undefined : whereFilter(cmd, settings.where);
  try {
    return await Session.open(files, filter ? { ...settings, filter } : settings);
  } catch (error) {
    if (error instanceof OutputClashError) usageError(cmd, error.message);
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code !== 'string') throw error;
    usageError(cmd, `cannot write '${settings.output ?? '-'}': ${fsMessage(error as Error)}`);
  }
}

/**
 * With no file named and standard input a terminal, the command would wait without a word: say
 * what it is waiting for (on stderr, so nothing reaches the output).
 */
function announceTerminalInput(cmd: Command, files: readonly string[]): void {
  const readsStdin = files.length === 0 || files.includes('-');
  if (!readsStdin || process.stdin.isTTY !== true) return;
  const end = process.platform === 'win32' ? 'Ctrl-Z then Enter' : 'Ctrl-D';
  process.stderr.write(
    `forsyth ${cmd.name()}: reading PGN from standard input (end with ${end}; name files to read them instead, see --help)\n`,
  );
}

/**
 * Compiles --where; a problem in it is a usage error shown like any diagnostic, located in the
 * expression (`--where:1:10: error[WHERE_SYNTAX]: …`), with the expression and a caret under it.
 */
export function whereFilter(cmd: Command, expression: string): WhereFilter {
  const compiled = compileWhere(expression);
  if (compiled.ok) return compiled.value;
  const d = compiled.error;
  const line = expression.split(/\r\n|\r|\n/)[(d.line ?? 1) - 1] ?? '';
  const caret = `${' '.repeat(Math.max(0, (d.column ?? 1) - 1))}${'^'.repeat(Math.max(1, Math.min(d.length ?? 1, line.length - (d.column ?? 1) + 1)))}`;
  cmd.error(`${formatDiagnostic(d, '--where')}\n  ${line}\n  ${caret}`, {
    exitCode: USAGE_EXIT,
    code: 'forsyth.usage',
  });
}

/** An fs error's message without the path it names (a temporary file's, for `-o`): `ENOENT: no such file or directory`. */
export function fsMessage(error: Error): string {
  return error.message.replace(/, \w+ '[^']*'$/, '');
}
