/**
 * The game splitter: the boundary rule, what it must not split on (comments, strings, `;` and
 * `%` lines), header-only games, recovery from an unclosed comment, the size cap, and the same
 * games whatever the chunk boundaries.
 */
import { describe, expect, it } from 'vitest';
import { GameSplitter, splitGames, type GameChunk } from '../../src/pgn/split.js';

const texts = (input: string): string[] => [...splitGames(input)].map((g) => g.text);

function chunked(input: string, sizes: readonly number[]): GameChunk[] {
  const splitter = new GameSplitter();
  const games: GameChunk[] = [];
  let at = 0;
  for (let i = 0; at < input.length; i++) {
    const size = sizes[i % sizes.length] ?? 1;
    games.push(...splitter.push(input.slice(at, at + size)));
    at += size;
  }
  games.push(...splitter.end());
  return games;
}

const THREE = [
  '[Event "a"]\r\n[Site "x { ; ] y"]\r\n\r\n1. e4 {a comment\r\n[Event "not a game"] ok} e5 *\r\n\r\n',
  '[Event "b"]\n% escape [Event "no"]\n\n1. d4 ; [Event "no"]\n[%clk 1] d5\n(1... Nf6\n) 1-0\n\n',
  '   [Event "c"] 1. c4 c5\r\r',
];

describe('splitGames: the boundary rule', () => {
  it('cuts before each tag line that follows movetext, at the start of its line', () => {
    expect(texts(THREE.join(''))).toEqual(THREE);
  });

  it('gives each game its offset and 1-based line (CR, LF and CRLF end lines)', () => {
    const games = [...splitGames(THREE.join(''))];
    const offsets = [0, THREE[0]?.length ?? 0, (THREE[0]?.length ?? 0) + (THREE[1]?.length ?? 0)];
    expect(games.map((g) => [g.index, g.offset, g.line, g.column])).toEqual([
      [0, offsets[0], 1, 1],
      [1, offsets[1], 7, 1],
      [2, offsets[2], 15, 1],
    ]);
  });

  it('splits one-line games with tags and moves on the same line', () => {
    expect(texts('[Result "1-0"] e4 *\n[Result "0-1"] e4 *\n')).toEqual([
      '[Result "1-0"] e4 *\n',
      '[Result "0-1"] e4 *\n',
    ]);
  });

  it('does not split on a blank line inside the tag section or inside the movetext', () => {
    const text = '[Event "a"]\n\n[Date "2017.12.04"]\n\n1. e4\n\ne5 *\n';
    expect(texts(text)).toEqual([text]);
  });

  it('keeps a comment before the first tags with the game that follows', () => {
    expect(texts('{file comment}\n\n[Event "a"]\n1. e4 *\n')).toEqual(['{file comment}\n\n[Event "a"]\n1. e4 *\n']);
  });

  it('keeps text after a result that cannot begin a game in that game', () => {
    expect(texts('[Event "a"]\n1. e4 *\n\nFrom: someone\n')).toEqual(['[Event "a"]\n1. e4 *\n\nFrom: someone\n']);
    expect(texts('1. e4 e5 1-0\n{final comment}\n$1\n')).toEqual(['1. e4 e5 1-0\n{final comment}\n$1\n']);
  });

  it('returns nothing for blank input and keeps trailing blanks with the last game', () => {
    expect(texts('')).toEqual([]);
    expect(texts(' \n\r\n\t')).toEqual([]);
    expect(texts('1. e4 *\n\n\n')).toEqual(['1. e4 *\n\n\n']);
  });

  it('cuts a game that begins with a comment, after another game', () => {
    expect(texts('[Event "a"]\n{only a comment}\n\n[Event "b"]\n*')).toEqual([
      '[Event "a"]\n{only a comment}\n\n',
      '[Event "b"]\n*',
    ]);
  });
});

