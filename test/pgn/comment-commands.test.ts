import { describe, expect, it } from 'vitest';
import { makeComment, parseClock, parseCommentCommands, parseEval, parseShapes } from '../../src/pgn/comment-commands.js';

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
    expect(parseCommentCommands('[%clk 0:01:00] [%clk 0:02:00] [%eval x] [%eval 1.5] [%evp 1,2] [%clk]')).toEqual({ clock: 60, eval: { pawns: 1.5 } });
  });

  it('returns nothing for text without [%', () => {
    expect(parseCommentCommands('d=23, sd=40, pv=e4 e5 [clk 1:00]')).toEqual({});
  });
});

describe('makeComment', () => {
  it('keeps the text verbatim and adds only the commands found', () => {
    expect(makeComment(' Good move [%clk 1:00:00] ', 10, 28)).toEqual({ offset: 10, length: 28, text: ' Good move [%clk 1:00:00] ', clock: 3600 });
    expect(makeComment('plain', 0, 7)).toEqual({ offset: 0, length: 7, text: 'plain' });
  });
});
