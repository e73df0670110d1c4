/**
 * `findMoveBetween` and `buildGame` (src/replay/build.ts). Real games and their per-ply FENs come from
 * the shared corpus via test/fixtures/cli/ (python-chess reference output), never from forsyth.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFen } from '../../src/core/index.js';
import { initialPosition, type Position } from '../../src/core/index.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { buildGame, findMoveBetween } from '../../src/replay/build.js';
import { replay } from '../../src/replay/replay.js';

const FIXTURES = new URL('../fixtures/cli/', import.meta.url);

interface Reference {
  readonly start_fen: string;
  readonly fens: readonly string[];
  readonly shredder_fens?: readonly string[];
  readonly start_shredder_fen?: string;
}

function reference(name: string): Reference[] {
  return readFileSync(new URL(`${name}.expected.jsonl`, FIXTURES), 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Reference);
}

function fen(text: string): Position {
  const parsed = parseFen(text);
  if (!parsed.ok) throw new Error(`test FEN is invalid: ${text}`);
  return parsed.value;
}

/** The SAN tokens of a movetext (numbers, result and comments dropped). */
function sanTokens(pgn: string): string[] {
  const movetext = pgn
    .split('\n')
    .filter((l) => !l.startsWith('['))
    .join(' ');
  return movetext
    .replace(/\{[^}]*\}/g, ' ')
    .split(/\s+/)
    .filter((t) => t !== '' && !/^\d+\.+$/.test(t) && !['1-0', '0-1', '1/2-1/2', '*'].includes(t));
}

/** Main-line FENs (e.p. square only when legal, as the reference writes them) of the first game of `pgn`. */
function replayedFens(pgn: string, castling?: 'shredder'): string[] {
  const [game] = [...parsePgn(pgn)];
  return [...replay(game!, { ep: 'legal', ...(castling ? { castling } : {}) })].map((r) => r.fen);
}

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const AFTER_E4_ALWAYS = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
const AFTER_E4_LEGAL = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1';
const AFTER_E4_E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2';

describe('findMoveBetween', () => {
  it('finds 1. e4 whichever en passant convention the second FEN uses', () => {
    for (const after of [AFTER_E4_ALWAYS, AFTER_E4_LEGAL]) {
      expect(findMoveBetween(initialPosition(), fen(after))).toEqual({ ok: true, value: { from: 12, to: 28 } });
    }
  });

  it('finds an en passant capture and a promotion', () => {
    const ep = findMoveBetween(fen('4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2'), fen('4k3/8/3P4/8/8/8/8/4K3 b - - 0 2'));
    expect(ep).toEqual({ ok: true, value: { from: 36, to: 43 } });
    const promo = findMoveBetween(fen('4k3/1P6/8/8/8/8/8/4K3 w - - 0 1'), fen('1N2k3/8/8/8/8/8/8/4K3 b - - 0 1'));
    expect(promo).toEqual({ ok: true, value: { from: 49, to: 57, promotion: 'knight' } });
  });

  it('connects Chess960 castling written in X-FEN before and Shredder-FEN after (king takes rook)', () => {
    const before = fen('nbbrk1r1/pppppppp/8/8/8/8/PPPPPPPP/NBBRK1R1 w KQkq - 0 1');
    const after = fen('nbbrk1r1/pppppppp/8/8/8/8/PPPPPPPP/NBBR1RK1 b dg - 1 1');
    expect(findMoveBetween(before, after)).toEqual({ ok: true, value: { from: 4, to: 6 } });
  });

  it('same side to move: says so, and names the two-ply path when there is one', () => {
    const found = findMoveBetween(initialPosition(), fen(AFTER_E4_E5));
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.error.reason).toBe('same-turn');
    expect(found.error.path).toEqual(['e4', 'e5']);
    expect(found.error.hint).toContain('two plies apart? "e4 e5"');
    expect(found.error.message).toBe(`no legal move leads from "${START}" to "${AFTER_E4_E5}"`);
  });

  it('no move: lists the squares that differ', () => {
    const found = findMoveBetween(initialPosition(), fen('rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 1'));
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.error.reason).toBe('no-move');
    expect(found.error.hint).toContain('4 squares differ (d2, e2, d4, e4)');
  });

  it('the placement matches but castling rights do not: says which move and which rights', () => {
    const before = fen('r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1');
    const after = fen('r3k2r/8/8/8/8/8/8/1R2K2R b kq - 1 1');
    const found = findMoveBetween(before, after);
    expect(found.ok).toBe(false);
    if (found.ok) return;
    expect(found.error.reason).toBe('rights');
    expect(found.error.hint).toContain('Rb1 gives this placement');
    expect(found.error.hint).toContain('"Kkq -", not "kq -"');
  });
});

