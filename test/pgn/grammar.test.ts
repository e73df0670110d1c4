/**
 * The generated parser, construct by construct: every test compares whole nodes, because the
 * compiler cannot check that the grammar's actions build the shapes of src/pgn/raw.ts.
 */
import { describe, expect, it } from 'vitest';
import { parse } from '../../src/pgn/generated/pgn-parser.js';
import type { RawElement } from '../../src/pgn/raw.js';

/** A token node spanning `text` at `start` (for kinds whose text is the whole match; a move number's is empty). */
function tok(kind: RawElement['kind'], text: string, start: number): RawElement {
  return { kind, text: kind === 'moveNumber' ? '' : text, start, end: start + text.length } as RawElement;
}

describe('grammar: tag pairs (8.1)', () => {
  it('reads a tag pair with its raw value', () => {
    expect(parse('[Event "F/S Return Match"]')).toEqual([
      { kind: 'tag', text: 'Event', value: 'F/S Return Match', start: 0, end: 26 },
    ]);
  });

  it('keeps escapes raw (decoded later) and allows ] { ; inside the value', () => {
    const text = String.raw`[White "a \"b\" \\ ]{;"]`;
    expect(parse(text)).toEqual([
      { kind: 'tag', text: 'White', value: String.raw`a \"b\" \\ ]{;`, start: 0, end: text.length },
    ]);
  });

  it('reads tags with no whitespace between them, and spaces inside the brackets', () => {
    expect(parse('[A "1"][B"2"]\t[ C   "3" ]')).toEqual([
      { kind: 'tag', text: 'A', value: '1', start: 0, end: 7 },
      { kind: 'tag', text: 'B', value: '2', start: 7, end: 13 },
      { kind: 'tag', text: 'C', value: '3', start: 14, end: 25 },
    ]);
  });

  it('keeps duplicates in order and reads an empty value', () => {
    expect(parse('[Round ""]\n[Round "2"]')).toEqual([
      { kind: 'tag', text: 'Round', value: '', start: 0, end: 10 },
      { kind: 'tag', text: 'Round', value: '2', start: 11, end: 22 },
    ]);
  });

  it('makes a badTag of an unescaped quote, up to the ]', () => {
    expect(parse('[Event "The "Best" game"]')).toEqual([
      { kind: 'badTag', text: 'Event "The "Best" game"', start: 0, end: 25 },
    ]);
  });

  it('makes a badTag without ] of an unclosed tag, ending at the line end', () => {
    expect(parse('[Event "abc\n1. e4')).toEqual([
      { kind: 'badTag', text: 'Event "abc', start: 0, end: 11 },
      tok('moveNumber', '1.', 12),
      tok('san', 'e4', 15),
    ]);
  });

  it('makes a badTag of a [%clk] command outside braces', () => {
    expect(parse('e4 [%clk 0:01:00]')).toEqual([
      tok('san', 'e4', 0),
      { kind: 'badTag', text: '%clk 0:01:00', start: 3, end: 17 },
    ]);
  });
});

describe('grammar: move number indications (8.2.2)', () => {
  it.each([
    ['12.', '12.'],
    ['12...', '12...'],
    ['12…', '12…'],
    ['12. ...', '12. ...'],
    ['3..', '3..'],
  ])('reads %s as one node', (input, text) => {
    expect(parse(input)).toEqual([tok('moveNumber', text, 0)]);
  });

  it('splits numbers glued to their move', () => {
    expect(parse('1.e4 1...e5')).toEqual([
      tok('moveNumber', '1.', 0),
      tok('san', 'e4', 2),
      tok('moveNumber', '1...', 5),
      tok('san', 'e5', 9),
    ]);
  });

  it('keeps a number and its move apart when one space separates them', () => {
    expect(parse('2. Nf3')).toEqual([tok('moveNumber', '2.', 0), tok('san', 'Nf3', 3)]);
  });

  it('reads dots without a number as a dots node', () => {
    expect(parse('... e5')).toEqual([tok('dots', '...', 0), tok('san', 'e5', 4)]);
  });
});

