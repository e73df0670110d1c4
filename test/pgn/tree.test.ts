/**
 * parseGame / parsePgn: the tree (moves, numbers, NAGs, comment placement, variations) and the
 * structural diagnostics with exact codes, lines and columns.
 */
import { describe, expect, it } from 'vitest';
import type { Game, MoveLine } from '../../src/pgn/ast.js';
import { locate, parseGame } from '../../src/pgn/parse-game.js';
import { parsePgn, type ParseOptions } from '../../src/pgn/parse.js';
import { MAX_VARIATION_DEPTH } from '../../src/pgn/tree.js';
import { MAX_GAME_ELEMENTS } from '../../src/pgn/raw.js';

function one(text: string, options: ParseOptions = {}): Game {
  const games = [...parsePgn(text, options)];
  expect(games.length).toBe(1);
  return games[0] as Game;
}

/** [code, line, column] of every diagnostic. */
function where(game: Game): [string, number | undefined, number | undefined][] {
  return game.diagnostics.map((d) => [d.code, d.line, d.column]);
}

const sans = (line: MoveLine): string[] => line.map((m) => m.san);

describe('parseGame: the whole node', () => {
  it('builds the game node of a one-move game', () => {
    expect(parseGame({ text: '1. e4 *', offset: 0, line: 1, column: 1, index: 0 })).toEqual({
      index: 0,
      offset: 0,
      line: 1,
      column: 1,
      text: '1. e4 *',
      tags: [],
      comments: [],
      moves: [
        {
          offset: 3,
          length: 2,
          san: 'e4',
          check: '',
          number: { offset: 0, length: 2, value: 1, black: false },
          nags: [],
          commentsBefore: [],
          commentsAfter: [],
          variations: [],
        },
      ],
      finalComments: [],
      result: { offset: 6, length: 1, value: '*' },
      diagnostics: [],
    });
  });

  it('shifts every offset by the chunk offset', () => {
    const game = parseGame({ text: '[A "b"]\n1. e4 *', offset: 100, line: 7, column: 1, index: 3 });
    expect(game.tags).toEqual([{ offset: 100, length: 7, name: 'A', value: 'b', valueOffset: 104 }]);
    expect(game.moves[0]?.offset).toBe(111);
    expect(game.moves[0]?.number?.offset).toBe(108);
    expect(game.result?.offset).toBe(114);
  });
});

describe('moves, numbers and annotations', () => {
  it('splits check signs and maps suffixes to NAGs in order with $n', () => {
    const game = one('1. e4! e5? 2. Nf3+ Nc6!! $14 3. Bb5?? a6!? 4. Ba4?! Qh4# *');
    expect(game.moves.map((m) => [m.san, m.check, m.nags])).toEqual([
      ['e4', '', [1]],
      ['e5', '', [2]],
      ['Nf3', '+', []],
      ['Nc6', '', [3, 14]],
      ['Bb5', '', [4]],
      ['a6', '', [5]],
      ['Ba4', '', [6]],
      ['Qh4', '#', []],
    ]);
  });

  it('reads move numbers for White and Black, glued or not', () => {
    const game = one('12. e4 12... e5 13.Nf3 13…Nc6 14. ... Bb5 *');
    expect(game.moves.map((m) => m.number && [m.number.value, m.number.black])).toEqual([
      [12, false],
      [12, true],
      [13, false],
      [13, true],
      [14, true],
    ]);
  });

  it('keeps SAN as written but drops an e.p. mark', () => {
    expect(one('1. e8(Q)+ exd6e.p. 2. exd6 e.p. O-O-O# *').moves.map((m) => [m.san, m.check])).toEqual([
      ['e8(Q)', '+'],
      ['exd6', ''],
      ['exd6', ''],
      ['O-O-O', '#'],
    ]);
  });

  it('takes a lone e.p. as the mark of the move before it', () => {
    const game = one('1. e4 d5 2. e5 f5 3. exf6  e.p.+ *');
    expect(game.moves.map((m) => [m.san, m.check])).toEqual([
      ['e4', ''],
      ['d5', ''],
      ['e5', ''],
      ['f5', ''],
      ['exf6', '+'],
    ]);
    expect(game.diagnostics).toEqual([]);
  });

  it('reads null moves', () => {
    expect(sans(one('1. e4 -- 2. Z0 *').moves)).toEqual(['e4', '--', 'Z0']);
  });
});

