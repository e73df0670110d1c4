/**
 * Hostile input never crashes forsyth and never costs a good game. What pgn-never-throws and
 * fen.prop already prove (parsePgn and parseFen on any text, the splitter's partition, strict FEN
 * round trips) is not repeated; this file adds:
 * - any bytes through the Node streaming reader (`readPgn` on a stream, cut into random chunks):
 *   it resolves, its games partition the decoded text, the chunking changes nothing, and every
 *   diagnostic — file-level, syntax, replay — points inside the decoded text;
 * - replay and validate on any text: never throw, every diagnostic inside the input;
 * - mutation isolation: one random edit inside one game of a file of real games leaves every
 *   other game with exactly the per-ply FENs (variations included) it had;
 * - any FEN the lenient reader accepts is written as a FEN the strict reader accepts unchanged.
 *
 * The game boundary rule that isolation relies on is split.ts's (its module doc): a game starts at
 * a tag line after movetext; inside a `{` comment begun on an earlier line, a line in column 1
 * that is exactly one tag pair ends the comment and starts the next game; after a game's result
 * only comments are read, so the remains of a game whose first tag line was destroyed, glued to
 * the end of the game before, never become moves of that game.
 */
import fc from 'fast-check';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { LineIndex, hasErrors, type Diagnostic } from '../../src/diagnostics.js';
import { makeFen, parseFen, type ParseFenOptions } from '../../src/core/index.js';
import type { Game } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { replay } from '../../src/replay/replay.js';
import { validate } from '../../src/replay/validate.js';
import { createDecoder } from '../../src/node/index.js';
import { fensOf, fuzzRuns, fuzzTimeout, misplaced, readBytes, realGames, slowLocate } from '../support/robustness.js';

const NUM_RUNS = fuzzRuns(100);

// ---------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------

const GAMES = realGames();
const FILE = GAMES.join('');

/** Pieces of PGN, good and bad, and slices of real games, so random texts reach deep into replay. */
const PIECES = [
  '[Event "x"]',
  '[SetUp "1"]',
  '[SetUp "2"]',
  '[FEN "8/8/8/8/8/8/8/K6k b - - 0 7"]',
  '[FEN "bad fen"]',
  '[FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w HDhd - 0 1"]',
  '[Variant "Chess960"]',
  '[Variant "crazyhouse"]',
  '[Result "1-0"]',
  '[PlyCount "3"]',
  '[White "a \\" b"]',
  '[Bad "open',
  '[',
  ']',
  '"',
  '{',
  '}',
  '(',
  ')',
  ';',
  '%',
  '1.',
  '2...',
  '1. e4 e5 2. Nf3 Nc6',
  '3. Bc4 Nf6 4. Ng5 d5 5. exd5 Nxd5',
  '1. f3 e5 2. g4 Qh4#',
  'Qh4+',
  'Qxf7#',
  'O-O',
  'O-O-O',
  '0-0',
  'e8=Q',
  'exd6e.p.',
  '--',
  'Z0',
  'Nbd2',
  'Kxe1',
  '$1',
  '$300',
  '!?',
  '1-0',
  '0-1',
  '1/2-1/2',
  '*',
  '[%clk 0:01:00]',
  '[%eval #-3]',
  '\u0000',
  '\ufeff',
  '\ufffd',
  'é',
  '😀',
  '\ud800',
];
const SEPARATORS = [' ', '', '\n', '\r\n', '\r', '\t', '\n\n'];

const arbPieces = fc
  .array(fc.tuple(fc.constantFrom(...PIECES), fc.constantFrom(...SEPARATORS)), { maxLength: 40 })
  .map((parts) => parts.map(([piece, sep]) => piece + sep).join(''));

/** A slice of the real-games file with a few pieces spliced in. */
const arbSpliced = fc
  .tuple(fc.nat(FILE.length), fc.nat(1500), fc.array(fc.tuple(fc.nat(), fc.constantFrom(...PIECES)), { maxLength: 4 }))
  .map(([from, length, inserts]) => {
    let text = FILE.slice(from, from + length);
    for (const [at, piece] of inserts) {
      const i = at % (text.length + 1);
      text = text.slice(0, i) + piece + text.slice(i);
    }
    return text;
  });

const arbText = fc.oneof(
  arbPieces,
  arbSpliced,
  fc.string({ unit: 'grapheme', maxLength: 120 }),
  fc.string({ unit: 'binary', maxLength: 120 }),
);

