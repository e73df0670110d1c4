/**
 * `forsyth fen` end to end. Inputs are chess.js's validate_fen cases; whether each is valid and its
 * normalised FEN come from python-chess (test/fixtures/cli/fen__chessjs__validate_fen.fen.jsonl,
 * e.p. square only when the capture is legal, hence `--ep legal`), never from forsyth.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, lines, ndjson, run } from './helpers.js';

interface OracleRecord {
  readonly input: string;
  readonly valid: boolean;
  readonly fen?: string;
}

const ORACLE: OracleRecord[] = readFileSync(fixture('fen__chessjs__validate_fen.fen.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as OracleRecord);

const TSV_FENS = readFileSync(fixture('chessjs__validate_fen.tsv'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '' && !l.startsWith('#'))
  .map((l) => l.split('\t')[1] ?? '');

/** Where forsyth's lenient reading deliberately accepts what python-chess refuses (see test/core/fen-conformance). */
const LENIENT_ONLY = new Set(['rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w kqKQ - 0 1']);

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const WIDE_RANK = 'rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

describe('forsyth fen against python-chess (chess.js validate_fen cases)', () => {
  it('the fixture has one oracle record per chess.js input', () => {
    expect(ORACLE.map((r) => r.input)).toEqual(TSV_FENS);
  });

  it('--format json from stdin: one object per input, in order, valid and normalised as python-chess says', async () => {
    // Trailing spaces matter in two inputs ("… - 0 "), so the lines are fed exactly as written.
    const r = await run(['fen', '--format', 'json', '--ep', 'legal'], { input: `${TSV_FENS.join('\n')}\n` });
    const objects = ndjson(r.stdout);
    expect(objects).toHaveLength(ORACLE.length);
    ORACLE.forEach((want, i) => {
      const got = objects[i]!;
      expect(got['input'], `line ${i + 1}`).toBe(want.input);
      const valid = LENIENT_ONLY.has(want.input) ? !want.valid : want.valid;
      expect(got['valid'], `${want.input}: ${JSON.stringify(got['problems'])}`).toBe(valid);
      if (want.valid && !LENIENT_ONLY.has(want.input)) expect(got['fen'], want.input).toBe(want.fen);
      if (!valid) {
        expect(got['fen']).toBeNull();
        const problems = got['problems'] as { code: string; severity: string; column: number | null }[];
        expect(problems.some((p) => p.severity === 'error' && /^FEN_/.test(p.code))).toBe(true);
      }
    });
    expect(r.code).toBe(1);
  });

  it.each(
    ORACLE.filter((r) => r.valid && !LENIENT_ONLY.has(r.input))
      .slice(0, 12)
      .map((r) => [r.input, r.fen] as const),
  )('text: %s → the normalised FEN alone on stdout, exit 0', async (input, fen) => {
    const r = await run(['fen', '--ep', 'legal', input]);
    expect(r.stdout).toBe(`${fen}\n`);
    expect(r.code).toBe(0);
  });

  it.each(ORACLE.filter((r) => !r.valid && !LENIENT_ONLY.has(r.input)).map((r) => [r.input] as const))(
    'text: %s → located errors with a code on stderr, nothing on stdout, exit 1',
    async (input) => {
      const r = await run(['fen', input]);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^input:1:\d+: error\[FEN_[A-Z_]+\]: /m);
      expect(r.code).toBe(1);
    },
  );
});

describe('forsyth fen, output details', () => {
  it('points at the bad rank with a column and a hint', async () => {
    const r = await run(['fen', WIDE_RANK]);
    const first = lines(r.stderr)[0] ?? '';
    // "17" is two digits in a row: the rank starts at column 19.
    expect(first).toMatch(/^input:1:(19|20): error\[FEN_[A-Z_]+\]: /);
    expect(r.stderr).toMatch(/\n {2}hint: /);
    expect(r.code).toBe(1);
  });

  it('numbers the inputs: one result per argument, in order; exit 1 if any is invalid', async () => {
    const r = await run(['fen', START, WIDE_RANK, '8/8/8/8/8/8/8/K6k b - - 0 60']);
    expect(lines(r.stdout)).toEqual([START, '8/8/8/8/8/8/8/K6k b - - 0 60']);
    expect(r.stderr).toMatch(/^input:2:/m);
    expect(r.stderr).not.toMatch(/^input:[13]:/m);
    expect(r.code).toBe(1);
  });

  it('reads stdin lines, numbering them by line (blank lines count but print nothing)', async () => {
    const r = await run(['fen'], { input: `${START}\n\n${WIDE_RANK}\n` });
    expect(lines(r.stdout)).toEqual([START]);
    expect(r.stderr).toMatch(/^input:3:/m);
    expect(r.code).toBe(1);
  });

  it('--ep always keeps the square after a double push; --ep legal drops it when no capture is legal', async () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
    expect((await run(['fen', fen])).stdout).toBe(`${fen}\n`);
    expect((await run(['fen', '--ep', 'legal', fen])).stdout).toBe(`${fen.replace(' e3 ', ' - ')}\n`);
  });

  it('--castling converts between KQkq, Shredder-FEN and X-FEN (cutechess Chess960 start)', async () => {
    const xfen = 'nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1';
    const shredder = 'nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w GDgd - 0 1';
    expect((await run(['fen', '--chess960', '--castling', 'shredder', xfen])).stdout).toBe(`${shredder}\n`);
    expect((await run(['fen', '--castling', 'xfen', shredder])).stdout).toBe(`${xfen}\n`);
  });

  it('json: a valid FEN with a repaired problem is valid with a warning, column and hint', async () => {
    const r = await run(['fen', '--format', 'json', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -']);
    const [object] = ndjson(r.stdout);
    expect(object).toMatchObject({ valid: true, fen: START });
    const problems = object!['problems'] as { code: string; severity: string; column: number }[];
    expect(problems[0]).toMatchObject({ code: 'FEN_MISSING_COUNTERS', severity: 'warning' });
    expect(Object.keys(problems[0]!)).toEqual(['code', 'severity', 'message', 'column', 'field', 'hint']);
    expect(r.code).toBe(0);
  });

  it('--board prints an ASCII diagram after the FEN when piped', async () => {
    const r = await run(['fen', '--board', START]);
    const out = lines(r.stdout);
    expect(out[0]).toBe(START);
    expect(out).toContain('8 | r  n  b  q  k  b  n  r |');
    expect(out).toContain('1 | R  N  B  Q  K  B  N  R |');
    expect(r.code).toBe(0);
  });

  it('--board with --format json is a usage error (exit 2)', async () => {
    const r = await run(['fen', '--board', '--format', 'json', START]);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
  });

  it('--help shows a real example', async () => {
    const r = await run(['fen', '--help']);
    expect(r.stdout).toContain('$ forsyth fen "');
    expect(r.code).toBe(0);
  });
});
