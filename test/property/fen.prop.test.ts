/**
 * FEN properties: any text gives a result (never an exception) whose diagnostics lie inside the
 * input; whatever strict mode accepts survives makeFen → parseFen unchanged.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DIAGNOSTIC_CODES, hasErrors } from '../../src/diagnostics.js';
import { makeFen, parseFen, repairFen, type ParseFenOptions } from '../../src/core/index.js';
import { legalMoves, play, type Position } from '../../src/core/index.js';

const NUM_RUNS = Number(process.env['FORSYTH_FUZZ_RUNS'] ?? 200);
/** Generous per-test time for `npm run fuzz` (20,000 runs); the default run takes about a second. */
const TIMEOUT = Math.max(10_000, NUM_RUNS * 5);
const FIXTURES = fileURLToPath(new URL('../fixtures/fen/', import.meta.url));

const SEEDS: readonly string[] = readFileSync(`${FIXTURES}perft-sample.jsonl`, 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => (JSON.parse(l) as { fen: string }).fen);

const FEN_CHARS = [...'pnbrqkPNBRQK12345678/ wb-KQkqAHaheE0369x;\t'];

/** A seed FEN with a few single-character edits: close to valid, so it reaches the deep checks. */
const arbMutatedFen = fc
  .tuple(
    fc.constantFrom(...SEEDS),
    fc.array(fc.tuple(fc.constantFrom('insert', 'delete', 'replace'), fc.nat(), fc.constantFrom(...FEN_CHARS)), {
      maxLength: 3,
    }),
  )
  .map(([seed, edits]) => {
    let text = seed;
    for (const [kind, at, char] of edits) {
      const i = at % (text.length + 1);
      if (kind === 'insert') text = text.slice(0, i) + char + text.slice(i);
      else if (kind === 'delete') text = text.slice(0, i) + text.slice(i + 1);
      else text = text.slice(0, i) + char + text.slice(i + 1);
    }
    return text;
  });

/** Boards with two kings and a few other pieces, sometimes castling-ready, sometimes after a double push. */
const arbGeneratedFen = fc
  .record({
    kings: fc.tuple(fc.integer({ min: 0, max: 63 }), fc.integer({ min: 0, max: 63 })),
    pieces: fc.array(fc.tuple(fc.integer({ min: 0, max: 63 }), fc.constantFrom(...'PNBRQpnbrq')), { maxLength: 14 }),
    white: fc.boolean(),
    castle: fc.boolean(),
    rights: fc.subarray([...'KQkq']),
    epFile: fc.option(fc.integer({ min: 0, max: 7 }), { freq: 3 }),
    halfmoves: fc.integer({ min: 0, max: 120 }),
    fullmoves: fc.integer({ min: 1, max: 300 }),
  })
  .map((g) => {
    const board: string[] = new Array<string>(64).fill('');
    for (const [square, letter] of g.pieces) {
      const rank = square >> 3;
      if ((letter === 'P' || letter === 'p') && (rank === 0 || rank === 7)) continue;
      board[square] = letter;
    }
    let rights = '-';
    if (g.castle) {
      Object.assign(board, { 0: 'R', 7: 'R', 56: 'r', 63: 'r', 4: 'K', 60: 'k' });
      rights = g.rights.join('') || '-';
    } else if (g.kings[0] !== g.kings[1]) {
      board[g.kings[0]] = 'K';
      board[g.kings[1]] = 'k';
    }
    let ep = '-';
    if (g.epFile !== null) {
      // The side not to move has just pushed a pawn two squares on that file.
      const [pushed, passed, from] = g.white ? [32, 40, 48] : [24, 16, 8];
      board[pushed + g.epFile] = g.white ? 'p' : 'P';
      board[passed + g.epFile] = '';
      board[from + g.epFile] = '';
      ep = 'abcdefgh'.charAt(g.epFile) + (g.white ? '6' : '3');
    }
    let placement = '';
    for (let rank = 7; rank >= 0; rank--) {
      let empty = 0;
      for (let file = 0; file < 8; file++) {
        const letter = board[rank * 8 + file] ?? '';
        if (letter === '') empty++;
        else {
          placement += (empty > 0 ? String(empty) : '') + letter;
          empty = 0;
        }
      }
      placement += (empty > 0 ? String(empty) : '') + (rank > 0 ? '/' : '');
    }
    const halfmoves = ep === '-' ? g.halfmoves : 0;
    return `${placement} ${g.white ? 'w' : 'b'} ${rights} ${ep} ${halfmoves} ${g.fullmoves}`;
  });

const arbText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 100 }),
  fc.string({ unit: fc.constantFrom(...FEN_CHARS), maxLength: 90 }),
  arbMutatedFen,
  arbGeneratedFen,
);

const OPTION_SETS: readonly ParseFenOptions[] = [{}, { strict: true }, { validate: false }, { chess960: true }];