/** Bytes that are interesting to a decoder: BOMs, NUL, CR, invalid and overlong UTF-8, magic numbers. */
const NASTY_BYTES = [
  0x00, 0x0a, 0x0d, 0x1a, 0x1f, 0x8b, 0x28, 0xb5, 0x2f, 0xfd, 0xff, 0xfe, 0xef, 0xbb, 0xbf, 0xc0, 0xc3, 0xe2, 0x80,
  0x9f, 0xf0, 0xa4,
];
const ENCODINGS = ['utf8', 'win1252', 'utf16le', 'utf16be'] as const;
const BOMS: Record<(typeof ENCODINGS)[number], readonly number[]> = {
  utf8: [0xef, 0xbb, 0xbf],
  win1252: [],
  utf16le: [0xff, 0xfe],
  utf16be: [0xfe, 0xff],
};

/** PGN-like text encoded one way or another, with or without a BOM, then with raw byte edits. */
const arbEncodedText = fc
  .record({
    text: fc.oneof(arbPieces, arbSpliced),
    encoding: fc.constantFrom(...ENCODINGS),
    bom: fc.boolean(),
    edits: fc.array(
      fc.tuple(fc.nat(), fc.constantFrom(...NASTY_BYTES), fc.constantFrom('insert', 'replace', 'delete')),
      { maxLength: 6 },
    ),
  })
  .map(({ text, encoding, bom, edits }) => {
    const body = [...iconv.encode(text, encoding)];
    const bytes = bom ? [...BOMS[encoding], ...body] : body;
    for (const [at, byte, kind] of edits) {
      const i = at % (bytes.length + 1);
      if (kind === 'insert') bytes.splice(i, 0, byte);
      else if (kind === 'replace' && i < bytes.length) bytes[i] = byte;
      else bytes.splice(i, 1);
    }
    return Uint8Array.from(bytes);
  });

/** A gzip or zstd magic number followed by junk: the reader must report a corrupt stream, not throw. */
const arbFakeCompressed = fc
  .tuple(
    fc.constantFrom([0x1f, 0x8b], [0x1f, 0x8b, 0x08, 0x00], [0x28, 0xb5, 0x2f, 0xfd], [0x28, 0xb5, 0x2f, 0xfd, 0x00]),
    fc.uint8Array({ maxLength: 80 }),
  )
  .map(([magic, rest]) => Uint8Array.from([...magic, ...rest]));

const arbBytes = fc.oneof(
  { weight: 2, arbitrary: fc.uint8Array({ maxLength: 300 }) },
  { weight: 4, arbitrary: arbEncodedText },
  { weight: 1, arbitrary: arbFakeCompressed },
);

// ---------------------------------------------------------------------------------------------
// Any bytes through the streaming reader
// ---------------------------------------------------------------------------------------------

function isCompressed(bytes: Uint8Array): boolean {
  return (
    (bytes[0] === 0x1f && bytes[1] === 0x8b) ||
    (bytes[0] === 0x28 && bytes[1] === 0xb5 && bytes[2] === 0x2f && bytes[3] === 0xfd)
  );
}

/** The text the reader decodes from plain (not compressed) bytes, by the decoder alone, in one piece. */
function decodeAll(bytes: Uint8Array): string {
  const decoder = createDecoder();
  if (!decoder.ok) throw new Error('the default decoder always exists');
  return decoder.value.push(bytes) + decoder.value.end();
}

/** What a game gives the user: its text, syntax diagnostics, replay diagnostics and FENs. */
function summary(game: Game): unknown {
  const replayed = replay(game, { variations: true });
  const fens = [...replayed].map((r) => `${r.path} ${r.fen}`);
  return { text: game.text, offset: game.offset, diagnostics: game.diagnostics, replay: replayed.diagnostics, fens };
}

