/**
 * The dependency arrows of DESIGN.md 7.2, checked on the import statements of src/: the chess core
 * knows nothing of PGN, the PGN layer knows no chess, only replay joins them, and only src/node/
 * touches Node. (cli/ is checked by test/cli/architecture.test.ts.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'generated' ? [] : sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const pattern = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\s*\(\s*['"]([^'"]+)['"]\s*\)/gm;
  return [...text.matchAll(pattern)].map((m) => (m[1] ?? m[2]) as string);
}

/** `src/<layer>/…` of a relative import, or the package name of a bare one. */
function target(file: string, specifier: string): string {
  if (!specifier.startsWith('.')) return specifier;
  return relative(ROOT, resolve(dirname(file), specifier)).split('\\').join('/');
}

const LAYER_MAY_IMPORT: Record<string, readonly string[]> = {
  'src/core/': ['src/core/', 'src/result', 'src/diagnostics', 'src/arguments'],
  // Diagrams read a FEN's placement field, not a Position: they need nothing else.
  'src/diagram/': ['src/diagram/'],
  'src/pgn/': ['src/pgn/', 'src/result', 'src/diagnostics', 'src/arguments'],
  // Other layers reach PGN through its face only (src/pgn/index.ts), so its internals can move.
  'src/filter/': ['src/filter/', 'src/pgn/index', 'src/result', 'src/diagnostics'],
  'src/replay/': ['src/replay/', 'src/core/', 'src/pgn/index', 'src/result', 'src/diagnostics', 'src/arguments'],
  'src/openings/': ['src/openings/', 'src/core/', 'src/replay/', 'src/pgn/index', 'src/filter/', 'src/result', 'src/diagnostics'],
  'src/node/': ['src/node/', 'src/pgn/index', 'src/index', 'src/result', 'src/diagnostics', 'src/arguments', 'node:', 'iconv-lite', 'fzstd', 'fflate'],
};

describe('src/ dependency directions', () => {
  const files = sourceFiles(join(ROOT, 'src'));

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(importsOf(join(ROOT, 'src/replay/replay.ts'))).toContain('../core/fen.js');
  });

  it.each(Object.keys(LAYER_MAY_IMPORT))('%s imports only what it may', (layer) => {
    const allowed = LAYER_MAY_IMPORT[layer] ?? [];
    const offending = files
      .filter((f) => relative(ROOT, f).startsWith(layer))
      .flatMap((f) => importsOf(f).map((s) => [relative(ROOT, f), target(f, s)] as const))
      .filter(([, t]) => !allowed.some((prefix) => t.startsWith(prefix)))
      .map(([f, t]) => `${f} → ${t}`);
    expect(offending).toEqual([]);
  });

  it('src/index.ts takes the PGN layer from its face, src/pgn/index.ts', () => {
    const file = join(ROOT, 'src/index.ts');
    const pgn = importsOf(file).map((s) => target(file, s)).filter((t) => t.startsWith('src/pgn/'));
    expect(pgn.length).toBeGreaterThan(0);
    expect(pgn.filter((t) => t !== 'src/pgn/index.js')).toEqual([]);
  });

  it('keeps Node out of everything but src/node/', () => {
    const offending = files
      .filter((f) => !relative(ROOT, f).startsWith('src/node/'))
      .filter((f) => importsOf(f).some((s) => s.startsWith('node:') || s === 'iconv-lite' || s === 'fzstd' || s === 'fflate'))
      .map((f) => relative(ROOT, f));
    expect(offending).toEqual([]);
  });
});
