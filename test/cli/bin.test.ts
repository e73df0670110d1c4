/**
 * The `forsyth` executable (dist/bin/forsyth.js, bundled from cli/bin.ts) starts the program in a
 * child Node process for the streaming commands: the exit code, Ctrl-C and termination signals must come out as if there were
 * one process.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES, ROOT, fixture } from './helpers.js';

const BIN = join(ROOT, 'dist/bin/forsyth.js');

interface Ran {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Starts bin.js in its own process group (as a shell job is), stdin left open. */
function start(args: readonly string[]) {
  const child = spawn(process.execPath, [BIN, ...args], {
    cwd: FIXTURES,
    detached: true,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  const ran: Ran = { code: null, signal: null, stdout: '', stderr: '' };
  child.stdout.on('data', (b: Buffer) => (ran.stdout += b.toString()));
  child.stderr.on('data', (b: Buffer) => (ran.stderr += b.toString()));
  const done = new Promise<Ran>((resolve) =>
    child.on('close', (code, signal) => {
      ran.code = code;
      ran.signal = signal;
      resolve(ran);
    }),
  );
  return { child, ran, done };
}

describe('the forsyth executable', () => {
  it('passes the exit code on (1: a broken game)', async () => {
    const { child, done } = start(['fens', fixture('broken-between-good.pgn')]);
    child.stdin.end();
    const r = await done;
    expect(r.stderr).toContain('REPLAY_ILLEGAL_MOVE');
    expect(r.code).toBe(1);
  });

  it('Ctrl-C (SIGINT to the process group): the program writes its lines out and exits 130', async () => {
    const { child, ran, done } = start(['fens', '-']);
    child.stdin.write(readFileSync(fixture('fools-mate.pgn')));
    child.stdin.write('\n\n[Event "unfinished"]\n\n1. e4');
    // The first game is complete once the second one starts; its FENs come at the interrupt.
    await new Promise((r) => setTimeout(r, 1500));
    process.kill(-(child.pid as number), 'SIGINT');
    const r = await done;
    expect(ran.stdout.split('\n')[3]).toBe('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3');
    expect(r.code).toBe(130);
  });

  // Were SIGTERM not passed on, the executable would wait for the program forever (test timeout).
  it('SIGTERM to the executable alone reaches the program, which winds down and exits 143', async () => {
    const { child, done } = start(['fens', '-']);
    child.stdin.write('[Event "x"]\n\n1. e4');
    await new Promise((r) => setTimeout(r, 1000));
    child.kill('SIGTERM');
    const r = await done;
    // The program handles SIGTERM (a whole last line, the summary, exit 143); the executable
    // passes its exit code on.
    expect(r.code).toBe(143);
    expect(r.signal).toBe(null);
  });
});
