/**
 * Usage errors found after commander has parsed the arguments (option combinations, an output file
 * that cannot be created). They go through `cmd.error`, so they print like commander's own usage
 * errors and end with exit code 2 (see main.ts).
 */
import type { Command } from 'commander';
import { encodingProblem } from './inputs.js';
import { Session, type SessionSettings } from './session.js';

export const USAGE_EXIT = 2;

export function usageError(cmd: Command, message: string): never {
  cmd.error(`error: ${message}`, { exitCode: USAGE_EXIT, code: 'forsyth.usage' });
}

/** Opens a session; an output file that cannot be created is a usage error, not a crash. */
export async function openSession(cmd: Command, files: readonly string[], settings: SessionSettings): Promise<Session> {
  const badEncoding = encodingProblem(settings.encoding);
  if (badEncoding !== undefined) usageError(cmd, `--encoding: ${badEncoding}`);
  if (settings.shard && (files.length === 0 || files.includes('-'))) usageError(cmd, '--shard cuts files into byte ranges: name files, not standard input');
  if (settings.shard && settings.inputFormat === 'ndjson') usageError(cmd, '--shard reads PGN: ndjson input is one game per line, for line-splitting engines (split -l, Spark, Hadoop)');
  try {
    return await Session.open(files, settings);
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (typeof code !== 'string') throw error;
    usageError(cmd, `cannot write '${settings.output ?? '-'}': ${(error as Error).message}`);
  }
}
