import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { scannedTag, tagReader } from '../../src/pgn/tag-scan.js';
import { parseGame, scanTags, splitGames } from './imports.js';
import { LICHESS_SOURCES, lichessExpected, lichessText } from '../support/lichess.js';

const tagsOf = (text: string) =>
  parseGame({ text, offset: 0, line: 1, column: 1, index: 0 }).tags.map(({ name, value }) => ({ name, value }));

const NAMES = ['Event', 'White', 'WhiteElo', 'Black', 'BlackElo', 'Round', 'Broken', 'TimeControl', 'Whit', 'Nope'];

/** tagReader(text)(name) is what scannedTag gives on scanTags(text), for the usual names and those in the text. */
function agree(text: string): void {
  const read = tagReader(text);
  const tags = scanTags(text);
  for (const name of [...NAMES, ...tags.map((t) => t.name)])
    expect([text, name, read(name)]).toEqual([text, name, scannedTag(tags, name)]);
}

describe('scanTags: the tag section without parsing the movetext', () => {
  it.each(LICHESS_SOURCES)('gives exactly the tags parseGame gives, on every real lichess game ($label)', (source) => {
    let games = 0;
    for (const file of [source.clk, source.noclk]) {
      for (const chunk of splitGames(lichessText(file))) {
        const parsed = parseGame(chunk).tags.map(({ name, value }) => ({ name, value }));
        expect(scanTags(chunk.text)).toEqual(parsed);
        games++;
      }
    }
    expect(games).toBe(lichessExpected(source.clk).length + lichessExpected(source.noclk).length);
  });

  it('decodes escapes, reads several tags on a line, recovers unescaped quotes like the parser', () => {
    for (const text of [
      '[Event "Say \\"hi\\" \\\\ ok"]\n[Site "?"]\n\n1. e4 *\n',
      '[White "a"] [Black "b"]\n1. e4 *',
      '\ufeff[Event "The "Best" game"]\n[Round "1"]\n\n1. d4 *',
      '[Event "x"]\n[Broken\n[Round "2"]\n1. e4 *',
      '1. e4 [White "late"] *',
      '[Event "a\nb"]\n[Site "s"]\n\n1. e4 *',
      '[Event "a\rb"]\r[Site "s"]\r\r1. e4 *',
      '',
    ]) {
      expect([text, scanTags(text)]).toEqual([text, tagsOf(text)]);
    }
  });

  it('gives the tags parseGame gives on random well-formed tag sections (escapes, brackets, line ends)', () => {
    // Malformed tags are the fixed cases above. Known, rare divergences there: after a broken tag,
    // the parser may read on past the junk it leaves (`" ]`) to later tags, where scanTags stops.
    const line = fc
      .tuple(
        fc.constantFrom('Event', 'White', 'WhiteElo', 'X_1'),
        fc.string({ unit: fc.constantFrom('a', ' ', '"', '\\', ']', '[', '{', ';', '\t', 'é'), maxLength: 10 }),
        fc.constantFrom(' ', '', '\t', '  '),
      )
      .map(([name, value, pad]) => `[${pad}${name}${pad} "${value.replace(/["\\]/g, '\\$&')}"${pad}]`);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', '\r\n', '\r', '\n\n', ' '), (lines, sep) => {
        // Texts as the splitter hands them over: a slice of a larger string.
        const text = `x${lines.join(sep)}\n\n1. e4 *\n`.slice(1);
        expect([text, scanTags(text)]).toEqual([text, tagsOf(text)]);
      }),
      { numRuns: 2000 },
    );
  });

  it.each(LICHESS_SOURCES)('tagReader finds what scanTags finds on real lichess games ($label)', (source) => {
    // Every 7th game of the full exports, every game of the fixture.
    const step = source.full ? 7 : 1;
    let games = 0;
    for (const file of [source.clk, source.noclk]) {
      for (const chunk of splitGames(lichessText(file))) {
        if (games++ % step === 0) agree(chunk.text);
      }
    }
    expect(games).toBe(lichessExpected(source.clk).length + lichessExpected(source.noclk).length);
  });

  it('tagReader finds what scanTags finds, by name (the last tag of a name wins)', () => {
    for (const text of [
      '[Event "a"]\n[Event "b \\"c\\""]\n\n1. e4 *',
      '[White "The "Best" one"]\n[White "x"] *',
      '[Round "1"]\n[Broken\n[Round "2 "q" 3"]\n1. e4 *',
      // A plain value that ends like the start of a tag line, before and after the real one.
      '[White "w"]\n[Event "a [White "]\n\n1. e4 *',
      '[Event "a [White "]\n[Round "1"]\n\n1. e4 *',
      // Plain lines, then a later spelling of the same name that only the slow path reads.
      '[Event "a"]\n[Round "1"]\n[Event "b \\"c\\""]\n[Round "2"]\n\n1. e4 *',
      '[Event "a"]\n[Round "1"]\r\n[Round "2"]\r\n\r\n1. e4 *',
      '\ufeff\n\n[Event "a"]\n[WhiteElo "2000"]\n[White "x"]\n\n1. e4 *',
      '[Event "a"]\n[WhiteElo "2000"]  \n[Black "y"]\n\n1. e4 *',
    ])
      agree(text);
    const line = fc
      .tuple(
        fc.constantFrom('Event', 'White', 'WhiteElo', 'Round', 'Broken'),
        fc.string({ unit: fc.constantFrom('a', ' ', '"', '\\', ']', '[', '\n'), maxLength: 8 }),
        fc.constantFrom(' ', '', '\t'),
      )
      .map(([name, value, pad]) => `[${pad}${name}${pad} "${value}"${pad}]`);
    fc.assert(
      fc.property(fc.array(line, { maxLength: 6 }), fc.constantFrom('\n', ' ', '\r\n'), (lines, sep) => {
        agree(`${lines.join(sep)}\n\n1. e4 *`);
      }),
      { numRuns: 500 },
    );
    // Mostly plain lines (the fast path) whose values hold pieces of tag lines.
    const plain = fc
      .tuple(
        fc.constantFrom('Event', 'White', 'WhiteElo', 'Round'),
        fc.array(fc.constantFrom('a', ' ', '[', ']', 'White', 'WhiteElo ', '[Round ', '\\"'), { maxLength: 5 }),
      )
      .map(([name, parts]) => `[${name} "${parts.join('')}"]`);
    fc.assert(
      fc.property(fc.array(plain, { maxLength: 8 }), fc.constantFrom('', '\n', ' \n'), (lines, lead) => {
        agree(`${lead}${lines.join('\n')}\n\n1. e4 *`);
      }),
      { numRuns: 1000 },
    );
  });
});
