/**
 * `forsyth export` end to end: the export output, parsed again (`forsyth fens --ep legal`), gives
 * python-chess's per-ply FENs for the fixture games (test/fixtures/cli/*.expected.jsonl); --strip
 * removes what it names and keeps the positions; --fix repairs a game whose canonical form is known
 * (loyd-needs-fixing.pgn is game 1 of charles-xii-setup.pgn with SetUp dropped, a wrong Result tag
 * and five moves rewritten: long forms, missing + and #), so the fixed SAN must equal the original's.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expected, fixture, run, sanTokens, textBlocks } from './helpers.js';

/** Exports `file` with `args`, then replays the output with `forsyth fens --ep legal`: FENs per game. */
async function exportedFens(
  file: string,
  args: readonly string[] = [],
): Promise<{ pgn: string; fens: string[][]; code: number | null }> {
  const exported = await run(['export', ...args, file]);
  const replayed = await run(['fens', '--ep', 'legal', '-q', '-'], { input: exported.stdout });
  expect(replayed.code).toBe(0);
  return { pgn: exported.stdout, fens: textBlocks(replayed.stdout), code: exported.code };
}

function gameText(pgn: string, index: number): string {
  return pgn.split(/\n(?=\[Event )/)[index] ?? '';
}

describe('forsyth export: round trip against the reference FENs', () => {
  it.each([
    ['kasparov-deep-blue-1997.pgn', 'kasparov-deep-blue-1997'],
    ['charles-xii-setup.pgn', 'charles-xii-setup'],
    ['cutechess-fischerrandom.pgn', 'cutechess-fischerrandom'],
    ['dortmund-1928-latin1.pgn', 'dortmund-1928-latin1'],
  ])('%s: the exported PGN replays to the same per-ply FENs', async (file, name) => {
    const { pgn, fens, code } = await exportedFens(file);
    expect(code).toBe(0);
    expect(fens).toEqual(expected(name).map((g) => g.fens));
    // Export format: the Seven Tag Roster first, in order, in every game.
    for (const game of pgn.split(/\n\n(?=\[)/)) {
      expect(
        game
          .split('\n')
          .slice(0, 7)
          .map((l) => /^\[(\w+) /.exec(l)?.[1]),
      ).toEqual(['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result']);
    }
  });

  it('keeps comments, variations and the SetUp/FEN tags of a study', async () => {
    const r = await run(['export', 'charles-xii-setup.pgn']);
    expect(r.stdout).toContain('[FEN "8/6R1/7p/5K1k/8/6p1/5bPP/4N3 w - - 0 1"]\n[SetUp "1"]');
    expect(r.stdout).toContain('1. Rxg3 { Excellent! } 1... Bxg3 (1... Bxe1 2. Rh3+ Bh4 3. g4#) 2. Nf3');
    expect(sanTokens(gameText(r.stdout, 0))).toEqual(
      sanTokens(gameText(readFileSync(fixture('charles-xii-setup.pgn'), 'utf8'), 0)),
    );
  });

  it('writes UTF-8 for a Windows-1252 input', async () => {
    const r = await run(['export', 'dortmund-1928-latin1.pgn']);
    expect(r.stdout).toContain('Nüss');
  });

  it('-o FILE writes the export there', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'forsyth-export-')), 'out.pgn');
    const r = await run(['export', 'fools-mate.pgn', '-o', out]);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toMatch(/^\[Event /);
    expect(readFileSync(out, 'utf8')).toContain('1. f3 e5 2. g4 Qh4# 0-1\n');
  });
});

describe('forsyth export --strip', () => {
  it('comments,variations,nags: none left, and the main line replays to the same FENs', async () => {
    const { pgn, fens } = await exportedFens('charles-xii-setup.pgn', ['--strip', 'comments,variations,nags']);
    expect(pgn).not.toMatch(/[{}();$]/);
    expect(fens).toEqual(expected('charles-xii-setup').map((g) => g.fens));
  });

  it('clocks: removes [%clk] and [%emt] only, keeping the rest of each comment', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forsyth-export-'));
    const file = join(dir, 'clocks.pgn');
    writeFileSync(
      file,
      '[Event "x"]\n\n1. e4 { [%clk 0:03:00] best by test } e5 { [%emt 0:00:02] } 2. Nf3 { [%eval 0.3] } *\n',
    );
    const r = await run(['export', '--strip', 'clocks', file]);
    expect(r.stdout).toContain('1. e4 { best by test } 1... e5 2. Nf3 { [%eval 0.3] } *');
    expect(r.stdout).not.toContain('%clk');
    expect(r.code).toBe(0);
  });

  it('an unknown part is a usage error (exit 2)', async () => {
    const r = await run(['export', '--strip', 'comments,tags', 'fools-mate.pgn']);
    expect(r.stderr).toContain('"tags"');
    expect(r.code).toBe(2);
  });
});

