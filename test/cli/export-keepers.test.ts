/**
 * `forsyth export` for database keepers: each filter and option on small fixtures whose answers
 * are known (test/fixtures/keepers/dupes.pgn: a game, its copy with other tags/comments/SAN, a
 * truncated copy, another game, a broken game, a mate, a stalemate, a game without moves), and
 * "nothing lost": every input game is in exactly one output (written, duplicates, rest), by count
 * and by game hash.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gameHash, parsePgn } from '../../src/index.js';
import { ROOT, removeTempDirs, run, tempDir } from './helpers.js';

const KEEPERS = join(ROOT, 'test/fixtures/keepers');
const DUPES = join(KEEPERS, 'dupes.pgn');
const KASPAROV = join(ROOT, 'test/fixtures/cli/kasparov-deep-blue-1997.pgn');

afterAll(removeTempDirs);

function events(pgn: string): string[] {
  return [...pgn.matchAll(/^\[Event "([^"]*)"\]/gm)].map((m) => m[1] as string);
}

function hashes(pgn: string): string[] {
  return [...parsePgn(pgn)].map((g) => gameHash(g)).sort();
}

function read(path: string): string {
  return existsSync(path) ? readFileSync(path, 'utf8') : '';
}

async function exported(
  args: readonly string[],
): Promise<{ events: string[]; stdout: string; stderr: string; code: number | null }> {
  const r = await run(['export', ...args]);
  return { events: events(r.stdout), ...r };
}

describe('export: selecting games', { timeout: 60_000 }, () => {
  it('--player matches White or Black, any case, anywhere in the name', async () => {
    const r = await exported(['--player', 'CARLSEN', DUPES]);
    expect(r.events).toEqual(['A', 'A copy, other tags and comments', 'A truncated copy', 'Broken', 'Empty']);
    expect(r.stderr).toContain('export: 5 written, 3 not selected (dropped)');
  });

  it('--match FEN: games whose main line reaches the position, by any move order', async () => {
    // The Nimzo-Indian position after 3...Bb4.
    const r = await exported(['--match', 'rnbqk2r/pppp1ppp/4pn2/8/1bPP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4', DUPES]);
    expect(r.events).toEqual(['B']);
    const transposed = await run(
      ['export', '--match', 'rnbqk2r/pppp1ppp/4pn2/8/1bPP4/2N5/PP2PPPP/R1BQKBNR w KQkq - 2 4', '-'],
      {
        input: '[Event "English"]\n\n1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *\n',
      },
    );
    expect(events(transposed.stdout)).toEqual(['English']);
  });

  it('--match with a placement pattern (? for any square)', async () => {
    // Any game with a white pawn on e4 and a black one on e5 at some point.
    const r = await exported([
      '--match',
      '????????/????????/????????/????p???/????P???/????????/????????/????????',
      DUPES,
    ]);
    expect(r.events).toEqual(['A', 'A copy, other tags and comments', 'A truncated copy', 'Broken']);
  });

  it('--match with a Polyglot key (16 hex digits, 0x allowed)', async () => {
    // 0844931a6ef4b9a0: the position after 1. e4 e5 (polyglotHex of it; 463b96181691fc9c, the start, is the format's published value).
    const expected = ['A', 'A copy, other tags and comments', 'A truncated copy', 'Broken'];
    expect((await exported(['--match', '0844931a6ef4b9a0', DUPES])).events).toEqual(expected);
    expect((await exported(['--match', '0x0844931A6EF4B9A0', DUPES])).events).toEqual(expected);
    // The start position's key: every game from the standard start.
    expect((await exported(['--match', '463b96181691fc9c', DUPES])).events).toHaveLength(7);
  });

  it('an unusable --match is a usage error', async () => {
    const r = await run(['export', '--match', 'nonsense', DUPES]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--match');
  });

  it('--plies selects by the number of main-line moves', async () => {
    expect((await exported(['--plies', '1-4', DUPES])).events).toEqual(['Broken', 'Mate', 'Stalemate']);
    expect((await exported(['--plies', '8-', DUPES])).events).toEqual(['A', 'A copy, other tags and comments', 'B']);
    expect((await exported(['--plies', '0', DUPES])).events).toEqual(['Empty']);
  });

  it('--checkmate, --stalemate, or both', async () => {
    expect((await exported(['--checkmate', DUPES])).events).toEqual(['Mate']);
    expect((await exported(['--stalemate', DUPES])).events).toEqual(['Stalemate']);
    expect((await exported(['--checkmate', '--stalemate', DUPES])).events).toEqual(['Mate', 'Stalemate']);
  });

  it('--broken and --clean split the games by errors, and cannot be combined', async () => {
    const broken = await exported(['--broken', DUPES]);
    expect(broken.events).toEqual(['Broken']);
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain('REPLAY_ILLEGAL_MOVE');
    expect((await exported(['--clean', DUPES])).events).toHaveLength(7);
    expect((await run(['export', '--broken', '--clean', DUPES])).code).toBe(2);
  });

  it('--fix with --broken reports each problem once', async () => {
    const r = await run(['export', '--fix', '--broken', DUPES]);
    expect(events(r.stdout)).toEqual(['Broken']);
    expect(r.stderr.match(/REPLAY_ILLEGAL_MOVE/g)).toHaveLength(1);
  });

  it('--first N stops after N written games', async () => {
    const r = await exported(['--first', '2', '--player', 'carlsen', DUPES]);
    expect(r.events).toEqual(['A', 'A copy, other tags and comments']);
  });

  it('--where with eco and opening: the tag where written, else the position reached', async () => {
    // "A" has an ECO tag; its copy and the truncated copy are classified (C42), "Broken" reaches C20.
    const r = await exported(['--where', 'eco >= "C00" && eco <= "C99"', DUPES]);
    expect(r.events).toEqual(['A', 'A copy, other tags and comments', 'A truncated copy', 'Broken']);
    expect((await exported(['--where', 'opening ~ "nimzo"', DUPES])).events).toEqual(['B']);
  });

  it('--where with --rest: the games it leaves out go to the rest', async () => {
    const rest = join(tempDir(), 'rest.pgn');
    const r = await run(['export', '--where', 'opening ~ "nimzo"', '--rest', rest, DUPES]);
    expect(events(r.stdout)).toEqual(['B']);
    expect(events(read(rest))).toHaveLength(7);
    expect([...hashes(r.stdout), ...hashes(read(rest))].sort()).toEqual(hashes(read(DUPES)));
  });

  it('filters combine: every one must pass', async () => {
    expect((await exported(['--player', 'carlsen', '--plies', '5-', DUPES])).events).toEqual([
      'A',
      'A copy, other tags and comments',
      'A truncated copy',
    ]);
  });
});

describe('export: nothing lost', { timeout: 60_000 }, () => {
  it('--rest gets exactly the games not selected, so written + rest = input', async () => {
    const dir = tempDir();
    const rest = join(dir, 'rest.pgn');
    const r = await run(['export', '--player', 'carlsen', '--rest', rest, DUPES]);
    expect(events(read(rest))).toEqual(['B', 'Mate', 'Stalemate']);
    expect([...hashes(r.stdout), ...hashes(read(rest))].sort()).toEqual(hashes(read(DUPES)));
    expect(r.stderr).toContain('5 written, 3 not selected (to ');
  });

  it('--first with --rest sends the games after the first N to the rest', async () => {
    const dir = tempDir();
    const rest = join(dir, 'rest.pgn');
    const r = await run(['export', '--first', '3', '--rest', rest, KASPAROV]);
    expect(events(r.stdout)).toHaveLength(3);
    expect(events(read(rest))).toHaveLength(3);
    expect([...hashes(r.stdout), ...hashes(read(rest))].sort()).toEqual(hashes(read(KASPAROV)));
  });

  it('--dedupe across files keeps the first copy; --duplicates gets the others', async () => {
    const dir = tempDir();
    const dups = join(dir, 'dups.pgn');
    const r = await run(['export', '--duplicates', dups, DUPES, DUPES]);
    // The copy with other tags, a comment, a variation and Ngf3 is the same game as "A".
    expect(events(r.stdout)).toEqual(['A', 'A truncated copy', 'B', 'Broken', 'Mate', 'Stalemate', 'Empty']);
    expect(events(read(dups))).toHaveLength(9);
    expect([...hashes(r.stdout), ...hashes(read(dups))].sort()).toEqual(
      [...hashes(read(DUPES)), ...hashes(read(DUPES))].sort(),
    );
    expect(r.stderr).toContain('export: 7 written, 9 duplicates (to ');
  });

  it('--drop-truncated also drops a game that is the beginning of another, before or after it', async () => {
    const dir = tempDir();
    const dups = join(dir, 'dups.pgn');
    const rest = join(dir, 'rest.pgn');
    const input = join(dir, 'truncated-first.pgn');
    // The truncated copy first, the full game after it, then the whole fixture again.
    const text = read(DUPES);
    const parts = text.split(/\n(?=\[Event )/);
    const reordered = [parts[2], parts[0], ...parts.slice(3)].join('\n');
    writeFileSync(input, reordered);
    const r = await run([
      'export',
      '--drop-truncated',
      '--duplicates',
      dups,
      '--rest',
      rest,
      '--player',
      'carlsen',
      input,
      DUPES,
    ]);
    expect(events(r.stdout)).toEqual(['A', 'Broken', 'Empty']);
    expect(r.stderr).toContain('2 truncated copies');
    const all = [...hashes(reordered), ...hashes(text)].sort();
    expect([...hashes(r.stdout), ...hashes(read(dups)), ...hashes(read(rest))].sort()).toEqual(all);
  });

  it('--drop-truncated needs files, not standard input', async () => {
    const r = await run(['export', '--drop-truncated', '-'], { input: read(DUPES) });
    expect(r.code).toBe(2);
  });

  it('--split N writes N games per file, named after -o, losing none', async () => {
    const dir = tempDir();
    const out = join(dir, 'part.pgn');
    const r = await run(['export', '--split', '4', KASPAROV, DUPES, '-o', out]);
    expect(r.code).toBe(0);
    const parts = ['part-1.pgn', 'part-2.pgn', 'part-3.pgn', 'part-4.pgn'];
    expect(readdirSync(dir).sort()).toEqual(parts);
    expect(parts.map((f) => events(read(join(dir, f))).length)).toEqual([4, 4, 4, 2]);
    const joined = parts.map((f) => read(join(dir, f))).join('\n');
    expect(hashes(joined)).toEqual([...hashes(read(KASPAROV)), ...hashes(read(DUPES))].sort());
    expect(r.stderr).toContain('14 written to 4 files');
  });

  it('--split-by TAG writes one file per value (none for a missing tag)', async () => {
    const dir = tempDir();
    const out = join(dir, 'eco.pgn');
    const r = await run(['export', '--add-eco', '--split-by', 'ECO', DUPES, '-o', out]);
    expect(r.code).toBe(0);
    expect(readdirSync(dir).sort()).toEqual([
      'eco-A00.pgn',
      'eco-C20.pgn',
      'eco-C42.pgn',
      'eco-E46.pgn',
      'eco-none.pgn',
    ]);
    expect(events(read(join(dir, 'eco-none.pgn')))).toEqual(['Stalemate', 'Empty']);
    expect(events(read(join(dir, 'eco-C42.pgn')))).toEqual([
      'A',
      'A copy, other tags and comments',
      'A truncated copy',
    ]);
    const all = readdirSync(dir)
      .map((f) => read(join(dir, f)))
      .join('\n');
    expect(hashes(all)).toEqual(hashes(read(DUPES)));
  });

  it('--rest, --duplicates and split files that would overwrite an input are refused; nothing is replaced', async () => {
    const dir = tempDir();
    const input = join(dir, 'in.pgn');
    writeFileSync(input, read(DUPES));
    const r = await run(['export', '--player', 'carlsen', '--rest', input, input]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to write');
    expect(read(input)).toBe(read(DUPES));
    // in-1.pgn is both an input and the first split file.
    const first = join(dir, 'in-1.pgn');
    writeFileSync(first, read(DUPES));
    const split = await run(['export', '--split', '2', first, '-o', input]);
    expect(split.code).toBe(2);
    expect(read(first)).toBe(read(DUPES));
    expect(readdirSync(dir).sort()).toEqual(['in-1.pgn', 'in.pgn']);
  });

  it('an unreadable input leaves --rest and --duplicates files as they were', async () => {
    const dir = tempDir();
    const rest = join(dir, 'rest.pgn');
    writeFileSync(rest, 'old\n');
    const r = await run(['export', '--player', 'carlsen', '--rest', rest, DUPES, join(dir, 'missing.pgn')]);
    expect(r.code).toBe(2);
    expect(read(rest)).toBe('old\n');
    expect(readdirSync(dir)).toEqual(['rest.pgn']);
  });

  it('--split needs -o to name its files', async () => {
    expect((await run(['export', '--split', '2', DUPES])).code).toBe(2);
  });
});

describe('export: tags and movetext', { timeout: 60_000 }, () => {
  it('--add-eco adds ECO and Opening from the position, keeping tags already there', async () => {
    const r = await run(['export', '--add-eco', '-'], {
      input:
        '[Event "x"]\n[ECO "A00"]\n\n1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *\n\n[Event "y"]\n[ECO "?"]\n\n1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *\n',
    });
    const [first, second] = r.stdout.split('\n\n[Event');
    expect(first).toContain('[ECO "A00"]');
    expect(first).toContain('[Opening "Nimzo-Indian Defense"]');
    expect(second).toContain('[ECO "E20"]');
    expect(second).not.toContain('A00');
  });

  it('--overwrite-eco replaces ECO and Opening tags', async () => {
    const r = await run(['export', '--add-eco', '--overwrite-eco', '-'], {
      input: '[ECO "A00"]\n[Opening "Wrong"]\n\n1. e4 e5 2. Nf3 Nf6 *\n',
    });
    expect(r.stdout).toContain('[ECO "C42"]');
    expect(r.stdout).toContain('[Opening "Petrov\'s Defense"]');
    expect(r.stdout).not.toContain('Wrong');
    expect((await run(['export', '--overwrite-eco', '-'], { input: '*' })).code).toBe(2);
  });

  it('--add-plycount and --add-hashcode (the hash --dedupe uses)', async () => {
    const r = await run(['export', '--add-plycount', '--add-hashcode', DUPES]);
    const games = r.stdout.split(/\n(?=\[Event )/);
    expect(games[0]).toContain('[PlyCount "8"]');
    const codes = [...r.stdout.matchAll(/\[HashCode "([0-9a-f]{16})"\]/g)].map((m) => m[1]);
    expect(codes).toHaveLength(8);
    expect(codes[0]).toBe(codes[1]);
    expect(codes[0]).not.toBe(codes[2]);
    expect(codes).toEqual([...parsePgn(read(DUPES))].map((g) => gameHash(g)));
  });

  it('--moves uci|lan|san and --fencomments', async () => {
    const uci = await run(['export', '--moves', 'uci', '--first', '1', DUPES]);
    expect(uci.stdout).toContain('\ne2e4 e7e5 g1f3 g8f6 f3e5 d7d6 e5f3 f6e4 1-0\n');
    const lan = await run(['export', '--moves', 'lan', '--checkmate', DUPES]);
    expect(lan.stdout).toContain('1. f2f3 e7e5 2. g2g4 d8h4# 0-1');
    const san = await run(['export', '--moves', 'san', '--player', 'carlsen', '--first', '2', DUPES]);
    expect(san.stdout).toContain('2. Nf3 Nf6');
    expect(san.stdout).not.toContain('Ngf3');
    const fen = await run(['export', '--fencomments', '--checkmate', DUPES]);
    expect(fen.stdout).toContain('Qh4#\n{ rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3 } 0-1');
    expect(fen.stdout).toContain('1. f3 { rnbqkbnr/pppppppp/8/8/8/5P2/PPPPP1PP/RNBQKBNR b KQkq - 0 1 } 1... e5');
    expect((await run(['export', '--moves', 'xyz', DUPES])).code).toBe(2);
  });
});
