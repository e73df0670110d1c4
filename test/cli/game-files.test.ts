/**
 * Split-file naming (cli/output/game-files.ts) and the --split-by file cap: past MAX_SPLIT_FILES
 * values, the games of new values go to one "other" file, with a warning, and none is lost.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAX_SPLIT_FILES, safePart, splitName } from '../../cli/output/game-files.js';
import { removeTempDirs, run, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('split file names', () => {
  it('put the part before the extension of the -o name', () => {
    expect(splitName('games.pgn', '1')).toBe('games-1.pgn');
    expect(splitName('out/db.2024.pgn', 'B20')).toBe('out/db.2024-B20.pgn');
    expect(splitName('out.d/games', '3')).toBe('out.d/games-3.pgn');
    expect(splitName('.hidden', 'x')).toBe('.hidden-x.pgn');
  });

  it('make any tag value a safe file-name part', () => {
    expect(safePart('B20')).toBe('B20');
    expect(safePart('Carlsen, Magnus')).toBe('Carlsen__Magnus');
    expect(safePart('../../etc/passwd')).toBe('__.._etc_passwd');
    expect(safePart('..')).toBe('_');
    expect(safePart('')).toBe('none');
    expect(safePart(undefined)).toBe('none');
  });
});

describe('--split-by with more values than files', { timeout: 60_000 }, () => {
  it('sends the games of new values to -other, with a warning, losing none', async () => {
    const games = Array.from({ length: MAX_SPLIT_FILES + 3 }, (_, i) => `[Event "e${i}"]\n\n1. e4 *\n`).join('\n');
    const dir = tempDir();
    const r = await run(['export', '--split-by', 'Event', '-o', join(dir, 'by.pgn'), '-'], { input: games });
    expect(r.code).toBe(0);
    expect(r.stderr).toContain(`more than ${MAX_SPLIT_FILES} values`);
    const files = readdirSync(dir);
    expect(files).toHaveLength(MAX_SPLIT_FILES + 1);
    const other = readFileSync(join(dir, 'by-other.pgn'), 'utf8');
    expect([...other.matchAll(/^\[Event "(e\d+)"\]/gm)].map((m) => m[1])).toEqual(['e500', 'e501', 'e502']);
    const total = files.reduce((n, f) => n + [...readFileSync(join(dir, f), 'utf8').matchAll(/^\[Event /gm)].length, 0);
    expect(total).toBe(MAX_SPLIT_FILES + 3);
  });
});
