/**
 * The CLI is a thin client (DESIGN.md 7.2): files under cli/ import only the public entries
 * src/index.ts and src/node/index.ts, commander, hyparquet and hyparquet-writer (Parquet in and out), node:* and each other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers.js';

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

/** Every module specifier of static imports, re-exports and dynamic imports. */
function importsOf(text: string): string[] {
  const found: string[] = [];
  const pattern = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(pattern)) found.push((m[1] ?? m[2] ?? m[3]) as string);
  return found;
}

const PUBLIC = new Set(['src/index.js', 'src/node/index.js']);

function allowed(file: string, specifier: string): boolean {
  if (specifier === 'commander' || specifier === 'hyparquet-writer' || specifier === 'hyparquet' || specifier.startsWith('node:')) return true;
  if (!specifier.startsWith('.')) return false;
  const target = relative(ROOT, resolve(dirname(file), specifier)).split('\\').join('/');
  return target.startsWith('cli/') || PUBLIC.has(target);
}

describe('cli/ architecture', () => {
  const files = sourceFiles(join(ROOT, 'cli'));

  it('finds the CLI sources and their imports', () => {
    expect(files.some((f) => f.endsWith('main.ts'))).toBe(true);
    expect(importsOf(readFileSync(join(ROOT, 'cli/main.ts'), 'utf8'))).toContain('commander');
  });

  it('imports only src/index, src/node/index, commander, node:* and cli/ itself', () => {
    const bad = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((s) => !allowed(file, s))
        .map((s) => `${relative(ROOT, file)}: ${s}`),
    );
    expect(bad).toEqual([]);
  });

  it('the checker rejects a deep import (so the test above can fail)', () => {
    const file = join(ROOT, 'cli/commands/x.ts');
    expect(allowed(file, '../../src/core/fen.js')).toBe(false);
    expect(allowed(file, '../../src/index.js')).toBe(true);
    expect(allowed(file, 'chalk')).toBe(false);
    expect(importsOf("import { a } from '../../src/replay/replay.js';\nimport type { B } from 'x';")).toEqual([
      '../../src/replay/replay.js',
      'x',
    ]);
  });

  it('main.ts starts with a node shebang (with the memory flag, see cli/main.ts)', () => {
    const first = readFileSync(join(ROOT, 'cli/main.ts'), 'utf8').split('\n', 1)[0];
    expect(first).toBe('#!/usr/bin/env -S node --max-semi-space-size=8');
  });
});