describe('buildGame from moves', () => {
  it('writes the Seven Tag Roster with ? defaults and numbered SAN; SAN, UCI and move numbers mix', () => {
    const built = buildGame({ moves: ['1.', 'e4', 'e7e5', '2.Nf3', 'b8c6', '3.', 'Bb5'] });
    expect(built).toEqual({
      ok: true,
      diagnostics: [],
      value:
        '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n' +
        '1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n',
    });
  });

  it('adds SetUp and FEN tags for another start, numbers from its move, and takes extra tags', () => {
    const start = fen('8/6R1/7p/5K1k/8/6p1/5bPP/4N3 w - - 0 1');
    const built = buildGame({
      start,
      moves: ['Rxg3', 'Bxg3', 'Nf3', 'Bxh2', 'g4#'],
      tags: { White: 'Loyd, "Sam"', Result: '1-0', Annotator: 'me' },
    });
    expect(built.ok).toBe(true);
    expect(built.value).toBe(
      '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "Loyd, \\"Sam\\""]\n[Black "?"]\n[Result "1-0"]\n' +
        '[SetUp "1"]\n[FEN "8/6R1/7p/5K1k/8/6p1/5bPP/4N3 w - - 0 1"]\n[Annotator "me"]\n\n' +
        '1. Rxg3 Bxg3 2. Nf3 Bxh2 3. g4# 1-0\n',
    );
  });

  it('starts with "N..." when Black moves first', () => {
    const built = buildGame({ start: fen(AFTER_E4_ALWAYS), moves: ['c5', 'Nf3'] });
    expect(built.value?.split('\n\n')[1]).toBe('1... c5 2. Nf3 *\n');
  });

  it('wraps the movetext at 80 columns', () => {
    const moves = 'Nf3 Nf6 Ng1 Ng8 '.repeat(12).trim().split(' ');
    const text = buildGame({ moves }).value ?? '';
    const movetext = text.split('\n\n')[1]!.trimEnd().split('\n');
    expect(movetext.length).toBeGreaterThan(2);
    for (const line of movetext) expect(line.length).toBeLessThanOrEqual(80);
    expect(sanTokens(text)).toEqual(moves);
  });

  it('an illegal move stops the game with BUILD_BAD_MOVE, the position and a did-you-mean hint', () => {
    const built = buildGame({ moves: ['e4', 'e5', 'Nf6'] });
    expect(built.ok).toBe(false);
    expect(built.diagnostics).toHaveLength(1);
    const [d] = built.diagnostics;
    // The position before the move, with the e.p. square written after the double push (the standard).
    expect(d).toMatchObject({
      code: 'BUILD_BAD_MOVE',
      severity: 'error',
      fen: AFTER_E4_E5.replace(' - ', ' e6 '),
      excerpt: 'Nf6',
    });
    expect(d?.message).toMatch(/^move 3 "Nf6" \(at 2\.\) is not a legal move/);
    expect(d?.hint).toContain('Nf3');
    expect(built.value).toContain('1. e4 e5 *');
  });

  it('refuses SetUp/FEN tags, a bad Result, and moves together with fens (USAGE)', () => {
    expect(buildGame({ moves: [], tags: { FEN: START } }).diagnostics[0]?.code).toBe('USAGE');
    expect(buildGame({ moves: [], tags: { Result: 'win' } }).diagnostics[0]?.code).toBe('USAGE');
    expect(buildGame({ moves: [], fens: [START] }).diagnostics[0]?.code).toBe('USAGE');
  });
});

describe('buildGame from FENs', () => {
  it("rebuilds a real game from python-chess's per-ply FENs: same SAN as the file, same FENs on replay", () => {
    const [game] = reference('jorespi-marzinkus');
    const original = readFileSync(new URL('jorespi-marzinkus.pgn', FIXTURES), 'utf8');
    const built = buildGame({ fens: [game!.start_fen, ...game!.fens], tags: { Result: '1-0' } });
    expect(built.diagnostics).toEqual([]);
    expect(built.ok).toBe(true);
    expect(sanTokens(built.value!)).toEqual(sanTokens(original));
    expect(replayedFens(built.value!)).toEqual(game!.fens);
    expect(built.value).not.toContain('[SetUp');
  });

  it('rebuilds a Chess960 game (castling both ways) from Shredder-FENs, with Variant, SetUp and FEN tags', () => {
    const [game] = reference('cutechess-fischerrandom');
    const built = buildGame({ fens: [game!.start_shredder_fen!, ...game!.shredder_fens!] });
    expect(built.diagnostics).toEqual([]);
    expect(built.value).toContain(
      '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1"]',
    );
    expect(sanTokens(built.value!)).toContain('O-O-O');
    expect(replayedFens(built.value!)).toEqual(game!.fens);
  });

  it('reports every unconnected pair with its line (BUILD_NO_MOVE) and keeps the moves before the first', () => {
    const lines = [START, AFTER_E4_ALWAYS, '', START, AFTER_E4_E5];
    const built = buildGame({ fens: lines });
    expect(built.ok).toBe(false);
    expect(built.diagnostics.map((d) => [d.code, d.line])).toEqual([
      ['BUILD_NO_MOVE', 4],
      ['BUILD_NO_MOVE', 5],
    ]);
    expect(built.diagnostics[1]?.hint).toContain('two plies apart?');
    expect(built.value).toContain('1. e4 *');
  });

  it('a line that is not a FEN is BUILD_BAD_FEN at its line and column, with the FEN hint', () => {
    const built = buildGame({ fens: [START, 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR x KQkq - 0 1'] });
    expect(built.ok).toBe(false);
    expect(built.diagnostics).toHaveLength(1);
    expect(built.diagnostics[0]).toMatchObject({ code: 'BUILD_BAD_FEN', line: 2, column: 47 });
    expect(built.diagnostics[0]?.message).toMatch(/^line 2 is not a valid FEN: /);
  });

  it('an empty input is BUILD_BAD_FEN', () => {
    expect(buildGame({ fens: ['', '  '] }).diagnostics.map((d) => d.code)).toEqual(['BUILD_BAD_FEN']);
  });
});
