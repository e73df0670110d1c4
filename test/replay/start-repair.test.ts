/**
 * FEN tags that are wrong in one repairable way are played from the repaired position (with a
 * located SETUP_FEN_REPAIRED warning per change, and the original errors in `validate`); tag names
 * in the wrong case are read with a warning; unrepairable starts still skip the game. The fixture is
 * one real game with its FEN tag broken five ways (test/fixtures/fen-repair/README.md).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixGame, parsePgn, replay, validate, writePgn, type Diagnostic } from '../../src/index.js';

const DIR = new URL('../fixtures/fen-repair/', import.meta.url);
const PGN = readFileSync(new URL('knight-bishop-mate.pgn', DIR), 'utf8');
const EXPECTED = JSON.parse(readFileSync(new URL('knight-bishop-mate.expected.json', DIR), 'utf8')) as {
  start_fen: string;
  fens: string[];
};
const games = [...parsePgn(PGN)];

function codes(diagnostics: readonly Diagnostic[]): string[] {
  return diagnostics.map((d) => d.code);
}

/** 1-based line and column of `needle` (its `nth` occurrence) in the fixture. */
function lineColumn(needle: string, nth = 0): { line: number; column: number } {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = PGN.indexOf(needle, offset + 1);
  const before = PGN.slice(0, offset);
  return { line: before.split('\n').length, column: offset - before.lastIndexOf('\n') };
}

describe('a FEN tag with one obvious repair: the game is played from the repaired position', () => {
  it('reads five games', () => {
    expect(games).toHaveLength(5);
  });

  it.each([
    [0, 'contradicted castling rights'],
    [1, 'an impossible en-passant square'],
    [2, 'missing castling, en-passant and counter fields'],
    [3, 'lower-case fen and setup tags'],
  ])('game %i (%s) replays all 37 plies exactly as python-chess does', (index) => {
    const replayed = replay(games[index]!, { ep: 'legal', includeStart: true });
    const fens = [...replayed].map((r) => r.fen);
    expect(fens[0]).toBe(EXPECTED.start_fen);
    expect(fens.slice(1)).toEqual(EXPECTED.fens);
    expect(replayed.diagnostics.every((d) => d.severity !== 'error')).toBe(true);
  });

  it('names each dropped castling right with a located warning and the FEN played', () => {
    const replayed = replay(games[0]!);
    [...replayed];
    const repairs = replayed.diagnostics.filter((d) => d.code === 'SETUP_FEN_REPAIRED');
    expect(repairs.map((d) => d.message.split(': ').at(-1))).toEqual(
      ['K', 'Q', 'k', 'q'].map((l) => `the right '${l}' is dropped`),
    );
    expect(repairs.map((d) => [d.line, d.column])).toEqual(
      [0, 1, 2, 3].map((i) => [10, lineColumn('KQkq').column + i]),
    );
    expect(repairs.every((d) => d.severity === 'warning' && d.gameIndex === 0)).toBe(true);
    expect(repairs[0]?.hint).toContain('"8/8/3k4/3B4/3K4/8/3N4/8 w - - 0 1"');
  });

  it('names the dropped en-passant square and the added fields', () => {
    const ep = replay(games[1]!);
    [...ep];
    expect(codes(ep.diagnostics)).toEqual(['SETUP_FEN_REPAIRED']);
    expect(ep.diagnostics[0]).toMatchObject(lineColumn('e6 0 1'));
    expect(ep.diagnostics[0]?.message).toContain(
      "'e6' needs a black pawn on e5 that just moved two squares, but e5 is empty: the square is dropped",
    );
    const fields = replay(games[2]!);
    [...fields];
    expect(codes(fields.diagnostics)).toEqual(['SETUP_FEN_REPAIRED']);
    expect(fields.diagnostics[0]?.message).toContain("'- - 0 1' is added");
    expect(fields.diagnostics[0]).toMatchObject({ line: 44, column: lineColumn('8/3N4/8 w"]').column + 9 });
  });

  it('validate reports the FEN problems as written (errors), and checks the moves from the repaired start', () => {
    const found = validate(games[0]!);
    expect(codes(found).filter((c) => c.startsWith('FEN_'))).toEqual([
      'FEN_CASTLING_NO_ROOK',
      'FEN_CASTLING_NO_ROOK',
      'FEN_CASTLING_NO_ROOK',
      'FEN_CASTLING_NO_ROOK',
    ]);
    expect(found.every((d) => d.code !== 'SETUP_FEN_REPAIRED')).toBe(true);
    expect(found[0]).toMatchObject({ severity: 'error', line: 10 });
    // The moves are checked too: a check written without "+" is still found.
    const broken = [...parsePgn(PGN.replace('1. Nc4+', '1. Nc4'))][0]!;
    expect(codes(validate(broken))).toContain('REPLAY_MISSING_CHECK');
  });

  it('skips a game whose start cannot be repaired (two white kings), and the others go on', () => {
    const replayed = replay(games[4]!);
    expect([...replayed]).toEqual([]);
    expect(codes(replayed.diagnostics)).toEqual(['FEN_KING_COUNT', 'SETUP_BAD_FEN']);
  });
});

