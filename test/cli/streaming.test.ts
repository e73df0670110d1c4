/**
 * `fen` and `build --fens` read their input line by line: output comes while the input is still
 * open, memory stays flat on huge input, and an endless line (/dev/zero) is reported, not fatal.
 */
import { spawn } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN, removeTempDirs, run, shell, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
/** Prints the peak resident size (KB) on stderr when the process exits. */
const RSS_PRELOAD = `data:text/javascript,${encodeURIComponent("process.on('exit', () => process.stderr.write('maxrss=' + process.resourceUsage().maxRSS + '\\n'))")}`;

function maxRssMb(stderr: string): number {
  const m = /maxrss=(\d+)/.exec(stderr);
  expect(m).not.toBeNull();
  return Number(m?.[1]) / 1024;
}

describe('forsyth fen', () => {
  it('accepts startpos, and - for standard input', async () => {
    const r = await run(['fen', 'startpos']);
    expect(r.stdout).toBe(`${START}\n`);
    expect(r.code).toBe(0);
    const stdin = await run(['fen', '-'], { input: `${AFTER_E4}\nstartpos\n` });
    expect(stdin.stdout).toBe(`${AFTER_E4}\n${START}\n`);
    expect(stdin.code).toBe(0);
    const mixed = await run(['fen', '-', START]);
    expect(mixed.code).toBe(2);
  });

  it('answers each line as it comes, while standard input is still open', async () => {
    const child = spawn(process.execPath, [MAIN, 'fen']);
    child.stdin.write(`${AFTER_E4}\n`);
    const first = await new Promise<string>((done) => child.stdout.once('data', (b: Buffer) => done(b.toString())));
    expect(first).toBe(`${AFTER_E4}\n`);
    child.stdin.end('startpos\n');
    await new Promise((done) => child.on('close', done));
  }, 30_000);

  it('100 MB of NUL bytes without a line break: one IO_LINE_TOO_LONG, the next line still read, memory flat', async () => {
    const r = await shell(
      `{ head -c 100000000 /dev/zero; printf '\\nstartpos\\n'; } | node --import "${RSS_PRELOAD}" "${MAIN}" fen; echo "status=$?" >&2`,
    );
    expect(r.stdout).toBe(`${START}\n`);
    expect(r.stderr).toMatch(
      /^input:1:1: error\[IO_LINE_TOO_LONG\]: line 1 is longer than 4096 characters, so not a FEN; it is skipped\n/,
    );
    expect(r.stderr).toContain('status=1');
    expect(maxRssMb(r.stderr)).toBeLessThan(150);
  }, 60_000);

  it.runIf(existsSync('/dev/zero'))(
    '/dev/zero is read in constant memory until interrupted',
    async () => {
      const child = spawn(process.execPath, ['--import', RSS_PRELOAD, MAIN, 'fen', '-'], {
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      const zero = spawn('cat', ['/dev/zero'], { stdio: ['ignore', child.stdin, 'ignore'] });
      await new Promise((done) => setTimeout(done, 3000));
      child.kill('SIGINT');
      const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
      zero.kill();
      expect(code).toBe(130);
      expect(maxRssMb(stderr)).toBeLessThan(150);
    },
    30_000,
  );
});

describe('forsyth build --fens', () => {
  it('a line too long to be a FEN is reported (exit 1), /dev/zero included', async () => {
    const dir = tempDir();
    const path = join(dir, 'long.txt');
    writeFileSync(path, `${START}\n${'x'.repeat(10_000)}\n`);
    const r = await run(['build', '--fens', path]);
    expect(r.stderr).toMatch(/long\.txt:2:1: error\[IO_LINE_TOO_LONG\]/);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(1);
    const zero = await run(['build', '--fens', '/dev/zero']);
    expect(zero.stderr).toMatch(/^\/dev\/zero:1:1: error\[IO_LINE_TOO_LONG\]/);
    expect(zero.code).toBe(1);
  }, 30_000);

  it('more lines than any game has positions: BUILD_TOO_MANY_FENS, memory flat', async () => {
    const r = await shell(
      `yes '${START}' | head -n 3000000 | node --import "${RSS_PRELOAD}" "${MAIN}" build --fens -; echo "status=$?" >&2`,
    );
    expect(r.stderr).toMatch(/^<stdin>:100001:1: error\[BUILD_TOO_MANY_FENS\]: more than 100000 lines/);
    expect(r.stderr).toContain('status=1');
    expect(maxRssMb(r.stderr)).toBeLessThan(200);
  }, 60_000);
});
