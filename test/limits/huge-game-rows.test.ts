/**
 * One huge game's rows with every column: a game of N and of 3N bytes (a knight shuffle of five
 * bytes a ply, so some 150,000 and 450,000 plies; every row is some 530 bytes of ndjson, 68 times
 * the input) through `fens` and `positions --columns all` in ndjson, csv and parquet. The peak RSS
 * of the spawned CLI may grow by at most the README's 250 bytes per input byte between the two
 * sizes (measured 58 to 77; before the rows were formatted in parts and handed to the output as
 * they came, a 3.7 MB game took 3.7 GB: 1,000 bytes per byte). The CPU time must grow linearly:
 * 3 times the input under 6 times the CPU time above Node's start (quadratic would be 9).
 */
import { describe, expect, it } from 'vitest';
import { run } from '../cli/helpers.js';
import { shuffleGame } from '../support/big-games.js';
import { tempFiles } from '../support/temp-files.js';

const temp = tempFiles('huge-game-rows');

const N = 750_000;
const MAX_RSS_BYTES_PER_BYTE = 250;

interface Cost {
  readonly cpuMs: number;
  readonly rss: number;
}

const USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('usage '+(u.userCPUTime+u.systemCPUTime)+' '+u.maxRSS+'\\n')})`;

async function cost(args: readonly string[], input: string): Promise<Cost> {
  const r = await run([...args, input], { nodeArgs: ['--import', USAGE] });
  expect(r.code, r.stderr.slice(0, 500)).toBe(0);
  const usage = /usage (\d+) (\d+)\n$/.exec(r.stderr);
  expect(usage, r.stderr.slice(-500)).not.toBeNull();
  return { cpuMs: Number(usage?.[1]) / 1000, rss: Number(usage?.[2]) * 1024 };
}

describe('one huge game with --columns all: memory and time linear, with a small constant', () => {
  it.each([
    [['fens', '--format', 'ndjson', '--columns', 'all']],
    [['fens', '--format', 'csv', '--columns', 'all']],
    [['fens', '--format', 'parquet', '--columns', 'all']],
    [['positions', '--format', 'ndjson', '--columns', 'all']],
  ] as const)(
    '%j',
    async (command) => {
      const output = (command as readonly string[]).includes('parquet') ? temp.path('out.parquet') : '/dev/null';
      const args = [...command, '-o', output];
      const small = temp.write('small.pgn', shuffleGame(N));
      const large = temp.write('large.pgn', shuffleGame(3 * N));
      const start = await cost(args, temp.write('empty.pgn', ''));
      const a = await cost(args, small);
      const b = await cost(args, large);
      const perByteRss = (b.rss - a.rss) / (2 * N);
      const ratio = (b.cpuMs - start.cpuMs) / Math.max(a.cpuMs - start.cpuMs, 20);
      console.info(
        `${command.join(' ')}: N ${a.cpuMs.toFixed(0)} ms ${(a.rss / 2 ** 20).toFixed(0)} MB, 3N ${b.cpuMs.toFixed(0)} ms ${(b.rss / 2 ** 20).toFixed(0)} MB ` +
          `(start ${start.cpuMs.toFixed(0)} ms): time ×${ratio.toFixed(2)}, ${perByteRss.toFixed(1)} B per input byte`,
      );
      expect(perByteRss).toBeLessThan(MAX_RSS_BYTES_PER_BYTE);
      expect(ratio).toBeLessThan(6);
    },
    300_000,
  );
});
