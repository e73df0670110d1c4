/**
 * `--format parquet` read back by two independent readers: DuckDB (its own C++ Parquet reader) and
 * hyparquet (for the file's metadata: row groups, codec, statistics). The values must be the ones
 * the same run prints as ndjson. The runs are on the clocked lichess export: the committed fixture,
 * and the whole export of the shared corpus when it is there.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { basename, join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { parquetMetadata } from 'hyparquet';
import { afterAll, describe, expect, it } from 'vitest';
import { readMaybeGzip, type ExpectedGame } from '../support/corpus.js';
import { LICHESS_SOURCES, lichessExpected, lichessText, occurrences } from '../support/lichess.js';
import { ndjson, removeTempDirs, run, tempDir } from './helpers.js';

const LONG = { timeout: 180_000 };
afterAll(removeTempDirs);

/** lichess's speed classes: base + 40 × increment of at least 1500 s is classical. */
const classical = (g: ExpectedGame): boolean => {
  const [base, inc] = (g.headers['TimeControl'] ?? '').split('+').map(Number) as [number, number];
  return base + 40 * inc >= 1500;
};

/**
 * The row groups a run writes, in rows: a group is written once 10,000 rows have come in, after
 * the game that crossed the mark; the last one holds the rest.
 */
function rowGroups(games: readonly ExpectedGame[], rowsOf: (g: ExpectedGame) => number): number[] {
  const groups: number[] = [];
  let rows = 0;
  for (const g of games) {
    rows += rowsOf(g);
    if (rows >= 10_000) {
      groups.push(rows);
      rows = 0;
    }
  }
  if (rows > 0) groups.push(rows);
  return groups;
}

async function duckdb(sql: string): Promise<Record<string, unknown>[]> {
  const db = await DuckDBInstance.create(':memory:');
  const connection = await db.connect();
  const result = await connection.runAndReadAll(sql);
  const rows = result.getRowObjectsJson() as Record<string, unknown>[];
  connection.closeSync();
  return rows;
}

