/**
 * `--jobs N` workers that read plain files for themselves (cli/workers/blocks.ts), with blocks made
 * tiny (FORSYTH_BLOCK_BYTES) so that small files have many: the output, the diagnostics and their
 * order are those of --jobs 1 on clean UTF-8, CRLF line ends, a UTF-8 byte order mark, control
 * bytes, and a file that turns to Windows-1252 in its middle (the workers hand the rest of it to the main thread).
 * Workers start when a block is there for them: a small file starts one, a file of a few
 * megabytes still keeps every worker busy (its blocks are smaller).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../support/temp-files.js';
import { fixture, run } from './helpers.js';

const temp = tempFiles('jobs-blocks');
const SLOW = 180_000;

const good = readFileSync(fixture('kasparov-deep-blue-1997.pgn'), 'utf8');
const broken = readFileSync(fixture('broken-between-good.pgn'), 'utf8');
const accents = '[Event "Zürich"]\n[White "Müller"]\n[Black "Ødegaard"]\n\n1. e4 e5 *\n\n';

const FILES = {
  'clean.pgn': Buffer.from(`${accents}${good}\n${broken}\n`.repeat(6)),
  'crlf.pgn': Buffer.from(`${good}\n${broken}\n`.repeat(4).replace(/\n/g, '\r\n')),
  'bom.pgn': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${good}\n${accents}`.repeat(4))]),
  // DEL and SUB (the DOS end-of-file mark) decode as themselves in any block; a NUL sends the rest
  // of the file to the main thread.
  'controls.pgn': Buffer.from(
    `${good}\n{ DEL \x7f }\n${accents}`.repeat(4) + `{ NUL \x00 }\n${broken}\n${good}\n`.repeat(2) + '\x1a',
  ),
  'mixed.pgn': Buffer.concat([
    Buffer.from(`${good}\n${accents}`.repeat(4)),
    readFileSync(fixture('dortmund-1928-latin1.pgn')),
    Buffer.from(`\n${broken}\n${good}`.repeat(3)),
  ]),
};

describe('--jobs with workers reading their own blocks', () => {
  for (const [name, bytes] of Object.entries(FILES)) {
    it(
      `${name}: blocks of 700, 4096 and 65536 bytes give the --jobs 1 output and messages`,
      async () => {
        const path = temp.write(name, bytes);
        const args = ['fens', '-v', '--format', 'ndjson', path];
        const one = await run([...args, '--jobs', '1']);
        expect(one.stdout.length).toBeGreaterThan(10_000);
        for (const blockBytes of ['700', '4096', '65536']) {
          const many = await run([...args, '--jobs', '2'], { env: { FORSYTH_BLOCK_BYTES: blockBytes } });
          expect({ blockBytes, stdout: many.stdout }).toEqual({ blockBytes, stdout: one.stdout });
          expect({ blockBytes, stderr: many.stderr }).toEqual({ blockBytes, stderr: one.stderr });
          expect(many.code).toBe(one.code);
        }
      },
      SLOW,
    );
  }

  it(
    'text with game breaks where some games print no rows: the breaks the workers write are those of --jobs 1',
    async () => {
      // Short games (no ply 9) print nothing and take no break; blocks of 700 bytes hold a few games each.
      const short = '[Event "short"]\n\n1. e4 e5 2. Nf3 *\n\n';
      const path = temp.write(
        'breaks.pgn',
        Buffer.from(`${short}${good}\n${short}${short}${accents}${good}\n`.repeat(5)),
      );
      for (const args of [
        ['positions', '--ply', '9'],
        ['positions', '--ply', '1-3'],
        ['fens', '--start'],
      ]) {
        const one = await run([...args, path, '--jobs', '1']);
        expect(one.stdout).toContain('\n\n');
        const many = await run([...args, path, '--jobs', '2'], { env: { FORSYTH_BLOCK_BYTES: '700' } });
        expect({ args, stdout: many.stdout }).toEqual({ args, stdout: one.stdout });
        expect(many.stderr).toBe(one.stderr);
      }
    },
    SLOW,
  );

  it(
    'several files, plain and compressed, in text with game breaks',
    async () => {
      const paths = [
        temp.write('a.pgn', FILES['clean.pgn']),
        fixture('../compressed/two-games.pgn.zst'),
        temp.write('b.pgn', FILES['mixed.pgn']),
        temp.write('c.pgn', FILES['crlf.pgn']),
      ];
      const one = await run(['fens', ...paths, '--jobs', '1']);
      const many = await run(['fens', ...paths, '--jobs', '3'], { env: { FORSYTH_BLOCK_BYTES: '3000' } });
      expect(many.stdout).toBe(one.stdout);
      expect(many.stderr).toBe(one.stderr);
    },
    SLOW,
  );

  /** Counts the worker threads started (a preload; the workers load it too). */
  const countThreads = `data:text/javascript,${encodeURIComponent(
    "import { Worker, isMainThread } from 'node:worker_threads'; let n = 0; const on = Worker.prototype.on; Worker.prototype.on = function (...a) { if (a[0] === 'exit' && !this.__counted) { this.__counted = true; n++; } return on.apply(this, a); }; if (isMainThread) process.on('exit', () => process.stderr.write('workers=' + n + '\\n'));",
  )}`;
  const workersStarted = (stderr: string): number => Number(/workers=(\d+)/.exec(stderr)?.[1]);

  it(
    'a file of one block starts one worker, whatever --jobs says; its output is that of --jobs 1',
    async () => {
      const path = temp.write('one-block.pgn', Buffer.from(good));
      const one = await run(['fens', path]);
      const many = await run(['fens', path, '--jobs', '4'], { nodeArgs: ['--import', countThreads] });
      expect(many.stdout).toBe(one.stdout);
      expect(workersStarted(many.stderr)).toBe(1);
    },
    SLOW,
  );

  it(
    'a file of a few blocks of 512 KiB is cut finer, so that all of --jobs 4 start',
    async () => {
      // 1.3 MB: three blocks of 512 KiB, which would leave a fourth worker idle.
      const path = temp.write('small.pgn', Buffer.from(`${good}\n`.repeat(Math.ceil(1_300_000 / (good.length + 1)))));
      const one = await run(['fens', path]);
      const many = await run(['fens', path, '--jobs', '4'], { nodeArgs: ['--import', countThreads] });
      expect(many.stdout).toBe(one.stdout);
      expect(workersStarted(many.stderr)).toBe(4);
    },
    SLOW,
  );

  it(
    'no worker detaches an ArrayBuffer (that would drop the optimised code of everything reading typed arrays)',
    async () => {
      // V8 prints each protector it gives up; a transfer of a reply's buffer gave up ArrayBufferDetaching.
      const path = temp.write('detach.pgn', FILES['clean.pgn']);
      const out = temp.write('detach.fen', '');
      const one = await run(['fens', path]);
      const r = await run(['fens', path, '--jobs', '2', '-o', out], {
        nodeArgs: ['--trace-protector-invalidation'],
        env: { FORSYTH_BLOCK_BYTES: '4096' },
      });
      expect(r.code).toBe(one.code);
      expect(readFileSync(out, 'utf8')).toBe(one.stdout);
      expect(r.stdout).not.toContain('ArrayBufferDetaching');
    },
    SLOW,
  );
});
