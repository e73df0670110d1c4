/**
 * Decompression that does not trust the file: zstd memory bounded whatever the ratio, windows above
 * the limit refused (and read when it is raised), gzip with trailing junk read to the junk, and the
 * formats forsyth does not read recognised by their bytes. The zstd frames are written by hand
 * (RFC 8878): RLE and raw blocks need no compressor.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { unzstd } from '../../src/node/decompress.js';
import { openInput, type Input } from '../../src/node/input.js';
import { readPgn } from '../../src/node/index.js';
import { hasSharedCorpus } from '../support/corpus.js';
import { tempFiles } from '../support/temp-files.js';

const temp = tempFiles('decompress');
const GAME = '[Event "z"]\n\n1. e4 e5 *\n\n';

/** A frame header: magic, descriptor (no checksum, no size), window descriptor 2^(10 + exponent). */
function frameHeader(exponent: number): number[] {
  return [0x28, 0xb5, 0x2f, 0xfd, 0x00, exponent << 3];
}

function blockHeader(last: boolean, type: number, size: number): number[] {
  const word = (last ? 1 : 0) | (type << 1) | (size << 3);
  return [word & 255, (word >> 8) & 255, (word >> 16) & 255];
}

function rawFrame(exponent: number, text: string): Buffer {
  const body = Buffer.from(text);
  return Buffer.from([...frameHeader(exponent), ...blockHeader(true, 0, body.length), ...body]);
}

/** `blocks` RLE blocks of 128 KiB of `byte` each: 4 bytes of input per 128 KiB of output. */
function rleFrame(blocks: number, byte: number): Buffer {
  const out = [...frameHeader(7)];
  for (let i = 0; i < blocks; i++) out.push(...blockHeader(i === blocks - 1, 1, 131072), byte);
  return Buffer.from(out);
}

async function* chunksOf(bytes: Buffer, size = 65536): AsyncGenerator<Buffer> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function text(input: AsyncIterable<Buffer>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of input) parts.push(chunk);
  return Buffer.concat(parts).toString('utf8');
}

