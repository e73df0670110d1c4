/**
 * A temporary directory for one test file, removed after its tests: `const temp = tempFiles('x')` at
 * the top level, then `temp.write(name, bytes)` makes a file there and `temp.path(name)` only names one.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

export interface TempFiles {
  write(name: string, bytes: Uint8Array | string): string;
  path(name: string): string;
}

export function tempFiles(prefix: string): TempFiles {
  let dir = '';
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), `forsyth-${prefix}-`));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });
  const path = (name: string): string => join(dir, name);
  return {
    path,
    write(name, bytes) {
      writeFileSync(path(name), bytes);
      return path(name);
    },
  };
}
