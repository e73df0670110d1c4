/**
 * The package as a user gets it: `npm pack` of the built dist/ (pretest builds it), installed
 * offline in a scratch project, then required from CommonJS, imported from ESM, type-checked under
 * each `moduleResolution`, and its `forsyth` executable started the way the kernel starts it.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  version: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};
const scratch = mkdtempSync(join(tmpdir(), 'forsyth-pack-'));
const project = join(scratch, 'project');
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface LockEntry {
  readonly dependencies?: Record<string, string>;
  readonly optionalDependencies?: Record<string, string>;
  readonly [key: string]: unknown;
}

function npm(args: readonly string[], cwd: string): string {
  return execFileSync('npm', [...args], { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * A scratch project whose lockfile names the packed tarball and its runtime dependencies as
 * forsyth's own lockfile pins them, so `npm ci --offline` installs from the npm cache alone (the
 * cache `npm ci` filled for this checkout) without asking the registry.
 */
function installTarball(tarball: string): void {
  mkdirSync(project, { recursive: true });
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const needed: string[] = [];
  const visit = (name: string): void => {
    if (needed.includes(name)) return;
    needed.push(name);
    const entry = lock.packages[`node_modules/${name}`];
    if (!entry) throw new Error(`package-lock.json has no node_modules/${name}`);
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) visit(dep);
  };
  for (const dep of Object.keys(PKG.dependencies)) visit(dep);
  const spec = `file:${tarball}`;
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const packages: Record<string, unknown> = {
    '': { name: 'scratch', dependencies: { forsyth: spec } },
    'node_modules/forsyth': {
      version: PKG.version,
      resolved: spec,
      integrity,
      dependencies: PKG.dependencies,
      bin: PKG.bin,
    },
  };
  for (const name of needed) {
    const { dev: _dev, ...entry } = lock.packages[`node_modules/${name}`] as LockEntry;
    packages[`node_modules/${name}`] = entry;
  }
  writeFileSync(
    join(project, 'package.json'),
    JSON.stringify({ name: 'scratch', private: true, dependencies: { forsyth: spec } }),
  );
  writeFileSync(
    join(project, 'package-lock.json'),
    JSON.stringify({ name: 'scratch', lockfileVersion: 3, requires: true, packages }),
  );
  try {
    npm(['ci', '--offline', '--no-audit', '--no-fund'], project);
  } catch (error) {
    // A checkout whose node_modules did not come from this machine's `npm ci` has an empty cache.
    if (!String((error as { stderr?: unknown }).stderr).includes('ENOTCACHED')) throw error;
    npm(['ci', '--prefer-offline', '--no-audit', '--no-fund'], project);
  }
  // Type declarations for the node:* modules forsyth/node's types mention, as a user would have.
  mkdirSync(join(project, 'node_modules/@types'), { recursive: true });
  symlinkSync(join(ROOT, 'node_modules/@types/node'), join(project, 'node_modules/@types/node'), 'dir');
}

let packed: string[] = [];

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist/src/index.js')))
    throw new Error('dist/ is missing: run `npm run build` first (npm test does it)');
  const out = npm(['pack', '--ignore-scripts', '--json', '--pack-destination', scratch], ROOT);
  const [info] = JSON.parse(out) as { filename: string; files: { path: string }[] }[];
  if (!info) throw new Error('npm pack printed nothing');
  packed = info.files.map((f) => f.path);
  installTarball(join(scratch, info.filename));
}, 120_000);

