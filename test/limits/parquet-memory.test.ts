/**
 * Parquet output keeps memory flat: values are gathered for one row group at a time, so three
 * times the input must not take much more memory than once. The clocked lichess export, with the
 * columns a dataset keeps (113,940 rows, twelve row groups), against the same file three times.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, run, tempDir } from '../cli/helpers.js';
import { hasSharedCorpus, SHARED_CORPUS } from '../support/corpus.js';

afterAll(removeTempDirs);

/** Node flag that makes the child print its peak RSS (KiB) on stderr as it exits. */
const PEAK = [
  '--import',
  `data:text/javascript,process.on('exit',()=>process.stderr.write('peak '+process.resourceUsage().maxRSS+'\\n'))`,
];

async function peakKiB(input: string, dir: string): Promise<number> {
  const r = await run(
    [
      'fens',
      '--start',
      '--format',
      'parquet',
      '--columns',
      'game,ply,fen,epd,uci,clock,emt',
      '-o',
      join(dir, 'out.parquet'),
      input,
    ],
    { nodeArgs: PEAK },
  );
  expect(r.code).toBe(0);
  return Number(/peak (\d+)/.exec(r.stderr)?.[1]);
}

describe('parquet memory', () => {
  it.runIf(hasSharedCorpus)('stays flat: three times the rows, about the same peak', { timeout: 300_000 }, async () => {
    const dir = tempDir();
    const once = gunzipSync(readFileSync(join(SHARED_CORPUS, 'games/lichess/lichess-exports-clk.pgn.gz')));
    const small = join(dir, 'x1.pgn');
    const large = join(dir, 'x3.pgn');
    writeFileSync(small, once);
    writeFileSync(large, Buffer.concat([once, once, once]));
    const [a, b] = [await peakKiB(small, dir), await peakKiB(large, dir)];
    expect(a).toBeGreaterThan(10_000);
    // Linear memory would be about 3×; flat is within a few tens of percent (GC timing).
    expect(b / a).toBeLessThan(1.5);
  });
});
