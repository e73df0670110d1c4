/**
 * `forsyth fens --jobs N` and `forsyth positions --jobs N`: worker threads change the speed, never the output. Every run with
 * --jobs 2 and 3 must give byte for byte the stdout, stderr (diagnostics in the same order, the
 * same summary) and exit code of --jobs 1, for every format and on inputs that span several
 * batches, several files, broken games and a file-level decoding problem in the middle of a file.
 * No timing is asserted here (the speed-up is measured by hand, see README).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES, fixture, removeTempDirs, run, tempDir, type RunResult } from './helpers.js';

afterAll(removeTempDirs);

const STACK_LINE = /\n\s+at /;
const FORMATS = ['text', 'ndjson', 'csv', 'epd'] as const;
/** Each test spawns the CLI several times; the machine may be busy. */
const SLOW = 120_000;

let big = '';
beforeAll(() => {
  // More than 600 games (several 200-game batches): good games, a broken game every few games, and
  // Windows-1252 bytes in the middle of a UTF-8 file, which makes a file-level IO_DECODE warning
  // that must come out between the diagnostics of the games around it.
  const good = readFileSync(fixture('kasparov-deep-blue-1997.pgn'), 'utf8');
  const broken = readFileSync(fixture('broken-between-good.pgn'), 'utf8');
  const latin1 = readFileSync(fixture('dortmund-1928-latin1.pgn'));
  const utf8 = '[Event "Zürich"]\n[White "Müller"]\n[Black "Ødegaard"]\n\n1. e4 e5 *\n\n';
  const front = Buffer.from(utf8 + `${good}\n${broken}\n`.repeat(35), 'utf8');
  const back = Buffer.from(`\n${broken}\n${good}\n`.repeat(35), 'utf8');
  big = join(tempDir(), 'big-mixed.pgn');
  writeFileSync(big, Buffer.concat([front, latin1, back]));
});

async function same(args: readonly string[], jobs: readonly string[] = ['2', '3'], input?: string): Promise<RunResult> {
  const one = await run([...args, '--jobs', '1'], input === undefined ? {} : { input });
  for (const n of jobs) {
    const many = await run([...args, '--jobs', n], input === undefined ? {} : { input });
    expect({ jobs: n, stdout: many.stdout }).toEqual({ jobs: n, stdout: one.stdout });
    expect({ jobs: n, stderr: many.stderr }).toEqual({ jobs: n, stderr: one.stderr });
    expect({ jobs: n, code: many.code }).toEqual({ jobs: n, code: one.code });
  }
  return one;
}

