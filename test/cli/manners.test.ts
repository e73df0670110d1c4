/**
 * The CLI helping a newcomer: "did you mean" for typos and for the fen/fens mix-up, a word when it
 * waits for a terminal's input, and the progress bar on a terminal.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fixture, removeTempDirs, run, tempDir } from './helpers.js';
import { runTty } from './tty.js';

afterAll(removeTempDirs);

const FEN = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
const FOOLS_MATE = readFileSync(fixture('fools-mate.pgn'), 'utf8');

describe('typos', () => {
  it.each([
    [['fesn', 'a.pgn'], "forsyth: unknown command 'fesn'\n(Did you mean one of fen, fens?)"],
    [['valdate'], "forsyth: unknown command 'valdate'\n(Did you mean validate?)"],
    [['fens', '--strat', 'a.pgn'], "forsyth: unknown option '--strat'\n(Did you mean --start?)"],
    [['fens', '--formt', 'csv'], "forsyth: unknown option '--formt'\n(Did you mean --format?)"],
    [['fen', '--bord', FEN], "forsyth: unknown option '--bord'\n(Did you mean --board?)"],
    [['positions', '--plys', '3'], "forsyth: unknown option '--plys'\n(Did you mean --ply?)"],
  ])('%j suggests the nearest command or option', async (args, message) => {
    const r = await run(args);
    expect(r.stderr).toBe(`${message}\n(add --help for usage and examples)\n`);
    expect(r.code).toBe(2);
  });
});

describe('fen and fens mixed up', () => {
  it('a FEN given to fens: did you mean fen', async () => {
    const r = await run(['fens', FEN]);
    expect(r.stderr.split('\n')[0]).toBe(
      `forsyth: '${FEN}' is a FEN, not a PGN file: did you mean \`forsyth fen '${FEN}'\`?`,
    );
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
  });

  it('a piece placement alone given to validate, among files', async () => {
    const r = await run(['validate', 'fools-mate.pgn', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR']);
    expect(r.stderr).toContain(
      'is a FEN, not a PGN file: did you mean `forsyth fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR`?',
    );
    expect(r.code).toBe(2);
  });

  it('a PGN file given to fen: did you mean fens', async () => {
    const r = await run(['fen', 'fools-mate.pgn']);
    expect(r.stderr.split('\n')[0]).toBe(
      "forsyth: 'fools-mate.pgn' names a PGN file, not a FEN: did you mean `forsyth fens fools-mate.pgn`?",
    );
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
    const missing = await run(['fen', 'no such game.pgn']);
    expect(missing.stderr).toContain("did you mean `forsyth fens 'no such game.pgn'`?");
  });

  it('another file given to fen: did you mean fen < file', async () => {
    const dir = tempDir();
    const list = join(dir, 'positions.txt');
    writeFileSync(list, `${FEN}\n`);
    const r = await run(['fen', list]);
    expect(r.stderr.split('\n')[0]).toBe(
      `forsyth: '${list}' is a file, not a FEN: did you mean \`forsyth fen < ${list}\` (one FEN per line) or \`forsyth fens ${list}\` (PGN)?`,
    );
    expect(r.code).toBe(2);
  });

  it('leaves good FENs and real files alone', async () => {
    expect((await run(['fen', FEN])).stdout).toBe(`${FEN}\n`);
    const r = await run(['fens', 'fools-mate.pgn']);
    expect(r.code).toBe(0);
    expect(r.stdout.split('\n')).toHaveLength(5);
  });
});

describe('standard input on a terminal', () => {
  const NOTICE = 'reading PGN from standard input (end with Ctrl-D; name files to read them instead, see --help)';

  it.each(['fens', 'validate'])(
    '%s says on stderr that it reads standard input, then reads what is typed',
    async (command) => {
      const r = await runTty([command], { stdinTty: true, input: ['1. e4 e5 *\n'], cwd: fixture('.') });
      expect(r.stderr.split('\n')[0]).toBe(`forsyth ${command}: ${NOTICE}`);
      expect(r.code).toBe(0);
      if (command === 'fens') {
        expect(r.stdout).toBe(
          'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\nrnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2\n',
        );
      } else {
        expect(r.stdout).toBe('1 game read, 0 errors, 0 warnings\n');
      }
    },
  );

  it('says nothing when standard input is a pipe, a file is named, or with --quiet', async () => {
    expect((await run(['fens'], { input: FOOLS_MATE })).stderr).not.toContain('reading PGN');
    expect((await runTty(['fens', 'fools-mate.pgn'], { stdinTty: true, cwd: fixture('.') })).stderr).not.toContain(
      'reading PGN',
    );
    expect((await runTty(['fens', '-q'], { stdinTty: true, input: [FOOLS_MATE], cwd: fixture('.') })).stderr).toBe('');
  });
});

describe('the progress bar on a terminal', () => {
  it('shows bytes read (no total) for standard input that lasts', async () => {
    // Pauses long enough that the run lasts past the bar's 1 s delay even when start-up is slow.
    const r = await runTty(['fens', '-'], {
      stderrTty: true,
      input: [FOOLS_MATE, FOOLS_MATE, FOOLS_MATE, FOOLS_MATE],
      pauseMs: 1500,
    });
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/\r0\.0 MB read {2}\d games {2}\d+ games\/s\x1b\[K/);
    // The bar is cleared before the summary.
    expect(r.stderr).toMatch(/\r\x1b\[K4 games read, 16 positions written, 0 errors, 0 warnings\r?\n$/);
  });

  it('does not show for a small file', async () => {
    const r = await runTty(['fens', 'fools-mate.pgn'], { stderrTty: true, cwd: fixture('.') });
    expect(r.stderr.replace(/\r\n/g, '\n')).toBe('1 game read, 4 positions written, 0 errors, 0 warnings\n');
  });
});
