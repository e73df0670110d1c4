/**
 * The "Running at scale" recipes, run for real: examples/dask/shards.py on a distributed.LocalCluster
 * with two worker processes, and the GNU parallel scripts in examples/parallel/; each merged output
 * must equal one plain forsyth run. Without Dask or GNU parallel installed, the tests are skipped
 * with the command that installs them (.ci/run installs both, so CI runs them).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempFiles } from '../support/temp-files.js';
import { fixture, MAIN, ROOT, run } from '../cli/helpers.js';

const temp = tempFiles('engines');
const FORSYTH = `${process.execPath} ${MAIN}`;

/** A Python that can import Dask distributed: `python3` on PATH, else Debian's own. */
const PYTHON = ['python3', '/usr/bin/python3'].find(
  (py) => spawnSync(py, ['-c', 'import distributed'], { stdio: 'ignore' }).status === 0,
);
const PARALLEL = spawnSync('parallel', ['--version'], { stdio: 'ignore' }).status === 0;
const INSTALL = 'apt-get update && apt-get install -y python3-distributed parallel';
if (!PYTHON) console.warn(`skipping the Dask example test: python3 cannot import distributed (${INSTALL})`);
if (!PARALLEL) console.warn(`skipping the GNU parallel example tests: parallel is not installed (${INSTALL})`);

/** A few hundred KB of games, some broken, from the test fixtures. */
function bigInput(): string {
  const games = [
    'kasparov-deep-blue-1997.pgn',
    'broken-between-good.pgn',
    'dortmund-1928-latin1.pgn',
    'cutechess-fischerrandom.pgn',
  ].map((name) => readFileSync(fixture(name)));
  const parts: Buffer[] = [];
  for (let i = 0; i < 12; i++) for (const g of games) parts.push(g, Buffer.from('\n'));
  return temp.write('big.pgn', Buffer.concat(parts));
}

async function plainRun(args: readonly string[]): Promise<string> {
  const result = await run([...args, '--quiet']);
  expect(result.code === 0 || result.code === 1, result.stderr).toBe(true);
  return result.stdout;
}

describe.skipIf(!PYTHON)('Dask (examples/dask/shards.py)', () => {
  it('maps forsyth --shard over a LocalCluster of two worker processes; the merge is one plain run', async () => {
    const input = bigInput();
    const out = temp.path('dask.csv');
    const script = join(ROOT, 'examples/dask/shards.py');
    const done = spawnSync(
      PYTHON as string,
      [
        script,
        '--shards',
        '5',
        '--workers',
        '2',
        '--forsyth',
        FORSYTH,
        '--out',
        out,
        '--',
        'fens',
        '--format',
        'csv',
        input,
      ],
      {
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    expect(done.status, done.stderr).toBe(1); // broken-between-good.pgn has an error
    const merged = readFileSync(out, 'utf8');
    expect(merged.split('\n').length).toBeGreaterThan(1000);
    expect(merged).toBe(await plainRun(['fens', '--format', 'csv', input]));
  }, 180_000);
});

describe.skipIf(!PARALLEL)('GNU parallel (examples/parallel/)', () => {
  it('shards.sh on one big file: the outputs in shard order are one plain run', async () => {
    const input = bigInput();
    const done = spawnSync('sh', [join(ROOT, 'examples/parallel/shards.sh'), '4', 'fens', '--quiet', input], {
      encoding: 'utf8',
      env: { ...process.env, FORSYTH, JOBS: '2' },
      maxBuffer: 256 * 1024 * 1024,
    });
    expect(done.stdout.length).toBeGreaterThan(10_000);
    expect(done.stdout).toBe(await plainRun(['fens', input]));
  }, 120_000);

  it('shards.sh on a directory: the files are shared out and the output is one plain run over the directory', async () => {
    const dir = temp.path('dir');
    mkdirSync(dir);
    for (const name of [
      'kasparov-deep-blue-1997.pgn',
      'broken-between-good.pgn',
      'fools-mate.pgn',
      'jorespi-marzinkus.pgn',
    ]) {
      temp.write(`dir/${name}`, readFileSync(fixture(name)));
    }
    const done = spawnSync(
      'sh',
      [join(ROOT, 'examples/parallel/shards.sh'), '3', 'fens', '--format', 'ndjson', '--quiet', dir],
      {
        encoding: 'utf8',
        env: { ...process.env, FORSYTH, JOBS: '2' },
        maxBuffer: 256 * 1024 * 1024,
      },
    );
    expect(done.stdout).toContain('"file"');
    expect(done.stdout).toBe(await plainRun(['fens', '--format', 'ndjson', dir]));
  }, 120_000);

  it('per-file.sh: one output per file, each that file’s own run', async () => {
    const dir = temp.path('per-file');
    mkdirSync(dir);
    const names = ['kasparov-deep-blue-1997.pgn', 'fools-mate.pgn', 'jorespi-marzinkus.pgn'];
    for (const name of names) temp.write(`per-file/${name}`, readFileSync(fixture(name)));
    const done = spawnSync('sh', [join(ROOT, 'examples/parallel/per-file.sh'), dir, 'fens', '--format', 'epd'], {
      encoding: 'utf8',
      env: { ...process.env, FORSYTH, JOBS: '2' },
    });
    expect(done.status, done.stderr).toBe(0);
    expect(
      readdirSync(dir)
        .filter((f) => f.endsWith('.out'))
        .sort(),
    ).toEqual(names.map((n) => `${n}.out`).sort());
    for (const name of names)
      expect(readFileSync(join(dir, `${name}.out`), 'utf8')).toBe(
        await plainRun(['fens', '--format', 'epd', join(dir, name)]),
      );
  }, 120_000);
});
