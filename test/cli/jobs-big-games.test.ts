/**
 * Big games with `--jobs N`: a worker formats a big game's rows in parts and sends them as it goes
 * (cli/workers/protocol.ts `Segment`), as `--jobs 1` does in its big-game thread. The output must
 * stay byte for byte that of `--jobs 1` in every format and selection, whichever way the games
 * reach the workers (blocks the workers read, batches from standard input, batches chosen by a
 * --where filter), Parquet files included (their row groups follow the parts); and Ctrl-C in the
 * middle of a huge game's rows must end the run at once, on a whole line, with the summary.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAIN, run } from './helpers.js';
import { shuffleGame, SMALL_GAME } from '../support/big-games.js';
import { tempFiles } from '../support/temp-files.js';

const temp = tempFiles('jobs-big-games');
const STACK_LINE = /\n\s+at /;
const SLOW = 180_000;

/** Over 256 KiB (a big game) and some 8,000 plies (eight parts of 1,024 rows). */
const BIG = shuffleGame(400_000, { comments: true, variations: true });
/** Small games around and between two big ones, and a broken game (a diagnostic, exit 1). */
const MIXED = [SMALL_GAME, BIG, SMALL_GAME, '[Event "broken"]\n\n1. e4 Ke7 Kxe8 *\n', BIG, SMALL_GAME].join('\n');

type Way = 'file' | 'stdin' | 'where';

async function runWay(args: readonly string[], jobs: number, way: Way, out?: string) {
  const path = temp.write('mixed.pgn', MIXED);
  const all = [...args, '--jobs', String(jobs), ...(out ? ['-o', out] : [])];
  if (way === 'stdin') return run([...all, '-'], { input: MIXED });
  return run(way === 'where' ? [...all, '--where', 'plies >= 0', path] : [...all, path]);
}

describe('big games with --jobs N give the output of --jobs 1, byte for byte', () => {
  it.each([
    [['fens']],
    [['fens', '--format', 'epd', '--variations']],
    [['fens', '--format', 'ndjson']],
    [['fens', '--format', 'csv', '--columns', 'all', '--variations']],
    [['fens', '--format', 'ndjson', '--columns', 'all', '--start']],
    [['positions', '--every', '7', '--format', 'tsv']],
    [['positions', '--last', '--format', 'ndjson', '--columns', 'game,ply,fen,next_uci']],
    [['positions', '--match', 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1', '--format', 'csv']],
    [['positions', '--unique', '--count']],
  ] as const)(
    '%j',
    async (args) => {
      for (const way of ['file', 'stdin', 'where'] as const) {
        const one = await runWay(args, 1, way);
        expect(one.code, one.stderr).toBe(1);
        expect(one.stdout.length).toBeGreaterThan(500);
        for (const jobs of way === 'file' ? [2, 3] : [2]) {
          const many = await runWay(args, jobs, way);
          expect({ way, jobs, code: many.code, stderr: many.stderr }).toEqual({
            way,
            jobs,
            code: one.code,
            stderr: one.stderr,
          });
          expect({ way, jobs, same: many.stdout === one.stdout }).toEqual({ way, jobs, same: true });
        }
      }
    },
    SLOW,
  );

  it.each([
    [['fens', '--format', 'parquet', '--columns', 'all']],
    [['positions', '--format', 'parquet', '--every', '3']],
  ] as const)(
    'parquet: %j, the same file',
    async (args) => {
      for (const way of ['file', 'stdin', 'where'] as const) {
        const one = await runWay(args, 1, way, temp.path('one.parquet'));
        expect(one.code, one.stderr).toBe(1);
        const many = await runWay(args, 2, way, temp.path('many.parquet'));
        expect({ way, code: many.code, stderr: many.stderr }).toEqual({ way, code: one.code, stderr: one.stderr });
        const [a, b] = [readFileSync(temp.path('one.parquet')), readFileSync(temp.path('many.parquet'))];
        expect(a.length).toBeGreaterThan(10_000);
        expect({ way, same: a.equals(b) }).toEqual({ way, same: true });
      }
    },
    SLOW,
  );
});

interface Interrupted {
  readonly code: number | null;
  readonly afterSignalMs: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI (stdout on a pipe) and sends SIGINT once `bytes` of stdout have come. */
function interruptAt(args: readonly string[], bytes: number, input?: string): Promise<Interrupted> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [MAIN, ...args], {
      stdio: ['pipe', 'pipe', 'pipe'],
      env: { ...process.env, FORSYTH_DEBUG: '' },
    });
    const out: Buffer[] = [];
    let received = 0;
    let stderr = '';
    let sentAt = 0;
    child.stdout.on('data', (b: Buffer) => {
      out.push(b);
      received += b.length;
      if (sentAt === 0 && received >= bytes) {
        sentAt = Date.now();
        child.kill('SIGINT');
      }
    });
    child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
    child.stdin.on('error', () => {}); // the run may end before its input is all written
    child.stdin.end(input ?? '');
    child.on('close', (code) =>
      done({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr,
        afterSignalMs: sentAt > 0 ? Date.now() - sentAt : Number.NaN,
      }),
    );
  });
}

describe('Ctrl-C in the middle of a huge game with --jobs 2', () => {
  // Some 300,000 plies of ndjson rows with every column: about 160 MB, seconds of work.
  const huge = (): string => temp.write('huge.pgn', shuffleGame(1_500_000));

  it.each(['file', 'stdin'] as const)(
    'from a %s: ends at once, on a whole row, with the summary',
    async (way) => {
      const path = huge();
      const args = ['fens', '--jobs', '2', '--format', 'ndjson', '--columns', 'game,ply,fen,san,uci'];
      const r = await (way === 'file'
        ? interruptAt([...args, path], 2_000_000)
        : interruptAt([...args, '-'], 2_000_000, readFileSync(path, 'utf8')));
      expect(r.code).toBe(130);
      expect(r.afterSignalMs).toBeLessThan(2000);
      expect(r.stdout.endsWith('\n')).toBe(true);
      const lines = r.stdout.slice(0, -1).split('\n');
      for (const line of lines) expect(JSON.parse(line)).toHaveProperty('fen');
      // Part of the game was printed: it counts as read, and every row counted is in the output.
      const summary = /(?:^|\n)interrupted: 1 game read, (\d+) positions written, 0 errors, 0 warnings\n$/.exec(
        r.stderr,
      );
      expect(summary, r.stderr).not.toBeNull();
      expect(lines.length).toBe(Number(summary?.[1]));
      expect(lines.length).toBeLessThan(250_000);
      expect(r.stderr).not.toMatch(STACK_LINE);
    },
    60_000,
  );
});
