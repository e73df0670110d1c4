/**
 * `--where` end to end on real lichess exports (the committed fixture, and the whole exports of the
 * shared corpus when it is there): each command's selection is compared with the same condition
 * computed here from the python-chess reference headers (not from forsyth's reading).
 */
import { describe, expect, it } from 'vitest';
import type { ExpectedGame } from '../support/corpus.js';
import { LICHESS_FIXTURE, LICHESS_SOURCES, lichessExpected } from '../support/lichess.js';
import { lines, ndjson, run } from './helpers.js';

const elo = (g: ExpectedGame, side: 'White' | 'Black'): number =>
  Number(/^\d+$/.test(g.headers[`${side}Elo`] ?? '') ? g.headers[`${side}Elo`] : NaN);
const numbers = (games: readonly ExpectedGame[], keep: (g: ExpectedGame) => boolean): number[] =>
  games.flatMap((g, i) => (keep(g) ? [i + 1] : []));

describe.each(LICHESS_SOURCES)('--where on real lichess games ($label)', { timeout: 120_000 }, (source) => {
  const CLK = source.clk.pgn;
  // The clockless export as zstd where the source has it (the shared corpus), to read that too.
  const NOCLK = source.noclk.zst ?? source.noclk.pgn;
  const clk = lichessExpected(source.clk);
  const noclk = lichessExpected(source.noclk);

  it('fens: ratings, class and termination, with the FENs of exactly those games', async () => {
    const where = 'WhiteElo >= 2000 && tc_class == "blitz" && Termination != "Abandoned"';
    const r = await run(['fens', '--ep', 'legal', '--format', 'ndjson', '--where', where, CLK], { cwd: source.dir });
    const blitz = (g: ExpectedGame): boolean => {
      const [base, inc] = (g.headers['TimeControl'] ?? '').split('+').map(Number);
      const estimate = (base ?? NaN) + 40 * (inc ?? NaN);
      return estimate >= 180 && estimate < 480;
    };
    const keep = (g: ExpectedGame): boolean =>
      elo(g, 'White') >= 2000 && blitz(g) && g.headers['Termination'] !== 'Abandoned';
    const want = clk.flatMap((g, i) => (keep(g) ? g.fens.map((fen) => [i + 1, fen]) : []));
    expect(want.length).toBeGreaterThan(source.full ? 1000 : 100);
    expect(ndjson(r.stdout).map((row) => [row['game'], row['fen']])).toEqual(want);
    expect(r.stderr).toBe(
      `${clk.length} games read, ${numbers(clk, keep).length} selected, ${want.length} positions written, 0 errors, 0 warnings\n`,
    );
    expect(r.code).toBe(0);
  });

  it('positions: || and ! and Date strings; --jobs 2 gives the same', async () => {
    const where = '(Date >= "2024" || Date < "2017") && !(Result == "1/2-1/2")';
    const keep = (g: ExpectedGame): boolean =>
      ((g.headers['Date'] ?? '') >= '2024' || (g.headers['Date'] ?? '') < '2017') && g.headers['Result'] !== '1/2-1/2';
    const args = ['positions', '--last', '--ep', 'legal', '--format', 'ndjson', '--where', where, NOCLK];
    const [one, two] = await Promise.all([run(args), run([...args, '--jobs', '2'])]);
    const want = noclk.flatMap((g, i) => (keep(g) ? [[i + 1, g.fens.at(-1) ?? g.start_fen]] : []));
    expect(want.length).toBeGreaterThan(source.full ? 100 : 3);
    expect(want.length).toBeLessThan(noclk.length / 2);
    expect(ndjson(one.stdout).map((row) => [row['game'], row['fen']])).toEqual(want);
    expect(two.stdout).toBe(one.stdout);
  });

  it('player and ~: either colour, case-insensitive substring', async () => {
    const r = await run(['positions', '--last', '--format', 'ndjson', '--where', 'player ~ "DRUNKEN"', NOCLK]);
    const want = numbers(
      noclk,
      (g) => /drunken/i.test(g.headers['White'] ?? '') || /drunken/i.test(g.headers['Black'] ?? ''),
    );
    expect(want.length).toBeGreaterThan(source.full ? 10 : 2);
    expect(ndjson(r.stdout).map((row) => row['game'])).toEqual(want);
  });

  it('plies (which needs the moves) counts the main line', async () => {
    const r = await run([
      'positions',
      '--last',
      '--format',
      'ndjson',
      '--where',
      'plies > 150 && white_elo < 1500',
      CLK,
    ]);
    const want = numbers(clk, (g) => g.fens.length > 150 && elo(g, 'White') < 1500);
    expect(want.length).toBeGreaterThan(0);
    expect(ndjson(r.stdout).map((row) => row['game'])).toEqual(want);
  });

  it('export writes only the chosen games; validate reports on them only', async () => {
    const where = 'Event ~ "bullet" && tc_inc > 0';
    const keep = (g: ExpectedGame): boolean =>
      /bullet/i.test(g.headers['Event'] ?? '') && Number((g.headers['TimeControl'] ?? '').split('+')[1]) > 0;
    const exported = await run(['export', '--where', where, NOCLK]);
    const sites = lines(exported.stdout)
      .filter((l) => l.startsWith('[Site '))
      .map((l) => l.slice(7, -2));
    const want = noclk.filter(keep).map((g) => g.headers['Site']);
    expect(want.length).toBeGreaterThan(source.full ? 5 : 2);
    expect(sites).toEqual(want);
    const validated = await run(['validate', '--where', where, NOCLK]);
    expect(validated.stdout).toBe(`${noclk.length} games read, ${want.length} selected, 0 errors, 0 warnings\n`);
    expect(validated.code).toBe(0);
  });

  it('--tag is shorthand for --where: the same games', async () => {
    const [tag, where] = await Promise.all([
      run([
        'positions',
        '--last',
        '--tag',
        'Termination=Time forfeit',
        '--tag',
        'Termination=Abandoned',
        '--tag',
        'Result=0-1',
        CLK,
      ]),
      run([
        'positions',
        '--last',
        '--where',
        '(Termination == "Time forfeit" || Termination == "Abandoned") && Result == "0-1"',
        CLK,
      ]),
    ]);
    expect(tag.stdout.length).toBeGreaterThan(0);
    expect(tag.stdout).toBe(where.stdout);
    expect(tag.stderr).toBe(where.stderr);
  });
});