describe('forsyth export --fix', () => {
  it('adds SetUp, sets Result from the marker and writes canonical SAN, keeping comments and variations', async () => {
    const { pgn, fens, code } = await exportedFens('loyd-needs-fixing.pgn', ['--fix']);
    expect(code).toBe(0);
    expect(pgn).toContain('[Result "*"]');
    expect(pgn).toContain('[SetUp "1"]\n[FEN "8/6R1/7p/5K1k/8/6p1/5bPP/4N3 w - - 0 1"]');
    const original = gameText(readFileSync(fixture('charles-xii-setup.pgn'), 'utf8'), 0);
    expect(sanTokens(pgn)).toEqual(sanTokens(original));
    expect(pgn).toContain('{ Oh no, this is stalemate! }');
    expect(fens).toEqual([expected('charles-xii-setup')[0]!.fens]);
  });

  it('-v lists every change on stderr', async () => {
    const r = await run(['export', '--fix', '-v', 'loyd-needs-fixing.pgn']);
    const changes = r.stderr.split('\n').filter((l) => l.startsWith('loyd-needs-fixing.pgn: game 1: '));
    expect(changes.map((l) => l.slice('loyd-needs-fixing.pgn: game 1: '.length))).toEqual([
      '[SetUp "1"] added: the game has a FEN tag',
      '[Result "1-0"] → [Result "*"]: the termination marker says *',
      '1. Rg7xg3 → Rxg3',
      '1... Bf2e1 → Bxe1',
      '2. Rh3 → Rh3+',
      '2. Ne1f3 → Nf3',
      '3. g4 → g4#',
    ]);
  });

  it('without --fix the moves are written as they are', async () => {
    const r = await run(['export', 'loyd-needs-fixing.pgn']);
    expect(r.stdout).toContain('1. Rg7xg3');
    expect(r.stdout).not.toContain('[SetUp');
  });

  it('a broken game is still written (moves kept as written), its error reported, exit 1', async () => {
    const r = await run(['export', '--fix', 'broken-between-good.pgn']);
    expect(r.stdout.match(/^\[Event /gm)).toHaveLength(3);
    expect(r.stdout).toContain('10. d5');
    expect(r.stderr).toMatch(/^broken-between-good\.pgn:38:\d+: error\[REPLAY_ILLEGAL_MOVE\]/m);
    expect(r.code).toBe(1);
  });

  it('--help shows a real example', async () => {
    const r = await run(['export', '--help']);
    expect(r.stdout).toContain('$ forsyth export --fix');
    expect(r.code).toBe(0);
  });
});

describe('forsyth export never invents a game', () => {
  it('a game skipped as too large (PGN_GAME_TOO_LARGE) is reported, not written as an empty [Event "?"] … * game', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forsyth-export-'));
    const path = join(dir, 'huge.pgn');
    const good = readFileSync(fixture('fools-mate.pgn'), 'utf8');
    writeFileSync(path, `[Event "huge"]\n\n1. e4 {${'x'.repeat(65 * 1024 * 1024)}} *\n\n${good}`);
    const r = await run(['export', path]);
    rmSync(dir, { recursive: true, force: true });
    expect(r.stderr).toMatch(/error\[PGN_GAME_TOO_LARGE\]: game 1 is longer than/);
    // Exactly the export of the good game alone: nothing written for the skipped one.
    expect(r.stdout).toBe((await run(['export', fixture('fools-mate.pgn')])).stdout);
    expect(r.stdout.match(/^\[Event /gm)).toHaveLength(1);
    expect(r.code).toBe(1);
  }, 60_000);
});