describe('grammar: SAN-shaped tokens (8.2.3)', () => {
  it.each(['Nf3', 'exd5', 'e8=Q+', 'O-O', 'O-O-O+', 'Qh4#', 'Ng1-f3', 'N@f3', 'Z0', 'e8Q', 'b8=N#', 'Kxe2++'])(
    'reads %s as one token',
    (san) => {
      expect(parse(san)).toEqual([tok('san', san, 0)]);
    },
  );

  it.each(['0-0', '0-0-0', '0-0+', '0-0-0#', '--', '--+'])('reads %s (zeros, null move) as one san token', (san) => {
    expect(parse(san)).toEqual([tok('san', san, 0)]);
  });

  it.each(['e8(Q)', 'e8(Q)+', 'a1(n)#'])('reads the promotion %s as one token, not a variation', (san) => {
    expect(parse(san)).toEqual([tok('san', san, 0)]);
  });

  it('reads Nf3(Nc3) as a move and a variation', () => {
    expect(parse('Nf3(Nc3)')).toEqual([
      tok('san', 'Nf3', 0),
      tok('open', '(', 3),
      tok('san', 'Nc3', 4),
      tok('close', ')', 7),
    ]);
  });

  it.each(['exd6e.p.', 'exd6 e.p.', 'exd6e.p.+'])('reads %s as one token', (san) => {
    expect(parse(san)).toEqual([tok('san', san, 0)]);
  });

  it('leaves annotations and NAGs glued to a move as their own nodes', () => {
    expect(parse('e4!?$14')).toEqual([
      tok('san', 'e4', 0),
      tok('suffix', '!?', 2),
      { kind: 'nag', text: '14', start: 4, end: 7 },
    ]);
  });
});

describe('grammar: NAGs and suffix annotations (8.2.4)', () => {
  it.each([
    ['$0', '0'],
    ['$255', '255'],
    ['$256', '256'],
  ])('reads %s', (input, digits) => {
    expect(parse(input)).toEqual([{ kind: 'nag', text: digits, start: 0, end: input.length }]);
  });

  it.each(['!', '?', '!!', '??', '!?', '?!', '!!!'])('reads the suffix %s as one node', (suffix) => {
    expect(parse(`e4 ${suffix}`)).toEqual([tok('san', 'e4', 0), tok('suffix', suffix, 3)]);
  });

  it('makes $ without digits invalid', () => {
    expect(parse('$x')).toEqual([tok('invalid', '$x', 0)]);
  });
});

describe('grammar: variations (8.2.5)', () => {
  it('returns parentheses as flat open/close nodes', () => {
    expect(parse('e4 (d4 (c4)) e5')).toEqual([
      tok('san', 'e4', 0),
      tok('open', '(', 3),
      tok('san', 'd4', 4),
      tok('open', '(', 7),
      tok('san', 'c4', 8),
      tok('close', ')', 10),
      tok('close', ')', 11),
      tok('san', 'e5', 13),
    ]);
  });

  it('parses 10,000 nested parentheses without recursion', () => {
    const depth = 10_000;
    const nodes = parse(`${'('.repeat(depth)}e4${')'.repeat(depth)}`);
    expect(nodes.length).toBe(2 * depth + 1);
    expect(nodes[depth]).toEqual(tok('san', 'e4', depth));
  });
});

describe('grammar: game termination markers (8.2.6)', () => {
  it.each(['1-0', '0-1', '1/2-1/2', '*'])('reads %s as a result, not a move or number', (result) => {
    expect(parse(`e4 ${result}`)).toEqual([tok('san', 'e4', 0), tok('result', result, 3)]);
  });
});

