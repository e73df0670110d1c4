/**
 * The Goal of issue 12, as a property over generated inputs: random mixes of the hostile shapes
 * (comments full of `[%`, deep `(`, blank lines between tags, many NAGs, long tag values, a huge
 * game, many tiny games, variations; test/support/hostile-inputs.ts) are run through the CLI at two
 * sizes, N and 4N bytes. The CPU time (user + system, all threads) and the peak RSS of the spawned
 * CLI must grow linearly: 4× the input costs well under 16× (the quadratic answer) the time above
 * Node's start, and each input byte beyond the first N costs less than the constants the README
 * states (Reliability: bounded work). CPU time, not wall time, so a loaded machine slows it less;
 * the bounds have a margin of about 2 over what was measured.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { run } from '../cli/helpers.js';
import { hostileInput, recipeArbitrary, SHAPES, type Block } from '../support/hostile-inputs.js';
import { tempFiles } from '../support/temp-files.js';

const temp = tempFiles('growth');

/** Bytes of input of the smaller run; the larger one has four times as many. */
const N = 1_000_000;
/** Bounds per input byte beyond the first N (README, Reliability: measured at most 0.3 µs, 100 B). */
const MAX_MICROSECONDS_PER_BYTE = 1.5;
const MAX_RSS_BYTES_PER_BYTE = 250;

interface Cost {
  readonly cpuMs: number;
  readonly rss: number;
}

async function cost(args: readonly string[]): Promise<Cost> {
  const preload = temp.write(
    'usage.mjs',
    "process.on('exit', () => { const u = process.resourceUsage(); process.stderr.write(`usage ${u.userCPUTime + u.systemCPUTime} ${u.maxRSS}\\n`); });\n",
  );
  const r = await run(args, { nodeArgs: ['--import', preload] });
  expect(r.code, r.stderr.slice(0, 500)).toBeLessThan(2);
  const usage = /usage (\d+) (\d+)\n$/.exec(r.stderr);
  expect(usage, r.stderr.slice(-500)).not.toBeNull();
  return { cpuMs: Number(usage?.[1]) / 1000, rss: Number(usage?.[2]) * 1024 };
}

const COMMANDS = [
  ['fens', '--variations', '-o', '/dev/null'],
  ['validate', '--format', 'json'],
] as const;

/**
 * Every shape at once (many games); one legal game that keeps growing (4N is some 900,000 elements,
 * within the per-game budget); one game of comments full of `[%`; then three mixes drawn by
 * fast-check (a fixed seed: the same each run).
 */
const RECIPES: readonly Block[][] = [
  SHAPES.map((shape) => ({ shape, units: 50 })),
  [{ shape: 'moves', units: 100 }],
  [
    { shape: 'commands', units: 20 },
    { shape: 'moves', units: 2 },
  ],
  ...fc.sample(recipeArbitrary, { numRuns: 3, seed: 12 }),
];

describe('time and memory linear in the input, over generated hostile inputs', () => {
  it.each(RECIPES.map((recipe) => [recipe.map((b) => `${b.shape}×${b.units}`).join(' '), recipe] as const))(
    '%s',
    async (_, recipe) => {
      const small = temp.write('small.pgn', hostileInput(recipe, N));
      const large = temp.write('large.pgn', hostileInput(recipe, 4 * N));
      const empty = temp.write('empty.pgn', '');
      for (const command of COMMANDS) {
        const start = await cost([...command, empty]);
        const a = await cost([...command, small]);
        const b = await cost([...command, large]);
        const extra = 3 * N;
        const perByteUs = ((b.cpuMs - a.cpuMs) * 1000) / extra;
        const perByteRss = (b.rss - a.rss) / extra;
        const ratio = (b.cpuMs - start.cpuMs) / Math.max(a.cpuMs - start.cpuMs, 20);
        console.info(
          `${command[0]}: N ${a.cpuMs.toFixed(0)} ms ${(a.rss / 2 ** 20).toFixed(0)} MB, 4N ${b.cpuMs.toFixed(0)} ms ${(b.rss / 2 ** 20).toFixed(0)} MB ` +
            `(start ${start.cpuMs.toFixed(0)} ms ${(start.rss / 2 ** 20).toFixed(0)} MB): time ×${ratio.toFixed(2)}, ` +
            `${perByteUs.toFixed(2)} µs and ${perByteRss.toFixed(1)} B per byte`,
        );
        expect(ratio).toBeLessThan(8);
        expect(perByteUs).toBeLessThan(MAX_MICROSECONDS_PER_BYTE);
        expect(perByteRss).toBeLessThan(MAX_RSS_BYTES_PER_BYTE);
      }
    },
    300_000,
  );
});
