/**
 * Comment commands cost time linear in the comment, whatever it holds. The regular expressions
 * that used to read them backtracked: `[%a [%a …` with no `]`, `[%eval 1111…x]` and long white
 * space before `[%clk` made a 200 KB game take 37 s to parse and 89 s to write with `strip.clocks`.
 * Each case is timed at two sizes, four times apart: linear work gives about 4×, quadratic 16×.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { writePgn } from '../../src/pgn/write.js';
import { replay } from '../../src/replay/replay.js';
import { timed } from '../support/robustness.js';

const SMALL = 100_000;

/** A comment body of about `n` characters (never a `}`). */
const CASES: [string, (n: number) => string][] = [
  ['many `[%name ` with no `]`', (n) => '[%a '.repeat(n / 4)],
  ['many `[%clk ` with no `]`', (n) => '[%clk '.repeat(n / 6)],
  ['an [%eval] of digits ending in a letter', (n) => `[%eval ${'1'.repeat(n)}x]`],
  ['an [%eval] of digits and a dot ending in a letter', (n) => `[%eval 1.${'1'.repeat(n)}x]`],
  ['a [%clk] of digits ending in a letter', (n) => `[%clk 1:${'1'.repeat(n)}x]`],
  ['white space before an unfinished [%clk', (n) => `${' '.repeat(n)}[%clk`],
  ['white space runs between `[%` that are no commands', (n) => `${' '.repeat(99)}[%`.repeat(n / 101)],
  ['a long command name', (n) => `[%${'a'.repeat(n)}`],
  ['many closed commands', (n) => '[%clk 0:00:01] '.repeat(n / 15)],
];

const game = (comment: string): string => `[Event "c"]\n\n1. e4 {${comment}} e5 *\n`;

/** Parse, replay (reads the clock of every comment) and write with clocks stripped. */
function work(text: string): number {
  const [parsed] = [...parsePgn(text)];
  const records = [...replay(parsed as Game)];
  return records.length + writePgn(parsed as Game, { strip: { clocks: true } }).length;
}

function best(text: string): number {
  work(text);
  return Math.min(...Array.from({ length: 5 }, () => timed(() => work(text)).ms));
}

describe('comment commands: time linear in the comment', () => {
  it.each(CASES)(
    '%s: 400 KB within 8× the time of 100 KB',
    (_name, make) => {
      const small = game(make(SMALL));
      const large = game(make(SMALL * 4));
      expect(work(large)).toBeGreaterThan(0);
      const [smallMs, largeMs] = [best(small), best(large)];
      // Below a few milliseconds the ratio is noise; quadratic work at 400 KB takes minutes.
      expect(largeMs / Math.max(smallMs, 2)).toBeLessThan(8);
    },
    30_000,
  );

  it('still reads and strips the commands of an ordinary comment', () => {
    const [parsed] = [...parsePgn(game('[%eval 0.25] good [%clk 0:01:02.5] [%emt 0:00:03]'))];
    const [first] = [...replay(parsed as Game)];
    expect(first?.clock).toBe(62.5);
    expect(writePgn(parsed as Game, { strip: { clocks: true } })).toContain('{[%eval 0.25] good}');
  });
});
