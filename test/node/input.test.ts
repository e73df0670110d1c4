import { chmodSync, mkdirSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import zlib, { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openInput, type Input } from '../../src/node/input.js';
import { tempFiles } from '../support/temp-files.js';

const COMPRESSED = fileURLToPath(new URL('../fixtures/compressed/', import.meta.url));
const PLAIN = readFileSync(`${COMPRESSED}two-games.pgn`);
const ZST = readFileSync(`${COMPRESSED}two-games.pgn.zst`);

const temp = tempFiles('input');
const write = temp.write;

async function open(
  source: Parameters<typeof openInput>[0],
  options?: Parameters<typeof openInput>[1],
): Promise<Input> {
  const r = await openInput(source, options);
  if (!r.ok) throw new Error(`unexpected: ${r.error.message}`);
  return r.value;
}

async function readAll(input: Input): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const chunk of input) parts.push(chunk);
  return Buffer.concat(parts);
}

describe('openInput: plain files and streams', () => {
  it('reads a file in chunks, with its size and name', async () => {
    const bytes = Buffer.concat(Array.from({ length: 50 }, () => PLAIN));
    const path = write('plain.pgn', bytes);
    const input = await open(path, { highWaterMark: 100 });
    expect(input.name).toBe(path);
    expect(input.size).toBe(bytes.length);
    const chunks: Buffer[] = [];
    for await (const chunk of input) chunks.push(chunk);
    expect(chunks.length).toBeGreaterThan(10);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    expect(input.bytesRead()).toBe(bytes.length);
    expect(input.compression()).toBe('none');
    expect(input.failure()).toBeUndefined();
  });

  it('reads an empty file as no bytes', async () => {
    const input = await open(write('empty.pgn', Buffer.alloc(0)));
    expect((await readAll(input)).length).toBe(0);
    expect(input.size).toBe(0);
    expect(input.failure()).toBeUndefined();
  });

  it("reads '-' from the stdin stream it is given", async () => {
    const input = await open('-', { stdin: Readable.from([PLAIN.subarray(0, 3), PLAIN.subarray(3)]) });
    expect(input.name).toBe('<stdin>');
    expect(input.size).toBeUndefined();
    expect((await readAll(input)).equals(PLAIN)).toBe(true);
  });

  it('reads a stream source, turning string chunks into UTF-8 bytes', async () => {
    const input = await open(Readable.from(['[Event "Zür', 'ich"]\n']), { name: 'pipe' });
    expect(input.name).toBe('pipe');
    expect((await readAll(input)).toString('utf8')).toBe('[Event "Zürich"]\n');
  });
});

describe('openInput: gzip and zstd', () => {
  it('gunzips a .gz file', async () => {
    const gz = gzipSync(PLAIN);
    const input = await open(write('games.pgn.gz', gz));
    expect((await readAll(input)).equals(PLAIN)).toBe(true);
    expect(input.compression()).toBe('gzip');
    expect(input.size).toBe(gz.length);
    expect(input.bytesRead()).toBe(gz.length); // stored bytes, for progress against `size`
  });

  it('gunzips every member of a multi-member .gz', async () => {
    const input = await open(write('two.pgn.gz', Buffer.concat([gzipSync(PLAIN), gzipSync(PLAIN)])));
    expect((await readAll(input)).equals(Buffer.concat([PLAIN, PLAIN]))).toBe(true);
  });

  it('detects gzip by its magic bytes, without the extension, also on stdin', async () => {
    const gz = gzipSync(PLAIN);
    expect((await readAll(await open(write('disguised.pgn', gz)))).equals(PLAIN)).toBe(true);
    const stdin = Readable.from([gz.subarray(0, 1), gz.subarray(1, 2), gz.subarray(2)]);
    const input = await open('-', { stdin });
    expect((await readAll(input)).equals(PLAIN)).toBe(true);
    expect(input.compression()).toBe('gzip');
  });

  it('decompresses a .zst fixture made by the zstd tool', async () => {
    const input = await open(`${COMPRESSED}two-games.pgn.zst`);
    expect((await readAll(input)).equals(PLAIN)).toBe(true);
    expect(input.compression()).toBe('zstd');
  });

  it('decompresses a multi-block .zst (304,000 bytes) read in small chunks', async () => {
    const input = await open(`${COMPRESSED}two-games-x2000.pgn.zst`, { highWaterMark: 16 });
    const out = await readAll(input);
    expect(out.length).toBe(PLAIN.length * 2000);
    expect(out.equals(Buffer.concat(Array.from({ length: 2000 }, () => PLAIN)))).toBe(true);
    expect(input.failure()).toBeUndefined();
  });

  it('detects zstd by its magic bytes and reads concatenated frames', async () => {
    const input = await open(Readable.from([Buffer.concat([ZST, ZST])]));
    expect((await readAll(input)).equals(Buffer.concat([PLAIN, PLAIN]))).toBe(true);
    expect(input.compression()).toBe('zstd');
  });
});