describe('forsyth fens --jobs N gives the output of --jobs 1, byte for byte', () => {
  it.each(FORMATS)(
    '--format %s, one file of six games',
    async (format) => {
      const r = await same(['fens', '--format', format, 'kasparov-deep-blue-1997.pgn']);
      expect(r.code).toBe(0);
      expect(r.stdout.length).toBeGreaterThan(1000);
    },
    SLOW,
  );

  it.each(FORMATS)(
    '--format %s, a file with a broken game (exit 1, the diagnostic on stderr)',
    async (format) => {
      const r = await same(['fens', '--format', format, 'broken-between-good.pgn']);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/error\[/);
    },
    SLOW,
  );

  it.each(FORMATS)(
    '--format %s, several files (a file column)',
    async (format) => {
      const r = await same([
        'fens',
        '--format',
        format,
        '--ep',
        'legal',
        'dortmund-1928-latin1.pgn',
        'jorespi-marzinkus.pgn',
        'cutechess-fischerrandom.pgn',
        'broken-between-good.pgn',
      ]);
      expect(r.code).toBe(1);
    },
    SLOW,
  );

  it.each(FORMATS)(
    '--format %s, 600+ games in several batches, broken games and IO_DECODE mid-file, -v',
    async (format) => {
      const r = await same(['fens', '--format', format, '-v', big]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain('IO_DECODE');
      expect(r.stderr).toMatch(/^\d{3} games read, \d+ positions written, \d+ errors?, \d+ warnings?\n$/m);
    },
    SLOW,
  );

  it(
    '--variations and --start, csv with --tags, over a whole directory',
    async () => {
      await same(['fens', '--variations', '--start', '--format', 'csv', '--tags', 'White,Black,Result', '.']);
      await same(['fens', '--variations', '--start', '--castling', 'shredder', FIXTURES]);
    },
    SLOW,
  );

  it(
    'standard input, an unreadable file among readable ones (exit 2), --quiet, -o FILE',
    async () => {
      const text = readFileSync(fixture('broken-between-good.pgn'), 'utf8');
      await same(['fens', '--format', 'ndjson', '-'], ['2'], text);
      const missing = await same(['fens', 'fools-mate.pgn', 'no-such-file.pgn', 'kasparov-deep-blue-1997.pgn']);
      expect(missing.code).toBe(2);
      await same(['fens', '--quiet', big], ['2']);
      const dir = tempDir();
      const one = await run(['fens', '--format', 'epd', big, '-o', join(dir, '1.epd')]);
      const two = await run(['fens', '--format', 'epd', big, '-o', join(dir, '2.epd'), '--jobs', '2']);
      expect(two.stderr).toBe(one.stderr);
      expect(readFileSync(join(dir, '2.epd'), 'utf8')).toBe(readFileSync(join(dir, '1.epd'), 'utf8'));
    },
    SLOW,
  );

  it(
    'non-ASCII in every row (file name, tags, 300 games: several batches) comes back as the same UTF-8',
    async () => {
      // Workers hand their rows back as UTF-8 bytes; rows with 2-, 3- and 4-byte characters must
      // not be cut or shifted at game or batch boundaries.
      const game = (i: number): string =>
        `[Event "Café ${i}"]\n[White "Ødegaard ☃"]\n[Black "Ѐ 𝄞 ${i}"]\n\n1. e4 e5 2. Nf3 *\n\n`;
      const file = join(tempDir(), 'ünïcödé 𝄞.pgn');
      writeFileSync(file, Array.from({ length: 300 }, (_, i) => game(i)).join(''));
      for (const format of ['ndjson', 'csv'] as const) {
        const r = await same(
          ['fens', '--format', format, '--tags', 'Event,White,Black', file, fixture('fools-mate.pgn')],
          ['2'],
        );
        expect(r.stdout).toContain('Ѐ 𝄞 299');
        expect(r.stdout.split('\n').filter((line) => line.includes('Ødegaard ☃')).length).toBe(900);
      }
    },
    SLOW,
  );

  it(
    '--jobs 0 and --jobs auto mean one worker per core',
    async () => {
      await same(['fens', 'kasparov-deep-blue-1997.pgn'], ['0', 'auto']);
    },
    SLOW,
  );
});

describe('forsyth positions --jobs N gives the output of --jobs 1, byte for byte', () => {
  it.each([
    ['--ply 20', 'text'],
    ['--ply 10-40 --every 5 --side b', 'epd'],
    ['--last --tag Result=1-0 --tags White,Black', 'ndjson'],
    ['--match rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR --ply 3', 'csv'],
    ['--unique --ply 2', 'text'],
    ['--unique --count --ply 0-4', 'csv'],
    ['--variations --every 7 --castling shredder', 'ndjson'],
  ])(
    '%s --format %s, 600+ games with broken ones and IO_DECODE mid-file',
    async (selection, format) => {
      const r = await same(['positions', ...selection.split(' '), '--format', format, big]);
      expect(r.code).toBe(1);
      expect(r.stdout.length).toBeGreaterThan(0);
    },
    SLOW,
  );
});

describe('forsyth fens --jobs: usage and failures', () => {
  it.each(['-1', 'x', '1.5', ''])(
    '--jobs %j is a usage error (exit 2)',
    async (value) => {
      const r = await run(['fens', '--jobs', value, 'fools-mate.pgn']);
      expect(r.stderr).toMatch(
        /^forsyth: option '-j, --jobs <n>' argument '.*' is invalid\. expected a number of worker threads/,
      );
      expect(r.stderr).not.toMatch(STACK_LINE);
      expect(r.stdout).toBe('');
      expect(r.code).toBe(2);
    },
    SLOW,
  );

  // A preloaded module (worker threads load it too) makes the join of a game's EPD rows throw.
  const preload = `data:text/javascript,${encodeURIComponent(
    "const j = Array.prototype.join; Array.prototype.join = function (sep, ...r) { if (sep === '\\n' && String(this[0]).includes(' hmvc ')) throw new Error('boom'); return j.call(this, sep, ...r); };",
  )}`;

  it(
    'a throw in a worker is an internal error: one message, no stack trace, exit 2',
    async () => {
      const r = await run(['fens', '--jobs', '2', '--format', 'epd', 'kasparov-deep-blue-1997.pgn'], {
        nodeArgs: ['--import', preload],
      });
      expect(r.stderr).toBe(
        'forsyth: internal error: boom\n(set FORSYTH_DEBUG=1 for a stack trace, and please report it)\n',
      );
      expect(r.code).toBe(2);
    },
    SLOW,
  );

  it(
    "with FORSYTH_DEBUG=1 the worker's stack trace is shown",
    async () => {
      const env = { FORSYTH_DEBUG: '1' };
      const r = await run(['fens', '--jobs', '2', '--format', 'epd', 'fools-mate.pgn'], {
        nodeArgs: ['--import', preload],
        env,
      });
      expect(r.stderr).toMatch(/^forsyth: internal error: boom\n/);
      // The worker's own frames (dist/bin/worker.js in the bundle).
      expect(r.stderr).toMatch(/[/\\]worker\.js:\d+:\d+/);
      expect(r.code).toBe(2);
    },
    SLOW,
  );
});

describe('--jobs is capped at twice the number of cores', () => {
  /** Makes node:os report `cores` CPU cores to the CLI (a preload; ESM bindings synced). */
  const fakeCores = (cores: number): string =>
    `data:text/javascript,${encodeURIComponent(
      `import os from 'node:os'; import { syncBuiltinESMExports } from 'node:module'; os.availableParallelism = () => ${cores}; syncBuiltinESMExports();`,
    )}`;
  const countThreads = `data:text/javascript,${encodeURIComponent(
    "import { Worker } from 'node:worker_threads'; let n = 0, live = 0, peak = 0; const on = Worker.prototype.on; Worker.prototype.on = function (...a) { if (a[0] === 'exit' && !this.__counted) { this.__counted = true; n++; live++; peak = Math.max(peak, live); on.call(this, 'exit', () => live--); } return on.apply(this, a); }; process.on('exit', () => process.stderr.write('workers=' + n + ' peak=' + peak + '\\n'));",
  )}`;

  it(
    '--jobs 64 on 2 cores runs at most 4 workers at once, and the output is the same',
    async () => {
      const one = await run(['fens', big]);
      const many = await run(['fens', '--jobs', '64', big], {
        nodeArgs: ['--import', fakeCores(2), '--import', countThreads],
      });
      expect(many.stdout).toBe(one.stdout);
      // The workers that read blocks hand over to a new pool where the file stops being UTF-8, so
      // more than 4 may start in all; never more than 4 at a time.
      const peak = Number(/peak=(\d+)/.exec(many.stderr)?.[1]);
      expect(peak).toBeGreaterThan(1);
      expect(peak).toBeLessThanOrEqual(4);
    },
    SLOW,
  );

  it(
    '--jobs 12 (allowed on 16 cores) with stdout on a pipe: no MaxListenersExceededWarning',
    async () => {
      // 3,000 games: enough 200-game batches for every worker to start.
      const many = join(tempDir(), 'many.pgn');
      writeFileSync(many, readFileSync(fixture('kasparov-deep-blue-1997.pgn'), 'utf8').repeat(500));
      const r = await run(['fens', '--jobs', '12', many], {
        nodeArgs: ['--import', fakeCores(16), '--import', countThreads],
      });
      expect(r.stderr).not.toMatch(/MaxListenersExceededWarning|Warning/);
      expect(Number(/workers=(\d+)/.exec(r.stderr)?.[1])).toBeGreaterThan(10);
      expect(r.code).toBe(0);
    },
    SLOW,
  );

  it('--help says so', async () => {
    const r = await run(['fens', '--help']);
    expect(r.stdout).toMatch(/at most twice the number of\s+cores/);
  });
});
