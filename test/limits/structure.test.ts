/**
 * Linear time on hostile PGN structure (issue 12, section 2), as two sizes compared (4× the input
 * must cost well under 16×, the quadratic answer): a header of tags with blank lines between them,
 * read in 64 KiB chunks as a file is (it was quadratic: 100,000 tags took 141 s); megabytes of `(`;
 * nesting far past the depth cap; and games without tags cut by the splitter's rules 3 and 4.
 * Sanity bounds, not benchmarks: each size is run a few times and the fastest run counts.
 */
import { describe, expect, it } from 'vitest';
import { parsePgn } from '../../src/pgn/parse.js';
import { GameSplitter } from '../../src/pgn/split.js';
import { replay } from '../../src/replay/replay.js';

/** Fastest of `runs` runs of `fn`, in ms. */
function fastest(fn: () => void, runs = 3): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/** Games of `text` cut by a GameSplitter fed 64 KiB chunks. */
function splitInChunks(text: string): number {
  const splitter = new GameSplitter();
  let games = 0;
  for (let at = 0; at < text.length; at += 65536) games += splitter.push(text.slice(at, at + 65536)).length;
  return games + splitter.end().length;
}

function expectLinear(name: string, make: (n: number) => string, run: (text: string) => void, n: number): void {
  const small = make(n);
  const large = make(4 * n);
  run(small); // warm up the JIT
  run(large);
  const smallMs = fastest(() => run(small));
  const largeMs = fastest(() => run(large));
  console.info(
    `${name}: ${small.length} chars ${smallMs.toFixed(1)} ms, ${large.length} chars ${largeMs.toFixed(1)} ms (×${(largeMs / smallMs).toFixed(2)})`,
  );
  expect(largeMs / Math.max(smallMs, 1)).toBeLessThan(9);
}

describe('linear time on hostile structure', () => {
  it('a header of tags with blank lines between them, in 64 KiB chunks', () => {
    const tags = (n: number): string => `${Array.from({ length: n }, (_, i) => `[T${i} "x"]\n\n`).join('')}1. e4 *\n`;
    expect(splitInChunks(tags(10))).toBe(1);
    expectLinear('blank-line tags', tags, (text) => void splitInChunks(text), 25_000);
  }, 120_000);

  it('repeated tag names after blank lines (header-only games), in 64 KiB chunks', () => {
    const games = (n: number): string => '[Event "x"]\n[Site "y"]\n\n'.repeat(n);
    expect(splitInChunks(games(10))).toBe(10);
    expectLinear('header-only games', games, (text) => void splitInChunks(text), 20_000);
  }, 120_000);

  it('games without tags after markers and at move 1, in 64 KiB chunks', () => {
    const games = (n: number): string => '1. e4 e5 2. Nf3 1-0\n\n1. d4 d5 2. c4\n\n'.repeat(n);
    expect(splitInChunks(games(10))).toBe(20);
    expectLinear('games without tags', games, (text) => void splitInChunks(text), 20_000);
  }, 120_000);

  it('many blank lines and `1.` lines in one game that never passes move 1', () => {
    const one = (n: number): string => `[Event "x"]\n\n${'1. e4\n\n'.repeat(n)}*\n`;
    expect(splitInChunks(one(10))).toBe(1);
    expectLinear('move 1 after blank lines', one, (text) => void splitInChunks(text), 50_000);
  }, 120_000);

  it('runs of `(` parsed and replayed', () => {
    const parens = (n: number): string => `[Event "a"]\n\n1. e4 ${'('.repeat(n)} *\n`;
    expectLinear(
      'runs of (',
      parens,
      (text) => {
        for (const game of parsePgn(text)) [...replay(game, { variations: true })];
      },
      50_000,
    );
  }, 120_000);

  it('nesting past the depth cap, parsed and replayed with variations', () => {
    const nested = (n: number): string => `[Event "a"]\n\n1. e4 ${'(1. d4 '.repeat(n)}${')'.repeat(n)} *\n`;
    expectLinear(
      'deep nesting',
      nested,
      (text) => {
        for (const game of parsePgn(text)) for (const r of replay(game, { variations: true })) void r.path.length;
      },
      10_000,
    );
  }, 120_000);
});