describe('splitGames: games without tags', () => {
  it('starts a new game at movetext after a termination marker (issue 11.1)', () => {
    expect(texts('1. e4 e5 1-0\n\n1. d4 d5 0-1\n')).toEqual(['1. e4 e5 1-0\n\n', '1. d4 d5 0-1\n']);
    expect(texts('[Event "a"]\n\n1. e4 e5 *\n1. d4 d5 *\n')).toEqual(['[Event "a"]\n\n1. e4 e5 *\n', '1. d4 d5 *\n']);
    expect(texts('1. e4 1/2-1/2\ne4 *\n  12. Nf3 *\n')).toEqual(['1. e4 1/2-1/2\n', 'e4 *\n', '  12. Nf3 *\n']);
  });

  it('reads the marker before a comment on its line, and after a comment line', () => {
    expect(texts('1. e4 1-0 {White won}\n{note}\n\n1. d4 *')).toEqual(['1. e4 1-0 {White won}\n{note}\n\n', '1. d4 *']);
    expect(texts('1. e4 e5 1-0 ; the end\n1. d4 *')).toEqual(['1. e4 e5 1-0 ; the end\n', '1. d4 *']);
  });

  it('gives comment lines right before the new game to it, unless a blank line follows them', () => {
    expect(texts('1. e4 1-0 {White won}\n{Game 2}\n1. d4 *')).toEqual(['1. e4 1-0 {White won}\n', '{Game 2}\n1. d4 *']);
    expect(texts('1. e4 1-0\n\n{Game 2} {by X}\n{more}\n 1. d4 *')).toEqual([
      '1. e4 1-0\n\n',
      '{Game 2} {by X}\n{more}\n 1. d4 *',
    ]);
    expect(texts('1. e4 1-0\n{Game 2} 1. d4 *')).toEqual(['1. e4 1-0\n', '{Game 2} 1. d4 *']);
    expect(texts('1. e4 1-0\n{a note\nover lines}\n[Event "b"]\n*')).toEqual([
      '1. e4 1-0\n',
      '{a note\nover lines}\n[Event "b"]\n*',
    ]);
    expect(texts('1. e4 1-0\n{note}\n\n[Event "b"]\n*')).toEqual(['1. e4 1-0\n{note}\n\n', '[Event "b"]\n*']);
    expect(texts('1. e4 1-0\n{note} $1\n1. d4 *')).toEqual(['1. e4 1-0\n{note} $1\n1. d4 *']);
  });

  it('reads Unicode dashes and fractions in the marker (issue 11.6)', () => {
    for (const result of ['1–0', '0—1', '½-½', '½–½', '1/2–1/2', '1−0']) {
      expect(texts(`1. e4 e5 ${result}\n1. d4 *`), result).toEqual([`1. e4 e5 ${result}\n`, '1. d4 *']);
    }
  });

  it('does not cut where the marker is not the last token of its line or is part of a token', () => {
    expect(texts('1. e4 1-0 2. d4\n1. c4 *')).toEqual(['1. e4 1-0 2. d4\n1. c4 *']);
    expect(texts('1. e4 {1-0}\n1. d4 *')).toEqual(['1. e4 {1-0}\n1. d4 *']);
    expect(texts('1. e4 x1-0\n1. d4 *')).toEqual(['1. e4 x1-0\n1. d4 *']);
  });

  it('starts a new game at move 1 after a blank line, when the game without marker is past move 1 (issue 11.2)', () => {
    const two = '[Event "a"]\n1. e4 e5 2. Nf3\n\n1. d4 d5 *\n';
    expect(texts(two)).toEqual(['[Event "a"]\n1. e4 e5 2. Nf3\n\n', '1. d4 d5 *\n']);
    expect(texts('1. e4 e5 2. Nf3 Nc6\n\n1.d4 *')).toEqual(['1. e4 e5 2. Nf3 Nc6\n\n', '1.d4 *']);
  });

  it('does not cut at move 1 without a blank line, before move 2, or after a number in a comment', () => {
    expect(texts('1. e4 e5 2. Nf3\n1. d4 *')).toEqual(['1. e4 e5 2. Nf3\n1. d4 *']);
    expect(texts('1. e4 e5\n\n1. d4 *')).toEqual(['1. e4 e5\n\n1. d4 *']);
    expect(texts('{see 12. Nf3}\n1. e4 e5 {2. d4}\n\n1. d4 *')).toEqual(['{see 12. Nf3}\n1. e4 e5 {2. d4}\n\n1. d4 *']);
    expect(texts('[Event "a"]\n\n{comment 2.}\n\n1. e4 *')).toEqual(['[Event "a"]\n\n{comment 2.}\n\n1. e4 *']);
    expect(texts('1. e4 e5 2. Nf3\n\n10. d4 *')).toEqual(['1. e4 e5 2. Nf3\n\n10. d4 *']);
  });

  it('gives the same games for every split point of such text', () => {
    const input =
      '1. e4 e5 1-0\n\n1. d4 d5 2. c4\n\n1. c4 ½-½\r\n{c}\r\n\r\nNf3 *\n1. e4 1-0 {x}\n1. g3 *\r\n{y}\r\n[Event "z"]\r\n*';
    const whole = [...splitGames(input)];
    expect(whole.map((g) => g.text)).toEqual([
      '1. e4 e5 1-0\n\n',
      '1. d4 d5 2. c4\n\n',
      '1. c4 ½-½\r\n{c}\r\n\r\n',
      'Nf3 *\n',
      '1. e4 1-0 {x}\n',
      '1. g3 *\r\n',
      '{y}\r\n[Event "z"]\r\n*',
    ]);
    expect(whole.map((g) => g.line)).toEqual([1, 3, 5, 8, 9, 10, 11]);
    for (let cut = 1; cut < input.length; cut++) {
      const splitter = new GameSplitter();
      const games = [...splitter.push(input.slice(0, cut)), ...splitter.push(input.slice(cut)), ...splitter.end()];
      expect(games, `split at ${cut}`).toEqual(whole);
    }
    expect(chunked(input, [1])).toEqual(whole);
  });
});

