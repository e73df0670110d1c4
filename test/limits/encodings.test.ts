/**
 * Encodings under stress, through the streaming reader in small chunks: a file whose lines switch
 * between UTF-8 and Windows-1252 all along, UTF-16 (LE and BE, with a BOM) read one byte at a time
 * with characters outside the BMP, and NUL bytes — a UTF-16 file without its BOM, a NUL block between
 * games, NULs inside a move, a file of nothing but NULs. Names come out intact, the problems are
 * reported (IO_DECODE, IO_BINARY), and no NUL-laden text ever turns into a FEN.
 * test/node/read-games.test.ts has the one-chunk, two-game basics; this extends them to real games.
 */
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { fensOf, misplaced, readBytes, realGames } from '../support/robustness.js';

const GAMES = realGames();
const UTF8_TEXT = GAMES.join('');
const BASELINE = [...parsePgn(UTF8_TEXT)].map((g) => fensOf(g));

const tag = (game: Game | undefined, name: string): string | undefined =>
  game?.tags.find((t) => t.name === name)?.value;
const everyByte = (length: number): number[] => Array.from({ length }, (_, i) => i);

describe('UTF-8 and Windows-1252 lines mixed all through a file', () => {
  // Names with letters both encodings have, on tag lines and in comments, every other line switching.
  const names = ['Müller, Jörg', 'Nüß, Åsa', 'Ærø, Çelik', 'Dvořák'];
  const text = GAMES.map((game, i) =>
    game
      .replace('\n', `\n[WhiteTeam "${names[i % 4]}"]\n[BlackTeam "${names[(i + 1) % 4]}"]\n`)
      .replace(/\n\n/, `\n\n{Zürich — 1€ · «notes»}\n`),
  ).join('');
  const lines = text.split('\n');
  // Windows-1252 cannot write Dvořák's ř: those lines stay UTF-8.
  const bytes = Buffer.concat(
    lines.map((line, i) => {
      const last = i === lines.length - 1;
      const body = i % 2 === 1 && !line.includes('ř') ? iconv.encode(line, 'win1252') : Buffer.from(line, 'utf8');
      return last ? body : Buffer.concat([body, Buffer.from('\n')]);
    }),
  );

  it.each([
    ['in one piece', [] as number[]],
    ['one byte at a time', everyByte(bytes.length)],
    ['in 7-byte pieces', everyByte(Math.floor(bytes.length / 7)).map((i) => i * 7)],
  ])('%s: every name intact, the FENs unchanged, IO_DECODE once at the first switch', async (_, cuts) => {
    const { games, diagnostics, encoding } = await readBytes(bytes, cuts);
    expect(games.map((g) => g.text).join('')).toBe(text);
    expect(games.map((g) => [tag(g, 'WhiteTeam'), tag(g, 'BlackTeam')])).toEqual(
      GAMES.map((_g, i) => [names[i % 4], names[(i + 1) % 4]]),
    );
    expect(games.map((g) => g.comments[0]?.text)).toEqual(GAMES.map(() => 'Zürich — 1€ · «notes»'));
    expect(games.map((g) => fensOf(g))).toEqual(BASELINE);
    expect(encoding).toBe('utf-8+windows-1252');
    const decode = diagnostics.filter((d) => d.code === 'IO_DECODE');
    expect(decode).toHaveLength(1);
    // At the first line with non-ASCII text in the other encoding than the first such line.
    const nonAscii = lines.flatMap((line, i) =>
      /[\u0080-\uffff]/.test(line) ? [{ i, legacy: i % 2 === 1 && !line.includes('ř') }] : [],
    );
    const firstSwitch = nonAscii.find((x) => x.legacy !== nonAscii[0]?.legacy);
    expect(decode[0]?.line).toBe((firstSwitch?.i ?? -1) + 1);
    expect(misplaced(diagnostics, text)).toEqual([]);
  });
});

describe('UTF-16 with a byte order mark, read one byte at a time', () => {
  // A character outside the BMP (a surrogate pair in UTF-16) in a comment: chunks split it too.
  const text = UTF8_TEXT.replace('{ Excellent! }', '{ Excellent! 😀 ♞ }');
  const baseline = [...parsePgn(text)];

  it.each([
    ['utf-16le', [0xff, 0xfe]],
    ['utf-16be', [0xfe, 0xff]],
  ] as const)(
    '%s: the same games, offsets, comments and FENs as UTF-8',
    async (encoding, bom) => {
      const body = iconv.encode(text, encoding === 'utf-16le' ? 'utf16le' : 'utf16be');
      const bytes = Buffer.concat([Buffer.from(bom), body]);
      const { games, diagnostics, encoding: used } = await readBytes(bytes, everyByte(bytes.length));
      expect(used).toBe(encoding);
      expect(diagnostics.map((d) => d.code)).toEqual(['IO_ENCODING']);
      expect(games.map((g) => [g.offset, g.line, g.text])).toEqual(baseline.map((g) => [g.offset, g.line, g.text]));
      expect(games[1]?.moves[0]?.commentsAfter[0]?.text).toBe(' Excellent! 😀 ♞ ');
      expect(games.map((g) => fensOf(g))).toEqual(BASELINE);
    },
    30_000,
  );
});

