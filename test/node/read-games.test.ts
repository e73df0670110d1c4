import { mkdirSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/pgn/ast.js';
import { parseGame, parsePgn } from '../../src/index.js';
import {
  readGames,
  readNdjsonChunks,
  readPgn,
  readPgnChunks,
  type PgnChunkReader,
  type PgnReader,
} from '../../src/node/index.js';
import { tempFiles } from '../support/temp-files.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const PLAIN_BYTES = readFileSync(`${FIXTURES}compressed/two-games.pgn`);
const PLAIN = PLAIN_BYTES.toString('utf8');
const SECOND_GAME_OFFSET = PLAIN.indexOf('[Event "b"]');

const temp = tempFiles('read');
const write = temp.write;

async function collect(reader: PgnReader): Promise<Game[]> {
  const games: Game[] = [];
  for await (const game of reader.games) games.push(game);
  return games;
}

const tag = (game: Game | undefined, name: string): string | undefined =>
  game?.tags.find((t) => t.name === name)?.value;
const codes = (reader: PgnReader): string[] => reader.diagnostics().map((d) => d.code);

describe('readPgn: games and encodings', () => {
  it('reads the games of a UTF-8 file with offsets into the decoded text', async () => {
    const reader = readPgn(write('two.pgn', PLAIN_BYTES));
    const games = await collect(reader);
    expect(games.map((g) => g.index)).toEqual([0, 1]);
    expect(tag(games[0], 'White')).toBe('Nüß, Jörg');
    expect(tag(games[0], 'Event')).toBe('Zürich');
    expect(tag(games[1], 'Event')).toBe('b');
    expect(games[1]).toMatchObject({ offset: SECOND_GAME_OFFSET, line: 8, column: 1 }); // 7 lines before it
    expect(games.map((g) => g.text).join('')).toBe(PLAIN);
    expect(reader.encoding()).toBe('utf-8');
    expect(codes(reader)).toEqual(['IO_ENCODING']);
    expect(reader.bytesRead()).toBe(PLAIN_BYTES.length);
  });

  it('reads a Windows-1252 file with the accented names intact', async () => {
    const path = write('latin1.pgn', iconv.encode(PLAIN, 'win1252'));
    const reader = readPgn(path);
    const games = await collect(reader);
    expect(tag(games[0], 'White')).toBe('Nüß, Jörg');
    expect(tag(games[0], 'Black')).toBe('Ærø');
    expect(games[1]?.offset).toBe(SECOND_GAME_OFFSET);
    expect(reader.encoding()).toBe('windows-1252');
  });

  it('reads the Latin-1 fixture Little_06 with its 0xC2 as Â', async () => {
    const reader = readPgn(`${FIXTURES}latin1/pgn-read__Little_06.pgn`);
    const games = await collect(reader);
    expect(games.length).toBeGreaterThanOrEqual(1);
    expect(tag(games[0], 'Black')).toBe('Player, Riccardo (ITA)');
    expect(tag(games[0], 'Result')).toBe('1/2 - \u00c2');
    expect(reader.encoding()).toBe('windows-1252');
  });

  it('reads UTF-16 LE with a BOM to the same games and offsets', async () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(PLAIN, 'utf16le')]);
    const reader = readPgn(write('utf16.pgn', bytes));
    const games = await collect(reader);
    expect(games.map((g) => g.text)).toEqual([PLAIN.slice(0, SECOND_GAME_OFFSET), PLAIN.slice(SECOND_GAME_OFFSET)]);
    expect(reader.encoding()).toBe('utf-16le');
  });

  it('forces an encoding with the encoding option', async () => {
    const reader = readPgn(write('forced.pgn', PLAIN_BYTES), { encoding: 'latin1' });
    const games = await collect(reader);
    expect(tag(games[0], 'White')).toBe(Buffer.from('Nüß, Jörg', 'utf8').toString('latin1'));
    expect(reader.encoding()).toBe('latin1');
  });

  it('reports a mixed-encoding file with IO_DECODE inside the game where it switches', async () => {
    const second = '[Event "b"]\n[White "Müller"]\n\n1. d4 *\n';
    const first = PLAIN.slice(0, SECOND_GAME_OFFSET);
    const path = write('mixed.pgn', Buffer.concat([Buffer.from(first, 'utf8'), iconv.encode(second, 'win1252')]));
    const reader = readPgn(path);
    const games = await collect(reader);
    expect(tag(games[1], 'White')).toBe('Müller');
    const warning = reader.diagnostics().find((d) => d.code === 'IO_DECODE');
    // `[White "Müller"]` is the second line of the second game, which starts on line 8.
    expect(warning).toMatchObject({ line: 9, column: 1, offset: SECOND_GAME_OFFSET + '[Event "b"]\n'.length });
    const game = games[1];
    expect(game && warning?.offset !== undefined && warning.offset < game.offset + game.text.length).toBe(true);
    expect(reader.encoding()).toBe('utf-8+windows-1252');
  });

  it.each(['utf16le', 'utf16be'] as const)(
    'reads %s without a BOM as UTF-16 (a NUL in every other byte of the first line)',
    async (encoding) => {
      const bytes = encoding === 'utf16le' ? Buffer.from(PLAIN, 'utf16le') : Buffer.from(PLAIN, 'utf16le').swap16();
      const reader = readPgn(write(`${encoding}-no-bom.pgn`, bytes));
      const games = await collect(reader);
      expect(codes(reader)).not.toContain('IO_BINARY');
      expect(reader.encoding()).toBe(encoding === 'utf16le' ? 'utf-16le' : 'utf-16be');
      expect(games.map((g) => g.tags.find((t) => t.name === 'Event')?.value)).toEqual(
        [...parsePgn(PLAIN)].map((g) => g.tags.find((t) => t.name === 'Event')?.value),
      );
      expect(reader.diagnostics().find((d) => d.code === 'IO_ENCODING')?.message).toMatch(
        /no byte order mark, but every other byte of the first line is NUL/,
      );
    },
  );

  it('still reports NUL-laden input that is not UTF-16 with IO_BINARY', async () => {
    const reader = readPgn(write('nul.pgn', Buffer.concat([Buffer.alloc(200), Buffer.from(PLAIN)])));
    await collect(reader);
    expect(codes(reader)).toContain('IO_BINARY');
  });
});

