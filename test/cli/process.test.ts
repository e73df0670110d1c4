/**
 * Behaviour every command shares, end to end: usage errors (exit 2, a short message, never a stack
 * trace), help with examples, a closed stdout (EPIPE), SIGINT (complete lines, exit 130), and the
 * top-level handler for our own bugs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  expected,
  FIXTURES,
  fixture,
  interruptAfterGame2,
  lines,
  MAIN,
  removeTempDirs,
  run,
  shell,
  textBlocks,
  tempDir,
} from './helpers.js';

afterAll(removeTempDirs);

const STACK_LINE = /\n\s+at /;
const kasparov = expected('kasparov-deep-blue-1997');

describe('usage errors', () => {
  it.each([
    [
      ['fens', '--format', 'xml', 'fools-mate.pgn'],
      /^forsyth: option '-f, --format <format>' argument 'xml' is invalid\. Allowed choices are text, ndjson, csv, tsv, epd, parquet\./,
    ],
    [['fens', '--bogus', 'fools-mate.pgn'], /^forsyth: unknown option '--bogus'/],
    [['frobnicate'], /^forsyth: unknown command 'frobnicate'/],
    [
      ['fens', '--tags', 'White', 'fools-mate.pgn'],
      /^forsyth: --tags adds columns to --format ndjson, csv, tsv or parquet, not to text\n/,
    ],
    [
      ['fens', '--encoding', 'no-such-charset', 'fools-mate.pgn'],
      /^forsyth: --encoding: unknown encoding 'no-such-charset'\n/,
    ],
    [['validate', '--format', 'yaml', 'fools-mate.pgn'], /Allowed choices are text, json\./],
  ])('%j exits 2 with a one-line message and a pointer to --help', async (args, message) => {
    const r = await run(args);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).toContain('(add --help for usage and examples)');
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
  });

  it('no command at all prints the help on stderr and exits 2', async () => {
    const r = await run([]);
    expect(r.stderr).toContain('Usage: forsyth [options] [command]');
    expect(r.code).toBe(2);
  });

  it('-o into a directory that does not exist is a usage error, not a crash', async () => {
    const r = await run(['fens', '-o', '/nonexistent-dir/out.txt', 'fools-mate.pgn']);
    expect(r.stderr).toMatch(/^forsyth: cannot write '\/nonexistent-dir\/out\.txt': ENOENT/);
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(r.code).toBe(2);
  });
});

describe('an output that fails while writing', () => {
  it.runIf(existsSync('/dev/full'))('-o /dev/full: "cannot write", exit 2, no stack trace', async () => {
    const r = await run(['fens', '-o', '/dev/full', bigPgn(20)]);
    expect(r.stderr).toBe("forsyth: cannot write '/dev/full': ENOSPC: no space left on device, write\n");
    expect(r.code).toBe(2);
  });
});

describe('help and version', () => {
  const commands = ['fens', 'positions', 'games', 'validate', 'fen', 'show', 'export', 'build', 'perft'];
  it('every registered command has --help with a real example', async () => {
    const top = await run(['--help']);
    expect(top.code).toBe(0);
    const registered = commands.filter((name) => new RegExp(`^\\s+${name}\\b`, 'm').test(top.stdout));
    expect(registered).toEqual(expect.arrayContaining(['fens', 'positions', 'validate']));
    for (const name of registered) {
      const r = await run([name, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(new RegExp(`Examples?:\\n(.*\\n)*\\s+\\$ forsyth ${name} `));
    }
    // Nine Node start-ups one after another: more than vitest's 5 s on a loaded machine.
  }, 60_000);

  it('--version prints the package version', async () => {
    const pkg = JSON.parse(readFileSync(join(FIXTURES, '../../../package.json'), 'utf8')) as { version: string };
    const r = await run(['--version']);
    expect(r.stdout).toBe(`${pkg.version}\n`);
    expect(r.code).toBe(0);
  });
});

/** A file big enough that its output is far larger than any pipe buffer. */
function bigPgn(copies: number): string {
  const path = join(tempDir(), 'big.pgn');
  writeFileSync(path, readFileSync(fixture('kasparov-deep-blue-1997.pgn'), 'utf8').repeat(copies));
  return path;
}

describe('a closed stdout', () => {
  it('`forsyth fens big.pgn | head -1` prints one line and exits 0 without a stack trace', async () => {
    const big = bigPgn(300);
    const script = `node "${MAIN}" fens --ep legal "${big}" 2>"${big}.err" | head -1; echo "status=\${PIPESTATUS[0]}" >&2`;
    const r = await shell(script);
    expect(r.stdout).toBe(`${kasparov[0]!.fens[0]}\n`);
    expect(r.stderr).toBe('status=0\n');
    expect(readFileSync(`${big}.err`, 'utf8')).toBe('');
  }, 60_000);
});

describe('SIGINT', () => {
  it('writes the complete lines produced so far and exits 130', async () => {
    // Standard input stays open: the third game is not complete until the input ends, so the run is
    // still going when the signal comes. The error of game 2 on stderr says game 2 was handled.
    const { code, stdout, stderr } = await interruptAfterGame2([]);
    expect(code).toBe(130);
    // Nothing was flushed before the signal (far less than one 64 KiB chunk), so every line here was
    // written by the SIGINT handler; all are whole FENs.
    expect(textBlocks(stdout)).toEqual([kasparov[0]!.fens, kasparov[1]!.fens.slice(0, 18)]);
    // The run wound down like a finished one: the summary comes last, on a line of its own.
    expect(stderr.endsWith('\ninterrupted: 2 games read, 107 positions written, 1 error, 0 warnings\n')).toBe(true);
    expect(stderr).not.toMatch(STACK_LINE);
  }, 30_000);
});

describe('internal errors', () => {
  // A preloaded module makes the join of a game's EPD rows throw: a stand-in for a bug of ours.
  const preload = `data:text/javascript,${encodeURIComponent(
    "const j = Array.prototype.join; Array.prototype.join = function (sep, ...r) { if (sep === '\\n' && String(this[0]).includes(' hmvc ')) throw new Error('boom'); return j.call(this, sep, ...r); };",
  )}`;

  it('print "forsyth: internal error: <message>" without a stack and exit 2', async () => {
    const r = await run(['fens', '--format', 'epd', 'fools-mate.pgn'], { nodeArgs: ['--import', preload] });
    expect(r.stderr).toMatch(/^forsyth: internal error: boom\n/);
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(r.code).toBe(2);
  });

  it('show the stack with FORSYTH_DEBUG=1', async () => {
    const r = await run(['fens', '--format', 'epd', 'fools-mate.pgn'], {
      nodeArgs: ['--import', preload],
      env: { FORSYTH_DEBUG: '1' },
    });
    expect(r.stderr).toMatch(/^forsyth: internal error: boom\n/);
    expect(r.stderr).toMatch(STACK_LINE);
    expect(r.code).toBe(2);
  });
});

describe('output', () => {
  it('large outputs are complete (buffered chunks, backpressure respected)', async () => {
    const big = bigPgn(40);
    const r = await run(['fens', '--ep', 'legal', big]);
    const blocks = textBlocks(r.stdout);
    expect(blocks).toHaveLength(240);
    expect(blocks.slice(0, 6)).toEqual(kasparov.map((g) => g.fens));
    expect(blocks.slice(234)).toEqual(kasparov.map((g) => g.fens));
    expect(lines(r.stdout).every((line) => line.split(' ').length === 6)).toBe(true);
  });
});
