/**
 * Hostile PGN structure through the CLI, with memory measured (issue 12, section 2): megabytes of
 * `(`, nesting 10,000 deep, a header of 100,000 tags with blank lines between them. Each run must
 * stay under an RSS bound (peak resident set polled from /proc while the child runs, and a V8 heap
 * limit that makes the child die if it is exceeded), keep the good games around the hostile one,
 * and print bounded output.
 */
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makeFen } from '../../src/core/index.js';
import { initialPosition, play, type Position } from '../../src/core/index.js';
import { parseSan } from '../../src/core/index.js';
import { MAIN, removeTempDirs, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const MB = 1024 * 1024;
/** Heap limit for the child (MB): exceeding it aborts the run, failing the test. */
const HEAP_MB = 384;

interface Measured {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Peak RSS seen (bytes), from /proc/PID/status VmHWM; 0 where /proc is missing. */
  readonly peakRss: number;
}

function peakOf(pid: number): number {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** Runs the CLI on `args`, polling its peak RSS every 20 ms. */
function measured(args: readonly string[]): Promise<Measured> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [`--max-old-space-size=${HEAP_MB}`, MAIN, ...args], {
      env: { ...process.env, FORSYTH_DEBUG: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let peakRss = 0;
    const poll = setInterval(() => {
      if (child.pid !== undefined) peakRss = Math.max(peakRss, peakOf(child.pid));
    }, 20);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => {
      out.push(b);
      if (child.pid !== undefined) peakRss = Math.max(peakRss, peakOf(child.pid));
    });
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', fail);
    child.on('close', (code) => {
      clearInterval(poll);
      // On Linux the bound must really have been measured.
      if (process.platform === 'linux' && peakRss === 0) fail(new Error('no RSS reading from /proc'));
      done({ code, peakRss, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
    });
  });
}

function fensOf(sans: readonly string[]): string[] {
  let position: Position = initialPosition();
  return sans.map((san) => {
    const parsed = parseSan(position, san);
    if (!parsed.ok) throw new Error(parsed.error.message);
    position = play(position, parsed.value);
    return makeFen(position);
  });
}

const GOOD_BEFORE = '[Event "before"]\n\n1. e4 e5 2. Nf3 *\n\n';
const GOOD_AFTER = '[Event "after"]\n\n1. d4 d5 *\n';
const GOOD_FENS = [...fensOf(['e4', 'e5', 'Nf3']), ...fensOf(['d4', 'd5'])];

function file(name: string, text: string): string {
  const path = join(tempDir(), name);
  writeFileSync(path, text);
  return path;
}

/** `1. Nf3 (1. Nf3 Nf6 (1... Nf6 2. Ng1 (… ) ) ) 1... Nf6 *`, each level one ply further. */
function staircase(depth: number): string {
  const cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  const move = (p: number, numbered: boolean): string => {
    const san = cycle[(p - 1) % 4] as string;
    if (p % 2 === 1) return `${(p + 1) / 2}. ${san}`;
    return numbered ? `${p / 2}... ${san}` : san;
  };
  const parts = ['[Event "staircase"]\n\n', move(1, true), ' '];
  for (let d = 1; d <= depth; d++) parts.push('(', move(d, true), ' ', move(d + 1, false), ' ');
  parts.push(')'.repeat(depth), ' ', move(2, true), ' *\n');
  return parts.join('');
}

describe('forsyth on hostile PGN structure: bounded memory, the games around it kept', () => {
  it('6 MB of `(` in one game: reported, the games before and after converted, under the RSS bound', async () => {
    const path = file('parens.pgn', `${GOOD_BEFORE}[Event "bad"]\n\n1. e4 ${'('.repeat(6 * MB)} *\n\n${GOOD_AFTER}`);
    const r = await measured(['fens', path]);
    expect(r.stdout.split('\n').filter((l) => l !== '')).toEqual([
      ...GOOD_FENS.slice(0, 3),
      fensOf(['e4'])[0],
      ...GOOD_FENS.slice(3),
    ]);
    expect(r.stderr).toContain('error[PGN_GAME_TOO_COMPLEX]');
    expect(r.stderr).toContain('error[PGN_VARIATION_TOO_DEEP]');
    expect(r.stderr).toContain('3 games read');
    expect(r.stderr.length).toBeLessThan(100_000);
    expect(r.code).toBe(1);
    if (r.peakRss > 0) expect(r.peakRss).toBeLessThan(600 * MB);
  }, 120_000);

  it('validate --format json on 1 MB of `(`: valid JSON of bounded size', async () => {
    const path = file('parens-1mb.pgn', `${GOOD_BEFORE}[Event "bad"]\n\n${'('.repeat(MB)}\n\n${GOOD_AFTER}`);
    const r = await measured(['validate', '--format', 'json', path]);
    expect(r.stderr).not.toContain('Invalid string length');
    expect(r.stdout.length).toBeLessThan(200_000);
    const records = r.stdout
      .split('\n')
      .filter((l) => l !== '')
      .map((l) => JSON.parse(l) as { code: string; game: number });
    expect(records.length).toBeLessThan(500);
    expect(records.map((d) => d.code)).toContain('PGN_VARIATION_TOO_DEEP');
    expect(new Set(records.map((d) => d.game))).toEqual(new Set([2]));
    expect(r.code).toBe(1);
    if (r.peakRss > 0) expect(r.peakRss).toBeLessThan(400 * MB);
  }, 120_000);

  it('fens --variations on nesting 10,000 deep: output linear in the input', async () => {
    const text = staircase(10_000);
    const path = file('staircase.pgn', text);
    const r = await measured(['fens', '--variations', '-f', 'csv', path]);
    expect(r.stderr).toContain('error[PGN_VARIATION_TOO_DEEP]');
    expect(r.stdout.length).toBeLessThan(2 * text.length);
    if (r.peakRss > 0) expect(r.peakRss).toBeLessThan(300 * MB);
  }, 120_000);

  it('validate on nesting 40,000 deep: memory does not follow the square of the depth', async () => {
    const path = file('staircase-40k.pgn', staircase(40_000));
    const r = await measured(['validate', path]);
    expect(r.stdout).toContain('PGN_VARIATION_TOO_DEEP');
    expect(r.code).toBe(1);
    if (r.peakRss > 0) expect(r.peakRss).toBeLessThan(300 * MB);
  }, 120_000);

  it('a header of 100,000 tags with blank lines between them reads in seconds, not minutes', async () => {
    const tags = Array.from({ length: 100_000 }, (_, i) => `[T${i} "x"]\n\n`).join('');
    const path = file('tags.pgn', `${GOOD_BEFORE}${tags}1. e4 *\n\n${GOOD_AFTER}`);
    const started = performance.now();
    const r = await measured(['fens', path]);
    expect(performance.now() - started).toBeLessThan(60_000);
    expect(r.stdout.split('\n').filter((l) => l !== '')).toEqual([
      ...GOOD_FENS.slice(0, 3),
      fensOf(['e4'])[0],
      ...GOOD_FENS.slice(3),
    ]);
    expect(r.code).toBe(0);
  }, 120_000);
});
