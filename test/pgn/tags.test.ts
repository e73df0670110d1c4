import { describe, expect, it } from 'vitest';
import { parsePgn } from '../../src/pgn/parse.js';
import {
  SEVEN_TAG_ROSTER,
  decodeTagValue,
  encodeTagValue,
  getTag,
  isSevenTagName,
  isTagName,
} from '../../src/pgn/tags.js';

describe('decodeTagValue / encodeTagValue', () => {
  it.each([
    ['plain', 'plain'],
    [String.raw`say \"hi\"`, 'say "hi"'],
    [String.raw`back\\slash`, 'back\\slash'],
    [String.raw`\\\"`, '\\"'],
    [String.raw`keep \n as written`, String.raw`keep \n as written`],
  ])('decodes %s', (raw, value) => {
    expect(decodeTagValue(raw)).toBe(value);
  });

  it.each(['plain', 'say "hi"', 'back\\slash', '\\"', 'a\\nb'])('round-trips %s through encode and decode', (value) => {
    expect(decodeTagValue(encodeTagValue(value))).toBe(value);
  });

  it('returns the very same string when there is no backslash', () => {
    const raw = 'Kasparov, Garry';
    expect(decodeTagValue(raw)).toBe(raw);
  });
});

describe('tags in a parsed game', () => {
  const [game] = [
    ...parsePgn('[White "A \\"B\\""]\n[Round "1"]\n[Round "2"]\n[FEN "8/8/8/8/8/8/8/K6k w - - 0 1"]\n\n*'),
  ];

  it('decodes values and points valueOffset inside the quotes', () => {
    expect(game?.tags[0]).toEqual({ offset: 0, length: 17, name: 'White', value: 'A "B"', valueOffset: 8 });
    const fen = game?.tags[3];
    expect(game?.text.slice((fen?.valueOffset ?? 0) - (game?.offset ?? 0), (fen?.valueOffset ?? 0) + 2)).toBe('8/');
  });

  it('getTag returns the last value of a name, or undefined', () => {
    expect(getTag(game ?? { tags: [] }, 'Round')).toBe('2');
    expect(getTag(game ?? { tags: [] }, 'round')).toBeUndefined();
    expect(getTag(game ?? { tags: [] }, 'Event')).toBeUndefined();
  });
});

describe('SEVEN_TAG_ROSTER', () => {
  it('lists the roster in the order of the standard', () => {
    expect(SEVEN_TAG_ROSTER).toEqual(['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result']);
    expect(isSevenTagName('Round')).toBe(true);
    expect(isSevenTagName('ECO')).toBe(false);
  });
});

describe('isTagName', () => {
  it.each(['White', 'WhiteElo', 'Time_Control', 'FEN', '1'])('accepts %s', (name) => {
    expect(isTagName(name)).toBe(true);
  });

  it.each(['', 'White Elo', 'Ély', 'a-b', 'White\n', '[White'])('rejects %j', (name) => {
    expect(isTagName(name)).toBe(false);
  });
});

describe('the public entry', () => {
  it('exports the tag and comment helpers that the docs use', async () => {
    const api = await import('../../src/index.js');
    const [game] = api.parsePgn('[White "Kasparov, Garry"]\n{[%clk 1:30:00]} 1. e4 *');
    expect(game && api.getTag(game, 'White')).toBe('Kasparov, Garry');
    expect(api.parseCommentCommands('[%clk 1:30:00] [%eval 0.25]')).toMatchObject({
      clock: 5400,
      eval: { pawns: 0.25 },
    });
  });
});
