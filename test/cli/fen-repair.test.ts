/**
 * The CLI side of FEN-tag repair and tag-name case (test/fixtures/fen-repair/README.md): `fens`
 * plays every repairable game with warnings, `validate` reports the FEN errors as written, and
 * `validate --strict` fails on a lower-case tag name.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines, ROOT, run } from './helpers.js';

const DIR = join(ROOT, 'test/fixtures/fen-repair');
const EXPECTED = JSON.parse(readFileSync(join(DIR, 'knight-bishop-mate.expected.json'), 'utf8')) as { fens: string[] };

describe('forsyth fens and validate on repairable FEN tags', () => {
  it('fens plays the four repairable games ply by ply like python-chess, and skips the fifth', async () => {
    const r = await run(['fens', '--ep', 'legal', 'knight-bishop-mate.pgn'], { cwd: DIR });
    expect(lines(r.stdout)).toEqual([...EXPECTED.fens, ...EXPECTED.fens, ...EXPECTED.fens, ...EXPECTED.fens]);
    const warnings = lines(r.stderr).filter((l) => l.includes('warning['));
    expect(warnings.filter((l) => l.includes('[SETUP_FEN_REPAIRED]'))).toHaveLength(6);
    expect(warnings.filter((l) => l.includes('[SETUP_TAG_CASE]'))).toHaveLength(2);
    expect(r.stderr).toMatch(
      /knight-bishop-mate\.pgn:10:33: warning\[SETUP_FEN_REPAIRED\]: the castling right 'K' needs a white rook on h1, but h1 is empty: the right 'K' is dropped/,
    );
    expect(r.stderr).toMatch(/knight-bishop-mate\.pgn:78:1: error\[SETUP_BAD_FEN\]/);
    expect(r.code).toBe(1);
  });

  it('validate reports the FEN errors as written, not the repairs', async () => {
    const r = await run(['validate', 'knight-bishop-mate.pgn'], { cwd: DIR });
    expect(r.stdout).not.toContain('SETUP_FEN_REPAIRED');
    expect(r.stdout).toMatch(/knight-bishop-mate\.pgn:10:33: error\[FEN_CASTLING_NO_ROOK\]/);
    expect(r.stdout).toMatch(/knight-bishop-mate\.pgn:27:35: error\[FEN_EP_NO_PAWN\]/);
    expect(r.stdout).toMatch(/knight-bishop-mate\.pgn:44:\d+: error\[FEN_FIELD_COUNT\]/);
    expect(r.code).toBe(1);
  });

  it('validate --strict fails on a lower-case [fen] tag that is otherwise right', async () => {
    const game = readFileSync(join(DIR, 'knight-bishop-mate.pgn'), 'utf8').split('\n').slice(51, 67).join('\n');
    expect(game).toContain('[fen "');
    const plain = await run(['validate', '-'], { cwd: DIR, input: game });
    expect(plain.stdout).toMatch(/<stdin>:10:1: warning\[SETUP_TAG_CASE\]: the tag "fen" is read as "FEN"/);
    expect(plain.code).toBe(0);
    const strict = await run(['validate', '--strict', '-'], { cwd: DIR, input: game });
    expect(strict.stdout).toContain('warning[SETUP_TAG_CASE]');
    expect(strict.code).toBe(1);
  });
});

describe('forsyth fen and perft verdicts', () => {
  it('a legal position with white on ranks 7-8 is valid for fen and perft', async () => {
    const fen = '1K1R4/PPP5/8/8/8/8/ppp5/1k1r4 w - - 0 1';
    const checked = await run(['fen', fen]);
    expect([checked.stdout, checked.stderr, checked.code]).toEqual([`${fen}\n`, '', 0]);
    const counted = await run(['perft', fen, '1']);
    expect(counted.code).toBe(0);
    expect(Number(counted.stdout.trim())).toBeGreaterThan(0);
  });

  it('every hint FEN for a FEN with both kings moved is the one valid FEN', async () => {
    const r = await run(['fen', 'r6r/3k4/8/8/8/8/3K4/R6R w KQkq - 0 1']);
    const hints = lines(r.stderr).filter((l) => l.trimStart().startsWith('hint:'));
    expect(hints).toHaveLength(2);
    for (const hint of hints) expect(hint).toContain("'r6r/3k4/8/8/8/8/3K4/R6R w - - 0 1'");
    expect(r.code).toBe(1);
  });

  it('warns for KQkq rights that only fit Chess960, and prints the FEN', async () => {
    const r = await run(['fen', 'r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1']);
    expect(r.stdout).toBe('r3k2r/8/8/8/8/8/8/R2K3R w KQkq - 0 1\n');
    expect(r.stderr).toMatch(/input:1:27: warning\[FEN_CASTLING_CHESS960\]: .*the white king on d1/);
    expect(r.code).toBe(0);
  });
});

describe('forsyth build --fens and move counters', () => {
  const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
  const E5 = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2';

  it("warns at the line whose fullmove number grew after White's move, builds the game, exit 0", async () => {
    const r = await run(['build', '--fens', '-'], { input: `${START}\n${E4.replace(' 0 1', ' 0 2')}\n${E5}\n` });
    expect(r.stdout).toContain('1. e4 e5 *');
    expect(r.stderr).toMatch(/^<stdin>:2:1: warning\[BUILD_COUNTERS\]: line 2 writes the counters "0 2" after e4/);
    expect(r.stderr).toContain(`hint: write "${E4}"`);
    expect(r.code).toBe(0);
  });

  it("is quiet on forsyth's own FENs", async () => {
    const r = await run(['build', '--fens', '-'], { input: `${START}\n${E4}\n${E5}\n` });
    expect([r.stderr, r.code]).toEqual(['', 0]);
  });
});

describe('lenient SAN: validate lints, fens stays quiet', () => {
  const PGN = '[Event "lenient"]\n\n1. e2-e4 e5 2. Ng1f3 Nc6 3. Bc4 Nf6 4. 0-0 *\n';

  it('validate warns with the canonical SAN as the hint (exit 0, 1 with --strict)', async () => {
    const r = await run(['validate', '-'], { input: PGN });
    expect(r.stdout).toMatch(/^<stdin>:3:4: warning\[REPLAY_LENIENT_SAN\]: "e2-e4" is read as "e4"/);
    expect(r.stdout).toContain('hint: write "O-O"');
    expect(r.stdout.endsWith('1 game read, 0 errors, 3 warnings\n')).toBe(true);
    expect(r.code).toBe(0);
    expect((await run(['validate', '--strict', '-'], { input: PGN })).code).toBe(1);
  });

  it('fens writes every position and no warning', async () => {
    const r = await run(['fens', '-'], { input: PGN });
    expect(lines(r.stdout)).toHaveLength(7);
    expect(r.stderr).toBe('1 game read, 7 positions written, 0 errors, 0 warnings\n');
    expect(r.code).toBe(0);
  });
});
