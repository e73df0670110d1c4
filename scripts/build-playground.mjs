// Builds the playground into dist/playground/: the worker first (one classic script, kept as a
// string), then the page's script with that string inside, so index.html works opened from disk
// (file:// allows neither module scripts nor worker files, but does allow a worker from a Blob).
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = `${root}dist/playground`;
const scratch = `${root}dist/playground-worker`;

function bundle(entry, outDir, define = {}) {
  return build({
    configFile: false,
    logLevel: 'warn',
    root,
    define,
    // The page uses the package's public entry only, as any user of it would.
    resolve: { alias: { forsyth: `${root}src/index.ts` } },
    build: {
      outDir,
      emptyOutDir: true,
      minify: true,
      target: 'es2022',
      lib: { entry: `${root}playground/${entry}`, formats: ['iife'], name: 'forsyth', fileName: () => 'playground.js' },
    },
  });
}

await bundle('worker.ts', scratch);
const workerSource = readFileSync(`${scratch}/playground.js`, 'utf8');
await bundle('main.ts', out, { __WORKER_SOURCE__: JSON.stringify(workerSource) });
rmSync(scratch, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const file of ['index.html', 'playground.css']) copyFileSync(`${root}playground/${file}`, `${out}/${file}`);
console.log(`playground built: ${out.slice(root.length)}/index.html`);
