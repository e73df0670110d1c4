/**
 * validate(game) on its own: each consistency check it adds to replay (suffixes, moves after mate,
 * Result and PlyCount tags), what it passes through (syntax, setup and move problems), and the order.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { validate } from '../../src/replay/validate.js';

function problems(pgn: string): readonly Diagnostic[] {
  const [game] = [...parsePgn(pgn)];
  if (!game) throw new Error('no game in the test input');
  return validate(game);
}

const codes = (pgn: string): string[] => problems(pgn).map((d) => d.code);

const FOOLS_MATE = '1. f3 e5 2. g4 Qh4# 0-1';

describe('validate: a clean game', () => {
  it('has no problems', () => {
    expect(problems(`[Result "0-1"]\n[PlyCount "4"]\n\n${FOOLS_MATE}`)).toEqual([]);
    expect(problems('1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0')).toEqual([]);
  });
});

describe('validate: check and mate signs', () => {
  it('reports "#" on a move that does not mate, with the canonical SAN as hint', () => {
    const [d, ...rest] = problems('1. e4# e5 *');
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ code: 'REPLAY_FALSE_MATE', severity: 'warning', line: 1, column: 4, excerpt: 'e4#' });
    expect(d?.hint).toBe('write "e4"');
  });

  it('reports "+" and "++" that give no check', () => {
    expect(problems('1. e4+ e5++ *').map((d) => [d.code, d.excerpt])).toEqual([
      ['REPLAY_FALSE_CHECK', 'e4+'],
      ['REPLAY_FALSE_CHECK', 'e5++'],
    ]);
  });

  it('reports "+" on a mating move as nothing (a mate is a check), and a mate written "+" not as false', () => {
    expect(codes('1. f3 e5 2. g4 Qh4+ 0-1')).toEqual([]);
  });

  it('reports a missing "+" once per game, at the first such move, counting the others (Qh5, Qe5)', () => {
    const found = problems('1. e4 e5 2. Bc4 Nc6 3. Bxf7 Kxf7 4. Qh5 Ke7 5. Qe5 *');
    expect(found.map((d) => d.code)).toEqual(['REPLAY_MISSING_CHECK']);
    expect(found[0]?.hint).toBe('write "Bxf7+"');
    expect(found[0]?.message).toBe('"Bxf7" gives check but is written without "+" (and 2 more moves in this game)');
    expect(found[0]?.column).toBe('1. e4 e5 2. Bc4 Nc6 3. '.length + 1);
  });

  it('reports a missing "+" alone when there is one', () => {
    expect(problems('1. e4 f6 2. Qh5 *').map((d) => d.message)).toEqual([
      '"Qh5" gives check but is written without "+"',
    ]);
  });

  it('checks the moves of variations too', () => {
    const found = problems('1. e4 (1. d4+ d5) 1... e5 *');
    expect(found.map((d) => [d.code, d.excerpt])).toEqual([['REPLAY_FALSE_CHECK', 'd4+']]);
  });
});

describe('validate: moves after the end', () => {
  it('reports a null move played after checkmate', () => {
    const found = problems('1. f3 e5 2. g4 Qh4# 3. -- 0-1');
    expect(found.map((d) => [d.code, d.message])).toEqual([
      ['REPLAY_MOVE_AFTER_END', '"--" is played after checkmate'],
      ['SAN_NULL_MOVE', '"--" is a null move: the side to move passes (not a legal chess move)'],
    ]);
  });

  it('leaves a real move after mate to replay, which finds no legal move', () => {
    expect(codes('1. f3 e5 2. g4 Qh4# 3. Nc3 0-1')).toEqual(['REPLAY_ILLEGAL_MOVE']);
  });
});

describe('validate: header consistency', () => {
  it('reports a Result tag that disagrees with the termination marker, at the marker', () => {
    const pgn = `[Result "1-0"]\n\n${FOOLS_MATE}`;
    const found = problems(pgn);
    expect(found.map((d) => d.code)).toEqual(['REPLAY_RESULT_MISMATCH']);
    expect(found[0]).toMatchObject({ line: 3, column: FOOLS_MATE.indexOf('0-1') + 1 });
  });

  it('reports a PlyCount that is not the number of main-line plies, variations not counted', () => {
    const found = problems('[PlyCount "3"]\n\n1. e4 (1. d4 d5) 1... e5 *');
    expect(found.map((d) => [d.code, d.hint])).toEqual([['REPLAY_PLYCOUNT_MISMATCH', 'write [PlyCount "2"]']]);
    expect(found[0]?.line).toBe(1);
  });

  it('ignores a PlyCount that is not a number', () => {
    expect(codes('[PlyCount "two"]\n\n1. e4 e5 *')).toEqual([]);
  });

  it('does not count plies when the starting position cannot be read', () => {
    const found = codes('[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n[PlyCount "7"]\n\n1. e4 *');
    expect(found).not.toContain('REPLAY_PLYCOUNT_MISMATCH');
    expect(found.some((c) => c.startsWith('SETUP_') || c.startsWith('FEN_'))).toBe(true);
  });
});

describe('validate: what it passes through, and the order', () => {
  it('keeps the syntax diagnostics of the parse', () => {
    expect(codes('1. e4 { unclosed')).toContain('PGN_UNCLOSED_COMMENT');
  });

  it('keeps the move problem of replay and stops checking that line there', () => {
    const found = problems('1. e4 e5 2. Ke3 Nc6+ *');
    expect(found.map((d) => d.code)).toEqual(['REPLAY_ILLEGAL_MOVE']);
    expect(found[0]).toMatchObject({ severity: 'error', excerpt: 'Ke3' });
  });

  it('sorts every problem by its offset in the file', () => {
    const found = problems('[Result "1-0"]\n[PlyCount "9"]\n\n1. e4+ e5# 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 0-1');
    expect(found.map((d) => d.code)).toEqual([
      'REPLAY_PLYCOUNT_MISMATCH',
      'REPLAY_FALSE_CHECK',
      'REPLAY_FALSE_MATE',
      'REPLAY_RESULT_MISMATCH',
    ]);
    const offsets = found.map((d) => d.offset ?? 0);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
  });

  it('gives the same answer when run twice on one game (no state kept between calls)', () => {
    const [game] = [...parsePgn('1. e4# e5 *')];
    expect(game && validate(game)).toEqual(game && validate(game));
  });
});
