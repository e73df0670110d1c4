/**
 * `forsyth fens` end to end: every format, the FEN options, several inputs, directories, stdin,
 * broken and unreadable inputs. Expected FENs come from python-chess (test/fixtures/cli/*.expected.jsonl,
 * en-passant square only when the capture is legal, hence `--ep legal`), never from forsyth.
 */
import { readFileSync, writeFileSync, copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { expected, fixture, lines, ndjson, removeTempDirs, run, textBlocks, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const fools = expected('fools-mate');
const kasparov = expected('kasparov-deep-blue-1997');
const chess960 = expected('cutechess-fischerrandom');
const charles = expected('charles-xii-setup');
const dortmund = expected('dortmund-1928-latin1');

/** Sets the en-passant field (the 4th) of a FEN. */
function withEp(fen: string, square: string): string {
  const fields = fen.split(' ');
  fields[3] = square;
  return fields.join(' ');
}

const plies = (games: readonly { fens: readonly string[] }[]): number => games.reduce((n, g) => n + g.fens.length, 0);

describe('forsyth fens, text format', () => {
  it("prints python-chess's FENs for Fool's Mate with --ep legal, and a summary on stderr", async () => {
    const r = await run(['fens', '--ep', 'legal', 'fools-mate.pgn']);
    expect(r.stdout).toBe(`${fools[0]!.fens.join('\n')}\n`);
    expect(r.stderr).toBe('1 game read, 4 positions written, 0 errors, 0 warnings\n');
    expect(r.code).toBe(0);
  });

  it('writes the en-passant square after every double push by default (--ep always)', async () => {
    const r = await run(['fens', 'fools-mate.pgn']);
    const want = [...fools[0]!.fens];
    want[1] = withEp(want[1]!, 'e6'); // 1... e5
    want[2] = withEp(want[2]!, 'g3'); // 2. g4
    expect(lines(r.stdout)).toEqual(want);
    expect(r.code).toBe(0);
  });

  it('separates the games of a file by one empty line, each equal to the reference', async () => {
    const r = await run(['fens', '--ep', 'legal', 'kasparov-deep-blue-1997.pgn']);
    expect(textBlocks(r.stdout)).toEqual(kasparov.map((g) => g.fens));
    expect(r.stderr).toBe(`6 games read, ${plies(kasparov)} positions written, 0 errors, 0 warnings\n`);
    expect(r.code).toBe(0);
  });

  it('--start adds the starting position from the SetUp/FEN tags as ply 0', async () => {
    const r = await run(['fens', '--start', '--ep', 'legal', 'charles-xii-setup.pgn']);
    expect(textBlocks(r.stdout)).toEqual(charles.map((g) => [g.start_fen, ...g.fens]));
    expect(r.code).toBe(0);
  });

  it('writes Chess960 castling as X-FEN by default and as Shredder-FEN with --castling shredder', async () => {
    const xfen = await run(['fens', '--ep', 'legal', 'cutechess-fischerrandom.pgn']);
    expect(textBlocks(xfen.stdout)).toEqual(chess960.map((g) => g.fens));
    const shredder = await run(['fens', '--ep', 'legal', '--castling', 'shredder', 'cutechess-fischerrandom.pgn']);
    expect(textBlocks(shredder.stdout)).toEqual(chess960.map((g) => g.shredder_fens));
    expect(shredder.code).toBe(0);
  });

  it('--quiet leaves stderr empty on a clean run', async () => {
    const r = await run(['fens', '--quiet', 'fools-mate.pgn']);
    expect(r.stderr).toBe('');
    expect(lines(r.stdout)).toHaveLength(4);
  });
});

describe('forsyth fens, other formats', () => {
  it('ndjson: exactly game, ply, move (canonical SAN), uci, fen', async () => {
    const r = await run(['fens', '--format', 'ndjson', '--ep', 'legal', 'fools-mate.pgn']);
    const moves = [
      ['f3', 'f2f3'],
      ['e5', 'e7e5'],
      ['g4', 'g2g4'],
      ['Qh4#', 'd8h4'],
    ];
    expect(ndjson(r.stdout)).toEqual(
      moves.map(([move, uci], i) => ({ game: 1, ply: i + 1, move, uci, fen: fools[0]!.fens[i] })),
    );
    for (const line of lines(r.stdout))
      expect(Object.keys(JSON.parse(line) as object)).toEqual(['game', 'ply', 'move', 'uci', 'fen']);
    expect(r.code).toBe(0);
  });

  it("ndjson --start: ply 0 has move '' and uci ''", async () => {
    const r = await run(['fens', '--format', 'ndjson', '--start', '--ep', 'legal', 'fools-mate.pgn']);
    expect(ndjson(r.stdout)[0]).toEqual({ game: 1, ply: 0, move: '', uci: '', fen: fools[0]!.start_fen });
  });

  it('ndjson --tags adds a tags object (null for a missing tag); the Latin-1 file is decoded', async () => {
    const r = await run(['fens', '--format', 'ndjson', '--tags', 'White,Black,Nope', 'dortmund-1928-latin1.pgn']);
    const rows = ndjson(r.stdout);
    expect(rows).toHaveLength(dortmund[0]!.fens.length);
    expect(rows[0]!['tags']).toEqual({ White: dortmund[0]!.headers['White'], Black: 'Van Nüss, Alfred', Nope: null });
    expect(Object.keys(rows[0]!)).toEqual(['game', 'ply', 'move', 'uci', 'fen', 'tags']);
  });

  it('ndjson --variations adds path; the main line (paths without a dot) equals the reference', async () => {
    const r = await run(['fens', '--format', 'ndjson', '--variations', '--ep', 'legal', 'charles-xii-setup.pgn']);
    const rows = ndjson(r.stdout);
    expect(Object.keys(rows[0]!)).toEqual(['game', 'ply', 'move', 'uci', 'fen', 'path']);
    for (const [i, game] of charles.entries()) {
      const main = rows.filter((row) => row['game'] === i + 1 && !String(row['path']).includes('.'));
      expect(main.map((row) => row['fen'])).toEqual(game.fens);
    }
    // Game 1: "1. Rxg3 Bxg3 (1... Bxe1 2. Rh3+ Bh4 3. g4#) 2. Nf3 (2. hxg3) …" in the file.
    const side = rows.filter((row) => row['game'] === 1 && String(row['path']).includes('.'));
    // A path is "<main-line ply replaced>.<variation>.<ply within the variation>"; `ply` counts from the start.
    expect(side.map((row) => [row['path'], row['ply'], row['move']])).toEqual([
      ['2.1.1', 2, 'Bxe1'],
      ['2.1.2', 3, 'Rh3+'],
      ['2.1.3', 4, 'Bh4'],
      ['2.1.4', 5, 'g4#'],
      ['3.1.1', 3, 'hxg3'],
    ]);
  });

  it('csv: a header, then RFC 4180 rows (fields with commas quoted)', async () => {
    const r = await run([
      'fens',
      '--format',
      'csv',
      '--tags',
      'White,Black',
      '--ep',
      'legal',
      'dortmund-1928-latin1.pgn',
    ]);
    const out = lines(r.stdout);
    expect(out[0]).toBe('game,ply,move,uci,fen,White,Black');
    expect(out[1]).toBe(`1,1,d4,d2d4,${dortmund[0]!.fens[0]},"Colle, Edgar","Van Nüss, Alfred"`);
    expect(out).toHaveLength(1 + dortmund[0]!.fens.length);
    expect(r.code).toBe(0);
  });

  it('epd: four FEN fields, hmvc, fmvn and an id naming game and ply', async () => {
    const r = await run(['fens', '--format', 'epd', '--ep', 'legal', 'fools-mate.pgn']);
    const want = fools[0]!.fens.map((fen, i) => {
      const [a, b, c, d, half, full] = fen.split(' ');
      return `${a} ${b} ${c} ${d} hmvc ${half}; fmvn ${full}; id "g1p${i + 1}";`;
    });
    expect(lines(r.stdout)).toEqual(want);
    expect(r.code).toBe(0);
  });
});

describe('forsyth fens, inputs', () => {
  it('several files: game numbers go on across files and a file key is added', async () => {
    const r = await run([
      'fens',
      '--format',
      'ndjson',
      '--ep',
      'legal',
      'fools-mate.pgn',
      'kasparov-deep-blue-1997.pgn',
    ]);
    const rows = ndjson(r.stdout);
    expect(rows[0]).toEqual({
      file: 'fools-mate.pgn',
      game: 1,
      ply: 1,
      move: 'f3',
      uci: 'f2f3',
      fen: fools[0]!.fens[0],
    });
    const second = rows.filter((row) => row['game'] === 2);
    expect(second.map((row) => row['fen'])).toEqual(kasparov[0]!.fens);
    expect(second[0]!['file']).toBe('kasparov-deep-blue-1997.pgn');
    expect(rows.at(-1)!['game']).toBe(7);
  });

  it('a directory stands for its .pgn/.pgn.gz/.pgn.zst files, sorted; other files are skipped', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'a.pgn.gz'), gzipSync(readFileSync(fixture('kasparov-deep-blue-1997.pgn'))));
    copyFileSync(fixture('fools-mate.pgn'), join(dir, 'b.pgn'));
    writeFileSync(join(dir, 'notes.txt'), 'not a PGN file');
    const r = await run(['fens', '--ep', 'legal', dir]);
    expect(textBlocks(r.stdout)).toEqual([...kasparov.map((g) => g.fens), fools[0]!.fens]);
    expect(r.stderr).toBe(`7 games read, ${plies(kasparov) + 4} positions written, 0 errors, 0 warnings\n`);
    expect(r.code).toBe(0);
  });

  it('reads standard input when no path or - is given (gzip detected by its magic bytes)', async () => {
    const text = readFileSync(fixture('fools-mate.pgn'));
    const none = await run(['fens', '--ep', 'legal'], { input: text });
    expect(lines(none.stdout)).toEqual(fools[0]!.fens);
    const dash = await run(['fens', '--ep', 'legal', '-'], { input: gzipSync(text) });
    expect(lines(dash.stdout)).toEqual(fools[0]!.fens);
    expect(dash.code).toBe(0);
  });

  it('-o FILE writes there and nothing to stdout', async () => {
    const out = join(tempDir(), 'out.txt');
    const r = await run(['fens', '--ep', 'legal', '-o', out, 'fools-mate.pgn']);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(`${fools[0]!.fens.join('\n')}\n`);
    expect(r.code).toBe(0);
  });

  it('--verbose shows the encoding used (info); without it the info is hidden', async () => {
    const verbose = await run(['fens', '--verbose', 'dortmund-1928-latin1.pgn']);
    expect(verbose.stderr).toMatch(/^dortmund-1928-latin1\.pgn: info\[IO_ENCODING\]: decoded as .*1252/m);
    const plain = await run(['fens', 'dortmund-1928-latin1.pgn']);
    expect(plain.stderr).not.toContain('IO_ENCODING');
  });

  it('--encoding overrides detection (utf-8 turns the Latin-1 ü into U+FFFD)', async () => {
    const r = await run([
      'fens',
      '--format',
      'ndjson',
      '--tags',
      'Black',
      '--encoding',
      'utf-8',
      'dortmund-1928-latin1.pgn',
    ]);
    expect(ndjson(r.stdout)[0]!['tags']).toEqual({ Black: 'Van N\uFFFDss, Alfred' });
    const latin1 = await run([
      'fens',
      '--format',
      'ndjson',
      '--tags',
      'Black',
      '--encoding',
      'latin1',
      'dortmund-1928-latin1.pgn',
    ]);
    expect(ndjson(latin1.stdout)[0]!['tags']).toEqual({ Black: 'Van Nüss, Alfred' });
  });
});