describe('grammar: comments (5)', () => {
  it('keeps a brace comment verbatim, across lines', () => {
    expect(parse('{ a\r\nb [%clk 1:00:00] }')).toEqual([
      { kind: 'comment', text: ' a\r\nb [%clk 1:00:00] ', start: 0, end: 23, closed: true },
    ]);
  });

  it('reads an empty comment and a { inside a comment', () => {
    expect(parse('{}{a{b}')).toEqual([
      { kind: 'comment', text: '', start: 0, end: 2, closed: true },
      { kind: 'comment', text: 'a{b', start: 2, end: 7, closed: true },
    ]);
  });

  it('runs an unclosed comment to the end of the text', () => {
    expect(parse('e4 {never closed\n1. d4')).toEqual([
      tok('san', 'e4', 0),
      { kind: 'comment', text: 'never closed\n1. d4', start: 3, end: 22, closed: false },
    ]);
  });

  it('marks a lone { at the end as unclosed', () => {
    expect(parse('e4 {')).toEqual([
      tok('san', 'e4', 0),
      { kind: 'comment', text: '', start: 3, end: 4, closed: false },
    ]);
  });

  it('reads a comment of 100,000 characters in one node', () => {
    const body = 'x '.repeat(50_000);
    expect(parse(`{${body}}`)).toEqual([{ kind: 'comment', text: body, start: 0, end: body.length + 2, closed: true }]);
  });

  it('reads a ; comment to the line end only', () => {
    expect(parse('e4 ; rest {of} line\r\ne5')).toEqual([
      tok('san', 'e4', 0),
      { kind: 'lineComment', text: ' rest {of} line', start: 3, end: 19 },
      tok('san', 'e5', 21),
    ]);
  });
});

describe('grammar: escape lines (6)', () => {
  it('reads % in column 1 as an escape line', () => {
    expect(parse('% skip me\ne4')).toEqual([
      { kind: 'escape', text: ' skip me', start: 0, end: 9 },
      tok('san', 'e4', 10),
    ]);
  });

  it('reads % after a CR as column 1 too', () => {
    expect(parse('e4\r%x')).toEqual([tok('san', 'e4', 0), { kind: 'escape', text: 'x', start: 3, end: 5 }]);
  });

  it('does not read % elsewhere as an escape', () => {
    expect(parse('e4 %x')).toEqual([tok('san', 'e4', 0), tok('invalid', '%x', 3)]);
  });
});

describe('grammar: invalid tokens and whitespace', () => {
  it.each(['½', '+-', '§', '"quoted"', '12', '1–1'])('makes %s one invalid node', (text) => {
    expect(parse(text)).toEqual([tok('invalid', text, 0)]);
  });

  it.each([
    ['1–0', '1-0'],
    ['0—1', '0-1'],
    ['½-½', '1/2-1/2'],
    ['½–½', '1/2-1/2'],
    ['1/2–1/2', '1/2-1/2'],
    ['1−0', '1-0'],
    ['0–0', '0-0'],
    ['0–0–0+', '0-0-0+'],
    ['O–O', 'O-O'],
    ['O—O-O', 'O-O-O'],
    ['O–O#', 'O-O#'],
    ['Ng1–f3', 'Ng1-f3'],
  ])('reads %s as a lookalike node meaning %s (issue 11.6)', (source, meant) => {
    expect(parse(`${source} e4`)).toEqual([
      { kind: 'lookalike', text: meant, start: 0, end: source.length },
      tok('san', 'e4', source.length + 1),
    ]);
  });

  it('makes a stray } or ] a one-character invalid node', () => {
    expect(parse('}]e4')).toEqual([tok('invalid', '}', 0), tok('invalid', ']', 1), tok('san', 'e4', 2)]);
  });

  it('stops an invalid token at a delimiter', () => {
    expect(parse('½{c}')).toEqual([
      tok('invalid', '½', 0),
      { kind: 'comment', text: 'c', start: 1, end: 4, closed: true },
    ]);
  });

  it('treats BOM, no-break space, form feed and vertical tab as whitespace', () => {
    expect(parse('\ufeffe4\u00a0e5\f\ve6')).toEqual([tok('san', 'e4', 1), tok('san', 'e5', 4), tok('san', 'e6', 8)]);
  });

  it('returns no element for empty or blank text', () => {
    expect(parse('')).toEqual([]);
    expect(parse(' \r\n\t')).toEqual([]);
  });
});
