/**
 * The dependency arrows of DESIGN.md 7.2, checked on the import statements of src/: the chess core
 * knows nothing of PGN, the PGN layer knows no chess, only replay joins them, and only src/node/
 * touches Node. Each part is reached through its face: the core through src/core/index.ts (its
 * private engine, src/core/engine/, only from inside the core), PGN through src/pgn/index.ts.
 * (cli/ is checked by test/cli/architecture.test.ts.)
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
  return relative(ROOT, resolve(dirname(file), specifier))
    .split('\\')
    .join('/');
}

/** The faces: the one file of a part that other parts may import. */
const CORE = 'src/core/index.js';
const PGN = 'src/pgn/index.js';

const LAYER_MAY_IMPORT: Record<string, readonly string[]> = {
  'src/core/': ['src/core/', 'src/result', 'src/diagnostics', 'src/arguments'],
  // Diagrams read a FEN's placement field, not a Position: they need nothing else.
  'src/diagram/': ['src/diagram/'],
  'src/pgn/': ['src/pgn/', 'src/result', 'src/diagnostics', 'src/arguments'],
  // Other layers reach the core and PGN through their faces only, so their internals can move.
  'src/filter/': ['src/filter/', PGN, 'src/result', 'src/diagnostics'],
  'src/replay/': ['src/replay/', CORE, PGN, 'src/result', 'src/diagnostics', 'src/arguments'],
  'src/openings/': ['src/openings/', CORE, 'src/replay/', PGN, 'src/filter/', 'src/result', 'src/diagnostics'],
  // The topic entry points (forsyth/fen, forsyth/pgn, …): faces of the parts, nothing of their own.
  'src/entry/': [
    CORE,
    PGN,
    'src/replay/',
    'src/openings/',
    'src/filter/index.js',
    'src/diagram/',
    'src/result',
    'src/diagnostics',
  ],
  'src/node/': [
    'src/node/',
    PGN,
    'src/index',
    'src/result',
    'src/diagnostics',
    'src/arguments',
    'node:',
    'iconv-lite',
    'fzstd',
    'fflate',
  ],
};

/** Every relative import of src/ as [importing file, imported file], both relative to the root. */
function edges(files: readonly string[]): (readonly [string, string])[] {
  return files.flatMap((f) =>
    importsOf(f)
      .filter((s) => s.startsWith('.'))
      .map((s) => [relative(ROOT, f), target(f, s)] as const),
  );
}

describe('src/ dependency directions', () => {
  const files = sourceFiles(join(ROOT, 'src'));

  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(20);
    expect(importsOf(join(ROOT, 'src/replay/replay.ts'))).toContain('../core/index.js');
    expect(edges(files).some(([f, t]) => f === 'src/core/position.ts' && t.startsWith('src/core/engine/'))).toBe(true);
  });

  it('keeps the engine (src/core/engine/) private to the core', () => {
    const offending = edges(files)
      .filter(([f, t]) => t.startsWith('src/core/engine/') && !f.startsWith('src/core/'))
      .map(([f, t]) => `${f} → ${t}`);
    expect(offending).toEqual([]);
  });

  it('lets the engine import nothing of the core above it (only types and its own files)', () => {
    const offending = edges(files)
      .filter(([f]) => f.startsWith('src/core/engine/'))
      .filter(([, t]) => !t.startsWith('src/core/engine/') && t !== 'src/core/types.js')
      .map(([f, t]) => `${f} → ${t}`);
    expect(offending).toEqual([]);
  });

  it('lets other parts reach the core only through its face, src/core/index.ts', () => {
    const offending = edges(files)
      .filter(([f, t]) => t.startsWith('src/core/') && !f.startsWith('src/core/') && t !== CORE)
      .map(([f, t]) => `${f} → ${t}`);
    expect(offending).toEqual([]);
  });

  it('keeps the PGN layer free of the core', () => {
    const offending = edges(files).filter(([f, t]) => f.startsWith('src/pgn/') && t.startsWith('src/core/'));
    expect(offending).toEqual([]);
  });

  it('leaves no @internal marker in src/: what is private is kept private by the faces', () => {
    const marked = files.filter((f) => readFileSync(f, 'utf8').includes('@internal')).map((f) => relative(ROOT, f));
    expect(marked).toEqual([]);
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

  it('src/index.ts re-exports the topic entry points (src/entry/) and nothing else', () => {
    const file = join(ROOT, 'src/index.ts');
    const targets = importsOf(file).map((s) => target(file, s));
    expect(targets.length).toBeGreaterThan(5);
    expect(targets.filter((t) => !t.startsWith('src/entry/'))).toEqual([]);
  });

  it('the entry points take the core and the PGN layer from their faces', () => {
    const entries = files.filter((f) => relative(ROOT, f).startsWith('src/entry/'));
    const targets = entries.flatMap((f) => importsOf(f).map((s) => target(f, s)));
    for (const [part, face] of [
      ['src/core/', CORE],
      ['src/pgn/', PGN],
    ] as const) {
      const used = targets.filter((t) => t.startsWith(part));
      expect(used.length).toBeGreaterThan(0);
      expect(used.filter((t) => t !== face)).toEqual([]);
    }
  });

  it('keeps Node out of everything but src/node/', () => {
    const offending = files
      .filter((f) => !relative(ROOT, f).startsWith('src/node/'))
      .filter((f) =>
        importsOf(f).some((s) => s.startsWith('node:') || s === 'iconv-lite' || s === 'fzstd' || s === 'fflate'),
      )
      .map((f) => relative(ROOT, f));
    expect(offending).toEqual([]);
  });
});
