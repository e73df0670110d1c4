/**
 * `fens --jobs 2` on a 24 MB file stays within issue 14's memory budget, 100 MB plus 40 MB per
 * worker. The program runs with the Node flags the `forsyth` executable gives it (cli/node-flags.ts):
 * 4 MB semi-spaces when workers run and the old generation grown in 10% steps, and at most two
 * blocks per worker wait for their turn. Before (8 MB semi-spaces, V8's own growth, four blocks)
 * this input peaked at about 200 MiB and 70 MB of TCEC games at 221–240 MB; now 159–164 MiB and
 * 156–162 MB (bench/RESULTS.md, session 8).
 */
import { describe, expect, it } from 'vitest';
import { programFlags } from '../../cli/node-flags.js';
import { run } from '../cli/helpers.js';
import { randomGames } from '../support/random-games.js';
import { tempFiles } from '../support/temp-files.js';

const temp = tempFiles('jobs-memory');
const MiB = 2 ** 20;
const BUDGET = 100 * MiB + 2 * 40 * MiB;

const PEAK = `data:text/javascript,process.on('exit',()=>process.stderr.write('peak '+process.resourceUsage().maxRSS+'\\n'))`;

describe('fens --jobs 2: peak memory', () => {
  it('stays under 100 MB + 40 MB per worker on 24 MB of games', async () => {
    const games = randomGames(2000, 120, 14);
    const input = temp.write('games.pgn', games.repeat(Math.ceil((24 * MiB) / games.length)));
    const args = ['fens', '--ep', 'legal', '-q', '--jobs', '2', '-o', '/dev/null', input];
    const r = await run(args, { nodeArgs: [...programFlags(args), '--import', PEAK] });
    expect(r.code, r.stderr.slice(0, 500)).toBe(0);
    const peak = Number(/peak (\d+)\n$/.exec(r.stderr)?.[1]) * 1024;
    console.info(`fens --jobs 2 on 24 MB: peak RSS ${(peak / MiB).toFixed(0)} MiB`);
    expect(peak).toBeGreaterThan(50 * MiB); // the number was read
    expect(peak).toBeLessThan(BUDGET);
  }, 120_000);
});
