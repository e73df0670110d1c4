/**
 * The CLI side of decompression: formats forsyth does not read stop the run with exit 2 and the
 * pipe that works; a zstd window above the limit too, until --zstd-window-max raises it; a .gz
 * with trailing junk keeps all its games, with a warning.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../support/temp-files.js';
import { MAIN, run, shell } from './helpers.js';

const temp = tempFiles('compressed-cli');
const GAME = '[Event "z"]\n\n1. e4 e5 *\n\n';

describe('forsyth fens on compressed input', () => {
  it('a .bz2 file: exit 2, naming bzip2 and the pipe that works', async () => {
    const path = temp.write('games.pgn.bz2', Buffer.from('BZh91AY&SY\u0001\u0002\u0003'));
    const r = await run(['fens', path]);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain('bzip2-compressed');
    expect(r.stderr).toContain(`bzcat ${path} | forsyth fens -`);
  }, 30_000);

  it('a zstd frame with a 256 MiB window: exit 2 by default, read with --zstd-window-max 256', async () => {
    const body = Buffer.from(GAME);
    const word = 1 | (body.length << 3); // last raw block
    const frame = Buffer.concat([
      Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 18 << 3, word & 255, (word >> 8) & 255, word >> 16]),
      body,
    ]);
    const path = temp.write('big-window.pgn.zst', frame);
    const refused = await run(['fens', path]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/needs a 256 MiB window, above the limit of 128 MiB.*--zstd-window-max 256/);
    const raised = await run(['fens', '--zstd-window-max', '256', path]);
    expect(raised.code).toBe(0);
    expect(raised.stdout).toBe(
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n',
    );
  }, 30_000);

  it('a .gz with trailing junk: every game, a warning, exit 0', async () => {
    const games = Array.from({ length: 50 }, () => GAME).join('');
    const path = temp.write('junk.pgn.gz', Buffer.concat([gzipSync(games), Buffer.from('junk after the gzip data')]));
    const r = await run(['fens', path]);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n\n')).toHaveLength(50);
    expect(r.stderr).toContain('warning[IO_TRAILING_DATA]');
    expect(r.stderr).toContain('50 games read');
  }, 30_000);

  it('the same on standard input (cat junk.gz | forsyth fens -), and several members in a row', async () => {
    const games = Array.from({ length: 50 }, () => GAME).join('');
    const members = Buffer.concat([gzipSync(games.slice(0, 200)), gzipSync(games.slice(200))]);
    const junk = await run(['fens', '-'], { input: Buffer.concat([members, Buffer.from('junk after the gzip data')]) });
    expect(junk.code).toBe(0);
    expect(junk.stdout.split('\n\n')).toHaveLength(50);
    expect(junk.stderr).toContain('warning[IO_TRAILING_DATA]');
    expect(junk.stderr).toContain('50 games read');
    const clean = await run(['fens', '-'], { input: members });
    expect(clean.code).toBe(0);
    expect(clean.stdout).toBe(junk.stdout);
    expect(clean.stderr).toBe('50 games read, 100 positions written, 0 errors, 0 warnings\n');
  }, 30_000);
});

/** Debian's zstd (in .ci/run): the files of the issue, made with --long=30 and --long=31. */
const hasZstd = spawnSync('zstd', ['--version']).status === 0;

describe.runIf(hasZstd)('files made with zstd --long (a window above 128 MiB)', () => {
  const games = Array.from({ length: 300 }, (_, i) => `[Event "g${i}"]\n\n1. e4 e5 2. Nf3 *\n\n`).join('');
  const plainFile = () => temp.write('long-plain.pgn', games);
  // From standard input zstd knows no size: the frame declares the whole window.
  const long = (n: number) =>
    temp.write(`long-${n}.pgn.zst`, execFileSync('zstd', ['-q', `--long=${n}`, '-c'], { input: games }));

  it('--long=30: refused by default like zstd -d, naming --long=30 and --zstd-window-max 1024; read once raised', async () => {
    const path = long(30);
    const expected = await run(['fens', plainFile()]);
    const refused = await run(['fens', path]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain(
      'needs a 1 GiB window, above the limit of 128 MiB (zstd -d refuses it too without --long=30)',
    );
    expect(refused.stderr).toContain('--zstd-window-max 1024');
    const timed = existsSync('/usr/bin/time') ? ['/usr/bin/time', '-f', '%M'] : [];
    const raised = spawnSync(
      timed[0] ?? process.execPath,
      [
        ...timed.slice(1),
        ...(timed.length > 0 ? [process.execPath] : []),
        MAIN,
        'fens',
        '--zstd-window-max',
        '1024',
        path,
      ],
      { encoding: 'utf8' },
    );
    expect(raised.status).toBe(0);
    expect(raised.stdout).toBe(expected.stdout);
    // The window is allocated as the file asks (zstd -d --long=30 reserves it too): bounded by it.
    if (timed.length > 0)
      expect(Number(raised.stderr.trim().split('\n').at(-1)) * 1024).toBeLessThan(1024 * 2 ** 20 + 400 * 2 ** 20);
  }, 60_000);

  it('--long=31: the message gives the pipe that works, and that pipe reads every game', async () => {
    const path = long(31);
    const expected = await run(['fens', plainFile()]);
    const native =
      typeof ((await import('node:zlib')) as { createZstdDecompress?: unknown }).createZstdDecompress === 'function';
    const refused = await run(['fens', path]);
    expect(refused.code).toBe(2);
    if (native) {
      expect(refused.stderr).toContain('--zstd-window-max 2048');
      const raised = await run(['fens', '--zstd-window-max', '2048', path]);
      expect(raised.stdout).toBe(expected.stdout);
      return;
    }
    // Node 20: no decoder forsyth has takes a 2 GiB window; raising the limit would not help.
    const pipe = /decompress it on the way in: (zstd -dc --long=31 (\S+) \| forsyth fens -)\n/.exec(refused.stderr);
    expect(pipe?.[2]).toBe(path);
    const raisedToo = await run(['fens', '--zstd-window-max', '2048', path]);
    expect(raisedToo.stderr).toBe(refused.stderr);
    const piped = await shell(
      `${(pipe?.[1] ?? '').replace(' | forsyth fens -', ` | "${process.execPath}" "${MAIN}" fens -`)}`,
    );
    expect(piped.stdout).toBe(expected.stdout);
  }, 60_000);
});
