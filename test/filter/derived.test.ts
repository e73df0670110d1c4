import { describe, expect, it } from 'vitest';
import { ratingOf, splitGames, parseGame, getTagOf, timeControlClassOf, timeControlOf } from './imports.js';
import { LICHESS_SOURCES, lichessExpected, lichessText } from '../support/lichess.js';

/** The speed lichess names in an Event such as `Rated Blitz game` or `casual correspondence game`. */
const SPEED = /^(?:rated|casual) (ultrabullet|bullet|blitz|rapid|classical|correspondence) game$/i;

describe('tag-derived fields', () => {
  it('ratings are integers, or undefined for ? and -', () => {
    expect(ratingOf('2405')).toBe(2405);
    expect(ratingOf('?')).toBeUndefined();
    expect(ratingOf('-')).toBeUndefined();
    expect(ratingOf(undefined)).toBeUndefined();
  });

  it('time controls: base+increment, sudden death, periods, none', () => {
    expect(timeControlOf('180+2')).toEqual({ base: 180, increment: 2 });
    expect(timeControlOf('300')).toEqual({ base: 300, increment: 0 });
    expect(timeControlOf('40/7200:3600')).toEqual({ base: 7200, increment: 0 });
    expect(timeControlOf('-')).toBeUndefined();
    expect(timeControlOf('?')).toBeUndefined();
  });

  it("tc_class follows lichess's limits on base + 40 × increment", () => {
    const cases: [string, string][] = [
      ['15+0', 'ultraBullet'],
      ['29+0', 'ultraBullet'],
      ['30+0', 'bullet'],
      ['0+1', 'bullet'],
      ['179+0', 'bullet'],
      ['60+3', 'blitz'],
      ['180+0', 'blitz'],
      ['479+0', 'blitz'],
      ['480+0', 'rapid'],
      ['300+5', 'rapid'],
      ['1499+0', 'rapid'],
      ['1500+0', 'classical'],
      ['900+15', 'classical'],
      ['-', 'correspondence'],
    ];
    for (const [tc, cls] of cases) expect([tc, timeControlClassOf(tc)]).toEqual([tc, cls]);
    expect(timeControlClassOf('?')).toBeUndefined();
  });

  it.each(LICHESS_SOURCES)(
    'agrees with the speed lichess names in the Event of every real game that names one ($label)',
    (source) => {
      let checked = 0;
      let naming = 0;
      for (const file of [source.clk, source.noclk]) {
        for (const chunk of splitGames(lichessText(file))) {
          const game = parseGame(chunk);
          const speed = SPEED.exec(getTagOf(game, 'Event') ?? '')?.[1];
          if (speed === undefined) continue;
          expect([
            getTagOf(game, 'TimeControl'),
            timeControlClassOf(getTagOf(game, 'TimeControl'))?.toLowerCase(),
          ]).toEqual([getTagOf(game, 'TimeControl'), speed.toLowerCase()]);
          checked++;
        }
        // The games that name a speed, by python-chess's reading of the tags.
        naming += lichessExpected(file).filter((g) => SPEED.test(g.headers['Event'] ?? '')).length;
      }
      expect(checked).toBe(naming);
      expect(checked).toBeGreaterThan(source.full ? 3000 : 10);
    },
  );
});
