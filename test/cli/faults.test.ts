/**
 * The CLI under fault, beyond process.test.ts (a missing file, `fens | head -1`, SIGINT on stdout):
 * a closed pipe for every command that writes much, a .gz cut short and a file whose reads fail
 * (EIO) among readable inputs, and SIGINT while writing to a file (-o) or writing ndjson. Always:
 * no stack trace, whole lines only, the right exit code, the readable games converted.
 */
import { spawn } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { splitGames } from '../../src/pgn/split.js';
import {
  expected,
  fixture,
  interruptAfterGame2,
  lines,
  MAIN,
  removeTempDirs,
  run,
  shell,
  tempDir,
  textBlocks,
} from './helpers.js';

afterAll(removeTempDirs);

const STACK_LINE = /\n\s+at /;
const kasparov = expected('kasparov-deep-blue-1997');
const fools = expected('fools-mate');

/** `copies` of the broken-between-good fixture: output and problems far beyond any pipe buffer. */
function bigBroken(copies: number): string {
  const path = join(tempDir(), 'big-broken.pgn');
  writeFileSync(path, readFileSync(fixture('broken-between-good.pgn'), 'utf8').repeat(copies));
  return path;
}

describe('a reader that goes away (EPIPE), for every command that writes much', () => {
  const big = bigBroken(1000);

  it.each([
    ['fens --format ndjson --variations'],
    ['fens --format csv --tags White,Black'],
    ['positions --ply 10 --format epd'],
    ['export --fix'],
    ['validate --format json'],
    ['validate'],
  ])(
    '`forsyth %s big.pgn | head -1`: one whole line, exit 0, no stack trace, no EPIPE message',
    async (command) => {
      // validate prints its problems on stdout; the others print diagnostics on stderr (kept in a file).
      const r = await shell(
        `node "${MAIN}" ${command} "${big}" 2>"${big}.err" | head -1; echo "status=\${PIPESTATUS[0]}" >&2`,
      );
      expect(r.stderr).toBe('status=0\n');
      expect(lines(r.stdout)).toHaveLength(1);
      expect(r.stdout.endsWith('\n')).toBe(true);
      const stderr = readFileSync(`${big}.err`, 'utf8');
      expect(stderr).not.toMatch(STACK_LINE);
      expect(stderr).not.toMatch(/EPIPE|internal error/);
    },
    60_000,
  );
});

describe('inputs that fail while being read, among readable ones', () => {
  it('a .gz cut short: its complete games converted, the next file too, the file named, exit 2', async () => {
    const dir = tempDir();
    const gz = gzipSync(readFileSync(fixture('kasparov-deep-blue-1997.pgn')));
    const cut = gz.subarray(0, Math.floor(gz.length * 0.6));
    writeFileSync(join(dir, 'cut.pgn.gz'), cut);
    const readable = gunzipSync(cut, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
    const complete = [...splitGames(readable)].length - 1;
    expect(complete).toBeGreaterThanOrEqual(2);

    const r = await run([
      'fens',
      '--ep',
      'legal',
      fixture('fools-mate.pgn'),
      join(dir, 'cut.pgn.gz'),
      fixture('fools-mate.pgn'),
    ]);
    const blocks = textBlocks(r.stdout);
    expect(blocks[0]).toEqual(fools[0]?.fens);
    // Every game that was complete before the cut, with the python-chess FENs.
    expect(blocks.slice(1, 1 + complete)).toEqual(kasparov.slice(0, complete).map((g) => g.fens));
    expect(blocks.at(-1)).toEqual(fools[0]?.fens);
    expect(r.stderr).toMatch(
      /cut\.pgn\.gz: error\[IO_UNREADABLE\]: cannot read '.*cut\.pgn\.gz': not valid gzip data \(unexpected end of file\)\n/,
    );
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(r.code).toBe(2);
  });

  it.runIf(existsSync('/proc/self/mem'))(
    'a file whose reads fail (EIO): named, the other files converted, exit 2',
    async () => {
      // /proc/self/mem opens and stats as a file, and reading it from offset 0 fails with EIO.
      const r = await run([
        'fens',
        '--ep',
        'legal',
        fixture('fools-mate.pgn'),
        '/proc/self/mem',
        fixture('fools-mate.pgn'),
      ]);
      expect(textBlocks(r.stdout)).toEqual([fools[0]?.fens, fools[0]?.fens]);
      expect(r.stderr).toMatch(/^\/proc\/self\/mem: error\[IO_UNREADABLE\]: cannot read '\/proc\/self\/mem': EIO/m);
      expect(r.stderr.endsWith('2 games read, 8 positions written, 1 error, 0 warnings\n')).toBe(true);
      expect(r.code).toBe(2);
    },
  );
});

describe('SIGINT', () => {
  it('with -o FILE: the file is not replaced by a partial output (it keeps its old contents), exit 130', async () => {
    const out = join(tempDir(), 'out.txt');
    writeFileSync(out, 'old\n');
    const r = await interruptAfterGame2(['-o', out]);
    expect(r.code).toBe(130);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe('old\n');
    expect(r.stderr).toMatch(
      /interrupted: 2 games read, 107 positions written, 1 error, 0 warnings\n.*was left as it was/,
    );
    expect(r.stderr).not.toMatch(STACK_LINE);
  }, 30_000);

  it('with --format ndjson: every line written is a whole JSON record', async () => {
    const r = await interruptAfterGame2(['--format', 'ndjson']);
    expect(r.code).toBe(130);
    const records = lines(r.stdout).map((line) => JSON.parse(line) as { game: number; fen: string });
    expect(records.map((x) => x.fen)).toEqual([
      ...(kasparov[0]?.fens ?? []),
      ...(kasparov[1]?.fens.slice(0, 18) ?? []),
    ]);
    expect(r.stdout.endsWith('\n')).toBe(true);
  }, 30_000);
});

describe('a full disk on standard output (ENOSPC)', () => {
  const commands = [
    ['fens', fixture('kasparov-deep-blue-1997.pgn')],
    ['export', fixture('kasparov-deep-blue-1997.pgn')],
    ['validate', fixture('broken-between-good.pgn')],
    ['fen', 'startpos'],
    ['perft', 'startpos', '2'],
    ['show', 'startpos'],
  ];
  it.runIf(existsSync('/dev/full')).each(commands)(
    '`forsyth %s … > /dev/full`: an I/O error, exit 2, a plain message',
    async (...args) => {
      const full = openSync('/dev/full', 'w');
      const child = spawn(process.execPath, [MAIN, ...args], { stdio: ['ignore', full, 'pipe'] });
      closeSync(full);
      let stderr = '';
      child.stderr?.on('data', (b: Buffer) => (stderr += b.toString()));
      const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
      expect(stderr).toContain('forsyth: cannot write to standard output: ENOSPC: no space left on device\n');
      expect(stderr).not.toMatch(/internal error|please report/);
      expect(stderr).not.toMatch(STACK_LINE);
      expect(code).toBe(2);
    },
  );
});