describe('tag names in the wrong case', () => {
  it('reads [fen] and [setup] with a SETUP_TAG_CASE warning at each tag', () => {
    const replayed = replay(games[3]!);
    [...replayed];
    expect(codes(replayed.diagnostics)).toEqual(['SETUP_TAG_CASE', 'SETUP_TAG_CASE']);
    expect(replayed.diagnostics.map((d) => d.line).sort()).toEqual([61, 62]);
    expect(replayed.diagnostics.find((d) => d.line === 61)?.hint).toContain(
      '[FEN "8/8/3k4/3B4/3K4/8/3N4/8 w - - 0 1"]',
    );
  });

  it('prefers the tag spelled as the standard spells it when both are present', () => {
    const pgn = '[FEN "8/8/8/8/8/8/8/k6K w - - 0 1"]\n[fen "8/8/8/8/8/8/8/K6k w - - 0 1"]\n[SetUp "1"]\n\n1. Kg2 *\n';
    const replayed = replay([...parsePgn(pgn)][0]!);
    expect([...replayed].map((r) => r.uci)).toEqual(['h1g2']);
  });

  it('reads [variant "chess960"] too', () => {
    const pgn =
      '[variant "Chess960"]\n[SetUp "1"]\n[FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1"]\n\n1. d4 *\n';
    const replayed = replay([...parsePgn(pgn)][0]!);
    expect(replayed.start.chess960).toBe(true);
    expect(codes(replayed.start.diagnostics)).toEqual(['SETUP_TAG_CASE']);
  });
});

describe('fixGame (export --fix) writes the start the game is played from', () => {
  it('renames [fen] and [setup] to the standard spelling', () => {
    const fixed = fixGame(games[3]!);
    const text = writePgn(fixed.game);
    expect(text).toContain('[FEN "8/8/3k4/3B4/3K4/8/3N4/8 w - - 0 1"]');
    expect(text).toContain('[SetUp "1"]');
    expect(text).not.toMatch(/\[(fen|setup) /);
    expect(fixed.changes).toContain('[fen …] → [FEN …]: tag names are case-sensitive');
    expect(fixed.diagnostics).toEqual([]);
  });

  it('replaces a repaired FEN tag by the FEN it was played from', () => {
    const fixed = fixGame(games[0]!);
    expect(writePgn(fixed.game)).toContain('[FEN "8/8/3k4/3B4/3K4/8/3N4/8 w - - 0 1"]');
    expect(fixed.changes[0]).toBe(
      '[FEN "8/8/3k4/3B4/3K4/8/3N4/8 w KQkq - 0 1"] → [FEN "8/8/3k4/3B4/3K4/8/3N4/8 w - - 0 1"]: the FEN the game is played from',
    );
    expect(fixed.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
