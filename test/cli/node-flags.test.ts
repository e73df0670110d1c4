/**
 * The Node flags the `forsyth` executable starts its program with (cli/node-flags.ts): which
 * command lines count as running workers, and that their flags reach the program through bin.ts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { programFlags, usesWorkers } from '../../cli/node-flags.js';
import { fixture, ROOT } from './helpers.js';
import { tempFiles } from '../support/temp-files.js';

const temp = tempFiles('node-flags');

describe('usesWorkers', () => {
  it.each([
    [['fens', 'a.pgn'], false],
    [['fens', '--jobs', '2', 'a.pgn'], true],
    [['fens', '--jobs=4', 'a.pgn'], true],
    [['fens', '-j', 'auto', 'a.pgn'], true],
    [['fens', '-j0', 'a.pgn'], true],
    [['fens', '-j', '1', 'a.pgn'], false],
    [['fens', '--jobs', '2', '--jobs', '1', 'a.pgn'], false],
    [['fens', '--', '--jobs', '2'], false],
    [['fens', '--jobs'], false],
  ])('%j → %s', (args, expected) => {
    expect(usesWorkers(args)).toBe(expected);
  });

  it('gives workers 4 MB semi-spaces, one thread 8 MB, both the 10% old-generation steps', () => {
    expect(programFlags(['fens', '--jobs', '2'])).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=10']);
    expect(programFlags(['fens'])).toEqual(['--max-semi-space-size=8', '--heap-growing-percent=10']);
  });
});

// Without --jobs, test/packaging.test.ts checks the flags and the young generation they bound.
describe('the forsyth executable', () => {
  it('starts `fens --jobs 2` with 4 MB semi-spaces', () => {
    const report = temp.path('argv.jsonl');
    const preload = temp.write(
      'argv.cjs',
      `process.on('exit', () => require('node:fs').appendFileSync(process.env.ARGV_REPORT, JSON.stringify(process.execArgv) + '\\n'));`,
    );
    const bin = join(ROOT, 'dist/bin/forsyth.js');
    const r = spawnSync(process.execPath, [bin, 'fens', '-q', '--jobs', '2', fixture('kasparov-deep-blue-1997.pgn')], {
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: `--require ${preload}`, ARGV_REPORT: report },
    });
    expect(r.status, r.stderr).toBe(0);
    const argvs = readFileSync(report, 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as string[]);
    expect(argvs.some((a) => a.includes('--max-semi-space-size=4') && a.includes('--heap-growing-percent=10'))).toBe(
      true,
    );
  });
});