describe('readPgn on any bytes, streamed in any chunks', () => {
  it(
    'resolves with games that partition the decoded text, the same for every chunking, every diagnostic inside',
    async () => {
      await fc.assert(
        fc.asyncProperty(arbBytes, fc.array(fc.nat(), { maxLength: 6 }), async (bytes, cuts) => {
          const whole = await readBytes(bytes);
          const chunked = await readBytes(bytes, cuts);
          const corrupt = (r: typeof whole): boolean => r.diagnostics.some((d) => d.code === 'IO_UNREADABLE');
          if (isCompressed(bytes) && (corrupt(whole) || corrupt(chunked))) {
            // Node's zlib drops the output of the one inflate call that meets corrupt data, so what
            // comes out before the corruption depends on where the chunks end (a known limit; a
            // stream cut short loses nothing: test/limits/truncation.test.ts). Both must report it.
            expect([corrupt(whole), corrupt(chunked)]).toEqual([true, true]);
            return;
          }
          expect(chunked.games.map(summary)).toEqual(whole.games.map(summary));
          expect(chunked.diagnostics).toEqual(whole.diagnostics);
          expect(chunked.encoding).toBe(whole.encoding);
          // Junk after a magic number is mostly a corrupt stream (IO_UNREADABLE), but can be a valid
          // frame (zstd: a frame header and one RLE block fit in ten bytes): the decoded text is then
          // known only through the games, which partition it.
          const text = isCompressed(bytes) ? whole.games.map((g) => g.text).join('') : decodeAll(bytes);
          expect(whole.games.map((g) => g.text).join('')).toBe(text.trim() === '' ? '' : text);
          const all: Diagnostic[] = [...whole.diagnostics.filter((d) => d.code !== 'IO_ENCODING')];
          for (const game of whole.games) {
            expect(misplaced(game.diagnostics, text, true)).toEqual([]);
            all.push(...validate(game));
          }
          expect(misplaced(all, text)).toEqual([]);
        }),
        { numRuns: NUM_RUNS },
      );
    },
    fuzzTimeout(NUM_RUNS, 20),
  );
});

// ---------------------------------------------------------------------------------------------
// LineIndex: lookups in any order (it remembers the last place to stay linear on long lines)
// ---------------------------------------------------------------------------------------------

describe('LineIndex.locate', () => {
  it(
    'gives the line and column of the obvious count, for offsets in any order',
    () => {
      const arbLines = fc.string({
        unit: fc.constantFrom('a', ' ', '\n', '\r', '\r\n', 'é', '😀', '\ud800', '\udc00'),
        maxLength: 60,
      });
      fc.assert(
        fc.property(arbLines, fc.array(fc.nat(), { maxLength: 30 }), (text, picks) => {
          const index = new LineIndex(text);
          for (const pick of picks) {
            const offset = pick % (text.length + 1);
            // An offset between the CR and the LF of a CRLF belongs to the line the CR ends.
            if (text[offset - 1] === '\r' && text[offset] === '\n') continue;
            expect(index.locate(offset), `${JSON.stringify(text)} @ ${offset}`).toEqual(slowLocate(text, offset));
          }
        }),
        { numRuns: NUM_RUNS * 5 },
      );
    },
    fuzzTimeout(NUM_RUNS * 5, 2),
  );
});

// ---------------------------------------------------------------------------------------------
// replay and validate on any text
// ---------------------------------------------------------------------------------------------

describe('replay and validate on any text', () => {
  it(
    'never throw, and every diagnostic they add points inside the input',
    () => {
      let replayedPlies = 0;
      fc.assert(
        fc.property(arbText, (text) => {
          const diagnostics: Diagnostic[] = [];
          for (const game of parsePgn(text)) {
            for (const options of [{ variations: true }, { ep: 'legal', castling: 'shredder' }] as const) {
              const replayed = replay(game, options);
              for (const record of replayed) {
                expect(record.fen.split(' ')).toHaveLength(6);
                expect(record.uci).toMatch(/^([a-h][1-8][a-h][1-8][qrbn]?|0000)$/);
                replayedPlies++;
              }
              diagnostics.push(...replayed.diagnostics);
            }
            const problems = validate(game);
            expect(hasErrors(problems)).toBe(problems.some((d) => d.severity === 'error'));
            diagnostics.push(...problems);
          }
          expect(misplaced(diagnostics, text)).toEqual([]);
        }),
        { numRuns: NUM_RUNS * 2 },
      );
      // The texts must reach replay, or the property says nothing about it.
      expect(replayedPlies).toBeGreaterThan(NUM_RUNS);
    },
    fuzzTimeout(NUM_RUNS * 2, 10),
  );
});

// ---------------------------------------------------------------------------------------------
// Mutation isolation
// ---------------------------------------------------------------------------------------------

const GARBAGE = [
  '{',
  '}',
  '(',
  ')',
  '"',
  '[',
  ']',
  ';',
  '%',
  '\\',
  '\n',
  '\r',
  '\n\n',
  '\n%',
  '{\n',
  '(\n',
  '\n[Event "x"]\n',
  '[Event "x"',
  '\n[',
  '\n[Site "y"]',
  '1-0',
  '*',
  '$',
  '$999',
  '!?',
  '--',
  'e4',
  'O-O',
  '1.',
  '...',
  '[%clk 0:00:01]',
  '\u0000',
  '\ufeff',
  '\ufffd',
  'é',
  '😀',
  '\ud800',
];