describe.each(LICHESS_SOURCES)('--format parquet on the clocked lichess export ($label)', LONG, (source) => {
  const CLK = source.clk.pgn;
  const expected = lichessExpected(source.clk);
  const text = lichessText(source.clk);
  /** Rows with --start: the start and every ply. */
  const positions = expected.reduce((n, g) => n + g.fens.length + 1, 0);

  it('every column, typed, with the values ndjson prints, in row groups of about 10,000', async () => {
    const dir = tempDir();
    const file = join(dir, 'clk.parquet');
    const args = ['fens', '--start', '--ep', 'legal', '--columns', 'all', '--tags', 'White', '--game-id', 'Site', CLK];
    const [written, printed] = await Promise.all([
      run([...args, '--format', 'parquet', '-o', file]),
      run([...args, '--format', 'ndjson']),
    ]);
    expect(written.code).toBe(0);
    expect(written.stdout).toBe('');
    expect(written.stderr).toBe(
      `${expected.length} games read, ${positions} positions written, 0 errors, 0 warnings\n`,
    );
    expect(readdirSync(dir)).toEqual(['clk.parquet']); // no temporary file left beside it

    const types = await duckdb(`DESCRIBE SELECT * FROM read_parquet('${file}')`);
    expect(Object.fromEntries(types.map((t) => [t['column_name'], t['column_type']]))).toEqual({
      game: 'VARCHAR',
      ply: 'INTEGER',
      move_number: 'INTEGER',
      side: 'VARCHAR',
      fen: 'VARCHAR',
      epd: 'VARCHAR',
      polyglot: 'VARCHAR',
      san: 'VARCHAR',
      uci: 'VARCHAR',
      next_uci: 'VARCHAR',
      clock: 'DOUBLE',
      emt: 'DOUBLE',
      eval_cp: 'INTEGER',
      eval_mate: 'INTEGER',
      nags: 'INTEGER[]',
      comment: 'VARCHAR',
      result: 'VARCHAR',
      result_stm: 'DOUBLE',
      white_elo: 'INTEGER',
      black_elo: 'INTEGER',
      tc_base: 'INTEGER',
      tc_inc: 'INTEGER',
      tc_class: 'VARCHAR',
      termination: 'VARCHAR',
      eco: 'VARCHAR',
      opening: 'VARCHAR',
      'tag.White': 'VARCHAR',
    });

    const want = ndjson(printed.stdout);
    const got = await duckdb(`SELECT * FROM read_parquet('${file}')`);
    expect(got.length).toBe(want.length);
    for (let i = 0; i < want.length; i += 1) expect(got[i]).toEqual(want[i]);

    const summary = await duckdb(
      `SELECT count(DISTINCT game)::INT AS games, count(eval_mate)::INT AS mates, min(ply)::INT AS first, max(clock) AS longest FROM read_parquet('${file}')`,
    );
    // The longest [%clk] of the text, read with a regular expression of the test's own.
    const longest = [...text.matchAll(/\[%clk (\d+):(\d\d):(\d\d(?:\.\d+)?)\]/g)].reduce(
      (max, m) => Math.max(max, Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])),
      0,
    );
    expect(longest).toBeGreaterThan(0);
    expect(summary).toEqual([{ games: expected.length, mates: occurrences(text, '[%eval #'), first: 0, longest }]);

    const bytes = readFileSync(file);
    const meta = parquetMetadata(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    // A row group is written once 10,000 rows have come in, after the game that crossed the mark.
    const groups = meta.row_groups.map((g) => Number(g.num_rows));
    expect(groups).toEqual(rowGroups(expected, (g) => g.fens.length + 1));
    expect(groups.reduce((a, b) => a + b, 0)).toBe(positions);
    for (const rows of groups.slice(0, -1)) expect(rows >= 10_000 && rows < 10_500).toBe(true);
    const ply = meta.row_groups[0]?.columns[1]?.meta_data;
    expect(ply?.codec).toBe('SNAPPY');
    expect(ply?.statistics).toMatchObject({ min_value: 0, null_count: 0n });
    // FENs go without min/max (they prune nothing), with a null count; the move columns keep min/max.
    expect(meta.row_groups[0]?.columns[4]?.meta_data?.statistics).toEqual({ null_count: 0n });
    expect(meta.row_groups[0]?.columns[15]?.meta_data?.statistics?.null_count).toBeGreaterThan(0n); // comment: most plies have none
    expect(meta.row_groups[0]?.columns[15]?.meta_data?.statistics?.min_value).toBeUndefined();
    expect(meta.row_groups[0]?.columns[7]?.meta_data?.statistics?.min_value).toBeDefined();
  });

  it('statistics: the min, max and null count of each row group are those of its values (DuckDB reads both)', async () => {
    const file = join(tempDir(), 'stats.parquet');
    const r = await run([
      'fens',
      '--columns',
      'game,ply,side,san,clock,eval_cp,result_stm,white_elo,tc_class,nags',
      '--tags',
      'White',
      CLK,
      '--format',
      'parquet',
      '-o',
      file,
    ]);
    expect(r.code).toBe(0);
    const meta = await duckdb(
      `SELECT row_group_id::INT AS g, row_group_num_rows::INT AS n, path_in_schema AS col, stats_min_value AS lo, stats_max_value AS hi, stats_null_count::INT AS nulls FROM parquet_metadata('${file}') ORDER BY g, column_id`,
    );
    const flat = ['game', 'ply', 'side', 'san', 'clock', 'eval_cp', 'result_stm', 'white_elo', 'tc_class', 'tag.White'];
    let first = 0;
    let checked = 0;
    for (const group of new Set(meta.map((m) => m['g']))) {
      const columns = meta.filter((m) => m['g'] === group);
      const n = columns[0]?.['n'] as number;
      for (const m of columns.filter((c) => flat.includes(c['col'] as string))) {
        const col = `"${m['col'] as string}"`;
        const [want] = await duckdb(
          `SELECT min(${col})::VARCHAR AS lo, max(${col})::VARCHAR AS hi, (count(*) - count(${col}))::INT AS nulls FROM read_parquet('${file}', file_row_number = true) WHERE file_row_number >= ${first} AND file_row_number < ${first + n}`,
        );
        const number = (v: unknown): unknown =>
          v === null || v === undefined ? null : /^-?[\d.]+(e[+-]?\d+)?$/i.test(String(v)) ? Number(v) + 0 : v; // -0 (a double column's min) as 0
        expect({ col: m['col'], nulls: m['nulls'] }).toEqual({ col: m['col'], nulls: want?.['nulls'] });
        const [lo, hi, wantLo, wantHi] = [m['lo'], m['hi'], want?.['lo'], want?.['hi']].map(number);
        if (typeof wantLo === 'string' && wantLo.length > 16) {
          // Long strings are cut to 16 bytes (the writer's default): a prefix below, a bound above.
          expect(wantLo.startsWith(lo as string)).toBe(true);
        } else expect(lo).toEqual(wantLo);
        if (typeof wantHi === 'string' && wantHi.length > 16) {
          expect(wantHi.startsWith((hi as string).slice(0, -1)) && (hi as string) > wantHi).toBe(true);
        } else expect(hi).toEqual(wantHi);
        checked++;
      }
      first += n;
    }
    // Without --start: a row per ply.
    expect(checked).toBe(rowGroups(expected, (g) => g.fens.length).length * flat.length);
  });

  it('positions: the default columns, one row per game with --last', async () => {
    const file = join(tempDir(), 'last.parquet');
    const r = await run([
      'positions',
      '--last',
      '--where',
      'tc_class == "classical"',
      '--format',
      'parquet',
      '-o',
      file,
      CLK,
    ]);
    expect(r.code).toBe(0);
    const rows = await duckdb(`SELECT * FROM read_parquet('${file}')`);
    const wanted = expected.filter(classical).length; // the classical games of this export
    expect(wanted).toBeGreaterThan(0);
    expect(rows.length).toBe(wanted);
    expect(Object.keys(rows[0] ?? {})).toEqual(['game', 'ply', 'move_number', 'side', 'fen', 'san', 'uci']);
    expect(rows[0]?.['game']).toMatch(new RegExp(`^${basename(CLK).replaceAll('.', '\\.')}#\\d+$`));
  });

  it('--jobs: workers replay, the main thread writes the row groups in input order; the same table as --jobs 1', async () => {
    const dir = tempDir();
    const plain = join(dir, 'clk.pgn');
    writeFileSync(plain, readMaybeGzip(CLK));
    const gz = CLK.endsWith('.gz') ? CLK : join(dir, 'clk.pgn.gz');
    if (gz !== CLK) writeFileSync(gz, gzipSync(readFileSync(CLK)));
    // Small blocks on the fixture, so that it too is read by several workers.
    const env: Record<string, string> = source.full ? {} : { FORSYTH_BLOCK_BYTES: String(16 * 1024) };
    // Workers reading their own blocks (a plain file), and the main thread sending them games
    // (a .gz input; --where filters on the main thread).
    for (const [input, extra] of [
      [plain, []],
      [gz, ['--where', 'white_elo >= 1800']],
    ] as const) {
      const args = ['fens', '--start', '--columns', 'all', '--game-id', 'Site', ...extra, input, '--format', 'parquet'];
      const files = [1, 3].map((jobs) => join(dir, `j${jobs}.parquet`));
      const [one, three] = await Promise.all(
        files.map((file, i) => run([...args, '--jobs', String([1, 3][i]), '-o', file], { env })),
      );
      expect(three?.code).toBe(0);
      expect(three?.stderr).toBe(one?.stderr);
      const [a, b] = await Promise.all(files.map((file) => duckdb(`SELECT * FROM read_parquet('${file}')`)));
      expect(b?.length).toBeGreaterThan(source.full ? 10_000 : 1000);
      expect(b).toEqual(a);
      const groups = files.map((file) => {
        const bytes = readFileSync(file);
        return parquetMetadata(
          bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength),
        ).row_groups.map((g) => Number(g.num_rows));
      });
      expect(groups[1]).toEqual(groups[0]);
    }
    const positions = ['positions', '--last', '--format', 'parquet', CLK];
    const [p1, p2] = [join(dir, 'p1.parquet'), join(dir, 'p2.parquet')];
    await Promise.all([run([...positions, '-o', p1], { env }), run([...positions, '--jobs', '2', '-o', p2], { env })]);
    const [last1, last2] = await Promise.all([p1, p2].map((file) => duckdb(`SELECT * FROM read_parquet('${file}')`)));
    expect(last1?.length).toBe(expected.length);
    expect(last2).toEqual(last1);
  });
});

describe('--format parquet', LONG, () => {
  it('no file is left when the output cannot be written; an empty run is a valid empty file', async () => {
    const dir = tempDir();
    const missing = await run(['fens', '--format', 'parquet', '-o', join(dir, 'no/such/dir/x.parquet'), '-'], {
      input: '1. e4 *\n',
    });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('cannot write');
    const empty = join(dir, 'empty.parquet');
    const none = await run(['fens', '--format', 'parquet', '-o', empty, '-'], { input: '' });
    expect(none.code).toBe(0);
    expect(existsSync(empty)).toBe(true);
    expect(await duckdb(`SELECT count(*)::INT AS n FROM read_parquet('${empty}')`)).toEqual([{ n: 0 }]);
  });
});
