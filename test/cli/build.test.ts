/**
 * `forsyth build` end to end. The per-ply FENs of real games are python-chess's reference output
 * (test/fixtures/cli/*.expected.jsonl); the rebuilt PGN must replay to the same FENs (checked with
 * `forsyth fens --ep legal`, which the reference convention needs) and carry the file's own SAN.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expected, fixture, lines, run, sanTokens } from './helpers.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

function tempFile(name: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'forsyth-build-'));
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

describe('forsyth build --fens', () => {
  it('rebuilds a real game from its per-ply FENs: same SAN as the file, same FENs on replay', async () => {
    const [game] = expected('jorespi-marzinkus');
    const fens = tempFile('fens.txt', `${[game!.start_fen, ...game!.fens].join('\n')}\n`);
    const r = await run([
      'build',
      '--fens',
      fens,
      '--tag',
      'White=jorespi',
      '--tag',
      'Black=Marzinkus',
      '--tag',
      'Result=1-0',
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(
      r.stdout.startsWith(
        '[Event "?"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "jorespi"]\n[Black "Marzinkus"]\n[Result "1-0"]\n\n1. e4 e6 2. d4 d5',
      ),
    ).toBe(true);
    expect(sanTokens(r.stdout)).toEqual(sanTokens(readFileSync(fixture('jorespi-marzinkus.pgn'), 'utf8')));
    const replayed = await run(['fens', '--ep', 'legal', '-'], { input: r.stdout });
    expect(lines(replayed.stdout)).toEqual(game!.fens);
  });

  it('reads the FENs from stdin with "-", here the Shredder-FENs of a Chess960 game', async () => {
    const [game] = expected('cutechess-fischerrandom');
    const r = await run(['build', '--fens', '-'], {
      input: [game!.start_shredder_fen!, ...game!.shredder_fens!].join('\r\n'),
    });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1"]\n',
    );
    const replayed = await run(['fens', '--ep', 'legal', '-'], { input: r.stdout });
    expect(lines(replayed.stdout)).toEqual(game!.fens);
  });

  it('a pair no single move connects: FILE:LINE error[BUILD_NO_MOVE] with a two-plies hint, exit 1, no PGN', async () => {
    const [game] = expected('jorespi-marzinkus');
    // Line 5 is dropped: lines 4 and 6 of the new file are two plies apart.
    const all = [game!.start_fen, ...game!.fens];
    const path = tempFile('gap.txt', `${[...all.slice(0, 4), ...all.slice(5, 8)].join('\n')}\n`);
    const r = await run(['build', '--fens', path]);
    expect(r.stdout).toBe('');
    expect(r.stderr).toContain(
      `${path}:5:1: error[BUILD_NO_MOVE]: no legal move leads from "${all[3]}" to "${all[5]}"`,
    );
    expect(r.stderr).toMatch(
      /\n {2}hint: side to move is the same in both \(black\); two plies apart\? "d5 e5" leads there/,
    );
    expect(r.code).toBe(1);
  });

  it('a bad FEN line is error[BUILD_BAD_FEN] at its line and column', async () => {
    const path = tempFile(
      'bad.txt',
      `${START}\nrnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1\nnot a fen\n`,
    );
    const r = await run(['build', '--fens', path]);
    expect(r.stderr).toMatch(
      new RegExp(
        `^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:3:\\d+: error\\[BUILD_BAD_FEN\\]: line 3 is not a valid FEN`,
        'm',
      ),
    );
    expect(r.stdout).toBe('');
    expect(r.code).toBe(1);
  });

  it('an unreadable file is an I/O error: exit 2, no stack trace', async () => {
    const r = await run(['build', '--fens', 'no-such-file.txt']);
    expect(r.stderr).toMatch(/cannot read 'no-such-file.txt'/);
    expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/);
    expect(r.code).toBe(2);
  });
});

describe('forsyth build --moves', () => {
  it('from the standard start: SAN and UCI tokens, move numbers skipped, -o FILE', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'forsyth-build-')), 'game.pgn');
    const r = await run(['build', '--moves', '1. e4 e7e5 2.Nf3 Nc6 3. f1b5', '--tag', 'Event=Casual', '-o', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(readFileSync(out, 'utf8')).toBe(
      '[Event "Casual"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n[Black "?"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 *\n',
    );
  });

  it('from --fen: SetUp and FEN tags, and the game replays to the reference FENs (Loyd, mate in 3)', async () => {
    const charles = expected('charles-xii-setup');
    const r = await run(['build', '--fen', charles[0]!.start_fen, '--moves', 'Rxg3 Bxg3 Nf3 Bxh2 g4#']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`[SetUp "1"]\n[FEN "${charles[0]!.start_fen}"]\n\n1. Rxg3 Bxg3 2. Nf3 Bxh2 3. g4# *\n`);
    const replayed = await run(['fens', '--ep', 'legal', '-'], { input: r.stdout });
    expect(lines(replayed.stdout)).toEqual(charles[0]!.fens);
  });

  it('an illegal move: error[BUILD_BAD_MOVE] with a did-you-mean hint, exit 1', async () => {
    const r = await run(['build', '--moves', 'e4 e5 Nf6']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^--moves: error\[BUILD_BAD_MOVE\]: move 3 "Nf6"/m);
    expect(r.stderr).toMatch(/hint: did you mean .*Nf3/);
    expect(r.code).toBe(1);
  });

  it('a bad --fen gives its FEN diagnostics and exit 1', async () => {
    const r = await run(['build', '--fen', '8/8/8/8/8/8/8/8 w - - 0 1', '--moves', 'e4']);
    expect(r.stderr).toMatch(/^--fen:1:\d+: error\[FEN_KING_COUNT\]/m);
    expect(r.code).toBe(1);
  });

  it.each([
    [['build'], 'give --moves'],
    [['build', '--fens', 'x.txt', '--moves', 'e4'], 'does not go with'],
    [['build', '--moves', 'e4', '--tag', 'FEN=x'], 'FEN tag'],
    [['build', '--moves', 'e4', '--tag', 'novalue'], 'NAME=VALUE'],
  ])('usage errors exit 2: %j', async (args, message) => {
    const r = await run(args);
    expect(r.stderr).toContain(message);
    expect(r.code).toBe(2);
  });

  it('--help shows a real example', async () => {
    const r = await run(['build', '--help']);
    expect(r.stdout).toContain('$ forsyth build --fens positions.txt');
    expect(r.code).toBe(0);
  });
});
