/**
 * A game of more than 256 KiB is computed in the big-game thread (cli/big-games.ts) by every
 * command that reads games: the output must be byte for byte what the main thread gives for the
 * same game, and Ctrl-C or SIGTERM must end the run while the thread computes, not after.
 *
 * The main-thread way is forced with `--where 'plies >= 0'`: a filter that counts plies parses the
 * game on the main thread, and a parsed game is never sent to the thread.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { MAIN, run } from './helpers.js';
import { shuffleGame, SMALL_GAME } from '../support/big-games.js';
import { tempFiles } from '../support/temp-files.js';

const temp = tempFiles('big-game-thread');
const STACK_LINE = /\n\s+at /;

/** Over 256 KiB and over 1,024 rows (the rows come from the thread in several parts). */
const BIG = shuffleGame(400_000, { comments: true, variations: true });

describe('a big game gives the same output from the thread as from the main thread', () => {
  // Twice, so that --dedupe has a duplicate to route; small games around it for the game breaks.
  const file = (): string => temp.write('mixed.pgn', [SMALL_GAME, BIG, SMALL_GAME, BIG, SMALL_GAME].join('\n'));

  it.each([
    [['fens']],
    [['fens', '--format', 'ndjson', '--columns', 'all', '--variations']],
    [['positions', '--format', 'csv', '--columns', 'all', '--last']],
    [['positions', '--every', '7', '--format', 'ndjson']],
    [
      [
        'positions',
        '--format',
        'tsv',
        '--columns',
        'game,ply,fen,next_uci,emt',
        '--match',
        'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1',
      ],
    ],
    [['export', '--fix', '--add-eco', '--add-hashcode', '-v']],
    [['export', '--dedupe', '--add-plycount']],
    [['games']],
    [['stats', '--format', 'json']],
    [['validate', '--format', 'json']],
  ] as const)(
    '%j',
    async (args) => {
      const path = file();
      const [threaded, main] = await Promise.all([run([...args, path]), run([...args, '--where', 'plies >= 0', path])]);
      expect(threaded.code).toBe(main.code);
      expect(threaded.code).toBeLessThan(2);
      // validate prints nothing for clean games.
      if (args[0] !== 'validate') expect(threaded.stdout.length).toBeGreaterThan(100);
      expect(threaded.stdout === main.stdout).toBe(true);
      // The filter's run says how many games it selected (all of them).
      expect(threaded.stderr).toBe(main.stderr.replace(', 5 selected', ''));
    },
    120_000,
  );

  it('show: the same diagram of the last position and of a chosen ply', async () => {
    const path = temp.write('big.pgn', BIG);
    const plies = ([...parsePgn(BIG)][0] as Game).moves.length;
    expect(plies % 4).toBe(0);
    for (const [ply, fen] of [
      ['1501', 'FEN: rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1501 751\n'],
      [undefined, `FEN: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ${plies} ${plies / 2 + 1}\n`],
    ] as const) {
      const r = await run(['show', '--pgn', path, '--ascii', ...(ply === undefined ? [] : ['--ply', ply])]);
      expect(r.code).toBe(0);
      // Ply 1501 is White's Nf3 of the cycle; the last ply (a multiple of 4) comes back to the start.
      expect(r.stdout.endsWith(fen)).toBe(true);
    }
    const beyond = await run(['show', '--pgn', path, '--ply', String(plies + 1)]);
    expect(beyond.code).toBe(2);
    expect(beyond.stderr).toContain(`game 1 has ${plies} plies in its main line; there is no ply ${plies + 1}`);
  }, 60_000);
});

