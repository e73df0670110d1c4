/**
 * `forsyth stats`: the figures for fixtures whose contents are known (test/fixtures/keepers:
 * rated.pgn has three rated games, one with a wrong PlyCount tag and one with an illegal move;
 * dupes.pgn has eight games of 0 to 8 plies), from the moves and from the headers alone.
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, run } from './helpers.js';

const RATED = join(ROOT, 'test/fixtures/keepers/rated.pgn');
const DUPES = join(ROOT, 'test/fixtures/keepers/dupes.pgn');

async function statsJson(
  args: readonly string[],
): Promise<{ stats: Record<string, unknown>; code: number | null; stderr: string }> {
  const r = await run(['stats', '--format', 'json', ...args]);
  return { stats: JSON.parse(r.stdout) as Record<string, unknown>, code: r.code, stderr: r.stderr };
}

describe('forsyth stats', { timeout: 60_000 }, () => {
  it('counts games, plies, results, Elo, lengths, ECO and problems from the moves', async () => {
    const { stats, code, stderr } = await statsJson([RATED]);
    expect(stats).toEqual({
      games: 3,
      source: 'moves',
      plies: { total: 19, known: 3, mean: 6.3, min: 4, max: 8 },
      results: { '1-0': 1, '0-1': 1, '1/2-1/2': 1, '*': 0, other: 0 },
      elo: { bucket: 100, rated: 5, mean: 2029.8, counts: { '1900': 2, '2000': 2, '2100': 1 } },
      length: { bucket: 10, cap: 300, counts: { '0': 3 } },
      // C42 and E20 from the positions; B01 as tagged.
      eco: { B01: 1, C42: 1, E20: 1 },
      problems: { REPLAY_ILLEGAL_MOVE: 1, REPLAY_PLYCOUNT_MISMATCH: 1 },
    });
    // The problems are counted, not listed (without -v), and make the exit code 1.
    expect(code).toBe(1);
    expect(stderr).not.toContain('Kd3');
    expect(stderr).toContain('3 games read, 1 error');
  });

  it('--headers-only reads the tags alone: PlyCount for lengths, ECO tags, no problems', async () => {
    const { stats, code } = await statsJson(['--headers-only', RATED]);
    expect(stats).toMatchObject({
      games: 3,
      source: 'headers',
      plies: { total: 48, known: 2, mean: 24, min: 8, max: 40 },
      results: { '1-0': 1, '0-1': 1, '1/2-1/2': 1, '*': 0, other: 0 },
      elo: { rated: 5, counts: { '1900': 2, '2000': 2, '2100': 1 } },
      length: { counts: { '0': 1, '40': 1 } },
      eco: { B01: 1, none: 2 },
      problems: null,
    });
    expect(code).toBe(0);
  });

  it('adds up several files, and buckets lengths by ten plies', async () => {
    const { stats } = await statsJson([RATED, DUPES]);
    expect(stats['games']).toBe(11);
    expect((stats['results'] as Record<string, number>)['*']).toBe(2);
    expect((stats['length'] as { counts: Record<string, number> }).counts).toEqual({ '0': 11 });
    expect((stats['eco'] as Record<string, number>)['none']).toBe(2);
  });

  it('the text report has every section, with bars on the histograms', async () => {
    const r = await run(['stats', RATED]);
    expect(r.stdout).toMatch(/^games {4}3\nplies {4}19 \(mean 6\.3, min 4, max 8\)\n/);
    for (const heading of [
      'results',
      'Elo (White and Black, 5 ratings, mean 2029.8)',
      'length (main-line plies)',
      'ECO (3 codes',
      'problems (2)',
    ]) {
      expect(r.stdout).toContain(`\n${heading}`);
    }
    expect(r.stdout).toMatch(/\n {2}1900-1999 +2 {2}#{40}\n/);
    expect(r.stdout).toMatch(/\n {2}REPLAY_ILLEGAL_MOVE +1\n/);
  });

  it('-v also prints every problem', async () => {
    const r = await run(['stats', '-v', RATED]);
    expect(r.stderr).toContain('REPLAY_ILLEGAL_MOVE');
  });

  it('an unreadable input is exit 2', async () => {
    expect((await run(['stats', join(ROOT, 'no-such.pgn')])).code).toBe(2);
  });
});