async function opened(path: string, options: Parameters<typeof openInput>[1] = {}): Promise<Input> {
  const r = await openInput(path, options);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('zstd: memory bounded whatever the compression ratio', () => {
  // 2,048 RLE blocks: 8 KB of input, 256 MiB of output.
  const bomb = rleFrame(2048, 0x20);

  it.each([
    ['the default decoder', {}],
    ['the decoder for large windows', { windowMax: 512 * 1024 * 1024 }],
  ])(
    '%s hands out at most 2 MiB at a time, and memory stays flat',
    async (_name, options) => {
      let total = 0;
      let largest = 0;
      const before = process.memoryUsage().rss;
      let peak = before;
      for await (const piece of unzstd(chunksOf(bomb), options)) {
        total += piece.length;
        largest = Math.max(largest, piece.length);
        if (total % (16 * 1024 * 1024) < piece.length) peak = Math.max(peak, process.memoryUsage().rss);
      }
      expect(total).toBe(2048 * 131072);
      expect(largest).toBeLessThanOrEqual(2 * 1024 * 1024);
      // 256 MiB went through; what stays resident is a small part of it.
      expect(peak - before).toBeLessThan(96 * 1024 * 1024);
    },
    60_000,
  );

  it.runIf(hasSharedCorpus)(
    'decodes the lichess sample exactly as gzip does (both files hold the same text)',
    async () => {
      const dir = new URL('../../../shared/corpus/games/lichess/', import.meta.url);
      const zst = readFileSync(new URL('lichess-exports-clk.pgn.zst', dir));
      const gz = readFileSync(new URL('lichess-exports-clk.pgn.gz', dir));
      expect(await text(unzstd(chunksOf(zst, 10_000)))).toBe(gunzipSync(gz).toString('utf8'));
    },
  );

  it('reads skippable frames and several frames in a row', async () => {
    const skippable = Buffer.from([0x50, 0x2a, 0x4d, 0x18, 3, 0, 0, 0, 9, 9, 9]);
    const bytes = Buffer.concat([skippable, rawFrame(10, GAME), rawFrame(10, GAME)]);
    expect(await text(unzstd(chunksOf(bytes, 5)))).toBe(GAME + GAME);
  });
});

describe('zstd: windows above the limit', () => {
  // 2^28 = 256 MiB, above zstd -d's default of 128 MiB.
  const big = rawFrame(18, GAME);

  it('refuses a frame declaring a 256 MiB window, saying how to raise the limit', async () => {
    await expect(text(unzstd(chunksOf(big)))).rejects.toThrow(
      /needs a 256 MiB window, above the limit of 128 MiB.*--zstd-window-max 256/,
    );
  });

  it('reads it once the limit is raised', async () => {
    expect(await text(unzstd(chunksOf(big), { windowMax: 256 * 1024 * 1024 }))).toBe(GAME);
  });

  it('keeps the frames before the refused one', async () => {
    const bytes = Buffer.concat([rawFrame(10, GAME), big]);
    const parts: Buffer[] = [];
    await expect(
      (async () => {
        for await (const piece of unzstd(chunksOf(bytes, 7))) parts.push(piece);
      })(),
    ).rejects.toThrow(/256 MiB/);
    expect(Buffer.concat(parts).toString()).toBe(GAME);
  });

  it('reports it through openInput as IO_UNREADABLE (the CLI exits 2)', async () => {
    const input = await opened(temp.write('big-window.pgn.zst', big));
    expect(await text(input)).toBe('');
    expect(input.failure()).toMatchObject({ code: 'IO_UNREADABLE' });
    expect(input.failure()?.message).toMatch(
      /^cannot read '.*big-window\.pgn\.zst': a zstd frame needs a 256 MiB window/,
    );
    const raised = await opened(temp.write('big-window-2.pgn.zst', big), { zstdWindowMax: 256 * 1024 * 1024 });
    expect(await text(raised)).toBe(GAME);
    expect(raised.failure()).toBeUndefined();
  });

  it('says what to do with a 2 GiB window (zstd --long=31), raised to 2048 MiB or not', async () => {
    const huge = rawFrame(21, GAME);
    const native =
      typeof ((await import('node:zlib')) as { createZstdDecompress?: unknown }).createZstdDecompress === 'function';
    for (const windowMax of [undefined, 2048 * 1024 * 1024]) {
      const run = text(unzstd(chunksOf(huge), { name: 'my games.pgn.zst', ...(windowMax && { windowMax }) }));
      if (native && windowMax !== undefined) expect(await run).toBe(GAME);
      else if (native) await expect(run).rejects.toThrow(/2 GiB window.*--long=31.*--zstd-window-max 2048/);
      // Raising the limit would not help on Node 20: the message gives the pipe that works.
      else
        await expect(run).rejects.toThrow(
          /2 GiB window \(zstd --long=31\), beyond what forsyth can decode on Node .*zstd -dc --long=31 'my games\.pgn\.zst' \| forsyth fens -$/,
        );
    }
  });

  it('reports a truncated frame', async () => {
    const cut = rleFrame(4, 0x20).subarray(0, 12);
    await expect(text(unzstd(chunksOf(cut)))).rejects.toThrow(/zstd/);
  });
});

describe('gzip with trailing junk', () => {
  const games = Array.from({ length: 300 }, (_, i) => `[Event "g${i}"]\n\n1. e4 e5 *\n\n`).join('');
  const junk = Buffer.concat([gzipSync(games), Buffer.from('trailing junk, not gzip')]);

  it('keeps every byte before the junk and warns, from a file', async () => {
    const input = await opened(temp.write('junk.pgn.gz', junk));
    expect(await text(input)).toBe(games);
    expect(input.failure()).toBeUndefined();
    expect(input.warnings()).toMatchObject([{ code: 'IO_TRAILING_DATA', severity: 'warning' }]);
  });

  it('from a stream (which cannot be read twice) too: every byte, then the warning', async () => {
    for (const size of [1000, 7, 65536]) {
      const r = await openInput(Readable.from(chunksOf(junk, size)));
      if (!r.ok) throw new Error(r.error.message);
      expect(await text(r.value)).toBe(games);
      expect(r.value.failure()).toBeUndefined();
      expect(r.value.warnings()).toMatchObject([{ code: 'IO_TRAILING_DATA', severity: 'warning' }]);
    }
  });

  it('several members in a row, from a file and from a stream, with junk after them or not', async () => {
    const parts = [games.slice(0, 5000), games.slice(5000, 5001), '', games.slice(5001)];
    const members = Buffer.concat(parts.map((part) => gzipSync(part)));
    for (const [bytes, warned] of [
      [members, false],
      [Buffer.concat([members, Buffer.from('junk')]), true],
      [Buffer.concat([members, Buffer.alloc(300)]), false], // zero padding, as zlib allows
    ] as const) {
      const file = await opened(temp.write('members.pgn.gz', bytes));
      expect(await text(file)).toBe(games);
      expect(file.failure()).toBeUndefined();
      const r = await openInput(Readable.from(chunksOf(bytes, 999)));
      if (!r.ok) throw new Error(r.error.message);
      expect(await text(r.value)).toBe(games);
      expect(r.value.failure()).toBeUndefined();
      expect(r.value.warnings().map((w) => w.code)).toEqual(warned ? ['IO_TRAILING_DATA'] : []);
    }
  });

  it('a stream cut short, or with a corrupt member, is still an error after the bytes before it', async () => {
    const whole = gzipSync(games);
    const cut = await openInput(Readable.from(chunksOf(whole.subarray(0, whole.length - 4), 500)));
    if (!cut.ok) throw new Error(cut.error.message);
    const got = await text(cut.value);
    expect(games.startsWith(got) && got.length > games.length - 2000).toBe(true);
    expect(cut.value.failure()?.message).toMatch(/not valid gzip data/);
    const corrupt = Buffer.from(whole);
    corrupt[corrupt.length - 6] = (corrupt[corrupt.length - 6] as number) ^ 1; // the CRC-32
    const bad = await openInput(Readable.from(chunksOf(corrupt, 500)));
    if (!bad.ok) throw new Error(bad.error.message);
    await text(bad.value);
    expect(bad.value.failure()?.message).toMatch(/not valid gzip data/);
  });

  it('reads all 300 games through readPgn, with the warning among the file diagnostics', async () => {
    const reader = readPgn(temp.write('junk-2.pgn.gz', junk));
    let count = 0;
    for await (const _ of reader.games) count++;
    expect(count).toBe(300);
    expect(reader.diagnostics().map((d) => d.code)).toContain('IO_TRAILING_DATA');
  });

  it('still reports a gzip file that is cut short', async () => {
    const input = await opened(temp.write('cut.pgn.gz', gzipSync(games).subarray(0, 200)));
    await text(input);
    expect(input.failure()?.message).toMatch(/not valid gzip data/);
  });
});

describe('formats forsyth does not read: recognised by their bytes', () => {
  const tar = Buffer.alloc(1024);
  tar.write('game.pgn', 0);
  tar.write('ustar', 257);
  it.each([
    [
      'games.pgn.bz2',
      Buffer.from('BZh91AY&SY\u0001\u0002'),
      /bzip2-compressed.*bzcat \S*games\.pgn\.bz2 \| forsyth fens -/,
    ],
    [
      'games.pgn.xz',
      Buffer.from([0xfd, 0x37, 0x7a, 0x58, 0x5a, 0x00, 0, 4]),
      /xz-compressed.*xzcat \S*games\.pgn\.xz \| forsyth fens -/,
    ],
    [
      'games.zip',
      Buffer.from([0x50, 0x4b, 0x03, 0x04, 20, 0, 0, 0]),
      /zip archive.*unzip -p \S*games\.zip \| forsyth fens -/,
    ],
    ['games.7z', Buffer.from([0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c, 0, 4]), /7z archive/],
    ['games.tar', tar, /tar archive.*tar xOf \S*games\.tar \| forsyth fens -/],
    ['renamed.pgn', Buffer.from('BZh91AY&SY\u0001\u0002'), /bzip2/],
  ])('%s: IO_UNREADABLE naming the format and the pipe that works', async (name, bytes, message) => {
    const input = await opened(temp.write(name, bytes));
    expect(await text(input)).toBe('');
    expect(input.failure()?.code).toBe('IO_UNREADABLE');
    expect(input.failure()?.message).toMatch(message);
  });
});
