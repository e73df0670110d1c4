import { describe, expect, it } from 'vitest';
import { parseGame, scanTags, splitGames } from './imports.js';
import { LICHESS_CLK, LICHESS_NOCLK, lichessText } from './lichess.js';

const tagsOf = (text: string) => parseGame({ text, offset: 0, line: 1, column: 1, index: 0 }).tags.map(({ name, value }) => ({ name, value }));

describe('scanTags: the tag section without parsing the movetext', () => {
  it('gives exactly the tags parseGame gives, on every real lichess game', () => {
    let games = 0;
    for (const path of [LICHESS_CLK, LICHESS_NOCLK]) {
      for (const chunk of splitGames(lichessText(path))) {
        const parsed = parseGame(chunk).tags.map(({ name, value }) => ({ name, value }));
        expect(scanTags(chunk.text)).toEqual(parsed);
        games++;
      }
    }
    expect(games).toBe(1746 + 7904);
  });

  it('decodes escapes, reads several tags on a line, recovers unescaped quotes like the parser', () => {
    for (const text of [
      '[Event "Say \\"hi\\" \\\\ ok"]\n[Site "?"]\n\n1. e4 *\n',
      '[White "a"] [Black "b"]\n1. e4 *',
      '\ufeff[Event "The "Best" game"]\n[Round "1"]\n\n1. d4 *',
      '[Event "x"]\n[Broken\n[Round "2"]\n1. e4 *',
      '1. e4 [White "late"] *',
      '',
    ]) {
      expect([text, scanTags(text)]).toEqual([text, tagsOf(text)]);
    }
  });
});