interface Interrupted {
  readonly code: number | null;
  readonly afterSignalMs: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs the CLI and sends `signal` `delayMs` after `cue` shows on stderr (at once when the cue is undefined). */
function interruptAfter(
  args: readonly string[],
  signal: NodeJS.Signals,
  cue: RegExp | undefined,
  delayMs: number,
): Promise<Interrupted> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [MAIN, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORSYTH_DEBUG: '' },
    });
    let stdout = '';
    let stderr = '';
    let sentAt = 0;
    const arm = (): void => {
      sentAt = -1;
      setTimeout(() => {
        sentAt = Date.now();
        child.kill(signal);
      }, delayMs);
    };
    if (cue === undefined) arm();
    child.stdout.on('data', (b: Buffer) => (stdout += b.toString()));
    child.stderr.on('data', (b: Buffer) => {
      stderr += b.toString();
      if (sentAt === 0 && cue?.test(stderr)) arm();
    });
    child.on('close', (code) =>
      done({ code, stdout, stderr, afterSignalMs: sentAt > 0 ? Date.now() - sentAt : Number.NaN }),
    );
  });
}

/**
 * A good game, then one game of some 45 MB within the per-game budget (moves with comments full of
 * `[%`), which takes seconds to parse and compute on any of these commands, then a good game.
 * The first game's `O–O` (an en dash) gives an info line with --verbose: the cue that the slow
 * game is being read or computed. Before the thread, the runs ended 3.8 to 4.4 s after the signal
 * (the game finished first); now well under a second. The bound leaves room for a loaded machine.
 */
describe('export, games, stats and show stay responsive during one slow game', () => {
  let slowPath: string | undefined;
  const slow = (): string => {
    if (slowPath !== undefined) return slowPath;
    const comment = `{ [%clk 0:01:00] [%eval 0.3] ${'[% a'.repeat(25)} }`;
    const parts: string[] = [];
    for (let n = 1; n < 160_000; n += 2)
      parts.push(`${n}. Nf3 ${comment} Nf6 ${comment} ${n + 1}. Ng1 ${comment} Ng8 ${comment}`);
    const good = '[Event "good"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O\u2013O *\n\n';
    slowPath = temp.write('slow.pgn', `${good}[Event "slow"]\n[Result "*"]\n\n${parts.join(' ')} *\n\n${good}`);
    return slowPath;
  };
  const BOUND_MS = 2000;

  it.each([
    ['export', 'SIGINT', 130],
    ['export', 'SIGTERM', 143],
    ['games', 'SIGINT', 130],
    ['stats', 'SIGTERM', 143],
  ] as const)(
    '%s: %s while the slow game is computed ends the run at once, exit %i',
    async (command, signal, exit) => {
      const r = await interruptAfter([command, '--verbose', slow()], signal, /PGN_LOOKALIKE/, 1000);
      expect(r.code).toBe(exit);
      expect(r.afterSignalMs).toBeLessThan(BOUND_MS);
      // The slow game and the game after it are left out; the summary comes last.
      expect(r.stderr).toMatch(/(?:^|\n)interrupted: [12] games? read, 0 errors, 0 warnings\n$/);
      expect(r.stderr).not.toMatch(STACK_LINE);
      if (command === 'export') expect(r.stdout).toMatch(/^\[Event "good"\][\s\S]*4\. O-O \*\n$/);
      if (command === 'games') expect(r.stdout.trim().split('\n')).toHaveLength(1);
    },
    60_000,
  );

  it('show --game 2: SIGINT while the game is computed ends the run at once, exit 130', async () => {
    // No cue on stderr: the signal comes once the run has been going for as long as a run on a
    // small game takes, and a second more (the slow game is read in well under that).
    const path = slow();
    const started = Date.now();
    await run(['show', '--pgn', path, '--game', '1']);
    const r = await interruptAfter(
      ['show', '--pgn', path, '--game', '2'],
      'SIGINT',
      undefined,
      Date.now() - started + 1000,
    );
    expect(r.code).toBe(130);
    expect(r.afterSignalMs).toBeLessThan(BOUND_MS);
    expect(r.stdout).toBe('');
    expect(r.stderr).not.toMatch(STACK_LINE);
  }, 60_000);
});
