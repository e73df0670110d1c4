/**
 * When standard output and standard error go to the same place (a terminal, `2>&1`), the summary
 * line must come after the last position, not before the output's final flush.
 */
import { execFileSync } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MAIN, ROOT, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

describe('summary line order', () => {
  it('prints the summary after all the positions when both streams share one file', () => {
    const out = join(tempDir(), 'both.txt');
    const fd = openSync(out, 'w');
    try {
      execFileSync(process.execPath, [MAIN, 'fens', join(ROOT, 'samples/kasparov-deep-blue-1997-game1.pgn')], {
        stdio: ['ignore', fd, fd],
      });
    } finally {
      closeSync(fd);
    }
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(90);
    expect(lines.at(-1)).toBe('1 game read, 89 positions written, 0 errors, 0 warnings');
  });
});
