import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  commandSpans,
  makeComment,
  parseClock,
  parseCommentCommands,
  parseEval,
  parseShapes,
  removeCommands,
} from '../../src/pgn/comment-commands.js';
import { fuzzRuns } from '../support/robustness.js';

describe('parseClock', () => {
  it.each<[string, number | undefined]>([
    ['1:02:03', 3723],
    ['0:00:59.9', 59.9],
    ['12:34', 754],
    ['0:03:00', 180],
    ['10:00:00.25', 36000.25],
    ['1:2:3:4', undefined],
    ['abc', undefined],
    ['', undefined],
  ])('%s → %s', (args, seconds) => {
    expect(parseClock(args)).toBe(seconds);
  });
});

describe('parseEval', () => {
  it.each<[string, object | undefined]>([
    ['0.17', { pawns: 0.17 }],
    ['-1.25', { pawns: -1.25 }],
    ['+3', { pawns: 3 }],
    ['#-3', { mate: -3 }],
    ['#3', { mate: 3 }],
    ['0.17,23', { pawns: 0.17, depth: 23 }],
    ['#-3,10', { mate: -3, depth: 10 }],
    ['mate', undefined],
    ['0.17,', undefined],
  ])('%s → %j', (args, evaluation) => {
    expect(parseEval(args)).toEqual(evaluation);
  });
});

describe('parseShapes', () => {
  it('reads squares for %csl and arrows for %cal, in every colour', () => {
    expect(parseShapes('Ra1,Gd4,By8', false)).toEqual([
      { color: 'red', from: 'a1' },
      { color: 'green', from: 'd4' },
    ]);
    expect(parseShapes('Ge2e4, Rd1d8,Bb1c3,Yh7h8', true)).toEqual([
      { color: 'green', from: 'e2', to: 'e4' },
      { color: 'red', from: 'd1', to: 'd8' },
      { color: 'blue', from: 'b1', to: 'c3' },
      { color: 'yellow', from: 'h7', to: 'h8' },
    ]);
  });

  it('skips an arrow in %csl and a square in %cal', () => {
    expect(parseShapes('Ge2e4', false)).toEqual([]);
    expect(parseShapes('Ge2', true)).toEqual([]);
  });
});

describe('parseCommentCommands', () => {
  it('reads every command of a lichess comment', () => {
    expect(parseCommentCommands('[%eval 0.17] [%clk 0:00:58] [%emt 0:00:02] [%csl Ra1] [%cal Ge2e4,Rd1d8]')).toEqual({
      eval: { pawns: 0.17 },
      clock: 58,
      emt: 2,
      shapes: [
        { color: 'red', from: 'a1' },
        { color: 'green', from: 'e2', to: 'e4' },
        { color: 'red', from: 'd1', to: 'd8' },
      ],
    });
  });

  it('keeps the first clock and eval, and ignores unknown or unreadable commands', () => {
    expect(parseCommentCommands('[%clk 0:01:00] [%clk 0:02:00] [%eval x] [%eval 1.5] [%evp 1,2] [%clk]')).toEqual({
      clock: 60,
      eval: { pawns: 1.5 },
    });
  });

  it('returns nothing for text without [%', () => {
    expect(parseCommentCommands('d=23, sd=40, pv=e4 e5 [clk 1:00]')).toEqual({});
  });
});

describe('makeComment', () => {
  it('keeps the text verbatim and adds only the commands found', () => {
    expect(makeComment(' Good move [%clk 1:00:00] ', 10, 28)).toEqual({
      offset: 10,
      length: 28,
      text: ' Good move [%clk 1:00:00] ',
      clock: 3600,
    });
    expect(makeComment('plain', 0, 7)).toEqual({ offset: 0, length: 7, text: 'plain' });
  });
});

/**
 * The hand-written scans replace regular expressions that backtracked (quadratic on crafted
 * comments). On short texts those expressions are still a fine oracle: the scans must agree with
 * them on every text built from the characters that matter.
 */
describe('the linear scans agree with the regular expressions they replace', () => {
  const OLD_COMMAND = /\[%(\w+)\s+([^\]]*)\]/g;
  const OLD_CLOCK = /^(?:(\d+):)?(\d+):(\d+(?:\.\d+)?)$/;
  const OLD_EVAL = /^(?:#([+-]?\d+)|([+-]?(?:\d+\.?\d*|\.\d+)))(?:,(\d+))?$/;
  const OLD_STRIP = /\s*\[%(?:clk|emt)\s[^\]]*\]/g;
  const pieces = fc.constantFrom(
    '[%',
    '[',
    '%',
    ']',
    ' ',
    '\t',
    '\u00a0',
    'clk',
    'emt',
    'eval',
    'x',
    '1',
    '0:',
    ':',
    '.',
    ',',
    '#',
    '-',
    '+',
  );
  const text = fc.array(pieces, { maxLength: 24 }).map((p) => p.join(''));
  const runs = { numRuns: fuzzRuns(3000) };

  it('finds the same commands', () => {
    fc.assert(
      fc.property(text, (t) => {
        const expected = [...t.matchAll(OLD_COMMAND)].map((m) => ({
          start: m.index,
          end: m.index + m[0].length,
          name: m[1],
          args: (m[2] ?? '').trim(),
        }));
        expect([...commandSpans(t)]).toEqual(expected);
      }),
      runs,
    );
  });

  it('strips the same clock commands', () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(removeCommands(t, new Set(['clk', 'emt']))).toBe(t.replace(OLD_STRIP, ''));
      }),
      runs,
    );
  });

  it('reads the same clocks and evaluations', () => {
    const args = fc
      .array(fc.constantFrom('1', '0', '9', ':', '.', ',', '#', '-', '+', ' ', 'x'), { maxLength: 12 })
      .map((p) => p.join(''));
    fc.assert(
      fc.property(args, (a) => {
        const c = OLD_CLOCK.exec(a);
        expect(parseClock(a)).toBe(c ? Number(c[1] ?? 0) * 3600 + Number(c[2]) * 60 + Number(c[3]) : undefined);
        const e = OLD_EVAL.exec(a);
        const depth = e?.[3] === undefined ? {} : { depth: Number(e[3]) };
        expect(parseEval(a)).toEqual(
          e ? (e[1] !== undefined ? { mate: Number(e[1]), ...depth } : { pawns: Number(e[2]), ...depth }) : undefined,
        );
      }),
      runs,
    );
  });
});
