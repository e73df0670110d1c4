/**
 * FEN conformance against python-chess (the shared corpus oracle, see test/fixtures/fen/README.md):
 * the same validity verdict for every position, the same normalised FEN where valid, and the round
 * trip of real perft FENs. Fixtures are always run; the full shared corpus files when present.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { makeFen, parseFen } from '../../src/core/index.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/fen/', import.meta.url));
const SHARED_EXPECTED = fileURLToPath(new URL('../../../shared/corpus/expected/', import.meta.url));

/** One record of the oracle's `fen` mode (python-chess 1.11.2). */
interface OracleRecord {
  readonly index: number;
  readonly line: number;
  readonly input: string;
  readonly parsed: boolean;
  readonly valid: boolean;
  readonly status?: readonly string[];
  readonly chess960?: boolean;
  readonly fen?: string;
  readonly shredder_fen?: string;
  readonly error?: string;
}

function readLines(path: string): string[] {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes)
    .toString('utf8')
    .split('\n')
    .filter((l) => l.trim() !== '');
}

function loadOracle(path: string): OracleRecord[] {
  return readLines(path).map((l) => JSON.parse(l) as OracleRecord);
}

/** EPD opcodes after the FEN (`;D1 20 …` in Ethereal's files) are not part of the position. */
function fenPart(input: string): string {
  const cut = input.indexOf(' ;');
  return cut < 0 ? input : input.slice(0, cut);
}

/**
 * Inputs on which forsyth deliberately disagrees with python-chess, and why. Each is also checked in
 * strict mode, where forsyth must agree.
 */
const DISAGREEMENTS: ReadonlyMap<string, string> = new Map([
  [
    'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1',
    'lenient mode accepts castling letters in any order (a FEN_BAD_CASTLING warning); python-chess refuses them, as strict mode does',
  ],
]);

function checkAgainstOracle(record: OracleRecord): void {
  const input = fenPart(record.input);
  const result = parseFen(input, record.chess960 ? { chess960: true } : {});
  const reason = DISAGREEMENTS.get(input);
  if (reason) {
    expect(result.ok, reason).toBe(!record.valid);
    expect(parseFen(input, { strict: true }).ok, `strict mode: ${reason}`).toBe(record.valid);
    return;
  }
  expect(
    result.ok,
    `${input}: ${JSON.stringify(result.diagnostics)} vs ${JSON.stringify(record.status ?? record.error)}`,
  ).toBe(record.valid);
  if (!result.ok) return;
  // The oracle writes the en-passant square only when a legal capture exists (python-chess's default).
  expect(makeFen(result.value, { ep: 'legal' })).toBe(record.fen);
  expect(result.value.chess960).toBe(record.chess960 ?? false);
  if (record.shredder_fen)
    expect(makeFen(result.value, { ep: 'legal', castling: 'shredder' })).toBe(record.shredder_fen);
}

describe('chess.js validate_fen cases against python-chess', () => {
  const tsv = readLines(`${FIXTURES}chessjs__validate_fen.tsv`).filter((l) => !l.startsWith('#'));
  const oracle = loadOracle(`${FIXTURES}fen__chessjs__validate_fen.fen.jsonl`);

  it('has one oracle record per input line', () => {
    expect(oracle.map((r) => r.input)).toEqual(tsv.map((l) => l.split('\t')[1]));
  });

  it.each(oracle.map((r) => [r.index, r.input, r] as const))('#%i %s', (_index, _input, record) => {
    checkAgainstOracle(record);
  });
});

describe('python-chess tricky perft positions against python-chess', () => {
  const oracle = loadOracle(`${FIXTURES}perft__python-chess__tricky.fen.jsonl`);
  it.each(oracle.map((r) => [r.index, r.input, r] as const))('#%i %s', (_index, _input, record) => {
    checkAgainstOracle(record);
  });

  it('includes the impossible checks python-chess flags', () => {
    expect(oracle.filter((r) => !r.valid).length).toBe(6);
  });
});

describe.runIf(existsSync(SHARED_EXPECTED))('shared corpus position files against python-chess', () => {
  it.each([
    'perft__ethereal__standard.fen.jsonl',
    'perft__ethereal__fischer-part1-lines1-768.fen.jsonl',
    'perft__python-chess__random-part1.fen.jsonl.gz',
  ])('%s', (name) => {
    const oracle = loadOracle(`${SHARED_EXPECTED}${name}`);
    expect(oracle.length).toBeGreaterThan(100);
    for (const record of oracle) checkAgainstOracle(record);
  });
});

describe.runIf(existsSync(SHARED_EXPECTED))('FEN tags of the shared corpus PGN files against python-chess', () => {
  interface GameRecord {
    readonly headers?: Readonly<Record<string, string>>;
    readonly start_fen: string | null;
    readonly chess960: boolean;
    readonly variant?: string;
  }
  it('accepts exactly the FEN tags python-chess accepts and normalises them the same way', () => {
    let checked = 0;
    for (const name of readdirSync(SHARED_EXPECTED).filter((n) => !n.includes('.fen.jsonl'))) {
      for (const line of readLines(`${SHARED_EXPECTED}${name}`)) {
        const game = JSON.parse(line) as GameRecord;
        const fen = game.headers?.['FEN'];
        // A variant's FEN (Horde, Racing Kings) is python-chess's variant board, not a chess FEN.
        if (fen === undefined || (game.variant !== undefined && game.variant !== 'chess')) continue;
        checked++;
        const result = parseFen(fen, game.chess960 ? { chess960: true } : {});
        const ours = result.ok ? makeFen(result.value, { ep: 'legal' }) : null;
        expect(ours, `${name}: ${fen} ${JSON.stringify(result.diagnostics)}`).toBe(game.start_fen);
      }
    }
    expect(checked).toBeGreaterThan(1000);
  }, 60_000);
});

describe('round trip of perft FENs (makeFen(parseFen(x)) === x)', () => {
  interface Sample {
    readonly source: string;
    readonly ref: string | number;
    readonly fen: string;
    readonly chess960: boolean;
  }
  const samples = readLines(`${FIXTURES}perft-sample.jsonl`).map((l) => JSON.parse(l) as Sample);

  it('covers standard and Chess960 positions', () => {
    expect(samples.filter((s) => s.chess960).length).toBeGreaterThanOrEqual(40);
    expect(samples.filter((s) => !s.chess960).length).toBeGreaterThanOrEqual(150);
  });

  it.each(samples.map((s) => [`${s.source.split(':')[0]} ${s.ref}`, s] as const))('%s', (_name, sample) => {
    // Structure only: a few tricky perft positions are deliberately illegal (impossible checks).
    const result = parseFen(sample.fen, { validate: false, chess960: sample.chess960 });
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    // The label says which file a position came from; X-FEN positions in the standard files are
    // detected as Chess960 from their castling rights (as python-chess's oracle also reports).
    if (sample.chess960) expect(result.value.chess960).toBe(true);
    const fields = sample.fen.split(' ');
    const castlingField = fields[2] ?? '-';
    const shredder = /[A-Ha-h]/.test(castlingField);
    const expected = fields.length === 4 ? `${sample.fen} 0 1` : sample.fen;
    expect(makeFen(result.value, shredder ? { castling: 'shredder' } : {})).toBe(expected);
  });
});
