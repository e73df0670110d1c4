/**
 * The resync rule (src/node/resync.ts) and byte-range reading (src/node/range.ts), against the
 * splitter on random files: every sync point is a game start of the whole reading, and reading the
 * ranges between any cut points, one after the other, gives exactly the whole reading's games
 * (text, index, line, offset) and file-level diagnostics. The files are made of pieces that meet
 * the rule's hard cases: cuts inside comments, tags, tag strings holding `[Event`, `%` and `;`
 * lines, comments that hold tag lines, CR and CRLF line ends, bytes that are not UTF-8.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { GameChunk } from '../../src/index.js';
import { bytesSource, createDecoder, gameStartAtOrAfter, readPgnChunks, type ByteRange } from '../../src/node/index.js';
import { fuzzRuns, fuzzTimeout } from '../support/robustness.js';
import { tempFiles } from '../support/temp-files.js';

const NUM_RUNS = fuzzRuns(60);
/**
 * The default run is seeded, so its coverage checks (enough sync points, enough partial ranges)
 * see the same files every time; `npm run fuzz` (FORSYTH_FUZZ_RUNS) draws new ones.
 */
const RUN_PARAMETERS = {
  numRuns: NUM_RUNS,
  ...(process.env['FORSYTH_FUZZ_RUNS'] === undefined ? { seed: 20261202 } : {}),
};
const temp = tempFiles('resync');

const TEXT_PIECES = [
  '[Event "x"]\n',
  '[Event "x"]\n',
  '[Site "a}b{"]\n',
  '[White "[Event \\"y\\"]"]\n',
  '[Black "z"] junk\n',
  '  [Round "1"]\n',
  '[Event "x"]',
  '[%clk 0:01:00]',
  '[',
  ']',
  '"',
  '\\',
  '\n',
  '\n',
  '\n\n',
  '\r\n',
  '\r',
  ' ',
  '\t',
  '1. e4 e5 2. Nf3 ',
  'Nc6 ',
  '1-0',
  '1/2-1/2\n',
  '*\n',
  '{',
  '}',
  '{ [%clk 0:01:00] } ',
  '{ comment\n',
  '\n[Event "in a comment"]\n',
  'end of comment } ',
  '; [Event "x"]\n',
  ';',
  '%',
  '% escape [Event "x"]\n',
  '\u00a0',
  'é',
];
const RAW_PIECES = [
  Buffer.from([0xe9]),
  Buffer.from([0xa0]),
  Buffer.from([0xc2, 0xa0]),
  Buffer.from([0xef, 0xbb, 0xbf]),
];

const piece = fc.oneof(
  { weight: 12, arbitrary: fc.constantFrom(...TEXT_PIECES).map((t) => Buffer.from(t, 'utf8')) },
  { weight: 1, arbitrary: fc.constantFrom(...RAW_PIECES) },
);

/** A file: pieces, with well-formed games mixed in so that most files have several sync points. */
const GAME = Buffer.from('[Event "g"]\n[Result "1-0"]\n\n1. e4 { [%clk 0:03:00] } e5 2. Nf3 1-0\n\n', 'utf8');
const fileBytes = fc
  .array(fc.oneof({ weight: 6, arbitrary: piece }, { weight: 1, arbitrary: fc.constant(GAME) }), { maxLength: 80 })
  .map((parts) => Buffer.concat(parts));

interface Reading {
  readonly chunks: GameChunk[];
  readonly diagnostics: string[];
}

async function read(path: string, range?: ByteRange): Promise<Reading> {
  const reader = readPgnChunks(path, range ? { range } : {});
  const chunks: GameChunk[] = [];
  for await (const chunk of reader.chunks) chunks.push(chunk);
  return { chunks, diagnostics: reader.diagnostics().map((d) => JSON.stringify(d)) };
}

