/**
 * `forsyth validate` end to end: the report on stdout (text with a summary, or JSON lines), exit
 * codes with and without --strict, several files and an unreadable one.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expected, fixture, lines, ndjson, run } from './helpers.js';

const KEYS = ['file', 'game', 'line', 'column', 'severity', 'code', 'message', 'hint'];

describe('forsyth validate, text', () => {
  it('a clean file: only the summary, exit 0', async () => {
    const r = await run(['validate', 'kasparov-deep-blue-1997.pgn']);
    expect(r.stdout).toBe('6 games read, 0 errors, 0 warnings\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('a broken game: every problem located, in file order, then the summary; exit 1', async () => {
    const r = await run(['validate', 'broken-between-good.pgn']);
    const out = lines(r.stdout);
    // Line 35 is game 2's [PlyCount "89"]; only 18 plies replay before the illegal 10.d5 (line 38, column 24).
    expect(out[0]).toMatch(/^broken-between-good\.pgn:35:1: warning\[REPLAY_PLYCOUNT_MISMATCH\]: .*89.*18/);
    expect(out[1]).toMatch(/^ {2}hint: /);
    expect(out[2]).toMatch(/^broken-between-good\.pgn:38:24: error\[REPLAY_ILLEGAL_MOVE\]: illegal move "d5"/);
    expect(out[3]).toMatch(/^ {2}hint: .*\bd4\b/);
    expect(out[4]).toBe('3 games read, 1 error, 1 warning');
    expect(out).toHaveLength(5);
    expect(r.code).toBe(1);
  });

  it('warnings alone pass, and fail with --strict', async () => {
    // A real pgn-extract test file whose PlyCount tag says 166 for a 165-ply game.
    expect(expected('plycount-mismatch')[0]!.fens).toHaveLength(165);
    const plain = await run(['validate', 'plycount-mismatch.pgn']);
    expect(plain.stdout).toMatch(/^plycount-mismatch\.pgn:11:1: warning\[REPLAY_PLYCOUNT_MISMATCH\]: .*166.*165/);
    expect(plain.stdout.endsWith('1 game read, 0 errors, 1 warning\n')).toBe(true);
    expect(plain.code).toBe(0);
    const strict = await run(['validate', '--strict', 'plycount-mismatch.pgn']);
    expect(strict.stdout).toBe(plain.stdout);
    expect(strict.code).toBe(1);
  });

  it('--quiet shows errors only, and the summary', async () => {
    const r = await run(['validate', '--quiet', 'broken-between-good.pgn']);
    expect(r.stdout).not.toContain('warning[');
    expect(r.stdout).toContain('error[REPLAY_ILLEGAL_MOVE]');
    expect(r.stdout.endsWith('3 games read, 1 error, 1 warning\n')).toBe(true);
    expect(r.code).toBe(1);
  });

  it('an unreadable file among readable ones is reported and gives exit 2', async () => {
    const r = await run(['validate', 'no-such-file.pgn', 'kasparov-deep-blue-1997.pgn']);
    expect(lines(r.stdout)).toEqual([
      "no-such-file.pgn: error[IO_UNREADABLE]: cannot read 'no-such-file.pgn': no such file",
      '6 games read, 1 error, 0 warnings',
    ]);
    expect(r.code).toBe(2);
  });
});

describe('forsyth validate --format json', () => {
  it('one object per diagnostic with exactly the documented keys; the summary goes to stderr', async () => {
    const r = await run(['validate', '--format', 'json', 'broken-between-good.pgn', 'plycount-mismatch.pgn']);
    const rows = ndjson(r.stdout);
    for (const row of rows) expect(Object.keys(row)).toEqual(KEYS);
    expect(
      rows.map((row) => [row['file'], row['game'], row['line'], row['column'], row['severity'], row['code']]),
    ).toEqual([
      ['broken-between-good.pgn', 2, 35, 1, 'warning', 'REPLAY_PLYCOUNT_MISMATCH'],
      ['broken-between-good.pgn', 2, 38, 24, 'error', 'REPLAY_ILLEGAL_MOVE'],
      ['plycount-mismatch.pgn', 1, 11, 1, 'warning', 'REPLAY_PLYCOUNT_MISMATCH'],
    ]);
    expect(rows[1]!['message']).toMatch(/^illegal move "d5"/);
    expect(typeof rows[1]!['hint']).toBe('string');
    expect(r.stderr).toBe('4 games read, 1 error, 2 warnings\n');
    expect(r.code).toBe(1);
  });

  it('a clean file gives no lines at all', async () => {
    const r = await run(['validate', '--format', 'json', '--quiet', 'fools-mate.pgn']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('reads standard input', async () => {
    const r = await run(['validate', '--format', 'json'], { input: readFileSync(fixture('broken-between-good.pgn')) });
    expect(ndjson(r.stdout).map((row) => [row['file'], row['code']])).toEqual([
      ['<stdin>', 'REPLAY_PLYCOUNT_MISMATCH'],
      ['<stdin>', 'REPLAY_ILLEGAL_MOVE'],
    ]);
    expect(r.code).toBe(1);
  });
});