describe('NUL bytes', () => {
  it.each(['utf16le', 'utf16be'] as const)(
    '%s without its BOM: detected like with one (NULs in every other byte), every game read',
    async (encoding) => {
      const le = Buffer.from(UTF8_TEXT, 'utf16le');
      const { games, diagnostics } = await readBytes(
        encoding === 'utf16le' ? le : Buffer.from(le).swap16(),
        [100, 4097],
      );
      expect(diagnostics.map((d) => d.code)).not.toContain('IO_BINARY');
      expect(games.map((g) => fensOf(g))).toEqual(BASELINE);
    },
  );

  it('a block of NULs between games: IO_BINARY at its line, all four games intact, no extra game', async () => {
    const [a = '', b = '', c = '', d = ''] = GAMES;
    const nuls = Buffer.concat([
      Buffer.from(a + b, 'utf8'),
      Buffer.alloc(1000),
      Buffer.from(`\n${'\0'.repeat(50)}\n\n`),
      Buffer.from(c + d, 'utf8'),
    ]);
    const { games, diagnostics } = await readBytes(nuls, [777, 3000]);
    const binary = diagnostics.filter((x) => x.code === 'IO_BINARY');
    expect(binary.map((x) => [x.line, x.column])).toEqual([[(a + b).split('\n').length, 1]]);
    expect(games.map((g) => fensOf(g))).toEqual(BASELINE);
  });

  it('a NUL inside a move ends that line of play there: the plies before it, nothing invented after', async () => {
    const [a = '', b = ''] = GAMES;
    const broken = a.replace('4.Nxe4', '4.Nx\0e4');
    const { games } = await readBytes(Buffer.from(broken + b, 'utf8'));
    const fens = fensOf(games[0] as Game);
    expect(fens).toEqual((BASELINE[0] ?? []).slice(0, 7)); // start + 6 plies, then "Nx\0e4" is no move
    expect(fensOf(games[1] as Game)).toEqual(BASELINE[1]);
  });

  it('a NUL inside a tag value is kept in the value; the game replays', async () => {
    const [a = ''] = GAMES;
    const { games, diagnostics } = await readBytes(Buffer.from(a.replace('Garry Kasparov', 'Garry\0Kasparov'), 'utf8'));
    expect(tag(games[0], 'Black')).toBe('Garry\0Kasparov');
    expect(fensOf(games[0] as Game)).toEqual(BASELINE[0]);
    expect(diagnostics.map((d) => d.code)).toEqual(['IO_ENCODING']); // one stray NUL is not "binary"
  });

  it('a file of nothing but NULs (64 KiB, no line end): IO_BINARY, no FEN', async () => {
    const { games, diagnostics } = await readBytes(Buffer.alloc(65536), [1000, 40000]);
    expect(diagnostics.map((d) => d.code)).toContain('IO_BINARY');
    // The NULs are one "game" with no move (its ply 0 is the standard start): no ply at all.
    expect(games.flatMap((g) => fensOf(g).filter((line) => !line.startsWith('0 ')))).toEqual([]);
    expect(games.flatMap((g) => g.moves)).toEqual([]);
  });

  it('real games followed by a binary tail (a corrupt download): the games before it intact', async () => {
    // A fixed pseudo-random tail (xorshift), so a failure is reproducible.
    let seed = 0x2545f491;
    const tail = Buffer.alloc(20_000).map(() => {
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      return seed & 0xff;
    });
    const { games, diagnostics } = await readBytes(Buffer.concat([Buffer.from(UTF8_TEXT, 'utf8'), tail]), [5000]);
    expect(games.slice(0, 3).map((g) => fensOf(g))).toEqual(BASELINE.slice(0, 3));
    // The last game is followed by the junk (text after its result): its moves are intact too.
    expect(fensOf(games[3] as Game)).toEqual(BASELINE[3]);
    expect(diagnostics.map((d) => d.code)).toContain('IO_BINARY');
  });
});
