/**
 * PGN properties: any text gives games (never an exception, never a grammar failure), every
 * diagnostic lies inside the input, the games partition the input whatever the chunking, and what
 * writePgn prints parses back to the same tree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Game, MoveLine } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { GameSplitter, splitGames } from '../../src/pgn/split.js';
import { writePgn } from '../../src/pgn/write.js';

const NUM_RUNS = Number(process.env['FORSYTH_FUZZ_RUNS'] ?? 200);
const TIMEOUT = Math.max(10_000, NUM_RUNS * 10);

/** Pieces of PGN, good and bad, so that random texts reach every rule. */
const PIECES = [
  '[Event "x"]',
  '[Site "a \\" b"]',
  '[FEN "8/8/8/8/8/8/8/K6k b - - 0 7"]',
  '[Bad "open',
  '[%clk 0:01:00]',
  '[',
  ']',
  '"',
  '1.',
  '12...',
  '3…',
  '1.e4',
  'e4',
  'Nf3+',
  'exd6e.p.',
  'e.p.',
  'exd6 e.p.',
  'e.p.+',
  'e8(Q)',
  'e8=Q#',
  'O-O-O',
  '0-0',
  '--',
  'Z0',
  'Nf3!?',
  '??',
  '!!!',
  '$1',
  '$256',
  '$',
  '(',
  ')',
  '((',
  '))',
  '{',
  '}',
  '{ a [%eval #-3] }',
  '{ [%clk 1:00:00] }',
  ';',
  '; c',
  '%',
  '%esc',
  '1-0',
  '0-1',
  '1/2-1/2',
  '*',
  '½-½',
  '±',
  '…',
  '\ufeff',
  '\u00a0',
  'é',
  '😀',
  '12',
  '1/2',
  'O–O',
  '0—0-0',
  '1–0',
  '½–½',
  '1/2–1/2',
];
const SEPARATORS = [' ', '', '\n', '\r\n', '\r', '\t', '\n\n', ' \r\n\r\n'];

const arbPgnish = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SEPARATORS)), { maxLength: 60 })
  .map((parts) => parts.map(([piece, sep]) => piece + sep).join(''));

/** A fragment repeated hundreds of times in one game: what hostile input looks like. */
const arbRepeated = fc
  .tuple(
    arbPgnish.filter((s) => s.trim() !== ''),
    fc.integer({ min: 150, max: 600 }),
  )
  .map(([fragment, times]) => `[Event "r"]\n\n${fragment.replaceAll('[', ' ').repeat(times)}`);

const arbText = fc.oneof(
  arbPgnish,
  fc.string({ unit: 'grapheme', maxLength: 200 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** Lines of `text` by the same rule as LineIndex (CR, LF, CRLF), as code point counts. */
function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((line) => [...line].length);
}

function inside(game: Game, text: string, lengths: readonly number[]): boolean {
  return game.diagnostics.every((d) => {
    if (d.offset === undefined || d.line === undefined || d.column === undefined) return false;
    if (d.offset < 0 || d.offset > text.length || d.line < 1 || d.line > lengths.length) return false;
    return d.column >= 1 && d.column <= (lengths[d.line - 1] ?? 0) + 1;
  });
}

function shape(line: MoveLine): unknown[] {
  return line.map((m) => [
    m.san,
    m.check,
    m.nags,
    m.commentsBefore.map((c) => c.text),
    m.commentsAfter.map((c) => c.text),
    m.variations.map(shape),
  ]);
}

describe('parsePgn on any text', () => {
  it(
    'returns games without throwing, with every diagnostic inside the input',
    () => {
      fc.assert(
        fc.property(arbText, (text) => {
          const lengths = lineLengths(text);
          for (const game of parsePgn(text)) {
            expect(inside(game, text, lengths)).toBe(true);
            expect(game.diagnostics.some((d) => d.code === 'PGN_SYNTAX')).toBe(false);
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'splits into games that partition the input, for any chunking',
    () => {
      fc.assert(
        fc.property(arbPgnish, fc.array(fc.nat(), { maxLength: 5 }), (text, cuts) => {
          const whole = [...splitGames(text)];
          expect(whole.map((g) => g.text).join('')).toBe(text.trim() === '' ? '' : text);
          const points = [...new Set(cuts.map((c) => c % (text.length + 1)))].sort((a, b) => a - b);
          const splitter = new GameSplitter();
          const games = [];
          let from = 0;
          for (const point of [...points, text.length]) {
            games.push(...splitter.push(text.slice(from, point)));
            from = point;
          }
          games.push(...splitter.end());
          expect(games).toEqual(whole);
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'parses what writePgn prints back to the same moves and comments',
    () => {
      fc.assert(
        fc.property(arbPgnish, (text) => {
          for (const game of parsePgn(text)) {
            const [again, ...more] = [...parsePgn(writePgn(game))];
            expect(more).toEqual([]);
            expect(shape(again?.moves ?? [])).toEqual(shape(game.moves));
            expect(again?.comments.map((c) => c.text)).toEqual(game.comments.map((c) => c.text));
            expect(again?.finalComments.map((c) => c.text)).toEqual(game.finalComments.map((c) => c.text));
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );
});

describe('diagnostics per game stay bounded (issue 12)', () => {
  it(
    'lists at most 100 diagnostics of one code per game, and one note per code for the rest',
    () => {
      fc.assert(
        fc.property(arbRepeated, (text) => {
          for (const game of parsePgn(text)) {
            const counts = new Map<string, number>();
            for (const d of game.diagnostics) counts.set(d.code, (counts.get(d.code) ?? 0) + 1);
            for (const [code, count] of counts)
              expect(count, code).toBeLessThanOrEqual(code === 'DIAGNOSTICS_OMITTED' ? counts.size : 100);
            const notes = game.diagnostics.filter((d) => d.code === 'DIAGNOSTICS_OMITTED');
            for (const note of notes) expect(note.message).toMatch(/^and \d+ more [A-Z_]+ in this game/);
          }
        }),
        { numRuns: Math.min(NUM_RUNS, 100) },
      );
    },
    TIMEOUT * 2,
  );
});