describe('readPgn: compressed input and streams', () => {
  it('reads a .zst fixture and a .gz file to the same games as the plain file', async () => {
    const plain = (await collect(readPgn(write('p.pgn', PLAIN_BYTES)))).map((g) => g.text);
    const zst = await collect(readPgn(`${FIXTURES}compressed/two-games.pgn.zst`));
    const gz = await collect(readPgn(write('g.pgn.gz', gzipSync(PLAIN_BYTES))));
    expect(zst.map((g) => g.text)).toEqual(plain);
    expect(gz.map((g) => g.text)).toEqual(plain);
  });

  it('streams 4,000 games out of a 173-byte .zst', async () => {
    let count = 0;
    let lastIndex = -1;
    for await (const game of readGames(`${FIXTURES}compressed/two-games-x2000.pgn.zst`)) {
      expect(game.index).toBe(lastIndex + 1);
      lastIndex = game.index;
      count++;
    }
    expect(count).toBe(4000);
  });

  it('reads lazily: breaking out of the loop stops reading the file', async () => {
    const big = Buffer.concat(Array.from({ length: 4000 }, () => PLAIN_BYTES)); // 608,000 bytes
    const reader = readPgn(write('big.pgn', big));
    expect(reader.bytesRead()).toBe(0);
    for await (const game of reader.games) {
      expect(game.index).toBe(0);
      break;
    }
    expect(reader.bytesRead()).toBeGreaterThan(0);
    expect(reader.bytesRead()).toBeLessThan(big.length / 4);
  });

  it("reads '-' from the given stdin stream, in small chunks", async () => {
    const chunks = Array.from({ length: Math.ceil(PLAIN_BYTES.length / 7) }, (_, i) =>
      PLAIN_BYTES.subarray(i * 7, i * 7 + 7),
    );
    const reader = readPgn('-', { stdin: Readable.from(chunks) });
    const games = await collect(reader);
    expect(games.map((g) => g.text)).toEqual([PLAIN.slice(0, SECOND_GAME_OFFSET), PLAIN.slice(SECOND_GAME_OFFSET)]);
  });
});

