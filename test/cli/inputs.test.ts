/**
 * Inputs that are not plain files: a named pipe (opened exactly once, so its writer is not killed
 * by SIGPIPE and forsyth does not wait for a second writer), and symbolic links inside a directory
 * (followed; a loop or a dangling link reported, not skipped silently).
 */
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { expected, fixture, removeTempDirs, run, tempDir, textBlocks } from './helpers.js';

afterAll(removeTempDirs);

const fools = expected('fools-mate');
const kasparov = expected('kasparov-deep-blue-1997');

describe('a named pipe (FIFO) as input', () => {
  it('is opened once: the writer finishes normally and every game is read', async () => {
    const dir = tempDir();
    const fifo = join(dir, 'games.pgn');
    execFileSync('mkfifo', [fifo]);
    // The writer opens the pipe (blocking until a reader opens it) and writes far more than the
    // pipe's buffer holds, like `cat big.pgn > fifo`; then it exits.
    const script = `const fs = require('fs');
      const text = fs.readFileSync(${JSON.stringify(fixture('kasparov-deep-blue-1997.pgn'))});
      fs.writeFileSync(${JSON.stringify(fifo)}, Buffer.concat(Array(100).fill(text)));`;
    const writer = spawn(process.execPath, ['-e', script], { stdio: 'ignore' });
    const writerDone = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((done) =>
      writer.on('close', (code, signal) => done({ code, signal })),
    );
    const r = await run(['fens', '--ep', 'legal', fifo]);
    expect(await writerDone).toEqual({ code: 0, signal: null });
    const blocks = textBlocks(r.stdout);
    expect(blocks).toHaveLength(600);
    expect(blocks.slice(594)).toEqual(kasparov.map((g) => g.fens));
    expect(r.code).toBe(0);
  }, 30_000);
});

describe('symbolic links inside an input directory', () => {
  it('a link to a .pgn file is followed; a link to a directory is not a file', async () => {
    const dir = tempDir();
    const other = tempDir();
    writeFileSync(join(other, 'real.pgn'), readFileSync(fixture('fools-mate.pgn')));
    symlinkSync(join(other, 'real.pgn'), join(dir, 'linked.pgn'));
    symlinkSync(other, join(dir, 'folder.pgn'));
    const r = await run(['fens', '--ep', 'legal', dir]);
    expect(textBlocks(r.stdout)).toEqual([fools[0]?.fens]);
    expect(r.code).toBe(0);
  });

  it('a loop of links and a dangling link are reported, and the other files read', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'b.pgn'), readFileSync(fixture('fools-mate.pgn')));
    symlinkSync(join(dir, 'loop2.pgn'), join(dir, 'loop1.pgn'));
    symlinkSync(join(dir, 'loop1.pgn'), join(dir, 'loop2.pgn'));
    symlinkSync(join(dir, 'nothing-here'), join(dir, 'dangling.pgn'));
    const r = await run(['fens', '--ep', 'legal', dir]);
    expect(textBlocks(r.stdout)).toEqual([fools[0]?.fens]);
    expect(r.stderr).toContain(`cannot read '${join(dir, 'loop1.pgn')}': its symbolic links form a loop`);
    expect(r.stderr).toContain(`cannot read '${join(dir, 'dangling.pgn')}': it is a symbolic link to nothing`);
    expect(r.code).toBe(2);
  });
});