const MUTATION_KINDS = [
  'delete-token',
  'duplicate-token',
  'swap-tokens',
  'delete-structural',
  'flip',
  'insert',
  'open-late',
] as const;
/** What 'open-late' inserts near a game's end, where an unclosed construct meets the next game. */
const OPENERS = ['{', '{\n', '(', '"', '[', '[Event "', ';', '%', '{ [%clk 0:00:01'];

interface Mutation {
  readonly game: number;
  readonly kind: (typeof MUTATION_KINDS)[number];
  readonly at: number;
  readonly char: number;
  readonly garbage: string;
}

const arbMutation: fc.Arbitrary<Mutation> = fc.record({
  game: fc.nat(GAMES.length - 1),
  kind: fc.constantFrom(...MUTATION_KINDS),
  at: fc.nat(),
  char: fc.nat(0xffff),
  garbage: fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...GARBAGE) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 8 }) },
  ),
});

/** Start and end of every whitespace-separated token of `text`. */
function tokens(text: string): [number, number][] {
  return [...text.matchAll(/\S+/g)].map((m) => [m.index, m.index + m[0].length]);
}

/** Applies one mutation to one game's text (positions are taken modulo what exists). */
function mutate(text: string, m: Mutation): string {
  const spans = tokens(text);
  const span = spans[m.at % spans.length] ?? [0, 0];
  const [from, to] = span;
  switch (m.kind) {
    case 'delete-token':
      return text.slice(0, from) + text.slice(to);
    case 'duplicate-token':
      return text.slice(0, to) + ' ' + text.slice(from, to) + text.slice(to);
    case 'swap-tokens': {
      const [nextFrom, nextTo] = spans[(m.at % spans.length) + 1] ?? span;
      if (nextFrom === from) return text;
      return (
        text.slice(0, from) +
        text.slice(nextFrom, nextTo) +
        text.slice(to, nextFrom) +
        text.slice(from, to) +
        text.slice(nextTo)
      );
    }
    case 'delete-structural': {
      const places = [...text.matchAll(/[{}()"[\]]/g)].map((x) => x.index);
      const i = places[m.at % Math.max(1, places.length)] ?? 0;
      return text.slice(0, i) + text.slice(i + 1);
    }
    case 'flip': {
      const i = m.at % text.length;
      return text.slice(0, i) + String.fromCharCode(m.char) + text.slice(i + 1);
    }
    case 'open-late': {
      // In the last tenth of the game (its last moves, result and trailing blank line).
      const tenth = Math.max(1, Math.floor(text.length / 10));
      const i = text.length - 1 - (m.at % tenth);
      return text.slice(0, i) + (OPENERS[m.char % OPENERS.length] ?? '{') + text.slice(i);
    }
    case 'insert': {
      // Inside the game: before one of its characters (inserting after the last would be the next game's start).
      const i = m.at % text.length;
      return text.slice(0, i) + m.garbage + text.slice(i);
    }
  }
}

/**
 * The promise: the games before the mutated one come out first, the games after it come out
 * last, each with exactly its original FENs. The mutated game itself may be lost, split in two,
 * or (when its first tag line is destroyed) partly glued to the game before as ignored text.
 */
function expectOthersIntact(
  outcome: readonly string[][],
  baseline: readonly string[][],
  mutated: number,
  context: string,
): void {
  const after = baseline.length - mutated - 1;
  expect(outcome.length, context).toBeGreaterThanOrEqual(baseline.length - 1);
  expect(outcome.slice(0, mutated), context).toEqual(baseline.slice(0, mutated));
  expect(outcome.slice(outcome.length - after), context).toEqual(baseline.slice(mutated + 1));
}

const BASELINE = [...parsePgn(FILE)].map((g) => fensOf(g));

describe('one mutation inside one game of real games', () => {
  it('the baseline: four clean games, with variations and a Chess960 start', () => {
    const games = [...parsePgn(FILE)];
    expect(games.map((g) => [...g.diagnostics, ...replay(g).diagnostics].filter((d) => d.severity !== 'info'))).toEqual(
      [[], [], [], []],
    );
    expect(BASELINE.map((fens) => fens.length)).toEqual([38, 11, 71, 90]);
    expect(BASELINE[1]?.some((line) => line.includes('.'))).toBe(true); // a variation ply, as `path fen`
  });

  it(
    'leaves every other game with exactly its per-ply FENs (parsePgn on text)',
    () => {
      fc.assert(
        fc.property(arbMutation, (m) => {
          const text = GAMES.map((g, i) => (i === m.game ? mutate(g, m) : g)).join('');
          const outcome = [...parsePgn(text)].map((g) => fensOf(g));
          expectOthersIntact(outcome, BASELINE, m.game, JSON.stringify(m));
        }),
        { numRuns: NUM_RUNS * 2 },
      );
    },
    fuzzTimeout(NUM_RUNS * 2, 20),
  );

  const BYTE_GAMES = GAMES.map((g) => Buffer.from(g, 'utf8'));

  it(
    'leaves every other game intact when raw bytes of one game are flipped, inserted or deleted (readPgn)',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.nat(GAMES.length - 1),
          fc.array(
            fc.tuple(
              fc.nat(),
              fc.oneof(fc.constantFrom(...NASTY_BYTES), fc.nat(255)),
              fc.constantFrom('insert', 'replace', 'delete'),
            ),
            { minLength: 1, maxLength: 3 },
          ),
          fc.array(fc.nat(), { maxLength: 5 }),
          async (game, edits, cuts) => {
            const bytes = [...(BYTE_GAMES[game] ?? [])];
            for (const [at, byte, kind] of edits) {
              const i = at % bytes.length;
              if (kind === 'insert') bytes.splice(i, 0, byte);
              else if (kind === 'replace') bytes[i] = byte;
              else bytes.splice(i, 1);
            }
            const file = Buffer.concat(BYTE_GAMES.map((b, i) => (i === game ? Buffer.from(bytes) : b)));
            // The first bytes of a file decide its encoding and compression (a BOM, gzip or zstd magic).
            fc.pre(!isCompressed(file) && !/^(\xef\xbb\xbf|\xff\xfe|\xfe\xff)/.test(file.toString('latin1', 0, 3)));
            const { games } = await readBytes(file, cuts);
            expectOthersIntact(
              games.map((g) => fensOf(g)),
              BASELINE,
              game,
              JSON.stringify({ game, edits }),
            );
          },
        ),
        { numRuns: NUM_RUNS },
      );
    },
    fuzzTimeout(NUM_RUNS, 30),
  );
});