let serial = 0;
/** Sync points checked, and ranges read that held games but not all of them: the properties met real cases. */
let syncPointsSeen = 0;
let partialRanges = 0;

describe('resync rule', { timeout: 120_000 }, () => {
  it(
    'every sync point is where the whole reading starts a game',
    async () => {
      await fc.assert(
        fc.asyncProperty(fileBytes, fc.array(fc.nat(), { maxLength: 8 }), async (bytes, picks) => {
          const path = temp.write(`s${serial++}.pgn`, bytes);
          const whole = await read(path);
          const starts = new Set(whole.chunks.map((c) => c.offset));
          for (const pick of picks) {
            const p = gameStartAtOrAfter(bytesSource(bytes), bytes.length === 0 ? 0 : pick % (bytes.length + 1));
            if (p === 0 || p === bytes.length) continue;
            const decoder = createDecoder();
            if (!decoder.ok) throw new Error('decoder');
            const textBefore = decoder.value.push(bytes.subarray(0, p)).length;
            expect(starts.has(textBefore), `sync point ${p} (text offset ${textBefore})`).toBe(true);
            syncPointsSeen++;
          }
        }),
        RUN_PARAMETERS,
      );
      expect(syncPointsSeen).toBeGreaterThan(NUM_RUNS / 4);
    },
    fuzzTimeout(NUM_RUNS, 400),
  );

  it('finds the game starts of an ordinary file', () => {
    const text = '[A "1"]\n\n1. e4 *\n\n[B "2"]\n\n1. d4 *\n';
    const bytes = new TextEncoder().encode(text);
    expect(gameStartAtOrAfter(bytesSource(bytes), 1)).toBe(text.indexOf('[B'));
    expect(gameStartAtOrAfter(bytesSource(bytes), text.indexOf('[B'))).toBe(text.indexOf('[B'));
    expect(gameStartAtOrAfter(bytesSource(bytes), text.indexOf('[B') + 1)).toBe(bytes.length);
  });

  it('does not take a tag line inside a tag section, or after a line that ends in a comment', () => {
    const inTags = new TextEncoder().encode('[A "1"]\n[B "2"]\n\n1. e4 *\n');
    expect(gameStartAtOrAfter(bytesSource(inTags), 1)).toBe(inTags.length);
    // `{c}` alone: read from inside a comment it would end outside, with no movetext after it.
    const afterComment = new TextEncoder().encode('{c}\n[A "1"]\n\n1. e4 *\n');
    expect(gameStartAtOrAfter(bytesSource(afterComment), 1)).toBe(afterComment.length);
  });
});

describe('byte ranges', () => {
  it(
    'the ranges between any cut points, read in turn, give the whole reading',
    async () => {
      await fc.assert(
        fc.asyncProperty(fileBytes, fc.array(fc.nat(), { maxLength: 5 }), async (bytes, picks) => {
          const path = temp.write(`r${serial++}.pgn`, bytes);
          const whole = await read(path);
          const cuts = [...new Set([0, ...picks.map((p) => p % (bytes.length + 1)), bytes.length])].sort(
            (a, b) => a - b,
          );
          const parts: Reading[] = [];
          for (let i = 0; i + 1 < cuts.length; i++)
            parts.push(await read(path, { start: cuts[i] as number, end: cuts[i + 1] as number }));
          if (cuts.length === 1) parts.push(await read(path, { start: 0, end: 0 }));
          expect(parts.flatMap((p) => p.chunks)).toEqual(whole.chunks);
          partialRanges += parts.filter((p) => p.chunks.length > 0 && p.chunks.length < whole.chunks.length).length;
          if (bytes.length > 0) expect(parts.flatMap((p) => p.diagnostics)).toEqual(whole.diagnostics);
        }),
        RUN_PARAMETERS,
      );
      expect(partialRanges).toBeGreaterThan(NUM_RUNS / 4);
    },
    fuzzTimeout(NUM_RUNS, 600),
  );
});