describe('splitGames: header-only games', () => {
  it('starts a new game at a repeated tag name after a blank line', () => {
    const block = (round: string): string => `[Event "Rapid"]\n[Round "${round}"]\n[Result "0-1"]\n\n`;
    expect(texts(block('1') + block('2') + block('3'))).toEqual([block('1'), block('2'), block('3')]);
  });

  it('keeps one game when the names after the blank line are new (ChessBase empty line)', () => {
    const text = '[Event "AlphaZero vs. Stockfish"]\n\n[Date "2017.12.04"]\n[Round "1"]\n\n1. e4 e5 0-1\n';
    expect(texts(text)).toEqual([text]);
  });

  it('keeps one game when a repeated name follows without a blank line', () => {
    const text = '[Event "a"]\n[Event "b"]\n\n*\n';
    expect(texts(text)).toEqual([text]);
  });
});

describe('splitGames: an unclosed comment', () => {
  it('ends at a line in column 1 that is exactly one tag pair', () => {
    const first = '[Event "a"]\n\n1. e4 {forgot to close\n\n';
    const second = '[Event "b"]\n\n1. d4 *\n';
    expect(texts(first + second)).toEqual([first, second]);
  });

  it('does not end at an indented tag line or one with more on it', () => {
    const text = '[Event "a"]\n1. e4 {see\n [Event "x"]\n[Event "y"] and more\n} *\n';
    expect(texts(text)).toEqual([text]);
  });
});

describe('GameSplitter: chunks', () => {
  const input = THREE.join('') + '[Event "d"]\n\n[Date "?"]\n\n[Event "e"]\n{x\n[Event "f"]\n1. e4 *';
  const whole = [...splitGames(input)];

  it('gives the same games for every single split point', () => {
    for (let cut = 1; cut < input.length; cut++) {
      const splitter = new GameSplitter();
      const games = [...splitter.push(input.slice(0, cut)), ...splitter.push(input.slice(cut)), ...splitter.end()];
      expect(games, `split at ${cut}`).toEqual(whole);
    }
  });

  it.each([[[1]], [[2, 3]], [[7]], [[1, 50, 2]]])('gives the same games for chunks of sizes %j', (sizes) => {
    expect(chunked(input, sizes)).toEqual(whole);
  });

  it('partitions the input: the texts concatenate to it', () => {
    expect(whole.map((g) => g.text).join('')).toBe(input);
    expect(whole.length).toBe(6);
  });

  it('returns games as soon as the next one starts', () => {
    const splitter = new GameSplitter();
    expect(splitter.push('[Event "a"]\n1. e4 *\n')).toEqual([]);
    expect(splitter.push('[Event "b"]\n').map((g) => g.text)).toEqual(['[Event "a"]\n1. e4 *\n']);
    expect(splitter.end().map((g) => g.text)).toEqual(['[Event "b"]\n']);
  });
});

describe('GameSplitter: the size cap', () => {
  const big = `[Event "big"]\n1. e4 {${'x'.repeat(200)}} *\n`;
  const small = '[Event "small"]\n1. d4 *\n';

  it('drops a game longer than maxGameLength with PGN_GAME_TOO_LARGE and keeps the next one', () => {
    const games = [...splitGames(small + big + small, { maxGameLength: 100 })];
    expect(games.map((g) => g.text)).toEqual([small, '', small]);
    expect(games[1]?.diagnostics).toEqual([
      {
        code: 'PGN_GAME_TOO_LARGE',
        severity: 'error',
        message: 'game 2 is longer than 100 characters and was skipped',
        offset: small.length,
        line: 3,
        column: 1,
        gameIndex: 1,
        hint: 'split the file, or pass a larger maxGameLength',
      },
    ]);
  });

  it('gives the same result when the big game arrives in small chunks', () => {
    const input = small + big + small;
    const whole = [...splitGames(input, { maxGameLength: 100 })];
    for (const size of [1, 5, 64]) {
      const splitter = new GameSplitter({ maxGameLength: 100 });
      const games: GameChunk[] = [];
      for (let at = 0; at < input.length; at += size) games.push(...splitter.push(input.slice(at, at + size)));
      games.push(...splitter.end());
      expect(games, `chunks of ${size}`).toEqual(whole);
    }
  });
});

describe('splitGames: tag lines that end at the line end', () => {
  it('cuts at a tag name followed by the line end', () => {
    expect(texts('1. e4 *\n[Event\n1. d4 *\n')).toEqual(['1. e4 *\n', '[Event\n1. d4 *\n']);
  });

  it('applies the header-only rule to a name followed by the line end', () => {
    expect(texts('[Event "a"]\n\n[Event\n')).toEqual(['[Event "a"]\n\n', '[Event\n']);
  });
});
