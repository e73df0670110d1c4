/**
 * writePgn: export format (tag order and defaults, move numbers, NAGs, comments, variations,
 * wrapping, strip options) and the round trip parse(write(parse(x))) = parse(x), compared with a
 * normaliser that drops what export format changes on purpose.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Comment, Game, MoveLine } from '../../src/pgn/ast.js';
import { parsePgn, type ParseOptions } from '../../src/pgn/parse.js';
import { getTag } from '../../src/pgn/tags.js';
import { writePgn } from '../../src/pgn/write.js';

function one(text: string, options: ParseOptions = {}): Game {
  const [game] = [...parsePgn(text, options)];
  if (!game) throw new Error('no game');
  return game;
}

const DEFAULTS: Record<string, string> = {
  Event: '?',
  Site: '?',
  Date: '????.??.??',
  Round: '?',
  White: '?',
  Black: '?',
};
const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'];

function comments(list: readonly Comment[]): object[] {
  return list.map(({ offset: _o, length: _l, ...rest }) => rest);
}

function line(moves: MoveLine): object[] {
  return moves.map((m) => ({
    san: m.san,
    check: m.check,
    nags: m.nags,
    before: comments(m.commentsBefore),
    after: comments(m.commentsAfter),
    variations: m.variations.map(line),
  }));
}

/**
 * What must survive a round trip. Left out on purpose: offsets, text and diagnostics; move number
 * indications (the writer puts them where export format wants them); tag order, duplicates and
 * roster defaults (export format writes the roster first, each name once, `?` when missing);
 * a missing result (export format always ends with one: the Result tag's, else `*`).
 */
function normalise(game: Game): object {
  const tags: Record<string, string> = { ...DEFAULTS };
  for (const tag of game.tags) tags[tag.name] = tag.value;
  const tagResult = getTag(game, 'Result');
  const result = game.result?.value ?? (tagResult !== undefined && RESULTS.includes(tagResult) ? tagResult : '*');
  tags['Result'] = tagResult ?? result;
  return {
    tags,
    comments: comments(game.comments),
    moves: line(game.moves),
    finalComments: comments(game.finalComments),
    result,
  };
}

describe('writePgn: export format', () => {
  it('writes the roster first with defaults, the other tags, a blank line, then the movetext', () => {
    const game = one('[White "Tal"]\n[ECO "B20"]\n[Event "x"]\n[ECO "B21"]\n\n1. e4 c5 *');
    expect(writePgn(game)).toBe(
      [
        '[Event "x"]',
        '[Site "?"]',
        '[Date "????.??.??"]',
        '[Round "?"]',
        '[White "Tal"]',
        '[Black "?"]',
        '[Result "*"]',
        '[ECO "B21"]',
        '',
        '1. e4 c5 *',
        '',
      ].join('\n'),
    );
  });

  it('numbers Black moves after a comment, a variation and at a variation start', () => {
    const game = one('1. e4 {best} e5 2. Nf3 (2. f4 exf4) Nc6 $1 (2... d6 3. d4) 3. Bb5 1-0');
    expect(writePgn(game).split('\n\n')[1]).toBe(
      '1. e4 {best} 1... e5 2. Nf3 (2. f4 exf4) 2... Nc6 $1 (2... d6 3. d4) 3. Bb5 1-0\n',
    );
  });

  it('writes comments before a move after its number, and comments after the result', () => {
    const game = one('{intro} 1. e4 e5 2. {before} Nf3 1-0 {outro}');
    expect(writePgn(game).split('\n\n')[1]).toBe('{intro} 1. e4 e5 2. {before} Nf3 1-0 {outro}\n');
  });

  it('numbers a Black move that has a comment before it, so the comment stays before it', () => {
    const game = one('1. e4 1... {before e5} e5 *');
    expect(writePgn(game).split('\n\n')[1]).toBe('1. e4 1... {before e5} e5 *\n');
    expect(normalise(one(writePgn(game)))).toEqual(normalise(game));
  });

  it('counts move numbers from the FEN tag', () => {
    const game = one('[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 3 40"]\n\ne5 d4 Ke7 *');
    expect(writePgn(game).split('\n\n')[1]).toBe('40... e5 41. d4 Ke7 *\n');
  });

  it('counts from the first written number when there is no FEN tag', () => {
    expect(writePgn(one('12... Nf6 13. c4 *')).split('\n\n')[1]).toBe('12... Nf6 13. c4 *\n');
  });

  it('escapes tag values and takes the result from the Result tag when the movetext has none', () => {
    const game = one('[White "say \\"hi\\" \\\\o/"]\n[Result "0-1"]\n\n1. e4\n');
    const text = writePgn(game);
    expect(text).toContain('[White "say \\"hi\\" \\\\o/"]');
    expect(text.endsWith('1. e4 0-1\n')).toBe(true);
  });

  it('writes a ; comment that holds a } as a ; comment and ends its line', () => {
    const game = one('1. e4 ; a } here\ne5 *');
    expect(writePgn(game).split('\n\n')[1]).toBe('1. e4 ; a } here\n1... e5 *\n');
  });
});

