import { describe, expect, it } from 'vitest';
import { INITIAL_FEN } from '../../src/core/index.js';
import { makeUci, parseUci } from '../../src/core/index.js';
import { fen, mv } from '../support/positions.js';

const CASTLES = 'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1';
const CASTLES_960 = '4k3/8/8/8/8/8/8/1R2K1R1 w GB - 0 1';

describe('makeUci', () => {
  it.each([
    [INITIAL_FEN, false, mv('e2', 'e4'), 'e2e4'],
    [INITIAL_FEN, false, mv('g1', 'f3'), 'g1f3'],
    ['3r3k/4P3/8/8/8/8/8/K7 w - - 0 1', false, mv('e7', 'd8', 'knight'), 'e7d8n'],
    [CASTLES, false, mv('e1', 'h1'), 'e1g1'],
    [CASTLES, false, mv('e1', 'a1'), 'e1c1'],
    [CASTLES, true, mv('e1', 'h1'), 'e1h1'],
    [CASTLES, true, mv('e1', 'a1'), 'e1a1'],
    [CASTLES_960, true, mv('e1', 'g1'), 'e1g1'],
    [CASTLES_960, true, mv('e1', 'b1'), 'e1b1'],
  ])('%s (chess960 %s): %o → %s', (text, chess960, move, uci) => {
    expect(makeUci(fen(text, chess960), move)).toBe(uci);
  });

  it('writes 0000 for a null move', () => {
    expect(makeUci(fen(INITIAL_FEN), { null: true })).toBe('0000');
  });
});

describe('parseUci', () => {
  it.each([
    [INITIAL_FEN, 'e2e4', mv('e2', 'e4')],
    [INITIAL_FEN, 'b1c3', mv('b1', 'c3')],
    ['3r3k/4P3/8/8/8/8/8/K7 w - - 0 1', 'e7e8q', mv('e7', 'e8', 'queen')],
    ['3r3k/4P3/8/8/8/8/8/K7 w - - 0 1', 'e7d8N', mv('e7', 'd8', 'knight')],
    [CASTLES, 'e1g1', mv('e1', 'h1')],
    [CASTLES, 'e1h1', mv('e1', 'h1')],
    [CASTLES, 'e1c1', mv('e1', 'a1')],
    [CASTLES, 'e1a1', mv('e1', 'a1')],
    [CASTLES_960, 'e1b1', mv('e1', 'b1')],
    [CASTLES_960, 'e1c1', mv('e1', 'b1')],
    ['4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2', 'e5d6', mv('e5', 'd6')],
  ])('%s: %s', (text, uci, move) => {
    expect(parseUci(fen(text), uci)).toEqual({ ok: true, value: move });
  });

  it.each([
    [INITIAL_FEN, 'e2e5', 'illegal'],
    [INITIAL_FEN, 'e1g1', 'illegal'],
    [INITIAL_FEN, 'e7e5', 'illegal'], // not the side to move
    ['3r3k/4P3/8/8/8/8/8/K7 w - - 0 1', 'e7e8', 'illegal'],
    ['3r3k/4P3/8/8/8/8/8/K7 w - - 0 1', 'e7e8k', 'syntax'],
    [INITIAL_FEN, 'e2e4q', 'illegal'],
    [INITIAL_FEN, 'e2', 'syntax'],
    [INITIAL_FEN, 'e2e4 ', 'syntax'],
    [INITIAL_FEN, 'Nf3', 'syntax'],
    [INITIAL_FEN, '0000', 'null'],
  ])('%s: %s is %s', (text, uci, kind) => {
    const r = parseUci(fen(text), uci);
    expect(r.ok ? 'ok' : r.error.kind).toBe(kind);
  });

  it('suggests moves from the same square first for an illegal move', () => {
    const r = parseUci(fen(INITIAL_FEN), 'e2e5');
    const candidates = r.ok ? [] : r.error.candidates;
    expect(candidates.length).toBe(5);
    expect(candidates.slice(0, 2)).toEqual([mv('e2', 'e3'), mv('e2', 'e4')]);
    expect(candidates.slice(2).every((m) => m.from >= 8 && m.from < 16)).toBe(true); // other pawn moves
  });
});
