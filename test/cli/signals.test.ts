/**
 * SIGINT and SIGTERM in the middle of a big run, with stdout on a pipe: the output ends on a whole
 * line, the summary is printed last, the exit code is 130 or 143; and the CLI stays responsive
 * while the main thread computes (perft).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, MAIN, removeTempDirs, shell, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const STACK_LINE = /\n\s+at /;
const FEN_LINE = /^[1-8pnbrqkPNBRQK/]+ [wb] [KQkq-]+ (-|[a-h][36]) \d+ \d+$/;

function bigPgn(copies: number): string {
  const path = join(tempDir(), 'big.pgn');
  writeFileSync(path, readFileSync(fixture('kasparov-deep-blue-1997.pgn'), 'utf8').repeat(copies));
  return path;
}

interface Interrupted {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI and sends `signal` once `after` bytes of stdout have arrived (or after `afterMs`). */
function interruptRun(args: readonly string[], signal: NodeJS.Signals, when: { bytes?: number; ms?: number }): Promise<Interrupted> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    let received = 0;
    let sent = false;
    let stderr = '';
    const send = (): void => {
      if (sent) return;
      sent = true;
      child.kill(signal);
    };
    child.stdout.on('data', (b: Buffer) => {
      out.push(b);
      received += b.length;
      if (when.bytes !== undefined && received >= when.bytes) send();
    });
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    if (when.ms !== undefined) setTimeout(send, when.ms);
    child.on('close', (code, sig) => done({ code, signal: sig, stdout: Buffer.concat(out).toString('utf8'), stderr }));
  });
}

describe('an interrupt with stdout on a pipe', () => {
  const big = bigPgn(3000);

  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('%s: the output ends on a whole line, the summary comes last, exit %i (4 runs)', async (signal, exit) => {
    for (let i = 0; i < 4; i++) {
      const r = await interruptRun(['fens', '--ep', 'legal', big], signal, { bytes: 300_000 + i * 100_000 });
      expect(r.code).toBe(exit);
      expect(r.stdout.endsWith('\n')).toBe(true);
      const lines = r.stdout.slice(0, -1).split('\n');
      expect(lines.every((line) => line === '' || FEN_LINE.test(line))).toBe(true);
      expect(lines.length).toBeGreaterThan(3000);
      const summary = /(?:^|\n)interrupted: (\d+) games read, (\d+) positions written, 0 errors, 0 warnings\n$/.exec(r.stderr);
      expect(summary, r.stderr).not.toBeNull();
      // Every position the summary counts is in the output.
      expect(lines.filter((l) => l !== '').length).toBe(Number(summary?.[2]));
      expect(r.stderr).not.toMatch(STACK_LINE);
    }
  }, 120_000);

  it('with --jobs 2 as well', async () => {
    const r = await interruptRun(['fens', '--jobs', '2', big], 'SIGINT', { bytes: 500_000 });
    expect(r.code).toBe(130);
    expect(r.stdout.endsWith('\n')).toBe(true);
    expect(r.stdout.slice(0, -1).split('\n').every((line) => line === '' || FEN_LINE.test(line))).toBe(true);
    expect(r.stderr).toMatch(/(?:^|\n)interrupted: \d+ games read, \d+ positions written, 0 errors, 0 warnings\n$/);
  }, 60_000);
});

describe('responsive while the main thread computes', () => {
  it.each([
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const)('perft startpos 7 ends on %s within a second or two, exit %i', async (signal, exit) => {
    const started = Date.now();
    // Late enough for the handlers to be installed even on a loaded machine.
    const r = await interruptRun(['perft', 'startpos', '7'], signal, { ms: 3000 });
    expect(r.code).toBe(exit);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('forsyth: interrupted: no count printed\n');
  }, 30_000);
});

describe('the progress bar on an interrupt', () => {
  it.runIf(existsSync('/usr/bin/script') && existsSync('/usr/bin/timeout'))(
    'is cleared, and the summary printed on a clean line (stderr on a terminal)',
    async () => {
      // More than the 20 MB from which the bar is shown; `script` gives the run a terminal.
      const big = bigPgn(6000);
      const command = `timeout -s INT --preserve-status 4 node "${MAIN}" fens -o /dev/null "${big}"; echo "status=$?"`;
      const r = await shell(`script -qec '${command}' /dev/null`);
      expect(r.stdout).toContain('status=130');
      const text = r.stdout.replace(/\r\n/g, '\n');
      // The bar was drawn, then erased just before the summary; nothing is drawn after it.
      expect(text).toMatch(/\r\[[#-]{16}\] \d+%/);
      const summaryAt = text.indexOf('interrupted: ');
      expect(summaryAt).toBeGreaterThan(0);
      expect(text.slice(0, summaryAt).endsWith('\r\x1b[K')).toBe(true);
      expect(text.slice(summaryAt)).not.toContain('[#');
    },
    60_000,
  );
});
