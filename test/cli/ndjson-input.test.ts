/**
 * `--input-format ndjson`: one game per line, a JSON object with `movetext` and tag fields (the shape
 * of lichess's Parquet rows), as Spark's RDD.pipe or Hadoop Streaming feed it on standard input.
 * Each row gives exactly the rows its PGN form gives; a bad line is one game with an error, and the
 * games around it are still converted.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parsePgn, type Game } from '../../src/index.js';
import { tempFiles } from '../support/temp-files.js';
import { fixture, run } from './helpers.js';

const temp = tempFiles('ndjson-input');

/** The games of a PGN fixture as lichess-style rows: tags as fields, movetext as written. */
function rowsOf(pgn: string): string[] {
  return [...parsePgn(pgn)].map((game: Game) => {
    const row: Record<string, string> = {};
    for (const tag of game.tags) row[tag.name] = tag.value;
    const first = game.tags.at(-1);
    const movetextStart = first ? first.offset - game.offset + first.length : 0;
    row['movetext'] = game.text.slice(movetextStart).trim().replace(/\s+/g, ' ');
    return JSON.stringify(row);
  });
}

describe('--input-format ndjson', { timeout: 120_000 }, () => {
  const pgn = readFileSync(fixture('kasparov-deep-blue-1997.pgn'), 'utf8');

  it('gives, row by row, the FENs of the same games read as PGN', async () => {
    const lines = rowsOf(pgn);
    expect(lines.length).toBeGreaterThan(2);
    const fromPgn = await run([
      'fens',
      '--format',
      'ndjson',
      '--tags',
      'White,Black,Round',
      '-q',
      fixture('kasparov-deep-blue-1997.pgn'),
    ]);
    const fromRows = await run(
      ['fens', '--input-format', 'ndjson', '--format', 'ndjson', '--tags', 'White,Black,Round', '-q', '-'],
      { input: `${lines.join('\n')}\n` },
    );
    expect(fromRows.code, fromRows.stderr).toBe(fromPgn.code);
    expect(fromRows.stdout.length).toBeGreaterThan(1000);
    expect(fromRows.stdout).toBe(fromPgn.stdout);
  });

  it('reads gzip files, skips blank lines, and makes a bad line one game with an error', async () => {
    const [first, second] = rowsOf(pgn);
    const text = [first, '', 'not json', '{"Site": "no movetext"}', second, ''].join('\r\n');
    const path = temp.write('rows.ndjson.gz', gzipSync(Buffer.from(text)));
    const result = await run(['fens', '--input-format', 'ndjson', '--format', 'csv', path]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(
      'rows.ndjson.gz:3:1: error[IO_NDJSON_ROW]: game 2 is not a game row: the line is not JSON',
    );
    expect(result.stderr).toContain(
      'rows.ndjson.gz:4:1: error[IO_NDJSON_ROW]: game 3 is not a game row: the object has no "movetext" string',
    );
    const games = new Set(
      result.stdout
        .trim()
        .split('\n')
        .slice(1)
        .map((l) => l.split(',')[0]),
    );
    expect([...games]).toEqual(['1', '4']);
  });

  it('refuses --shard with ndjson input (exit 2)', async () => {
    const path = temp.write('rows.ndjson', `${rowsOf(pgn).join('\n')}\n`);
    const result = await run(['fens', '--input-format', 'ndjson', '--shard', '1/2', path]);
    expect(result.code).toBe(2);
    expect(result.stderr).toContain('--shard reads PGN');
  });
});
