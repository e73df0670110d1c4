/**
 * Hostile input must not make the diagnostics explode: their total size grows linearly with the
 * input (double the junk, at most about double the text), and every excerpt stays short (the
 * Diagnostic contract: "at most about 60 characters"). A FEN of a million bad letters used to give
 * a million diagnostics, each quoting the whole FEN: `forsyth fens` printed 400 MB for a 20 KB file.
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics.js';
import { parseFen } from '../../src/core/index.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { validate } from '../../src/replay/validate.js';

const SMALL = 2_000;

function textSize(diagnostics: readonly Diagnostic[]): number {
  return diagnostics.reduce(
    (sum, d) => sum + d.message.length + (d.hint?.length ?? 0) + (d.excerpt?.length ?? 0) + (d.fen?.length ?? 0),
    0,
  );
}

function fenDiagnostics(text: string): Diagnostic[] {
  return [...parseFen(text).diagnostics, ...parseFen(text, { strict: true, chess960: true }).diagnostics];
}

function pgnDiagnostics(text: string): Diagnostic[] {
  return [...parsePgn(text)].flatMap((game) => [...validate(game)]);
}

const X = (n: number): string => 'x'.repeat(n);

const FEN_CASES: [string, (n: number) => string][] = [
  ['one rank of bad letters', (n) => X(n)],
  ['bad letters in a full FEN', (n) => `${X(n)}/8/8/8/8/8/8/K6k w - - 0 1`],
  ['digits in a row', (n) => `${'11'.repeat(n / 2)}/8/8/8/8/8/8/K6k w - - 0 1`],
  [
    'many ranks',
    (n) =>
      Array<string>(n / 2)
        .fill('x')
        .join('/'),
  ],
  ['a repeated castling right', (n) => `r3k2r/8/8/8/8/8/8/R3K2R w ${'K'.repeat(n)} - 0 1`],
  ['castling junk', (n) => `r3k2r/8/8/8/8/8/8/R3K2R w ${'Z'.repeat(n)} - 0 1`],
  ['a long en-passant field', (n) => `8/8/8/8/8/8/8/K6k w - ${'e'.repeat(n)} 0 1`],
  ['a long counter', (n) => `8/8/8/8/8/8/8/K6k w - - ${'9'.repeat(n)} 1`],
  ['many extra fields', (n) => `8/8/8/8/8/8/8/K6k w - - 0 1${' x'.repeat(n / 2)}`],
];

const PGN_CASES: [string, (n: number) => string][] = [
  ['a FEN tag of bad letters', (n) => `[SetUp "1"]\n[FEN "${X(n)}"]\n\n1. e4 *\n`],
  [
    'a FEN tag of many ranks',
    (n) =>
      `[SetUp "1"]\n[FEN "${Array<string>(n / 2)
        .fill('x')
        .join('/')}"]\n\n1. e4 *\n`,
  ],
  ['a long token where a move should be', (n) => `[Event "a"]\n\n1. e4 ${X(n)} e5 *\n`],
  ['a long Variant tag', (n) => `[Variant "${X(n)}"]\n\n1. e4 *\n`],
  ['a long unclosed tag', (n) => `[Event "${X(n)}\n\n1. e4 *\n`],
  ['many unclosed variations', (n) => `[Event "a"]\n\n1. e4 ${'('.repeat(n)} *\n`],
  ['many unmatched parentheses', (n) => `[Event "a"]\n\n1. e4 ${')'.repeat(n)} *\n`],
  ['many illegal variations', (n) => `[Event "a"]\n\n1. e4 e5 ${'(2. Ke3) '.repeat(n / 9)}*\n`],
  ['many duplicate tags', (n) => `${'[Event "x"]\n'.repeat(n / 12)}\n1. e4 *\n`],
  ['a cut-off long token', (n) => `[Event "a"]\n\n1. e4 ${X(n)}`],
];

describe.each([
  ['parseFen', FEN_CASES, fenDiagnostics],
  ['parsePgn + validate', PGN_CASES, pgnDiagnostics],
] as const)('%s: diagnostics of hostile input', (_, cases, diagnose) => {
  it.each(cases)('%s: linear in the input, short excerpts', (_name, make) => {
    const small = diagnose(make(SMALL));
    const large = diagnose(make(SMALL * 2));
    expect(small.length).toBeGreaterThan(0);
    // Twice the input: at most about twice the diagnostic text (a quadratic blow-up gives four times).
    expect(textSize(large) / textSize(small)).toBeLessThan(2.5);
    expect(large.filter((d) => (d.excerpt?.length ?? 0) > 61).map((d) => [d.code, d.excerpt?.length])).toEqual([]);
  });
});

describe('parseFen: repeated problems are capped, and the cap says how many were left out', () => {
  it('20 bad letters in one rank: 8 diagnostics of that code, the last counting the 12 others', () => {
    const found = parseFen(`${'x'.repeat(20)}/8/8/8/8/8/8/K6k w - - 0 1`).diagnostics;
    const code = found[0]?.code;
    const same = found.filter((d) => d.code === code && d.field === found[0]?.field);
    expect(same).toHaveLength(8);
    expect(same.slice(0, 7).every((d) => !d.message.includes('more like it'))).toBe(true);
    expect(same[7]?.message).toMatch(/ \(and 12 more like it in this field\)$/);
  });

  it('exactly 8: no note', () => {
    const found = parseFen(`${'x'.repeat(8)}/8/8/8/8/8/8/K6k w - - 0 1`).diagnostics;
    expect(found.some((d) => d.message.includes('more like it'))).toBe(false);
  });
});