describe('writePgn: wrapping', () => {
  const long = one(
    `${Array.from({ length: 60 }, (_, i) => `${i + 1}. Nf3 {a comment here} Nf6 (${i + 1}... Nc6 $2)`).join(' ')} *`,
  );

  it.each([80, 40, 20])('keeps every movetext line within %i characters', (width) => {
    const movetext = writePgn(long, { lineWidth: width }).split('\n\n')[1] ?? '';
    const lines = movetext.trimEnd().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const l of lines) expect(l.length).toBeLessThanOrEqual(width);
  });

  it('never splits a token, and keeps parentheses on their tokens', () => {
    const movetext = writePgn(long, { lineWidth: 20 }).split('\n\n')[1] ?? '';
    expect(movetext).not.toMatch(/\(\s|\s\)/);
    expect(movetext).toContain('{a comment here}');
  });

  it('gives a token longer than the width a line of its own', () => {
    const comment = 'x'.repeat(100);
    const movetext = writePgn(one(`1. e4 {${comment}} e5 *`), { lineWidth: 40 }).split('\n\n')[1];
    expect(movetext).toBe(`1. e4\n{${comment}}\n1... e5 *\n`);
  });
});

describe('writePgn: strip', () => {
  const game = one('{intro} 1. e4! {good [%clk 0:01:00]} (1. d4 $2) e5 {[%clk 0:00:59]} 2. Nf3 *');

  it.each<[string, object, string]>([
    ['comments', { comments: true }, '1. e4 $1 (1. d4 $2) 1... e5 2. Nf3 *'],
    ['variations', { variations: true }, '{intro} 1. e4 $1 {good [%clk 0:01:00]} 1... e5 {[%clk 0:00:59]} 2. Nf3 *'],
    ['nags', { nags: true }, '{intro} 1. e4 {good [%clk 0:01:00]} (1. d4) 1... e5 {[%clk 0:00:59]} 2. Nf3 *'],
    ['clocks', { clocks: true }, '{intro} 1. e4 $1 {good} (1. d4 $2) 1... e5 2. Nf3 *'],
  ])('strips %s', (_, strip, movetext) => {
    expect(writePgn(game, { strip }).split('\n\n')[1]).toBe(`${movetext}\n`);
  });
});

describe('writePgn: round trip', () => {
  it('round-trips a game with every construct', () => {
    const text = [
      '[Event "E"]',
      '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"]',
      '',
      '{game comment [%evp 1]} 1. e4 $1 {after [%clk 0:01:00] [%eval 0.3]} ( {start} 1. d4 d5 ( 1... Nf6 ) ) 1... e5!?',
      '2. {before Nf3} Nf3+ Nc6 3. Bb5 ; line comment',
      'a6 4. O-O -- 5. e8=Q# 1-0 {final}',
    ].join('\n');
    const game = one(text);
    const again = one(writePgn(game));
    expect(normalise(again)).toEqual(normalise(game));
  });

  it('round-trips 10,000 nested variations', () => {
    const depth = 10_000;
    const game = one(`1. e4 ${'(1. d4 '.repeat(depth)}${')'.repeat(depth)} *`, { maxVariationDepth: Infinity });
    const again = one(writePgn(game), { maxVariationDepth: Infinity });
    let a: MoveLine = again.moves;
    let levels = 0;
    while (a[0]?.variations[0] !== undefined) {
      a = a[0].variations[0];
      levels++;
    }
    expect(levels).toBe(depth);
  });

  const EDGE = new URL('../fixtures/edge/', import.meta.url);
  const files = readdirSync(EDGE).filter((f) => f.endsWith('.pgn'));

  it.each(files)('round-trips every game of %s', (file) => {
    const bytes = readFileSync(new URL(file, EDGE));
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch {
      text = new TextDecoder('latin1').decode(bytes);
    }
    const games = [...parsePgn(text)];
    const written = games.map((g) => writePgn(g)).join('\n');
    const again = [...parsePgn(written)];
    expect(again.map(normalise)).toEqual(games.map(normalise));
    // Export format parses clean: no error, and no warning but for what the source lacked.
    for (const game of again) expect(game.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });
});
