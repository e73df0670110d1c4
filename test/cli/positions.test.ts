/**
 * `forsyth positions` end to end. The six Kasparov–Deep Blue 1997 games and their python-chess FENs
 * (`--ep legal`) are the reference; each expected selection is computed here from that reference.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expected, fixture, lines, ndjson, run, textBlocks } from './helpers.js';

const games = expected('kasparov-deep-blue-1997');
const K = 'kasparov-deep-blue-1997.pgn';
const key = (fen: string): string => fen.split(' ').slice(0, 4).join(' ');

describe('forsyth positions: choosing plies', () => {
  it('--ply N gives the position after ply N of each game', async () => {
    const r = await run(['positions', '--ply', '20', '--ep', 'legal', K]);
    expect(textBlocks(r.stdout)).toEqual(games.map((g) => [g.fens[19]]));
    expect(r.stderr).toBe('6 games read, 6 positions written, 0 errors, 0 warnings\n');
    expect(r.code).toBe(0);
  });

  it('--ply A-B gives a range; --ply 0 is the starting position', async () => {
    const range = await run(['positions', '--ply', '10-12', '--ep', 'legal', K]);
    expect(textBlocks(range.stdout)).toEqual(games.map((g) => g.fens.slice(9, 12)));
    const start = await run(['positions', '--ply', '0', '--format', 'ndjson', K]);
    expect(ndjson(start.stdout).map((row) => [row['game'], row['ply'], row['fen']])).toEqual(
      games.map((g, i) => [i + 1, 0, g.start_fen]),
    );
  });

  it('--every K gives the plies that are multiples of K', async () => {
    const r = await run(['positions', '--every', '30', '--format', 'ndjson', '--ep', 'legal', K]);
    const want = games.flatMap((g, i) =>
      g.fens.flatMap((fen, p) => ((p + 1) % 30 === 0 ? [{ game: i + 1, ply: p + 1, fen }] : [])),
    );
    expect(ndjson(r.stdout).map((row) => ({ game: row['game'], ply: row['ply'], fen: row['fen'] }))).toEqual(want);
  });

  it('--last gives the final position of each main line', async () => {
    const r = await run(['positions', '--last', '--ep', 'legal', K]);
    expect(textBlocks(r.stdout)).toEqual(games.map((g) => [g.fens.at(-1)]));
  });

  it('--side b keeps the positions with Black to move', async () => {
    const r = await run(['positions', '--ply', '1-4', '--side', 'b', '--ep', 'legal', K]);
    expect(textBlocks(r.stdout)).toEqual(games.map((g) => [g.fens[0], g.fens[2]]));
  });
});

describe('forsyth positions: epd, from standard input', () => {
  it('--last --format epd: one EPD per game, the id naming game and ply', async () => {
    const r = await run(['positions', '--last', '--format', 'epd', '--ep', 'legal', '-'], {
      input: readFileSync(fixture(K)),
    });
    const want = games.map((g, i) => {
      const [a, b, c, d, half, full] = g.fens.at(-1)!.split(' ');
      return `${a} ${b} ${c} ${d} hmvc ${half}; fmvn ${full}; id "g${i + 1}p${g.fens.length}";`;
    });
    expect(lines(r.stdout)).toEqual(want);
    expect(r.stderr).toBe('6 games read, 6 positions written, 0 errors, 0 warnings\n');
    expect(r.code).toBe(0);
  });
});

describe('forsyth positions: a broken game', () => {
  it('--last of a broken game is the last position before the bad move; the error gives exit 1', async () => {
    const r = await run(['positions', '--last', '--ep', 'legal', 'broken-between-good.pgn']);
    expect(textBlocks(r.stdout)).toEqual([[games[0]!.fens.at(-1)], [games[1]!.fens[17]], [games[2]!.fens.at(-1)]]);
    expect(r.stderr).toMatch(/^broken-between-good\.pgn:38:24: error\[REPLAY_ILLEGAL_MOVE\]/m);
    expect(r.stderr.endsWith('3 games read, 3 positions written, 1 error, 0 warnings\n')).toBe(true);
    expect(r.code).toBe(1);
  });
});

describe('forsyth positions: choosing games', () => {
  it('--tag NAME=VALUE keeps the games whose header matches', async () => {
    const r = await run(['positions', '--last', '--tag', 'White=Garry Kasparov', '--ep', 'legal', K]);
    const want = games.filter((g) => g.headers['White'] === 'Garry Kasparov').map((g) => [g.fens.at(-1)]);
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(games.length);
    expect(textBlocks(r.stdout)).toEqual(want);
  });

  it('--tag repeated with one name means either value', async () => {
    const r = await run(['positions', '--last', '--format', 'ndjson', '--tag', 'Result=1-0', '--tag', 'Result=0-1', K]);
    const want = games.flatMap((g, i) => (['1-0', '0-1'].includes(g.headers['Result'] ?? '') ? [i + 1] : []));
    expect(ndjson(r.stdout).map((row) => row['game'])).toEqual(want);
  });

  it('--match FEN keeps the games that reach the position (first four fields compared)', async () => {
    const target = games[3]!.fens[30]!;
    const r = await run(['positions', '--last', '--format', 'ndjson', '--ep', 'legal', '--match', target, K]);
    const want = games.flatMap((g, i) => (g.fens.some((f) => key(f) === key(target)) ? [i + 1] : []));
    expect(want).toContain(4);
    expect(ndjson(r.stdout).map((row) => row['game'])).toEqual(want);
  });

  it('--match with a placement and ? wildcards', async () => {
    // After 1. Nf3: any piece or none on g1/h1, a knight on f3, everything else as at the start.
    const pattern = 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB??';
    const squares = (placement: string): string =>
      placement.replace(/\d/g, (d) => '1'.repeat(Number(d))).replace(/\//g, '');
    const wanted = squares(pattern);
    const matches = (fen: string): boolean =>
      [...squares(fen.split(' ')[0]!)].every((c, i) => wanted[i] === '?' || wanted[i] === c);
    const want = games.flatMap((g, i) => ([g.start_fen, ...g.fens].some(matches) ? [i + 1] : []));
    expect(want.length).toBeGreaterThan(0);
    expect(want.length).toBeLessThan(games.length);
    const r = await run(['positions', '--ply', '1', '--format', 'ndjson', '--match', pattern, K]);
    expect(ndjson(r.stdout).map((row) => row['game'])).toEqual(want);
  });
});

describe('forsyth positions: --unique and --count', () => {
  it('--unique prints each position once, at its first occurrence, without game breaks', async () => {
    const r = await run(['positions', '--unique', '--ply', '1-2', '--ep', 'legal', K]);
    const seen = new Set<string>();
    const want: string[] = [];
    for (const g of games) {
      for (const fen of g.fens.slice(0, 2)) {
        if (!seen.has(key(fen))) want.push(fen);
        seen.add(key(fen));
      }
    }
    expect(want.length).toBeLessThan(12); // the six games share some openings
    expect(r.stdout).toBe(`${want.join('\n')}\n`);
  });

  it('--unique --count prints how often each position occurred (csv)', async () => {
    const r = await run(['positions', '--unique', '--count', '--ply', '1', '--format', 'csv', '--ep', 'legal', K]);
    const counts = new Map<string, number>();
    for (const g of games) counts.set(g.fens[0]!, (counts.get(g.fens[0]!) ?? 0) + 1);
    const out = lines(r.stdout);
    expect(out[0]).toBe('game,ply,move,uci,fen,count');
    expect(out.slice(1).map((row) => [row.split(',')[4], Number(row.split(',')[5])])).toEqual([...counts]);
    expect(r.code).toBe(0);
  });

  it('--count without --unique is a usage error (exit 2)', async () => {
    const r = await run(['positions', '--count', K]);
    expect(r.stderr).toMatch(/^forsyth: --count needs --unique\n/);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
  });

  it.each([
    [['--ply', 'ten'], /option '--ply <N\|A-B>' argument 'ten' is invalid/],
    [['--ply', '9-3'], /the range 9-3 is empty/],
    [['--every', '0'], /whole number of 1 or more/],
    [['--side', 'x'], /Allowed choices are w, b/],
    [['--tag', 'oops'], /expected NAME=VALUE/],
    [['--match', '8/8/8'], /needs 8 ranks/],
    [['--match', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1'], /is not a legal position/],
  ])('bad usage %j exits 2 with a short message', async (args, message) => {
    const r = await run(['positions', ...args, K]);
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.code).toBe(2);
  });
});
