/**
 * A zstd bomb costs no more memory than the text it expands to: 4 KB of RLE blocks that expand to
 * 128 MiB are read by `forsyth fens` with a peak RSS within 48 MiB of the same 128 MiB given
 * uncompressed (the decoder hands out at most 16 blocks at a time). fzstd, fed whole input chunks,
 * used to hold all 128 MiB at once: 310 MB against 183 MB for the plain file.
 */
import { describe, expect, it } from 'vitest';
import { run } from '../cli/helpers.js';
import { tempFiles } from '../support/temp-files.js';

const temp = tempFiles('zstd-memory');
const BLOCKS = 1024;

function bomb(): Buffer {
  const out = [0x28, 0xb5, 0x2f, 0xfd, 0x00, 7 << 3];
  for (let i = 0; i < BLOCKS; i++) {
    const word = (i === BLOCKS - 1 ? 1 : 0) | (1 << 1) | (131072 << 3);
    out.push(word & 255, (word >> 8) & 255, (word >> 16) & 255, 0x78);
  }
  return Buffer.from(out);
}

async function peak(path: string): Promise<number> {
  const preload = temp.write(
    'rss.mjs',
    "process.on('exit', () => process.stderr.write(`maxrss ${process.resourceUsage().maxRSS}\\n`));\n",
  );
  const r = await run(['fens', '--quiet', path], { nodeArgs: ['--import', preload] });
  expect(r.code).toBe(1); // 128 MiB of 'x': one game of junk, reported
  return Number(/maxrss (\d+)/.exec(r.stderr)?.[1]) * 1024;
}

describe('zstd: memory does not follow the compression ratio', () => {
  it('a 4 KB .zst expanding to 128 MiB peaks within 48 MiB of the plain 128 MiB file', async () => {
    const compressed = temp.write('bomb.pgn.zst', bomb());
    const plain = temp.write('bomb.pgn', Buffer.alloc(BLOCKS * 131072, 0x78));
    const [zst, text] = [await peak(compressed), await peak(plain)];
    console.info(`peak RSS: .zst ${(zst / 2 ** 20).toFixed(0)} MiB, plain ${(text / 2 ** 20).toFixed(0)} MiB`);
    expect(zst - text).toBeLessThan(48 * 2 ** 20);
  }, 120_000);
});
