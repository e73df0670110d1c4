/** Parquet files of games as input: `forsyth games` output and lichess-shaped shards. */
import { join } from 'node:path';
import { parquetWriteFile } from 'hyparquet-writer';
import { afterAll, describe, expect, it } from 'vitest';
import { LICHESS_SOURCES, lichessExpected } from '../support/lichess.js';
import { removeTempDirs, run, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('Parquet input', { timeout: 180_000 }, () => {
  it.each(LICHESS_SOURCES)(
    'games --format parquet read back by fens gives the FENs of the PGN (clocked lichess export, $label)',
    async (source) => {
      const CLK = source.clk.pgn;
      const expected = lichessExpected(source.clk);
      const positions = expected.reduce((n, g) => n + g.fens.length + 1, 0);
      const file = join(tempDir(), 'games.parquet');
      expect((await run(['games', '--format', 'parquet', '-o', file, CLK])).code).toBe(0);
      const [fromPgn, fromParquet] = await Promise.all([run(['fens', '--start', CLK]), run(['fens', '--start', file])]);
      expect(fromParquet.code).toBe(0);
      expect(fromParquet.stdout.length).toBeGreaterThan(source.full ? 1_000_000 : 100_000);
      expect(fromParquet.stdout).toBe(fromPgn.stdout);
      expect(fromParquet.stderr).toBe(
        `${expected.length} games read, ${positions} positions written, 0 errors, 0 warnings\n`,
      );
    },
  );

  it('a lichess-shaped shard: typed tag columns, a movetext without result; --where on its tags', async () => {
    const file = join(tempDir(), 'shard.parquet');
    parquetWriteFile({
      filename: file,
      columnData: [
        { name: 'Event', data: ['Rated Blitz game', 'Rated Bullet game'], type: 'STRING' },
        { name: 'Site', data: ['https://lichess.org/aaaaaaaa', 'https://lichess.org/bbbbbbbb'], type: 'STRING' },
        { name: 'Result', data: ['1-0', '0-1'], type: 'STRING' },
        { name: 'WhiteElo', data: [2100, 1500], type: 'INT32' },
        { name: 'TimeControl', data: ['180+0', '60+0'], type: 'STRING' },
        { name: 'Opening', data: [null, 'Say "hi"'], type: 'STRING' },
        {
          name: 'movetext',
          data: ['1. e4 { [%clk 0:03:00] } 1... e5 { [%clk 0:03:00] } 1-0', '1. d4 d5'],
          type: 'STRING',
        },
      ],
    });
    const r = await run([
      'fens',
      '--format',
      'ndjson',
      '--columns',
      'game,ply,san,clock,white_elo,tc_class,tag.Opening,result',
      '--game-id',
      'Site',
      file,
    ]);
    expect(r.code).toBe(0);
    expect(
      r.stdout
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([
      {
        game: 'aaaaaaaa',
        ply: 1,
        san: 'e4',
        clock: 180,
        white_elo: 2100,
        tc_class: 'blitz',
        'tag.Opening': null,
        result: '1-0',
      },
      {
        game: 'aaaaaaaa',
        ply: 2,
        san: 'e5',
        clock: 180,
        white_elo: 2100,
        tc_class: 'blitz',
        'tag.Opening': null,
        result: '1-0',
      },
      {
        game: 'bbbbbbbb',
        ply: 1,
        san: 'd4',
        clock: null,
        white_elo: 1500,
        tc_class: 'bullet',
        'tag.Opening': 'Say "hi"',
        result: '0-1',
      },
      {
        game: 'bbbbbbbb',
        ply: 2,
        san: 'd5',
        clock: null,
        white_elo: 1500,
        tc_class: 'bullet',
        'tag.Opening': 'Say "hi"',
        result: '0-1',
      },
    ]);
    const filtered = await run(['positions', '--last', '--where', 'WhiteElo < 2000', file]);
    expect(filtered.stdout).toBe('rnbqkbnr/ppp1pppp/8/3p4/3P4/8/PPP1PPPP/RNBQKBNR w KQkq d6 0 2\n');
  });

  it('a file that is not Parquet, or has no movetext, is an unreadable input (exit 2)', async () => {
    const dir = tempDir();
    const notes = join(dir, 'notes.parquet');
    parquetWriteFile({ filename: notes, columnData: [{ name: 'text', data: ['x'], type: 'STRING' }] });
    const r = await run(['fens', notes]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('error[IO_UNREADABLE]');
    expect(r.stderr).toContain('needs a `movetext` column (this one has text)');
  });
});
