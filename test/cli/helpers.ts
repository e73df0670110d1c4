/**
 * Helpers for the CLI end-to-end tests: spawn the built `dist/bin/main.js` (the bundle the package
 * ships; its `pretest` runs `npm run build`), read fixtures and the python-chess reference FENs
 * beside them.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const MAIN = join(ROOT, 'dist/bin/main.js');
export const FIXTURES = join(ROOT, 'test/fixtures/cli');

export function fixture(name: string): string {
  return join(FIXTURES, name);
}

export interface RunResult {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  /** Written to the child's stdin, which is then closed (default: stdin closed at once). */
  readonly input?: string | Buffer;
  readonly env?: Record<string, string>;
  /** Extra arguments for node itself, before the script. */
  readonly nodeArgs?: readonly string[];
  readonly cwd?: string;
}

/** Runs `node dist/bin/main.js …args` and collects everything. */
export function run(args: readonly string[], options: RunOptions = {}): Promise<RunResult> {
  if (!existsSync(MAIN)) throw new Error(`${MAIN} is missing: run \`npm run build\` first (npm test does it)`);
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [...(options.nodeArgs ?? []), MAIN, ...args], {
      cwd: options.cwd ?? FIXTURES,
      env: { ...process.env, FORSYTH_DEBUG: '', ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', fail);
    child.on('close', (code, signal) =>
      done({ code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }),
    );
    child.stdin.end(options.input ?? '');
  });
}

/** One game of a python-chess reference file (test/fixtures/cli/<name>.expected.jsonl). */
export interface ExpectedGame {
  readonly index: number;
  readonly headers: Record<string, string>;
  readonly start_fen: string;
  readonly fens: readonly string[];
  readonly shredder_fens?: readonly string[];
  readonly start_shredder_fen?: string;
  readonly errors: readonly string[];
}

export function expected(name: string): ExpectedGame[] {
  return readFileSync(fixture(`${name}.expected.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ExpectedGame);
}

/** Text output → one array of FENs per game (games are separated by one empty line). */
export function textBlocks(stdout: string): string[][] {
  expect(stdout.endsWith('\n')).toBe(true);
  return stdout
    .slice(0, -1)
    .split('\n\n')
    .map((block) => block.split('\n'));
}

export function lines(text: string): string[] {
  return text.split('\n').filter((line) => line !== '');
}

export function ndjson(stdout: string): Record<string, unknown>[] {
  return lines(stdout).map((line) => JSON.parse(line) as Record<string, unknown>);
}

const tempDirs: string[] = [];

/** A fresh directory under the OS temp dir; `removeTempDirs()` (in an afterAll) deletes them all. */
export function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'forsyth-cli-'));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Runs `fens --ep legal ARGS -` with the broken-between-good fixture on a standard input left open,
 * and sends SIGINT once game 2's error is on stderr (so the run is still going: game 3 is not
 * complete until the input ends).
 */
export async function interruptAfterGame2(
  args: readonly string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [MAIN, 'fens', '--ep', 'legal', ...args, '-'], { cwd: FIXTURES });
  let stdout = '';
  let stderr = '';
  let sent = false;
  child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => {
    stderr += b.toString();
    if (!sent && stderr.includes('REPLAY_ILLEGAL_MOVE')) {
      sent = true;
      child.kill('SIGINT');
    }
  });
  child.stdin.write(readFileSync(fixture('broken-between-good.pgn')));
  const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
  return { code, stdout, stderr };
}

/** Runs a bash script (pipes such as `| head -1` need a shell) and collects both streams. */
export function shell(script: string): Promise<{ stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn('bash', ['-c', script]);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.on('close', () => done({ stdout, stderr }));
  });
}

/** The SAN tokens of a PGN text, variations included: tags, comments, move numbers, NAGs and results dropped. */
export function sanTokens(pgn: string): string[] {
  return pgn
    .split('\n')
    .filter((l) => !l.startsWith('['))
    .join(' ')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/[()]/g, ' ')
    .split(/\s+/)
    .filter(
      (t) => t !== '' && !/^\d+\.+$/.test(t) && !/^\$\d+$/.test(t) && !['1-0', '0-1', '1/2-1/2', '*'].includes(t),
    );
}
