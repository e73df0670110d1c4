/**
 * `forsyth fens` and `validate` on games that lose their boundaries or spell tokens oddly
 * (issue 11, items 1, 2, 3 and 6): every game a careful reader sees is read, with every move.
 * Expected FENs come from the chess core alone (SAN played on a position), not from the PGN layer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { makeFen } from '../../src/core/index.js';
import { initialPosition, play, type Position } from '../../src/core/index.js';
import { parseSan } from '../../src/core/index.js';
import { lines, ndjson, removeTempDirs, run } from './helpers.js';

afterAll(removeTempDirs);

/** The FEN after each of `sans`, played from the start by the core (ep square after every double push). */
function fensOf(sans: readonly string[]): string[] {
  let position: Position = initialPosition();
  return sans.map((san) => {
    const parsed = parseSan(position, san);
    if (!parsed.ok) throw new Error(`${san}: ${parsed.error.message}`);
    position = play(position, parsed.value);
    return makeFen(position);
  });
}

describe('fens: games without tags are games (issue 11.1, 11.2)', () => {
  it.each([
    [
      'after a marker and a blank line',
      '1. e4 e5 1-0\n\n1. d4 d5 0-1\n',
      [
        ['e4', 'e5'],
        ['d4', 'd5'],
      ],
    ],
    [
      'after a marker, no blank line',
      '[Event "a"]\n\n1. e4 e5 *\n1. d4 d5 *\n',
      [
        ['e4', 'e5'],
        ['d4', 'd5'],
      ],
    ],
    [
      'after a game without a marker, at move 1 after a blank line',
      '[Event "a"]\n\n1. e4 e5 2. Nf3\n\n1. d4 d5 *\n',
      [
        ['e4', 'e5', 'Nf3'],
        ['d4', 'd5'],
      ],
    ],
    [
      'three in a row, the last one without tags or marker',
      '1. c4 *\n1. Nf3 *\n\n1. g3 g6 2. Bg2\n',
      [['c4'], ['Nf3'], ['g3', 'g6', 'Bg2']],
    ],
  ])('%s', async (_what, input, games) => {
    const r = await run(['fens', '-f', 'ndjson', '-'], { input });
    const rows = ndjson(r.stdout);
    expect(rows.map((row) => [row['game'], row['fen']])).toEqual(
      games.flatMap((sans, g) => fensOf(sans).map((fen) => [g + 1, fen])),
    );
    expect(r.stderr).toContain(`${games.length} games read`);
  });

  it('warns for the marker the first game lost (exit 0: nothing is lost)', async () => {
    const r = await run(['fens', '-'], { input: '[Event "a"]\n\n1. e4 e5 2. Nf3\n\n1. d4 d5 *\n' });
    expect(r.stderr).toMatch(/<stdin>:3:\d+: warning\[PGN_MISSING_RESULT\]/);
    expect(r.stderr).toContain('2 games read, 5 positions written, 0 errors, 1 warning');
    expect(r.code).toBe(0);
  });

  it('keeps text that cannot begin a game after the result, with a warning', async () => {
    const r = await run(['fens', '-'], { input: '[Event "a"]\n\n1. e4 *\n\nFrom: someone\n' });
    expect(lines(r.stdout)).toEqual(fensOf(['e4']));
    expect(r.stderr).toContain('PGN_TEXT_AFTER_RESULT');
    expect(r.stderr).toContain('1 game read');
  });
});

describe('fens: unclosed parentheses keep their moves (issue 11.3)', () => {
  it('replays `((( 1. c4 e5 *` and names each `(`', async () => {
    const r = await run(['fens', '-'], { input: '[Event "a"]\n\n((( 1. c4 e5 *\n' });
    expect(lines(r.stdout)).toEqual(fensOf(['c4', 'e5']));
    expect(r.stderr.match(/<stdin>:3:[123]: error\[PGN_UNCLOSED_VARIATION\]/g)).toHaveLength(3);
    expect(r.code).toBe(1);
  });
});

describe('fens: look-alike dashes and fractions (issue 11.6)', () => {
  const moves = ['e4', 'e5', 'Nf3', 'Nc6', 'Bc4', 'Nf6', 'O-O'];
  it.each([
    ['4. O–O 1–0', 2],
    ['4. 0–0 ½-½', 2],
    ['4. O—O 1/2–1/2', 2],
    ['4. O-O ½–½', 1],
    ['4. O-O 0–1', 1],
  ])('%s: every ply replayed, the result read, info notes only with -v', async (tail, notes) => {
    const input = `[Event "a"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 ${tail}\n`;
    const quiet = await run(['fens', '-'], { input });
    expect(lines(quiet.stdout)).toEqual(fensOf(moves));
    expect(quiet.stderr).toBe('1 game read, 7 positions written, 0 errors, 0 warnings\n');
    expect(quiet.code).toBe(0);
    const verbose = await run(['fens', '-v', '-'], { input });
    expect(verbose.stderr.match(/info\[PGN_LOOKALIKE\]/g)).toHaveLength(notes);
  });
});