describe('--where: games left out are not parsed; errors exit 2', { timeout: 60_000 }, () => {
  it('a broken game the filter leaves out gives no diagnostic; the same game kept does', async () => {
    const input = '[White "a"]\n[Result "*"]\n\n1. e4 e5 2. Kxx9 *\n\n[White "b"]\n[Result "*"]\n\n1. d4 *\n';
    const left = await run(['fens', '--where', 'White == "b"', '-'], { input });
    expect(left.stdout).toBe('rnbqkbnr/pppppppp/8/8/3P4/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 1\n');
    expect(left.stderr).toBe('2 games read, 1 selected, 1 position written, 0 errors, 0 warnings\n');
    expect(left.code).toBe(0);
    const kept = await run(['fens', '--where', 'White ~ ""', '-'], { input });
    expect(kept.code).toBe(1);
  });

  it.each([
    ['WhiteElo = 2000', '--where:1:10: error[WHERE_SYNTAX]', '           ^'],
    ['tc_class == blitz', '--where:1:13: error[WHERE_UNKNOWN_FIELD]: unknown field "blitz"', '              ^^^^^'],
    ['(White == "x"', '--where:1:14: error[WHERE_SYNTAX]', '               ^'],
  ])('%s is a usage error located in the expression', async (where, head, caret) => {
    for (const command of ['fens', 'positions', 'export', 'validate']) {
      const r = await run([command, '--where', where, LICHESS_FIXTURE.clk.pgn]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(head);
      expect(r.stderr).toContain(`\n  ${where}\n${caret}\n`);
      expect(r.stderr).not.toMatch(/\bat .*\.js:\d+/); // no stack trace
    }
  });
});
