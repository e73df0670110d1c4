/**
 * `forsyth perft` end to end. Node counts come from the shared perft suites (Ethereal's standard and
 * Chess960 EPDs, python-chess's tricky.perft) copied to test/fixtures/cli/perft.jsonl, and the
 * start-position divide from the published Stockfish `go perft 3` output; never from forsyth.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixture, lines, run } from './helpers.js';

interface PerftCase {
  readonly fen: string;
  readonly perft: Record<string, number>;
  readonly chess960: boolean;
  readonly id?: string;
  readonly line?: number;
}

const CASES: PerftCase[] = readFileSync(fixture('perft.jsonl'), 'utf8')
  .split('\n')
  .filter((l) => l.trim() !== '')
  .map((l) => JSON.parse(l) as PerftCase);

/** The deepest depth whose count stays under `limit` nodes (keeps the default run fast). */
function smallDepth(c: PerftCase, limit = 20_000): number {
  let best = 1;
  for (const [depth, nodes] of Object.entries(c.perft))
    if (nodes <= limit && Number(depth) > best) best = Number(depth);
  return best;
}

/** The published `go perft 3` divide of the start position (Stockfish; chessops 0.15.1 agrees). */
const START_DIVIDE_3: Record<string, number> = {
  a2a3: 380,
  b2b3: 420,
  c2c3: 420,
  d2d3: 539,
  e2e3: 599,
  f2f3: 380,
  g2g3: 420,
  h2h3: 380,
  a2a4: 420,
  b2b4: 421,
  c2c4: 441,
  d2d4: 560,
  e2e4: 600,
  f2f4: 401,
  g2g4: 421,
  h2h4: 420,
  b1a3: 400,
  b1c3: 440,
  g1f3: 440,
  g1h3: 400,
};

describe('forsyth perft', () => {
  it.each(CASES.map((c) => [c.id ?? `line ${c.line}`, c] as const))(
    '%s: the count of the reference suite',
    async (_name, c) => {
      const depth = smallDepth(c);
      const r = await run(['perft', c.fen, String(depth)]);
      expect(r.stdout).toBe(`${c.perft[String(depth)]}\n`);
      expect(r.code).toBe(0);
    },
  );

  it('accepts "startpos" and prints the total alone on the last line', async () => {
    const r = await run(['perft', 'startpos', '4']);
    expect(r.stdout).toBe('197281\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('--divide prints "move: count" per root move, sorted by UCI, then the total', async () => {
    const r = await run(['perft', 'startpos', '3', '--divide']);
    const out = lines(r.stdout);
    expect(out.at(-1)).toBe('8902');
    const divide = out.slice(0, -1);
    const sorted = Object.keys(START_DIVIDE_3).sort();
    expect(divide).toEqual(sorted.map((m) => `${m}: ${START_DIVIDE_3[m]}`));
    expect(r.code).toBe(0);
  });

  it('--divide on a Chess960 position (Shredder-FEN) sums to the reference count, castling as king takes rook', async () => {
    const c = CASES.find((x) => x.chess960)!;
    const r = await run(['perft', c.fen, '2', '--divide']);
    const out = lines(r.stdout);
    expect(out.at(-1)).toBe(String(c.perft['2']));
    const counts = out.slice(0, -1).map((l) => Number(/^[a-h][1-8][a-h][1-8][qrbn]?: (\d+)$/.exec(l)?.[1]));
    expect(counts).toHaveLength(c.perft['1']!);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(c.perft['2']);
  });

  it('reads X-FEN KQkq castling as Chess960 (--chess960) and divides castling as king takes rook (tricky xfen-00)', async () => {
    const c = CASES.find((x) => x.id === 'xfen-00')!;
    const r = await run(['perft', c.fen, '2', '--divide', '--chess960', '--quiet']);
    const out = lines(r.stdout);
    expect(out.at(-1)).toBe(String(c.perft['2']));
    expect(out).toHaveLength(c.perft['1']! + 1);
    // King c1, rooks a1 and e1: both castlings are written king-takes-rook.
    expect(out.filter((l) => /^c1(a1|e1):/.test(l))).toHaveLength(2);
    expect(r.code).toBe(0);
  });

  it('counts a position whose only problem is an impossible check, with a warning (tricky align-diag-1)', async () => {
    const c = CASES.find((x) => x.id === 'align-diag-1')!;
    const r = await run(['perft', c.fen, '2']);
    expect(r.stdout).toBe(`${c.perft['2']}\n`);
    expect(r.stderr).toMatch(/^fen:1:\d+: warning\[FEN_IMPOSSIBLE_CHECK\]: .*counted anyway/m);
    expect(r.code).toBe(0);
  });

  it('depth 0 counts the position itself', async () => {
    const r = await run(['perft', 'startpos', '0']);
    expect(r.stdout).toBe('1\n');
    expect(r.code).toBe(0);
  });

  it('a bad FEN gives located diagnostics on stderr and exit 1, nothing on stdout', async () => {
    const r = await run(['perft', 'rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1', '2']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^fen:1:19: error\[FEN_[A-Z_]+\]: /m);
    expect(r.stderr).toMatch(/^ {2}hint: /m);
    expect(r.code).toBe(1);
  });

  it.each([['x'], ['2.5'], ['99']])('a bad depth (%s) is a usage error: exit 2, no stack trace', async (depth) => {
    const r = await run(['perft', 'startpos', depth]);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/depth/);
    expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
    expect(r.code).toBe(2);
  });

  it('--help shows a real example', async () => {
    const r = await run(['perft', '--help']);
    expect(r.stdout).toContain('forsyth perft startpos 4');
    expect(r.code).toBe(0);
  });
});