function node(args: readonly string[]): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [...args], { cwd: project, encoding: 'utf8' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('npm pack contents', () => {
  it('holds the library, its types, the generated parser and the CLI modules', () => {
    for (const file of [
      'dist/src/index.js',
      'dist/src/index.d.ts',
      'dist/src/node/index.js',
      'dist/src/node/index.d.ts',
      'dist/src/pgn/generated/pgn-parser.js',
      'dist/bin/forsyth.js',
      'dist/bin/main.js',
      'dist/bin/worker.js',
      'dist/bin/big-game-thread.js',
      'README.md',
      'LICENSE',
      'package.json',
    ]) {
      expect(packed).toContain(file);
    }
  });

  it('holds nothing a user does not run: no source maps, no grammar, no CLI declarations, no tests', () => {
    expect(packed.filter((p) => p.endsWith('.map'))).toEqual([]);
    expect(
      packed.filter(
        (p) => p.startsWith('grammar/') || p.startsWith('src/') || p.startsWith('test/') || p.startsWith('bench/'),
      ),
    ).toEqual([]);
    // The CLI ships as its bundle only: no compiled modules or declarations of cli/.
    expect(packed.filter((p) => p.startsWith('dist/cli/'))).toEqual([]);
    const withMapComment = packed.filter(
      (p) =>
        p.endsWith('.js') &&
        readFileSync(join(project, 'node_modules/forsyth', p), 'utf8').includes('sourceMappingURL'),
    );
    expect(withMapComment).toEqual([]);
  });

  it('imports at run time only its declared dependencies (peggy is a build tool)', () => {
    expect(Object.keys(PKG.dependencies)).not.toContain('peggy');
    expect(Object.keys(PKG.devDependencies)).toContain('peggy');
    const bare = new Set<string>();
    for (const p of packed.filter((f) => f.endsWith('.js'))) {
      const text = readFileSync(join(project, 'node_modules/forsyth', p), 'utf8');
      // Static and dynamic imports, and require.resolve (the zstd WebAssembly decoder is loaded so).
      for (const m of text.matchAll(
        /^(?:import|export)\s[^'"]*?from\s*['"]([^'".][^'"]*)['"]|\bimport\(\s*['"]([^'".][^'"]*)['"]\s*\)|\brequire\.resolve\(\s*['"]([^'".][^'"]*)['"]\s*\)/gm,
      )) {
        const name = (m[1] ?? m[2] ?? m[3]) as string;
        if (!name.startsWith('node:'))
          bare.add(name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : (name.split('/')[0] as string));
      }
    }
    expect([...bare].sort()).toEqual(Object.keys(PKG.dependencies).sort());
  });
});

describe('the installed package', () => {
  it('works with require() from CommonJS, without a warning', () => {
    writeFileSync(
      join(project, 'use.cjs'),
      [
        "const { parseFen, makeFen } = require('forsyth');",
        "const { readPgn } = require('forsyth/node');",
        "const parsed = parseFen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1');",
        "console.log(makeFen(parsed.value, { ep: 'legal' }), typeof readPgn);",
      ].join('\n'),
    );
    const r = node(['use.cjs']);
    expect(r.stderr).toBe('');
    expect(r.stdout).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 function\n');
    expect(r.status).toBe(0);
  });

  /** A value each topic entry point exports, and its `typeof`. */
  const ENTRY_VALUES: Record<string, string> = {
    chess: 'legalMoves',
    fen: 'parseFen',
    san: 'parseSan',
    pgn: 'GameSplitter',
    replay: 'replay',
    openings: 'classifyOpening',
    filter: 'compileWhere',
    diagram: 'renderBoard',
    diagnostics: 'formatDiagnostic',
  };

  it('gives every topic entry point (forsyth/fen, …) to require() and to import, the same values as the root', () => {
    const names = Object.entries(ENTRY_VALUES);
    writeFileSync(
      join(project, 'entries.cjs'),
      [
        "const root = require('forsyth');",
        ...names.map(
          ([e, v]) =>
            `console.log('${e}', typeof require('forsyth/${e}').${v}, require('forsyth/${e}').${v} === root.${v});`,
        ),
      ].join('\n'),
    );
    writeFileSync(
      join(project, 'entries.mjs'),
      [
        "import * as root from 'forsyth';",
        ...names.map(([e], i) => `import * as m${i} from 'forsyth/${e}';`),
        ...names.map(([e, v], i) => `console.log('${e}', typeof m${i}.${v}, m${i}.${v} === root.${v});`),
      ].join('\n'),
    );
    const expected = names.map(([e]) => `${e} function true\n`).join('');
    for (const script of ['entries.cjs', 'entries.mjs']) {
      const r = node([script]);
      expect(r.stderr).toBe('');
      expect(r.stdout).toBe(expected);
      expect(r.status).toBe(0);
    }
  });

  it('works with import from ESM', () => {
    writeFileSync(
      join(project, 'use.mjs'),
      "import { INITIAL_FEN } from 'forsyth';\nimport { readGames } from 'forsyth/node';\nconsole.log(INITIAL_FEN, typeof readGames);\n",
    );
    const r = node(['use.mjs']);
    expect(r.stdout).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 function\n');
    expect(r.status).toBe(0);
  });

  it('installs the forsyth executable, which reads a PGN file', () => {
    const bin = join(project, 'node_modules/.bin/forsyth');
    const r = spawnSync(bin, ['fens', join(ROOT, 'test/fixtures/cli/fools-mate.pgn')], {
      cwd: project,
      encoding: 'utf8',
    });
    expect(r.stdout.split('\n')[3]).toBe('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    expect(r.stderr).toBe('1 game read, 4 positions written, 0 errors, 0 warnings\n');
    expect(r.status).toBe(0);
  });

  // Each setting compiles one file using both entries; `@ts-expect-error` proves the types are real
  // (were they `any`, the directive itself would be the error).
  const typeChecks = [
    {
      name: 'moduleResolution node (node10), CommonJS',
      file: 'check.ts',
      options: { module: 'commonjs', moduleResolution: 'node' },
    },
    {
      name: 'moduleResolution node16, ESM',
      file: 'check.mts',
      options: { module: 'node16', moduleResolution: 'node16' },
    },
    {
      name: 'moduleResolution nodenext, CommonJS (require of ESM)',
      file: 'check.cts',
      options: { module: 'nodenext', moduleResolution: 'nodenext' },
    },
    {
      name: 'module node20, CommonJS (require of ESM)',
      file: 'check.cts',
      options: { module: 'node20', moduleResolution: 'node16' },
    },
    { name: 'moduleResolution bundler', file: 'check.ts', options: { module: 'esnext', moduleResolution: 'bundler' } },
  ];

  it.each(typeChecks)(
    'has types under $name',
    ({ file, options }) => {
      const dir = join(project, `types-${options.moduleResolution}-${options.module}`);
      mkdirSync(dir, { recursive: true });
      const source = [
        "import { parseFen } from 'forsyth';",
        "import { readPgn } from 'forsyth/node';",
        "import { makeSan, type SanError } from 'forsyth/san';",
        "import { GameSplitter } from 'forsyth/pgn';",
        "const parsed = parseFen('8/8/8/8/8/8/8/8 w - - 0 1');",
        'const ok: boolean = parsed.ok;',
        "const kind: SanError['kind'] = 'illegal';",
        'void kind;',
        'void new GameSplitter();',
        '// @ts-expect-error makeSan takes a Position and a move',
        'makeSan(1, 2);',
        '// @ts-expect-error a number is not a FEN',
        'parseFen(42);',
        '// @ts-expect-error readPgn takes a path or a stream, not a boolean',
        'void readPgn(true);',
        'export { ok };',
      ].join('\n');
      writeFileSync(join(dir, file), source);
      writeFileSync(
        join(dir, 'tsconfig.json'),
        JSON.stringify({
          compilerOptions: {
            ...options,
            strict: true,
            noEmit: true,
            skipLibCheck: true,
            target: 'es2022',
            types: ['node'],
            typeRoots: [join(project, 'node_modules/@types')],
          },
          files: [file],
        }),
      );
      const tsc = join(ROOT, 'node_modules/typescript/bin/tsc');
      const r = spawnSync(process.execPath, [tsc, '-p', dir], { cwd: dir, encoding: 'utf8' });
      expect(r.stdout + r.stderr).toBe('');
      expect(r.status).toBe(0);
    },
    60_000,
  );
});

describe('the forsyth executable', () => {
  const binPath = join(ROOT, PKG.bin['forsyth'] as string);
  const shebang = readFileSync(binPath, 'utf8').split('\n')[0] as string;

  it('starts through a plain `#!/usr/bin/env node` (no `env -S`)', () => {
    expect(shebang).toBe('#!/usr/bin/env node');
  });

  /**
   * Linux passes everything after the interpreter in a shebang as one argument. An `env` like
   * BusyBox's (no -S) then sees `-S node --max-semi-space-size=8` as an unknown option.
   */
  function runShebang(
    line: string,
    args: readonly string[],
  ): { status: number | null; stdout: string; stderr: string } {
    const env = join(scratch, 'busybox-env');
    writeFileSync(
      env,
      [
        '#!/bin/sh',
        'while [ $# -gt 0 ]; do',
        '  case "$1" in',
        '    -i|-0|-) shift ;;',
        '    -u) shift 2 ;;',
        '    -*) echo "env: unrecognized option: $1" >&2; exit 125 ;;',
        '    *=*) export "$1"; shift ;;',
        '    *) break ;;',
        '  esac',
        'done',
        'exec "$@"',
      ].join('\n'),
    );
    chmodSync(env, 0o755);
    const rest = line.replace(/^#!\S+\s*/, '');
    const r = spawnSync(env, [...(rest === '' ? [] : [rest]), binPath, ...args], {
      encoding: 'utf8',
      env: { ...process.env, PATH: `${join(process.execPath, '..')}:${process.env['PATH'] ?? ''}` },
    });
    return { status: r.status, stdout: r.stdout, stderr: r.stderr };
  }

  it('runs under an env without -S, which the old shebang did not', () => {
    const ok = runShebang(shebang, ['--version']);
    expect(ok.stdout).toBe(`${PKG.version}\n`);
    expect(ok.status).toBe(0);
    const old = runShebang('#!/usr/bin/env -S node --max-semi-space-size=8', ['--version']);
    expect(old.stderr).toContain('unrecognized option');
    expect(old.status).not.toBe(0);
  });

  /**
   * The memory setting still reaches V8: a preloaded module, at exit, makes short-lived garbage
   * with many survivors (which grows the new space up to twice the semi-space cap), then reports
   * each process's Node flags and the new space's size.
   */
  it('keeps the young generation at 8 MB semi-spaces for the streaming commands', () => {
    const report = join(scratch, 'heap.jsonl');
    const preload = join(scratch, 'heap-report.cjs');
    writeFileSync(
      preload,
      `const v8 = require('node:v8'); const fs = require('node:fs');
process.on('exit', () => {
  let keep = [];
  for (let i = 0; i < 3e6; i++) { keep.push({ i, s: 'x' + i }); if (keep.length > 200000) keep = []; }
  const space = v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
  fs.appendFileSync(${JSON.stringify(report)}, JSON.stringify({ execArgv: process.execArgv, newSpaceMB: space.space_size / 1048576 }) + '\\n');
});`,
    );
    const big = join(ROOT, 'test/fixtures/cli/kasparov-deep-blue-1997.pgn');
    const r = spawnSync(process.execPath, [binPath, 'fens', '-q', big], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `--require ${preload}` },
      maxBuffer: 1 << 30,
    });
    expect(r.status).toBe(0);
    const processes = readFileSync(report, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { execArgv: string[]; newSpaceMB: number });
    const program = processes.find((p) => p.execArgv.includes('--max-semi-space-size=8'));
    expect(program).toBeDefined();
    expect(program?.execArgv).toContain('--heap-growing-percent=10');
    expect(program?.newSpaceMB).toBeLessThanOrEqual(16);
    // Without the setting the new space grows beyond that, so the check above can fail.
    rmSync(report);
    spawnSync(process.execPath, [join(ROOT, 'dist/bin/main.js'), 'fens', '-q', big], {
      env: { ...process.env, NODE_OPTIONS: `--require ${preload}` },
      maxBuffer: 1 << 30,
    });
    const plain = JSON.parse(readFileSync(report, 'utf8').trim()) as { newSpaceMB: number };
    expect(plain.newSpaceMB).toBeGreaterThan(16);
  }, 60_000);
});

describe('npm install', () => {
  it('warns of no unsupported engine on this Node', () => {
    // --dry-run: the whole install is planned and checked (engines included), node_modules untouched.
    const r = spawnSync('npm', ['ci', '--dry-run', '--offline', '--no-audit', '--no-fund'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(r.stdout + r.stderr).not.toContain('EBADENGINE');
    expect(r.status).toBe(0);
  }, 60_000);
});