describe('comment placement', () => {
  it('puts each comment in its one place', () => {
    const game = one('{game} 1. e4 {after e4} 1... {before e5} e5 (1... c5 {after c5}) {after var} 2. Nf3 *');
    expect(game.comments.map((c) => c.text)).toEqual(['game']);
    const [e4, e5, nf3] = game.moves;
    expect(e4?.commentsBefore).toEqual([]);
    expect(e4?.commentsAfter.map((c) => c.text)).toEqual(['after e4']);
    expect(e5?.commentsBefore.map((c) => c.text)).toEqual(['before e5']);
    expect(e5?.commentsAfter.map((c) => c.text)).toEqual(['after var']);
    expect(e5?.variations[0]?.[0]?.commentsAfter.map((c) => c.text)).toEqual(['after c5']);
    expect(nf3?.commentsBefore).toEqual([]);
  });

  it('gives a comment at the start of a variation to its first move', () => {
    const d4 = one('1. e4 ( {start} 1. d4 ) *').moves[0]?.variations[0]?.[0];
    expect(d4?.commentsBefore.map((c) => c.text)).toEqual(['start']);
  });

  it('treats a ; comment like a brace comment, and keeps comments after the result apart', () => {
    const game = one('1. e4 ; line comment\n1-0 {final}');
    expect(game.moves[0]?.commentsAfter.map((c) => c.text)).toEqual([' line comment']);
    expect(game.finalComments.map((c) => c.text)).toEqual(['final']);
  });

  it('decodes comment commands and keeps the text verbatim', () => {
    const comment = one('1. e4 { [%clk 0:01:02.5] [%eval #-3] [%csl Ra1] } *').moves[0]?.commentsAfter[0];
    expect(comment).toEqual({
      offset: 6,
      length: 43,
      text: ' [%clk 0:01:02.5] [%eval #-3] [%csl Ra1] ',
      clock: 62.5,
      eval: { mate: -3 },
      shapes: [{ color: 'red', from: 'a1' }],
    });
  });
});

