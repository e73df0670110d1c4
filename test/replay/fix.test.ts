/**
 * `fixGame` (src/replay/fix.ts): SetUp for a FEN tag, Result from the termination marker, canonical
 * SAN everywhere (variations included), comments and NAGs kept, unplayable moves left as written.
 */
import { describe, expect, it } from 'vitest';
import type { Game, MoveLine } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { fixGame } from '../../src/replay/fix.js';
import { replay } from '../../src/replay/replay.js';

function single(pgn: string): Game {
  return [...parsePgn(pgn)][0]!;
}

function tags(game: Game): [string, string][] {
  return game.tags.map((t) => [t.name, t.value]);
}

/** SAN + check of a line, each variation in brackets after its move. */
function written(line: MoveLine): string {
  return line.map((n) => `${n.san}${n.check}${n.variations.map((v) => ` (${written(v)})`).join('')}`).join(' ');
}

describe('fixGame', () => {
  it('returns the very same game and no changes when nothing needs fixing', () => {
    const game = single('[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n');
    const fixed = fixGame(game);
    expect(fixed.changes).toEqual([]);
    expect(fixed.game).toBe(game);
  });

  it('adds [SetUp "1"] just before a FEN tag that lacks it', () => {
    const game = single('[Event "x"]\n[Result "*"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. O-O *\n');
    const fixed = fixGame(game);
    expect(tags(fixed.game)).toEqual([
      ['Event', 'x'],
      ['Result', '*'],
      ['SetUp', '1'],
      ['FEN', '4k3/8/8/8/8/8/8/4K2R w K - 0 1'],
    ]);
    expect(fixed.changes).toEqual(['[SetUp "1"] added: the game has a FEN tag']);
    // The replay's SETUP_MISSING warning is repaired, so it is not passed on.
    expect(fixed.diagnostics).toEqual([]);
  });

  it('turns SetUp "0" into "1" when there is a FEN tag', () => {
    const fixed = fixGame(single('[SetUp "0"]\n[FEN "4k3/8/8/8/8/8/8/4K2R w K - 0 1"]\n\n1. Kf2 *\n'));
    expect(tags(fixed.game)[0]).toEqual(['SetUp', '1']);
  });

  it('sets the Result tag from the termination marker, or adds one', () => {
    const changed = fixGame(single('[Result "*"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n'));
    expect(tags(changed.game)).toEqual([['Result', '0-1']]);
    expect(changed.changes).toEqual(['[Result "*"] → [Result "0-1"]: the termination marker says 0-1']);
    const added = fixGame(single('[Event "x"]\n\n1. e4 1/2-1/2\n'));
    expect(tags(added.game)).toEqual([
      ['Event', 'x'],
      ['Result', '1/2-1/2'],
    ]);
    expect(added.changes).toEqual(['[Result "1/2-1/2"] added from the termination marker']);
  });

  it('rewrites moves in canonical SAN, in the main line and the variations, with checks and mates', () => {
    const game = single(
      '[Result "1-0"]\n1. e2e4 e5 2. Qd1h5 Nb8c6 (2... Ng8f6 3. Qxe5 Qe7 4. Qxe7 Bxe7) 3. Bc4 Nf6 4. Qxf7 1-0\n',
    );
    const fixed = fixGame(game);
    expect(written(fixed.game.moves)).toBe('e4 e5 Qh5 Nc6 (Nf6 Qxe5+ Qe7 Qxe7+ Bxe7) Bc4 Nf6 Qxf7#');
    expect(fixed.changes).toEqual([
      '1. e2e4 → e4',
      '2. Qd1h5 → Qh5',
      '2... Nb8c6 → Nc6',
      '2... Ng8f6 → Nf6',
      '3. Qxe5 → Qxe5+',
      '4. Qxe7 → Qxe7+',
      '4. Qxf7 → Qxf7#',
    ]);
    // The input tree is not touched.
    expect(written(game.moves)).toBe('e2e4 e5 Qd1h5 Nb8c6 (Ng8f6 Qxe5 Qe7 Qxe7 Bxe7) Bc4 Nf6 Qxf7');
  });

  it('keeps comments, NAGs and move numbers, and the fixed game replays to the same positions', () => {
    const game = single('{ start } 1. Ng1f3 $1 { best } d5 2. g3 ?! (2. d4 { also }) Bg4 *\n');
    const fixed = fixGame(game);
    const [first] = fixed.game.moves;
    expect(first).toMatchObject({ san: 'Nf3', nags: [1] });
    expect(first?.commentsAfter.map((c) => c.text.trim())).toEqual(['best']);
    expect(fixed.game.comments.map((c) => c.text.trim())).toEqual(['start']);
    expect(fixed.game.moves[2]?.variations[0]?.[0]?.commentsAfter.map((c) => c.text.trim())).toEqual(['also']);
    const fens = (g: Game): string[] => [...replay(g, { variations: true })].map((r) => `${r.path} ${r.fen}`);
    expect(fens(fixed.game)).toEqual(fens(game));
  });

  it('leaves an illegal move and the rest of its line as written, and says so', () => {
    const fixed = fixGame(single('[Result "*"]\n1. e2e4 e5 2. Ke3 Ng8f6 *\n'));
    expect(written(fixed.game.moves)).toBe('e4 e5 Ke3 Ng8f6');
    expect(fixed.changes[0]).toBe('1. e2e4 → e4');
    expect(fixed.changes[1]).toMatch(/^not fixed: "Ke3" cannot be played \(REPLAY_ILLEGAL_MOVE\)/);
    expect(fixed.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([['REPLAY_ILLEGAL_MOVE', 2, 15]]);
  });

  it('handles deep nesting without recursion (1,000 nested variations)', () => {
    const depth = 1000;
    const pgn = `1. e4 ${'( 1. d2d4 '.repeat(depth)}${')'.repeat(depth)} *\n`;
    const fixed = fixGame([...parsePgn(pgn, { maxVariationDepth: Infinity })][0]!);
    expect(fixed.changes.filter((c) => c === '1. d2d4 → d4')).toHaveLength(depth);
    let line: MoveLine | undefined = fixed.game.moves;
    let seen = 0;
    while (line?.[0]?.variations[0]) {
      line = line[0].variations[0];
      expect(line[0]?.san).toBe('d4');
      seen++;
    }
    expect(seen).toBe(depth);
  });
});