describe('forsyth fens, problems in the input', () => {
  it('a broken game between good ones: its valid prefix, a located diagnostic, the others intact, exit 1', async () => {
    const r = await run(['fens', '--ep', 'legal', 'broken-between-good.pgn']);
    expect(textBlocks(r.stdout)).toEqual([kasparov[0]!.fens, kasparov[1]!.fens.slice(0, 18), kasparov[2]!.fens]);
    // Line 38 is "d6 8.c3 O-O 9.h3 h6 10.d5 Re8 …": the bad move starts in column 24.
    expect(r.stderr).toMatch(
      /^broken-between-good\.pgn:38:24: error\[REPLAY_ILLEGAL_MOVE\]: illegal move "d5" at move 10\. \(White to move\).*\n {2}hint: .+\n/m,
    );
    const positions = kasparov[0]!.fens.length + 18 + kasparov[2]!.fens.length;
    expect(r.stderr.endsWith(`3 games read, ${positions} positions written, 1 error, 0 warnings\n`)).toBe(true);
    expect(r.code).toBe(1);
  });

  it('an unreadable file among readable ones: named in a diagnostic, the others converted, exit 2', async () => {
    const r = await run(['fens', '--ep', 'legal', 'no-such-file.pgn', 'fools-mate.pgn']);
    expect(lines(r.stdout)).toEqual(fools[0]!.fens);
    expect(r.stderr).toMatch(
      /^no-such-file\.pgn: error\[IO_UNREADABLE\]: cannot read 'no-such-file\.pgn': no such file/m,
    );
    expect(r.stderr.endsWith('1 game read, 4 positions written, 1 error, 0 warnings\n')).toBe(true);
    expect(r.code).toBe(2);
  });

  it('a directory without PGN files is a warning, not a failure', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'empty'));
    const r = await run(['fens', join(dir, 'empty'), 'fools-mate.pgn']);
    expect(r.stderr).toContain('warning[USAGE]: directory');
    expect(lines(r.stdout)).toHaveLength(4);
    expect(r.code).toBe(0);
  });
});
