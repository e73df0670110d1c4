/** `forsyth games`: one record per game, checked against python-chess and against `fens` rows. */
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, describe, expect, it } from 'vitest';
import { LICHESS_SOURCES, lichessExpected } from '../support/lichess.js';
import { ndjson, removeTempDirs, run, tempDir } from './helpers.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
afterAll(removeTempDirs);

describe.each(LICHESS_SOURCES)('forsyth games on the lichess exports ($label)', { timeout: 180_000 }, (source) => {
  const CLK = source.clk.pgn;
  const NOCLK = source.noclk.pgn;
  const expected = lichessExpected(source.noclk);

  it('ndjson: tags, start FEN, plies and SAN/UCI arrays of every game (From Position included)', async () => {
    const r = await run(['games', '--no-movetext', NOCLK]);
    expect(r.code).toBe(0);
    const games = ndjson(r.stdout);
    expect(games.length).toBe(expected.length);
    for (const [i, g] of games.entries()) {
      const want = expected[i]!;
      expect(g['Site']).toBe(want.headers['Site']);
      expect(g['start_fen']).toBe(want.start_fen);
      expect(g['plies']).toBe(want.fens.length);
      expect((g['san'] as string[]).length).toBe(want.fens.length);
      expect(g['problems']).toBe(0);
    }
    // The From Position games (by their Variant tag) are those with another start.
    const fromPosition = expected.filter((g) => g.headers['Variant'] === 'From Position').length;
    expect(fromPosition).toBeGreaterThan(0);
    expect(games.filter((g) => g['start_fen'] !== START).length).toBe(fromPosition);
  });

  it('parquet: list columns that DuckDB reads, equal to the fens rows of the same games', async () => {
    const file = join(tempDir(), 'games.parquet');
    const [written, rows] = await Promise.all([
      run(['games', '--format', 'parquet', '-o', file, '--game-id', 'Site', CLK]),
      run(['fens', '--format', 'ndjson', '--columns', 'game,uci,clock,eval_cp,eval_mate', '--game-id', 'Site', CLK]),
    ]);
    expect(written.code).toBe(0);
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    const read = await connection.runAndReadAll(
      `SELECT game, uci, clocks, eval_cp, eval_mate, Result, movetext FROM read_parquet('${file}')`,
    );
    const games = read.getRowObjectsJson() as Record<string, unknown>[];
    expect(games.length).toBe(lichessExpected(source.clk).length);
    const byGame = new Map<string, Record<string, unknown>[]>();
    for (const row of ndjson(rows.stdout))
      byGame.set(row['game'] as string, [...(byGame.get(row['game'] as string) ?? []), row]);
    for (const g of games) {
      const plies = byGame.get(g['game'] as string) ?? [];
      expect(g['uci']).toEqual(plies.map((p) => p['uci']));
      expect(g['clocks']).toEqual(plies.map((p) => p['clock']));
      expect(g['eval_cp']).toEqual(plies.map((p) => p['eval_cp']));
      expect(g['eval_mate']).toEqual(plies.map((p) => p['eval_mate']));
      expect(g['movetext']).toMatch(/^1\. \S+ \{ \[%(clk|eval) /);
      expect((g['movetext'] as string).endsWith(g['Result'] as string)).toBe(true);
    }
    connection.closeSync();
  });
});
