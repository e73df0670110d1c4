/**
 * `positions --unique` and `--count` remember every distinct position. They used to keep a FEN
 * string per position in a Map (about 200 bytes each, 700 with --count: 78 MB of PGN reached
 * 2.5 GB); now a 64-bit Polyglot key in typed arrays (about 30 bytes), plus, with --count, the first
 * row as UTF-8 outside the heap (about 200 bytes). The bounds are half the old costs. Measured as the growth of the CLI's peak RSS
 * between two inputs of the same size and number of games (1,000 random games repeated five times,
 * and 5,000 random games), divided by the growth of the number of distinct positions: what grows
 * with the input alone (the garbage collector's heap sizing, output buffers) cancels out.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../cli/helpers.js';
import { randomGames } from '../support/random-games.js';
import { tempFiles } from '../support/temp-files.js';

const temp = tempFiles('unique-memory');

/** Peak RSS in bytes (printed by a preloaded module at exit) and the rows the run printed. */
async function peak(args: readonly string[]): Promise<{ rss: number; rows: number }> {
  const preload = temp.write(
    'rss.mjs',
    "process.on('exit', () => process.stderr.write(`maxrss ${process.resourceUsage().maxRSS}\\n`));\n",
  );
  // The young generation capped as the `forsyth` executable caps it (bin.ts): otherwise its growth
  // to V8's default size shows up in the difference when the smaller run did not reach it.
  const r = await run(args, { nodeArgs: ['--max-semi-space-size=8', '--import', preload] });
  expect(r.code).toBe(0);
  const kb = /maxrss (\d+)/.exec(r.stderr)?.[1];
  expect(kb).toBeDefined();
  return { rss: Number(kb) * 1024, rows: r.stdout.split('\n').length - 1 };
}

describe('positions --unique / --count: memory per distinct position', () => {
  it('grows by under 100 bytes (--unique) and under 450 bytes (--count) per distinct position', async () => {
    const small = temp.write('repeated.pgn', randomGames(1000, 80, 7).repeat(5));
    const large = temp.write('large.pgn', randomGames(5000, 80, 7));
    const unique = [
      await peak(['positions', '--unique', small]),
      await peak(['positions', '--unique', large]),
    ] as const;
    const distinct = unique[1].rows - unique[0].rows;
    // Random games: nearly every position after the first few plies is new.
    expect(distinct).toBeGreaterThan(250_000);
    const perPosition = (unique[1].rss - unique[0].rss) / distinct;
    const counted = [
      await peak(['positions', '--unique', '--count', small]),
      await peak(['positions', '--unique', '--count', large]),
    ] as const;
    expect(counted[1].rows - counted[0].rows).toBe(distinct);
    const perCounted = (counted[1].rss - counted[0].rss) / distinct;
    console.info(
      `--unique: ${perPosition.toFixed(0)} B, --count: ${perCounted.toFixed(0)} B per distinct position (${distinct} more)`,
    );
    expect(perPosition).toBeLessThan(100);
    expect(perCounted).toBeLessThan(450);
  }, 180_000);
});
