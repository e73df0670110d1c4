/**
 * `-o FILE` never destroys data: the output goes to a temporary file that replaces the target only
 * when the run succeeded; an output that is one of the inputs (by any path, symbolic or hard link)
 * or lies inside an input directory is refused (exit 2) before anything is written.
 */
import { spawn } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, MAIN, removeTempDirs, run, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const STACK_LINE = /\n\s+at /;
const GAME = readFileSync(fixture('kasparov-deep-blue-1997.pgn'), 'utf8');

/** A directory holding g.pgn (the Kasparov match) and nothing else. */
function gameDir(): { dir: string; pgn: string } {
  const dir = tempDir();
  const pgn = join(dir, 'g.pgn');
  writeFileSync(pgn, GAME);
  return { dir, pgn };
}

/** Names in `dir` that look like our temporary files. */
function temps(dir: string): string[] {
  return readdirSync(dir).filter((n) => n.includes('.forsyth-') && n.endsWith('.tmp'));
}

describe('an output that is an input is refused, and the input kept', () => {
  const commands = [['export', '--fix'], ['fens'], ['positions', '--last'], ['validate']];

  it.each(commands)('%s g.pgn -o g.pgn', async (...command) => {
    const { dir, pgn } = gameDir();
    const r = await run([...command, 'g.pgn', '-o', 'g.pgn'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^forsyth: refusing to write 'g\.pgn': it is the input 'g\.pgn'/);
    expect(r.stderr).not.toMatch(STACK_LINE);
    expect(readFileSync(pgn, 'utf8')).toBe(GAME);
    expect(temps(dir)).toEqual([]);
  });

  it('through ./, an absolute path, a symbolic link and a hard link', async () => {
    const { dir, pgn } = gameDir();
    symlinkSync(pgn, join(dir, 'link.pgn'));
    linkSync(pgn, join(dir, 'hard.pgn'));
    for (const [input, output] of [
      ['g.pgn', './g.pgn'],
      [pgn, 'g.pgn'],
      ['g.pgn', 'link.pgn'],
      ['link.pgn', 'g.pgn'],
      ['g.pgn', 'hard.pgn'],
    ]) {
      const r = await run(['export', input!, '-o', output!], { cwd: dir });
      expect(r.code, `${input} -o ${output}`).toBe(2);
      expect(r.stderr).toContain(`refusing to write '${output}'`);
    }
    expect(readFileSync(pgn, 'utf8')).toBe(GAME);
    expect(lstatSync(join(dir, 'link.pgn')).isSymbolicLink()).toBe(true);
  });

  it('an output inside an input directory', async () => {
    const { dir, pgn } = gameDir();
    for (const output of ['g.pgn', 'new.pgn', 'fens.txt']) {
      const r = await run(['fens', '.', '-o', output], { cwd: dir });
      expect(r.code).toBe(2);
      // g.pgn is also one of the files read: that is said first.
      expect(r.stderr).toMatch(
        /^forsyth: refusing to write '.*': it (lies inside the input directory '\.'|is the input 'g\.pgn')/,
      );
    }
    expect(readdirSync(dir)).toEqual(['g.pgn']);
    expect(readFileSync(pgn, 'utf8')).toBe(GAME);
  });

  it('build --fens FILE -o FILE', async () => {
    const dir = tempDir();
    const fens = join(dir, 'fens.txt');
    const text =
      'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\n';
    writeFileSync(fens, text);
    const r = await run(['build', '--fens', fens, '-o', fens]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('refusing to write');
    expect(readFileSync(fens, 'utf8')).toBe(text);
  });

  it('show --pgn FILE --svg FILE; and --svg replaces its file only once the picture is complete', async () => {
    const { dir, pgn } = gameDir();
    const r = await run(['show', '--pgn', 'g.pgn', '--svg', 'g.pgn'], { cwd: dir });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("refusing to write 'g.pgn'");
    expect(readFileSync(pgn, 'utf8')).toBe(GAME);
    writeFileSync(join(dir, 'old.svg'), 'old');
    const ok = await run(['show', '--pgn', 'g.pgn', '--svg', 'old.svg'], { cwd: dir });
    expect(ok.code).toBe(0);
    expect(readFileSync(join(dir, 'old.svg'), 'utf8')).toMatch(/^<\?xml[\s\S]*<\/svg>\n?$/);
    expect(temps(dir)).toEqual([]);
  });

  it('an output beside the inputs, and standard input with -o, are fine', async () => {
    const { dir } = gameDir();
    const r = await run(['export', 'g.pgn', '-o', 'out.pgn'], { cwd: dir });
    expect(r.code).toBe(0);
    const fromStdin = await run(['export', '-', '-o', 'out2.pgn'], { cwd: dir, input: GAME });
    expect(fromStdin.code).toBe(0);
    expect(readFileSync(join(dir, 'out2.pgn'), 'utf8')).toBe(readFileSync(join(dir, 'out.pgn'), 'utf8'));
  });
});

describe('the old output is replaced only by a run that succeeded', () => {
  const OLD = 'the old contents\n';

  it('a run that fails (missing input) leaves the old file as it was, and no temporary file', async () => {
    const dir = tempDir();
    const out = join(dir, 'out.txt');
    writeFileSync(out, OLD);
    const r = await run(['fens', fixture('fools-mate.pgn'), join(dir, 'missing.pgn'), '-o', out]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`'${out}' was left as it was`);
    expect(readFileSync(out, 'utf8')).toBe(OLD);
    expect(temps(dir)).toEqual([]);
  });

  it('a run with problems in the input (exit 1) still writes its output', async () => {
    const dir = tempDir();
    const out = join(dir, 'out.txt');
    writeFileSync(out, OLD);
    const r = await run(['fens', 'broken-between-good.pgn', '-o', out]);
    expect(r.code).toBe(1);
    expect(readFileSync(out, 'utf8')).not.toBe(OLD);
    expect(readFileSync(out, 'utf8').split('\n').length).toBeGreaterThan(100);
  });

  it('a replaced file keeps its permissions; a symbolic link stays a link to the new contents', async () => {
    const dir = tempDir();
    const real = join(dir, 'real.txt');
    writeFileSync(real, OLD);
    chmodSync(real, 0o640);
    symlinkSync(real, join(dir, 'link.txt'));
    const r = await run(['fens', fixture('fools-mate.pgn'), '-o', join(dir, 'link.txt')]);
    expect(r.code).toBe(0);
    expect(lstatSync(join(dir, 'link.txt')).isSymbolicLink()).toBe(true);
    expect(readFileSync(real, 'utf8').split('\n')).toHaveLength(5);
    expect(statSync(real).mode & 0o777).toBe(0o640);
    expect(temps(dir)).toEqual([]);
  });

  it('an interrupted run (SIGINT, SIGTERM) leaves the old file as it was, and no temporary file', async () => {
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const dir = tempDir();
      const out = join(dir, 'out.pgn');
      writeFileSync(out, OLD);
      const child = spawn(process.execPath, [MAIN, 'export', '-', '-o', out]);
      let stderr = '';
      child.stderr.on('data', (b: Buffer) => (stderr += b.toString()));
      child.stdin.write(GAME);
      // The temporary file exists once the output is open; then the run waits for more input.
      await waitFor(() => temps(dir).length === 1);
      child.kill(signal);
      const code = await new Promise<number | null>((done) => child.on('close', (c) => done(c)));
      expect(code).toBe(signal === 'SIGINT' ? 130 : 143);
      expect(stderr).toMatch(/interrupted: \d+ games? read/);
      expect(readFileSync(out, 'utf8')).toBe(OLD);
      expect(temps(dir)).toEqual([]);
    }
  }, 30_000);

  it("two runs on the same -o: the file is one run's whole output, never a mix", async () => {
    const dir = tempDir();
    const a = join(dir, 'a.pgn');
    const b = join(dir, 'b.pgn');
    writeFileSync(a, GAME.repeat(40));
    copyFileSync(fixture('fools-mate.pgn'), b);
    const out = join(dir, 'out.txt');
    const expectA = (await run(['fens', a])).stdout;
    const expectB = (await run(['fens', b])).stdout;
    for (let round = 0; round < 3; round++) {
      const [ra, rb] = await Promise.all([run(['fens', a, '-o', out]), run(['fens', b, '-o', out])]);
      expect([ra.code, rb.code]).toEqual([0, 0]);
      expect([expectA, expectB]).toContain(readFileSync(out, 'utf8'));
    }
    expect(temps(dir)).toEqual([]);
  }, 60_000);

  it('a directory that cannot be written is a usage error naming the target, not the temporary file', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'sub'));
    const r = await run(['fens', fixture('fools-mate.pgn'), '-o', join(dir, 'sub')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^forsyth: cannot write '.*sub': EISDIR/);
    expect(r.stderr).not.toContain('.tmp');
  });
});

async function waitFor(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((done) => setTimeout(done, 25));
  expect(condition()).toBe(true);
}