describe('parseFen on any text', () => {
  it(
    'returns a result, never throws, and locates every diagnostic inside the input',
    () => {
      fc.assert(
        fc.property(arbText, (text) => {
          for (const options of OPTION_SETS) {
            const result = parseFen(text, options);
            expect(result.ok).toBe(!hasErrors(result.diagnostics));
            if (result.ok) expect(typeof makeFen(result.value)).toBe('string');
            for (const d of result.diagnostics) {
              expect(Object.keys(DIAGNOSTIC_CODES)).toContain(d.code);
              expect(d.offset).toBeGreaterThanOrEqual(0);
              expect((d.offset ?? -1) + (d.length ?? 0)).toBeLessThanOrEqual(text.length);
              expect(d.field).toBeGreaterThanOrEqual(0);
              expect(d.field).toBeLessThanOrEqual(5);
              expect(d.message.length).toBeGreaterThan(0);
            }
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );
});

/** Every FEN quoted in a hint (eight ranks, then fields). */
function quotedFens(hint: string | undefined): string[] {
  return [...(hint ?? '').matchAll(/'([^'\s/]*(?:\/[^'\s/]*){7} [^']*)'/g)].map((m) => m[1] as string);
}

describe('hints and repairs offer valid FENs only', () => {
  it(
    'every FEN a hint quotes parses without errors',
    () => {
      fc.assert(
        fc.property(fc.oneof(arbMutatedFen, arbGeneratedFen), (text) => {
          for (const options of [{}, { chess960: true }]) {
            for (const d of parseFen(text, options).diagnostics) {
              for (const fen of quotedFens(d.hint))
                expect(hasErrors(parseFen(fen, options).diagnostics), `${text} → ${d.code}: ${fen}`).toBe(false);
            }
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'repairFen gives a valid FEN, changes located inside the input, or nothing',
    () => {
      fc.assert(
        fc.property(fc.oneof(arbMutatedFen, arbGeneratedFen), (text) => {
          const repaired = repairFen(text);
          if (!repaired) return;
          const again = parseFen(repaired.fen);
          expect(again.ok, `${text} → ${repaired.fen}`).toBe(true);
          if (again.ok) expect(makeFen(repaired.position)).toBe(makeFen(again.value));
          for (const { problem } of repaired.changes) {
            expect(problem.offset).toBeGreaterThanOrEqual(0);
            expect((problem.offset ?? 0) + (problem.length ?? 0)).toBeLessThanOrEqual(text.length);
          }
          if (!hasErrors(parseFen(text).diagnostics)) expect(repaired.changes).toEqual([]);
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );
});

function castlingStyle(fen: string): 'kq' | 'shredder' | 'mixed' {
  const field = fen.split(' ')[2] ?? '-';
  if (/^[KQkq-]+$/.test(field)) return 'kq';
  return /^[A-Ha-h]+$/.test(field) ? 'shredder' : 'mixed';
}

function checkStrictRoundTrip(text: string): boolean {
  const first = parseFen(text, { strict: true });
  if (!first.ok) return false;
  const written = makeFen(first.value);
  // Chess960 with standard-looking rights writes as KQkq: the flag travels beside the FEN (Variant tag).
  const second = parseFen(written, { strict: true, chess960: first.value.chess960 });
  expect(second.ok, `${text} → ${written}: ${JSON.stringify(second.diagnostics)}`).toBe(true);
  if (!second.ok) return true;
  expect(makeFen(second.value)).toBe(written);
  expect([...second.value.board]).toEqual([...first.value.board]);
  expect([second.value.turn, second.value.epSquare, second.value.halfmoves, second.value.fullmoves]).toEqual([
    first.value.turn,
    first.value.epSquare,
    first.value.halfmoves,
    first.value.fullmoves,
  ]);
  expect([...second.value.castlingRooks].sort()).toEqual([...first.value.castlingRooks].sort());
  expect(second.value.chess960).toBe(first.value.chess960);
  const style = castlingStyle(text);
  if (style === 'kq') expect(written).toBe(text);
  if (style === 'shredder') expect(makeFen(first.value, { castling: 'shredder' })).toBe(text);
  return true;
}

describe('strict FENs survive makeFen → parseFen', () => {
  it(
    'for generated and mutated FENs',
    () => {
      let accepted = 0;
      fc.assert(
        fc.property(fc.oneof(arbGeneratedFen, arbMutatedFen), (text) => {
          if (checkStrictRoundTrip(text)) accepted++;
        }),
        { numRuns: NUM_RUNS },
      );
      // The property says nothing if strict mode refuses everything the generators make.
      expect(accepted).toBeGreaterThan(NUM_RUNS / 10);
    },
    TIMEOUT,
  );

  it(
    'for positions reached by random legal moves from the perft seeds',
    () => {
      fc.assert(
        fc.property(fc.constantFrom(...SEEDS), fc.array(fc.nat(), { maxLength: 12 }), (seed, choices) => {
          const start = parseFen(seed);
          if (!start.ok) return; // a few tricky perft positions are deliberately illegal
          let position: Position = start.value;
          for (const choice of choices) {
            const moves = legalMoves(position);
            const move = moves[choice % Math.max(1, moves.length)];
            if (!move) break;
            position = play(position, move);
            const fen = makeFen(position, position.chess960 ? { castling: 'shredder' } : {});
            expect(checkStrictRoundTrip(fen), `${seed} … ${fen}`).toBe(true);
          }
        }),
        { numRuns: Math.max(20, NUM_RUNS / 4) },
      );
    },
    TIMEOUT,
  );
});
