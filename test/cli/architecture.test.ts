/**
 * The CLI is a thin client (DESIGN.md 7.2): files under cli/ import only the public entries
 * src/index.ts and src/node/index.ts, commander, hyparquet and hyparquet-writer (Parquet in and out), node:* and each other.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve } from 'node:path';
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
  const pattern =
    /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s*['"]([^'"]+)['"]/gm;
  for (const m of text.matchAll(pattern)) found.push((m[1] ?? m[2] ?? m[3]) as string);
  return found;
}

/** The package's entry points: `forsyth`, `forsyth/node` and the topic ones (`forsyth/fen`, …). */
const ENTRIES = ['chess', 'fen', 'san', 'pgn', 'replay', 'openings', 'filter', 'diagram', 'diagnostics'];
const PUBLIC = new Set(['src/index.js', 'src/node/index.js', ...ENTRIES.map((e) => `src/entry/${e}.js`)]);

function allowed(file: string, specifier: string): boolean {
  if (
    specifier === 'commander' ||
    specifier === 'hyparquet-writer' ||
    specifier === 'hyparquet' ||
    // The writer's modules it exports as `hyparquet-writer/src/*.js` (page headers, the column
    // writer for lists): cli/output/parquet*.ts encodes the flat columns' pages itself.
    /^hyparquet-writer\/src\/[a-z-]+\.js$/.test(specifier) ||
    specifier.startsWith('node:')
  )
    return true;
  if (!specifier.startsWith('.')) return false;
  const target = relative(ROOT, resolve(dirname(file), specifier))
    .split('\\')
    .join('/');
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
    expect(allowed(file, '../../src/entry/fen.js')).toBe(true);
    expect(allowed(file, '../../src/core/index.js')).toBe(false);
    expect(allowed(file, 'chalk')).toBe(false);
    expect(importsOf("import { a } from '../../src/replay/replay.js';\nimport type { B } from 'x';")).toEqual([
      '../../src/replay/replay.js',
      'x',
    ]);
  });

  it('commands do not import each other: what two share lives in a module of its own', () => {
    // A command may be split into files of its own (`fens.ts` + `fens-game.ts`).
    const commandOf = (name: string): string => name.replace(/\.ts$/, '').replace(/-game$/, '');
    const crossings = files
      .filter((file) => relative(ROOT, file).startsWith('cli/commands/'))
      .flatMap((file) =>
        importsOf(readFileSync(file, 'utf8'))
          .filter((s) => s.startsWith('./'))
          .map((s) => `${basename(file)} -> ${basename(s).replace(/\.js$/, '.ts')}`)
          .filter((edge) => {
            const [from = '', to = ''] = edge.split(' -> ');
            return commandOf(from) !== commandOf(to);
          }),
      );
    expect(crossings).toEqual([]);
  });

  it('the executable, bin.ts, starts with a plain node shebang (the memory flag is set by bin.ts)', () => {
    const first = readFileSync(join(ROOT, 'cli/bin.ts'), 'utf8').split('\n')[0];
    expect(first).toBe('#!/usr/bin/env node');
  });
});