// ---------------------------------------------------------------------------------------------
// FEN normalisation
// ---------------------------------------------------------------------------------------------

/** Real FENs from the games above, each with a few edits a careless hand makes. */
const arbSloppyFen = fc
  .tuple(
    fc.constantFrom(...BASELINE.flat().map((line) => line.slice(line.indexOf(' ') + 1))),
    fc.array(
      fc.constantFrom(
        'drop-counters',
        'drop-ep-and-counters',
        'double-spaces',
        'tabs',
        'trailing',
        'leading',
        'dash-castling',
      ),
      { maxLength: 3 },
    ),
  )
  .map(([fen, edits]) => {
    let text = fen;
    for (const edit of edits) {
      const fields = text.trim().split(/\s+/);
      if (edit === 'drop-counters') text = fields.slice(0, 4).join(' ');
      else if (edit === 'drop-ep-and-counters') text = fields.slice(0, 3).join(' ');
      else if (edit === 'double-spaces') text = text.replace(/ /g, '  ');
      else if (edit === 'tabs') text = text.replace(/ /, '\t');
      else if (edit === 'trailing') text = `${text}  `;
      else if (edit === 'leading') text = ` ${text}`;
      else text = [...fields.slice(0, 2), '-', ...fields.slice(3)].join(' ');
    }
    return text;
  });

const NORMALISE_OPTIONS: readonly ParseFenOptions[] = [{}, { chess960: true }];

describe('parseFen: what the lenient reader accepts, it writes as a strict FEN', () => {
  it(
    'makeFen of an accepted FEN parses strictly to the same FEN, in every castling notation',
    () => {
      let accepted = 0;
      fc.assert(
        fc.property(arbSloppyFen, fc.constantFrom(...NORMALISE_OPTIONS), (text, options) => {
          const lenient = parseFen(text, options);
          if (!lenient.ok) return;
          accepted++;
          for (const castling of ['kq', 'xfen', 'shredder'] as const) {
            for (const ep of ['always', 'pseudo', 'legal'] as const) {
              const written = makeFen(lenient.value, { castling, ep });
              const strict = parseFen(written, { strict: true, chess960: lenient.value.chess960 });
              expect(strict.diagnostics, `${text} → ${written}`).toEqual([]);
              if (strict.ok) expect(makeFen(strict.value, { castling, ep })).toBe(written);
            }
          }
        }),
        { numRuns: NUM_RUNS },
      );
      expect(accepted).toBeGreaterThan(NUM_RUNS / 2);
    },
    fuzzTimeout(NUM_RUNS, 10),
  );
});
