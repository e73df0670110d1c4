/**
 * `--shard K/N`: for every command that reads games, running the shards 1..N and concatenating their
 * outputs gives the whole run's output byte for byte (game numbers, CSV header, text game breaks,
 * export's blank lines, diagnostics in a validate report), over one file, several files (one
 * compressed, which goes whole to one shard), and with --jobs.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../support/temp-files.js';
import { fixture, run } from './helpers.js';

const temp = tempFiles('shard');
const COMPRESSED_DIR = fixture('../compressed/');

/** Runs `args` on `files` whole and as shards 1..n; returns both outputs. */
async function wholeAndShards(
  args: readonly string[],
  files: readonly string[],
  n: number,
): Promise<{ whole: string; shards: string[] }> {
  const whole = await run([...args, ...files]);
  expect(whole.code === 0 || whole.code === 1, whole.stderr).toBe(true);
  const shards: string[] = [];
  for (let k = 1; k <= n; k++) {
    const part = await run([...args, '--shard', `${k}/${n}`, ...files]);
    expect(part.code, part.stderr).toBe(whole.code === 1 && part.code === 0 ? 0 : part.code);
    shards.push(part.stdout);
  }
  return { whole: whole.stdout, shards };
}

const ONE_FILE = [fixture('kasparov-deep-blue-1997.pgn')];

describe('--shard K/N', { timeout: 180_000 }, () => {
  for (const args of [
    ['fens'],
    ['fens', '--format', 'csv', '--start'],
    ['positions', '--last', '--format', 'epd'],
    ['export'],
  ]) {
    it(`${args.join(' ')}: shards 1..4 concatenated are the whole output`, async () => {
      const { whole, shards } = await wholeAndShards([...args, '-q'], ONE_FILE, 4);
      expect(shards.filter((s) => s !== '').length).toBeGreaterThan(1);
      expect(shards.join('')).toBe(whole);
    });
  }

  it('keeps the run-wide game numbers over several files, one of them compressed', async () => {
    const files = [
      COMPRESSED_DIR + 'two-games.pgn',
      COMPRESSED_DIR + 'two-games.pgn.zst',
      fixture('kasparov-deep-blue-1997.pgn'),
      fixture('broken-between-good.pgn'),
    ];
    const { whole, shards } = await wholeAndShards(['fens', '-q', '--format', 'ndjson'], files, 3);
    expect(shards.join('')).toBe(whole);
    const numbers = whole
      .split('\n')
      .filter(Boolean)
      .map((l) => (JSON.parse(l) as { game: number }).game);
    expect(new Set(numbers).size).toBeGreaterThan(6);
  });

  it('gives the same with --jobs 2 in each shard', async () => {
    const { whole, shards } = await wholeAndShards(['fens', '-q', '--jobs', '2'], ONE_FILE, 3);
    expect(shards.join('')).toBe(whole);
  });

  it('reports each diagnostic in exactly one shard, in the whole run order', async () => {
    const text = readFileSync(fixture('broken-between-good.pgn'), 'utf8');
    const path = temp.write('broken-x3.pgn', text + '\n' + text + '\n' + text);
    const whole = await run(['validate', '--format', 'json', path]);
    const parts: string[] = [];
    for (let k = 1; k <= 3; k++)
      parts.push((await run(['validate', '--format', 'json', '--shard', `${k}/3`, path])).stdout);
    expect(whole.stdout.split('\n').length).toBeGreaterThan(3);
    expect(parts.filter((p) => p !== '').length).toBeGreaterThan(1);
    expect(parts.join('')).toBe(whole.stdout);
  });

  it('refuses standard input, --unique and a malformed K/N (exit 2)', async () => {
    for (const args of [
      ['fens', '--shard', '1/2'],
      ['fens', '--shard', '1/2', '-'],
      ['positions', '--unique', '--shard', '1/2', COMPRESSED_DIR + 'two-games.pgn'],
      ['fens', '--shard', '3/2', COMPRESSED_DIR + 'two-games.pgn'],
      ['fens', '--shard', 'x', COMPRESSED_DIR + 'two-games.pgn'],
    ]) {
      const result = await run(args);
      expect(result.code, args.join(' ')).toBe(2);
      expect(result.stderr).toMatch(/shard|unique/);
      expect(result.stderr).not.toMatch(/\n\s+at /);
    }
  });
});
