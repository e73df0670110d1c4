// Bundles the compiled CLI (dist/cli, from tsc) into dist/bin: the `forsyth` executable and the
// worker entry points, with the library modules they use, in a few files instead of ~120.
//
// Why: Node 20 loads an ES module graph file by file (resolve, read, compile each), and the CLI's
// 128 files cost it some 0.15 s of CPU before the first game: measured on `fens` of a one-game
// file, 0.43 s CPU unbundled against 0.27 s bundled (`node -e 0` takes 0.13 s). That start-up is
// paid by every run and every shard, and is a tenth of a filtered run's budget.
//
// The output is flat (entries and chunks side by side), so each `new URL('./x.js', import.meta.url)`
// in the CLI (the worker scripts, bin.js's main.js) and main.js's `../../package.json` resolve as
// they do in dist/cli. The npm dependencies stay imports, loaded from node_modules as the library
// loads them.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'rolldown';

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));
const dependencies = Object.keys(pkg.dependencies ?? {});
const external = (id) => id.startsWith('node:') || dependencies.some((d) => id === d || id.startsWith(`${d}/`));

rmSync('dist/bin', { recursive: true, force: true });
await build({
  input: {
    forsyth: 'dist/cli/bin.js',
    main: 'dist/cli/main.js',
    worker: 'dist/cli/workers/worker.js',
    'big-game-thread': 'dist/cli/big-game-thread.js',
  },
  platform: 'node',
  external,
  logLevel: 'warn',
  output: {
    dir: 'dist/bin',
    format: 'esm',
    entryFileNames: '[name].js',
    chunkFileNames: '[name]-[hash].js',
  },
});