describe('openInput: failures become IO_UNREADABLE, never a throw', () => {
  it('reports a missing file', async () => {
    const path = temp.path('no-such-file.pgn');
    const r = await openInput(path);
    expect(r).toEqual({
      ok: false,
      error: { code: 'IO_UNREADABLE', severity: 'error', message: `cannot read '${path}': no such file` },
    });
  });

  it('reports a directory', async () => {
    const sub = temp.path('a-directory.pgn');
    mkdirSync(sub);
    const r = await openInput(sub);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toBe(`cannot read '${sub}': it is a directory`);
  });

  it.skipIf(process.getuid?.() === 0)('reports a file without read permission', async () => {
    const path = write('secret.pgn', PLAIN);
    chmodSync(path, 0o000);
    const r = await openInput(path);
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatchObject({ code: 'IO_UNREADABLE', message: `cannot read '${path}': permission denied` });
  });

  it('ends the iteration and keeps the diagnostic when a .gz is corrupt', async () => {
    const input = await open(write('corrupt.pgn.gz', Buffer.from('[Event "not gzip at all"]\n')));
    expect((await readAll(input)).length).toBe(0);
    expect(input.failure()).toMatchObject({ code: 'IO_UNREADABLE', severity: 'error' });
    expect(input.failure()?.message).toMatch(/^cannot read '.*corrupt\.pgn\.gz': not valid gzip data \(/);
  });

  it('keeps what was read before a truncated gzip stream died', async () => {
    const big = Buffer.concat(Array.from({ length: 400 }, (_, i) => Buffer.from(`{ comment ${i} ${i * i} }\n`)));
    const gz = gzipSync(big);
    const input = await open(write('truncated.pgn.gz', gz.subarray(0, Math.floor(gz.length / 2))));
    const out = await readAll(input);
    expect(big.subarray(0, out.length).equals(out)).toBe(true);
    expect(input.failure()?.message).toContain('not valid gzip data');
  });

  it('reports a truncated .zst', async () => {
    const input = await open(write('truncated.pgn.zst', ZST.subarray(0, ZST.length - 10)));
    await readAll(input);
    expect(input.failure()).toMatchObject({ code: 'IO_UNREADABLE' });
    expect(input.failure()?.message).toContain('not valid zstd data');
  });

  it('reports a stream that errors midway', async () => {
    const stream = new Readable({ read() {} });
    stream.push(PLAIN);
    setTimeout(() => stream.destroy(new Error('disk on fire')), 5);
    const input = await open(stream);
    expect((await readAll(input)).equals(PLAIN)).toBe(true);
    expect(input.failure()?.message).toBe("cannot read '<stream>': disk on fire");
  });
});

describe('openInput: abort', () => {
  it('rejects with the abort reason when aborted before reading', async () => {
    const controller = new AbortController();
    const input = await open(write('abort.pgn', PLAIN), { signal: controller.signal });
    controller.abort();
    await expect(readAll(input)).rejects.toMatchObject({ name: 'AbortError' });
    expect(input.failure()).toBeUndefined();
  });

  it('wakes a read that waits for data on a stream', async () => {
    const controller = new AbortController();
    const stream = new Readable({ read() {} }); // never ends on its own
    stream.push(PLAIN);
    const input = await open(stream, { signal: controller.signal });
    const seen: Buffer[] = [];
    const done = (async () => {
      for await (const chunk of input) {
        seen.push(chunk);
        controller.abort();
      }
    })();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(Buffer.concat(seen).equals(PLAIN)).toBe(true);
  });
});

describe('openInput: reuseChunks', () => {
  const BIG = Buffer.concat(Array.from({ length: 2000 }, () => PLAIN));

  /** Copies of the chunks, and how many distinct buffers they were read into. */
  async function readReused(input: Input): Promise<{ bytes: Buffer; buffers: number; chunks: number }> {
    const parts: Buffer[] = [];
    const buffers = new Set<ArrayBufferLike>();
    for await (const chunk of input) {
      parts.push(Buffer.from(chunk));
      buffers.add(chunk.buffer);
    }
    return { bytes: Buffer.concat(parts), buffers: buffers.size, chunks: parts.length };
  }

  it('reads a plain file into one buffer after its first chunk, every byte in order', async () => {
    const path = write('reused.pgn', BIG);
    const input = await open(path, { reuseChunks: true, highWaterMark: 4096 });
    const read = await readReused(input);
    expect(read.bytes.equals(BIG)).toBe(true);
    expect(read.chunks).toBeGreaterThan(50);
    expect(read.buffers).toBeLessThanOrEqual(2); // the sniffed head, then the one buffer
    expect(input.bytesRead()).toBe(BIG.length);
    expect(input.compression()).toBe('none');
  });

  it('hands out zstd output in place and gzip output as zlib made it, every byte in order', async () => {
    const zst = await readReused(await open(`${COMPRESSED}two-games-x2000.pgn.zst`, { reuseChunks: true }));
    expect(zst.bytes.equals(BIG)).toBe(true);
    // In place: the WebAssembly decoder's memory (Node's own zstd, from 22.15, makes new buffers).
    if (!('createZstdDecompress' in zlib)) expect(zst.buffers).toBeLessThan(zst.chunks);
    const gz = await readReused(await open(write('reused.pgn.gz', gzipSync(BIG)), { reuseChunks: true }));
    expect(gz.bytes.equals(BIG)).toBe(true);
  });

  it('without it, every chunk of a plain file is a buffer of its own', async () => {
    const read = await readReused(await open(write('fresh.pgn', BIG), { highWaterMark: 4096 }));
    expect(read.bytes.equals(BIG)).toBe(true);
    expect(read.buffers).toBe(read.chunks);
  });
});