describe('variations', () => {
  it('nests variations as alternatives to the move before the parenthesis', () => {
    const game = one('1. e4 e5 (1... c5 2. Nf3 (2. c3)) (1... e6) 2. Nf3 *');
    expect(sans(game.moves)).toEqual(['e4', 'e5', 'Nf3']);
    const e5 = game.moves[1];
    expect(e5?.variations.map(sans)).toEqual([['c5', 'Nf3'], ['e6']]);
    expect(e5?.variations[0]?.[1]?.variations.map(sans)).toEqual([['c3']]);
  });

  it('attaches a variation before any move to the next move, with a warning', () => {
    const game = one('(1. d4) 1. e4 *');
    expect(game.moves[0]?.variations.map(sans)).toEqual([['d4']]);
    expect(where(game)).toEqual([['PGN_VARIATION_AT_START', 1, 1]]);
    expect(game.diagnostics[0]?.severity).toBe('warning');
  });

  const levelsOf = (game: Game): number => {
    let line: MoveLine = game.moves;
    let levels = 0;
    while (line[0]?.variations[0] !== undefined) {
      line = line[0].variations[0];
      levels++;
    }
    return levels;
  };

  it('nests 10,000 variations deep without overflowing, when the depth cap is lifted', () => {
    const depth = 10_000;
    const game = one(`1. e4 ${'(1. d4 '.repeat(depth)}${')'.repeat(depth)} *`, { maxVariationDepth: Infinity });
    expect(game.diagnostics).toEqual([]);
    expect(levelsOf(game)).toBe(depth);
  });

  it('keeps variations up to MAX_VARIATION_DEPTH levels and drops deeper ones with one report (issue 12)', () => {
    const at = one(`1. e4 ${'(1. d4 '.repeat(MAX_VARIATION_DEPTH)}${')'.repeat(MAX_VARIATION_DEPTH)} *`);
    expect(at.diagnostics).toEqual([]);
    expect(levelsOf(at)).toBe(MAX_VARIATION_DEPTH);
    const depth = 10_000;
    const game = one(`1. e4 ${'(1. d4 '.repeat(depth)}${')'.repeat(depth)} 1... e5 *`);
    expect(levelsOf(game)).toBe(MAX_VARIATION_DEPTH);
    expect(game.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    expect(where(game)).toEqual([['PGN_VARIATION_TOO_DEEP', 1, 7 + 7 * MAX_VARIATION_DEPTH]]);
    expect(game.diagnostics[0]?.message).toContain(
      `${(depth - MAX_VARIATION_DEPTH).toLocaleString('en')} variations with ${(depth - MAX_VARIATION_DEPTH).toLocaleString('en')} moves`,
    );
    expect(one('1. e4 (1. d4 (1... d5 (2. c4))) *', { maxVariationDepth: 2 }).diagnostics.map((d) => d.code)).toEqual([
      'PGN_VARIATION_TOO_DEEP',
    ]);
  });
});

describe('look-alike results and castling (issue 11.6)', () => {
  it.each([
    ['1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O–O 1–0', 'O-O', '1-0'],
    ['1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0–0 ½-½', '0-0', '1/2-1/2'],
    ['1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O—O 1/2–1/2', 'O-O', '1/2-1/2'],
    ['1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O ½–½', 'O-O', '1/2-1/2'],
    ['1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O-O 0–1', 'O-O', '0-1'],
  ])('%s: the move and the result as meant, each with an info note', (text, castle, result) => {
    const game = one(text);
    expect(game.moves.map((m) => m.san).at(-1)).toBe(castle);
    expect(game.result?.value).toBe(result);
    const notes = game.diagnostics.filter((d) => d.code === 'PGN_LOOKALIKE');
    expect(notes.length).toBe(text.includes('O-O ') ? 1 : 2);
    expect(notes.every((d) => d.severity === 'info')).toBe(true);
    expect(game.diagnostics.filter((d) => d.code !== 'PGN_LOOKALIKE')).toEqual([]);
  });

  it.each([
    ['1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. O–O!? *', 'O-O', [5]],
    ['1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. 0—0?? *', '0-0', [4]],
    ['1. d4 d5 2. Nc3 Nf6 3. Bf4 Bf5 4. Qd2 Qd7 5. 0–0-0! *', '0-0-0', [1]],
    ['1. e4 e5 2. Ng1–f3!! *', 'Ng1-f3', [3]],
  ])('%s: a suffix after a look-alike move is its NAG, as after a plain one', (text, san, nags) => {
    const game = one(text);
    expect(game.moves.map((m) => [m.san, m.nags]).at(-1)).toEqual([san, nags]);
    expect(game.diagnostics.map((d) => d.code)).toEqual(['PGN_LOOKALIKE']);
    // The same as the move spelt plainly.
    const plain = one(text.replace(/[–—]/g, '-'));
    expect(plain.moves.map((m) => [m.san, m.nags])).toEqual(game.moves.map((m) => [m.san, m.nags]));
  });

  it('quotes the source and the meaning, at the source', () => {
    const game = one('1. e4 ½-½');
    expect(where(game)).toEqual([['PGN_LOOKALIKE', 1, 7]]);
    expect(game.diagnostics[0]?.message).toBe('`½-½` is read as `1/2-1/2`');
  });
});

describe('unclosed parentheses keep their moves (issue 11.3)', () => {
  it('reads the moves after `(((` with nothing before them as the main line, naming each `(`', () => {
    const game = one('((( 1. c4 e5 *');
    expect(game.moves.map((m) => m.san)).toEqual(['c4', 'e5']);
    expect(game.result?.value).toBe('*');
    const open = game.diagnostics.filter((d) => d.code === 'PGN_UNCLOSED_VARIATION');
    expect(open.map((d) => d.column)).toEqual([3, 2, 1]);
    expect(open[0]?.hint).toContain('read as moves of the line around it');
  });

  it('makes a comment before the first of those moves the game comment, as for any main line', () => {
    const game = one('(( {a} 1. e4 {b} e5 *');
    expect(game.comments.map((c) => c.text)).toEqual(['a']);
    expect(game.moves.map((m) => [m.san, m.commentsBefore.length, m.commentsAfter.map((c) => c.text)])).toEqual([
      ['e4', 0, ['b']],
      ['e5', 0, []],
    ]);
    expect(one('{x} ( {a} 1. d4 ) *').comments.map((c) => c.text)).toEqual(['x', 'a']);
  });

  it('keeps an unclosed variation after a move as a variation of it', () => {
    const game = one('1. e4 (( 1... c5 2. Nf3 *');
    expect(game.moves.map((m) => m.san)).toEqual(['e4']);
    expect(game.moves[0]?.variations.map((v) => v.map((m) => m.san))).toEqual([['c5', 'Nf3']]);
  });

  it('reads closed variations with no main-line move after them as the main line', () => {
    const game = one('{intro} ((( 1. c4 ))) *');
    expect(game.moves.map((m) => m.san)).toEqual(['c4']);
    expect(game.diagnostics.map((d) => d.code)).toContain('PGN_VARIATION_AT_START');
    const alone = one('( 1. d4 d5 ) ( 1. e4 ) *');
    expect(alone.moves.map((m) => m.san)).toEqual(['d4', 'd5']);
    expect(alone.moves[0]?.variations.map((v) => v.map((m) => m.san))).toEqual([['e4']]);
  });
});

describe('the per-game work budget (issue 12)', () => {
  it('reads a game up to MAX_GAME_ELEMENTS elements and reports the rest as not read', () => {
    const text = `1. e4 e5 ${'$1 '.repeat(MAX_GAME_ELEMENTS)}2. Nf3 *`;
    const game = one(text);
    expect(game.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    const codes = game.diagnostics.map((d) => d.code);
    expect(codes).toContain('PGN_GAME_TOO_COMPLEX');
    expect(codes).not.toContain('PGN_MISSING_RESULT');
    expect(game.diagnostics.length).toBeLessThan(5);
  }, 60_000);

  it('keeps a game just under the budget whole', () => {
    const game = one(`1. e4 ${'$1 '.repeat(MAX_GAME_ELEMENTS - 10)}e5 *`);
    expect(game.moves.map((m) => m.san)).toEqual(['e4', 'e5']);
    expect(game.diagnostics.map((d) => d.code)).toEqual([]);
  }, 60_000);
});

describe('structural diagnostics (code, line, column)', () => {
  it.each<[string, string, [string, number, number][]]>([
    [
      'an unclosed comment at its {',
      '1. e4 {oops\n2. d4',
      [
        ['PGN_UNCLOSED_COMMENT', 1, 7],
        ['PGN_MISSING_RESULT', 2, 6],
      ],
    ],
    ['an unclosed variation at its (', '1. e4 (1. d4 e5\n*', [['PGN_UNCLOSED_VARIATION', 1, 7]]],
    ['an unmatched )', '1. e4 ) e5 *', [['PGN_UNMATCHED_PAREN', 1, 7]]],
    ['an empty variation', '1. e4 () *', [['PGN_EMPTY_VARIATION', 1, 7]]],
    ['a NAG above 255', '1. e4 $256 *', [['PGN_BAD_NAG', 1, 7]]],
    ['an unknown suffix', '1. e4 !!! *', [['PGN_BAD_NAG', 1, 7]]],
    ['a NAG before any move', '$1 1. e4 *', [['PGN_BAD_NAG', 1, 1]]],
    ['an escape line', '%junk\n1. e4 *', [['PGN_ESCAPE_LINE', 1, 1]]],
    ['an unescaped quote in a tag', '[Event "The "Best" game"]\n\n1. e4 *', [['PGN_BAD_TAG', 1, 1]]],
    ['an unclosed tag', '[Event "abc\n\n1. e4 *', [['PGN_UNCLOSED_TAG', 1, 1]]],
    ['a duplicate tag', '[Site "a"]\n[Site "b"]\n\n*', [['PGN_DUPLICATE_TAG', 2, 1]]],
    ['a tag pair inside the movetext', '1. e4 [Event "x"] *', [['PGN_BAD_TAG', 1, 7]]],
    ['a [%clk] outside braces', '1. e4 [%clk 0:00:01] *', [['PGN_BAD_TAG', 1, 7]]],
    ['an evaluation symbol', '1. e4 e5 ± *', [['PGN_INVALID_TOKEN', 1, 10]]],
    ['a result inside a variation', '1. e4 (1. d4 1-0) e5 *', [['PGN_INVALID_TOKEN', 1, 14]]],
    ['a missing result', '1. e4 e5\n', [['PGN_MISSING_RESULT', 1, 9]]],
    ['a game cut mid-move', '1. e4 e5 2. Nf', [['PGN_TRUNCATED', 1, 13]]],
    ['a game cut after a move number', '1. e4 e5 2.', [['PGN_TRUNCATED', 1, 10]]],
    [
      'a game cut in its result',
      '1. e4 e5 1/2-1',
      [
        ['PGN_INVALID_TOKEN', 1, 10],
        ['PGN_TRUNCATED', 1, 10],
      ],
    ],
    ['a snippet without a final line end (complete, so only no result)', '1. e4 e5', [['PGN_MISSING_RESULT', 1, 9]]],
    ['a snippet ending in castling or a null move', '1. O-O --', [['PGN_MISSING_RESULT', 1, 10]]],
    ['text after the result', '1. e4 1-0 2. d4\n', [['PGN_TEXT_AFTER_RESULT', 1, 11]]],
    ['a stray }', '1. e4 } *', [['PGN_INVALID_TOKEN', 1, 7]]],
  ])('reports %s', (_, text, expected) => {
    expect(where(one(text))).toEqual(expected);
  });

  it('gives severities from the registry (overridden where it says so)', () => {
    expect(one('%x\n1. e4 e5 ± (1. d4 1-0) $1 e5\n').diagnostics.map((d) => [d.code, d.severity])).toEqual([
      ['PGN_ESCAPE_LINE', 'info'],
      ['PGN_INVALID_TOKEN', 'error'],
      ['PGN_INVALID_TOKEN', 'warning'],
      ['PGN_MISSING_RESULT', 'warning'],
    ]);
  });

  it('fills offset, length, gameIndex, excerpt and hint', () => {
    const [, second] = [...parsePgn('1. e4 *\n[Event "x"]\n1. e4 1/2 *\n')];
    expect(second?.diagnostics).toEqual([
      {
        code: 'PGN_INVALID_TOKEN',
        severity: 'error',
        message: '`1/2` is not a move, move number, annotation, comment or result',
        offset: 26,
        line: 3,
        column: 7,
        length: 3,
        gameIndex: 1,
        excerpt: '1/2',
        hint: 'write a draw as 1/2-1/2',
      },
    ]);
  });

  it('keeps messages short when the input is long', () => {
    const game = one(`1. e4 ${'§'.repeat(10_000)} [Event "${'x'.repeat(10_000)}"] *`);
    expect(game.diagnostics.map((d) => d.code)).toEqual(['PGN_INVALID_TOKEN', 'PGN_BAD_TAG']);
    for (const d of game.diagnostics) {
      expect(d.message.length).toBeLessThan(150);
      expect(d.excerpt?.length).toBeLessThanOrEqual(60);
    }
  });

  it('hints at a move number without its dot', () => {
    expect(one('1. e4 e5 2 Nf3 *').diagnostics[0]?.hint).toBe(
      'write `2.` before a White move, `2...` before a Black one',
    );
  });

  it('recovers the value of a tag with unescaped quotes', () => {
    const game = one('[Event "The "Best" game"]\n\n1. e4 *');
    expect(game.tags.map((t) => [t.name, t.value])).toEqual([['Event', 'The "Best" game']]);
    expect(game.diagnostics[0]?.hint).toBe('escape quotes inside a value as \\"');
  });

  it('takes a result after an unclosed variation as the game result', () => {
    const game = one('1. e4 (1. d4 d5 1-0');
    expect(game.result?.value).toBe('1-0');
    expect(game.moves[0]?.variations.map(sans)).toEqual([['d4', 'd5']]);
    expect(where(game)).toEqual([['PGN_UNCLOSED_VARIATION', 1, 7]]);
  });

  it('ignores moves after the result', () => {
    expect(sans(one('1. e4 1-0 2. d4\n').moves)).toEqual(['e4']);
  });
});

describe('lines and columns', () => {
  it.each([
    ['LF', '[Event "x"]\n\n1. e4 $256 *'],
    ['CRLF', '[Event "x"]\r\n\r\n1. e4 $256 *'],
    ['CR', '[Event "x"]\r\r1. e4 $256 *'],
  ])('counts %s line ends', (_, text) => {
    expect(where(one(text))).toEqual([['PGN_BAD_NAG', 3, 7]]);
  });

  it('counts columns in code points', () => {
    const game = one('{é😀} 1. e4 $300 *');
    expect(game.diagnostics[0]).toMatchObject({ offset: 12, line: 1, column: 12 });
  });

  it('places diagnostics of later games on file lines', () => {
    const games = [...parsePgn('[Event "a"]\n\n1. e4 *\n\n[Event "b"]\n\n1. e4 $999 *\n')];
    expect(games[1]?.line).toBe(5);
    expect(where(games[1] as Game)).toEqual([['PGN_BAD_NAG', 7, 7]]);
    expect(games[1]?.diagnostics[0]?.gameIndex).toBe(1);
  });
});

describe('locate', () => {
  it('places any offset of a game from the game alone', () => {
    const [, game] = [...parsePgn('1. e4 *\r\n[Event "b"]\r\n\r\n1. d4 d5 *\r\n')];
    const d5 = game?.moves[1];
    expect(d5?.san).toBe('d5');
    expect(locate(game as Game, d5?.offset ?? -1)).toEqual({ line: 4, column: 7 });
    expect(locate(game as Game, game?.offset ?? -1)).toEqual({ line: 2, column: 1 });
  });

  it('continues the column of a game that starts inside a line', () => {
    const game = parseGame({ text: 'e4 e5\n$999', offset: 10, line: 3, column: 5, index: 0 });
    expect(locate(game, 13)).toEqual({ line: 3, column: 8 });
    expect(locate(game, 16)).toEqual({ line: 4, column: 1 });
  });
});
