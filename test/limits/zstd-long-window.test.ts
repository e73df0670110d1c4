/**
 * A file made with `zstd --long=30` from standard input (the frame declares a 1 GiB window) costs
 * about what the same text compressed normally costs, once the limit is raised: libzstd in
 * WebAssembly reads it (src/node/zstd-wasm.ts raises the decoder's window limit), where fzstd
 * took 6.5 times the CPU time and 7.5 times the memory (30 MB of PGN: 23 s and 1.17 GB against
 * 3.6 s and 157 MB; now 3.7 s and 155 MB). Bounds: under 1.5 times the CPU time and within
 * 150 MB of the peak RSS of the normal file, the same FENs.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { wasmZstd } from '../../src/node/zstd-wasm.js';
import { run } from '../cli/helpers.js';
import { hasSharedCorpus, SHARED_CORPUS } from '../support/corpus.js';
import { tempFiles } from '../support/temp-files.js';

const temp = tempFiles('zstd-long-window');
const hasZstd = spawnSync('zstd', ['--version']).status === 0;
const native =
  typeof ((await import('node:zlib')) as { createZstdDecompress?: unknown }).createZstdDecompress === 'function';

const USAGE = `data:text/javascript,process.on('exit',()=>{const u=process.resourceUsage();process.stderr.write('usage '+(u.userCPUTime+u.systemCPUTime)+' '+u.maxRSS+'\\n')})`;

async function cost(path: string): Promise<{ cpuMs: number; rss: number; stdout: string }> {
  const r = await run(['fens', '--zstd-window-max', '1024', path], { nodeArgs: ['--import', USAGE] });
  expect(r.code, r.stderr.slice(0, 500)).toBe(0);
  const usage = /usage (\d+) (\d+)\n$/.exec(r.stderr);
  return { cpuMs: Number(usage?.[1]) / 1000, rss: Number(usage?.[2]) * 1024, stdout: r.stdout };
}

describe('zstd windows above 128 MiB', () => {
  it.skipIf(native)(
    'the WebAssembly decoder is there, its window limit raised (checked on a 1 GiB-window frame)',
    async () => {
      // Undefined would mean the zstddec build changed and every file went to fzstd.
      expect(await wasmZstd()).toBeDefined();
    },
  );

  it.runIf(hasZstd && hasSharedCorpus)(
    'a --long=30 file costs about what the same text compressed normally costs',
    async () => {
      const once = gunzipSync(readFileSync(join(SHARED_CORPUS, 'games/lichess/lichess-exports-clk.pgn.gz')));
      const text = Buffer.concat([once, once]);
      const long = temp.write(
        'long.pgn.zst',
        execFileSync('zstd', ['-q', '--long=30', '-c'], { input: text, maxBuffer: 1 << 30 }),
      );
      const plain = temp.write(
        'plain.pgn.zst',
        execFileSync('zstd', ['-q', '-c'], { input: text, maxBuffer: 1 << 30 }),
      );
      const [a, b] = [await cost(plain), await cost(long)];
      console.info(
        `${(text.length / 2 ** 20).toFixed(1)} MB of PGN: plain ${a.cpuMs.toFixed(0)} ms ${(a.rss / 2 ** 20).toFixed(0)} MB, --long=30 ${b.cpuMs.toFixed(0)} ms ${(b.rss / 2 ** 20).toFixed(0)} MB`,
      );
      expect(b.stdout === a.stdout).toBe(true);
      expect(b.stdout.length).toBeGreaterThan(1_000_000);
      expect(b.cpuMs).toBeLessThan(1.5 * a.cpuMs + 300);
      expect(b.rss - a.rss).toBeLessThan(150 * 2 ** 20);
    },
    120_000,
  );
});