describe('readPgn: failures are diagnostics', () => {
  it('gives no games and IO_UNREADABLE for a missing file', async () => {
    const reader = readPgn(temp.path('missing.pgn'));
    expect(await collect(reader)).toEqual([]);
    expect(codes(reader)).toEqual(['IO_UNREADABLE']);
    expect(reader.encoding()).toBeUndefined();
  });

  it('gives no games and IO_UNREADABLE for a directory', async () => {
    const sub = temp.path('dir.pgn');
    mkdirSync(sub);
    const reader = readPgn(sub);
    expect(await collect(reader)).toEqual([]);
    expect(reader.diagnostics()).toEqual([expect.objectContaining({ code: 'IO_UNREADABLE', severity: 'error' })]);
  });

  it('gives no games and USAGE for an unknown encoding', async () => {
    const reader = readPgn(write('u.pgn', PLAIN_BYTES), { encoding: 'no-such-encoding' });
    expect(await collect(reader)).toEqual([]);
    expect(codes(reader)).toEqual(['USAGE']);
  });

  it('keeps the games before a gzip stream broke, then reports IO_UNREADABLE', async () => {
    const many = Buffer.concat(
      Array.from({ length: 300 }, (_, i) => Buffer.from(`[Event "${i}"]\n\n1. e4 ${i % 7} *\n\n`)),
    );
    const gz = gzipSync(many);
    const reader = readPgn(write('broken.pgn.gz', gz.subarray(0, Math.floor(gz.length * 0.6))));
    const games = await collect(reader);
    expect(games.length).toBeGreaterThan(0);
    expect(games.length).toBeLessThan(300);
    // Every game but the last is whole; the last is what was left when the stream broke.
    const whole = games.slice(0, -1);
    expect(whole.map((g) => tag(g, 'Event'))).toEqual(whole.map((_, i) => String(i)));
    expect(many.toString('utf8').startsWith(games.map((g) => g.text).join(''))).toBe(true);
    expect(codes(reader)).toContain('IO_UNREADABLE');
  });

  it('rejects with the abort reason when aborted between games', async () => {
    const controller = new AbortController();
    const reader = readPgn(`${FIXTURES}compressed/two-games-x2000.pgn.zst`, { signal: controller.signal });
    let seen = 0;
    const run = (async () => {
      for await (const _ of reader.games) {
        if (++seen === 3) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ name: 'AbortError' });
    expect(seen).toBe(3);
  });
});

describe('readPgnChunks: the games unparsed', () => {
  it('gives the chunks whose parseGame equals the games of readPgn, with the same file diagnostics', async () => {
    const second = '[Event "b"]\n[White "Müller"]\n\n1. d4 *\n';
    const path = write(
      'mixed-chunks.pgn',
      Buffer.concat([Buffer.from(PLAIN, 'utf8'), iconv.encode(second, 'win1252')]),
    );
    const reader = readPgn(path);
    const games = await collect(reader);
    const chunkReader = readPgnChunks(path);
    const parsed: Game[] = [];
    for await (const chunk of chunkReader.chunks) parsed.push(parseGame(chunk));
    expect(parsed).toEqual(games);
    expect(chunkReader.diagnostics()).toEqual(reader.diagnostics());
    expect(chunkReader.encoding()).toBe(reader.encoding());
  });

  // Many games over several 64 KiB reads, so that batches are cut at read boundaries.
  const many = Array.from(
    { length: 3000 },
    (_, i) => `[Event "g${i}"]\n[Round "${i}"]\n\n1. e4 {a comment} e5 1-0\n\n`,
  ).join('');

  async function chunksOf(reader: PgnChunkReader): Promise<string[]> {
    const texts: string[] = [];
    for await (const chunk of reader.chunks) texts.push(`${chunk.index}@${chunk.offset}:${chunk.text}`);
    return texts;
  }

  async function batchesOf(reader: PgnChunkReader): Promise<string[][]> {
    const batches: string[][] = [];
    for await (const batch of reader.batches) batches.push(batch.map((c) => `${c.index}@${c.offset}:${c.text}`));
    return batches;
  }

  it('gives the same chunks in batches of one read each, none empty', async () => {
    const path = write('many.pgn', many);
    const chunks = await chunksOf(readPgnChunks(path));
    expect(chunks).toHaveLength(3000);
    const batches = await batchesOf(readPgnChunks(path));
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.every((b) => b.length > 0)).toBe(true);
    expect(batches.flat()).toEqual(chunks);
    // A byte range: its batches hold exactly its games.
    const size = Buffer.byteLength(many);
    const first = await batchesOf(readPgnChunks(path, { range: { start: 0, end: size / 2 } }));
    const second = await batchesOf(readPgnChunks(path, { range: { start: size / 2, end: size } }));
    expect([...first, ...second].every((b) => b.length > 0)).toBe(true);
    expect([...first.flat(), ...second.flat()]).toEqual(chunks);
  });

  it('gives ndjson rows in batches too', async () => {
    const rows = Array.from({ length: 2000 }, (_, i) => JSON.stringify({ Event: `g${i}`, movetext: '1. e4 e5 1-0' }));
    const path = write('many.ndjson', `${rows.join('\n')}\n`);
    const chunks = await chunksOf(readNdjsonChunks(path));
    expect(chunks).toHaveLength(2000);
    const batches = await batchesOf(readNdjsonChunks(path));
    expect(batches.every((b) => b.length > 0)).toBe(true);
    expect(batches.flat()).toEqual(chunks);
  });
});
