/**
 * `--columns` end to end on real lichess games (the committed fixture, and the whole clocked export
 * of the shared corpus when it is there). Every value is checked against what the test works
 * out by itself: FENs and EPDs from the python-chess reference, clocks and evals read from the
 * PGN text with the test's own regular expressions, Polyglot keys from the published test vectors.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ExpectedGame } from '../support/corpus.js';
import { LICHESS_SOURCES, lichessExpected, lichessText, occurrences } from '../support/lichess.js';
import { lines, ndjson, run } from './helpers.js';

const ALL =
  'game,ply,move_number,side,fen,epd,san,uci,next_uci,clock,emt,eval_cp,eval_mate,nags,comment,result,result_stm,white_elo,black_elo,tc_base,tc_inc,tc_class,termination,tag.Site';

type Row = Record<string, unknown>;
const LONG = { timeout: 180_000 };

/** What the test reads off each game's movetext line: per ply, the clock and eval comments. */
interface Written {
  readonly clocks: (number | null)[];
  readonly evals: ({ cp: number } | { mate: number } | null)[];
}

function writtenBySite(text: string): Map<string, Written> {
  const out = new Map<string, Written>();
  let site = '';
  for (const line of text.split('\n')) {
    const tag = /^\[Site "https:\/\/lichess\.org\/(\w+)"\]$/.exec(line);
    if (tag) site = tag[1] as string;
    if (!line.startsWith('1.')) continue;
    const comments = [...line.matchAll(/\{([^}]*)\}/g)].map((m) => m[1] as string);
    out.set(site, {
      clocks: comments.map((c) => {
        const m = /\[%clk (\d+):(\d\d):(\d\d(?:\.\d+)?)\]/.exec(c);
        return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : null;
      }),
      evals: comments.map((c) => {
        const m = /\[%eval (#?)(-?[\d.]+)/.exec(c);
        if (!m) return null;
        return m[1] === '#' ? { mate: Number(m[2]) } : { cp: Math.round(Number(m[2]) * 100) };
      }),
    });
  }
  return out;
}

describe.each(LICHESS_SOURCES)('--columns on every game of the clocked export ($label)', LONG, (source) => {
  const CLK = source.clk.pgn;
  const text = lichessText(source.clk);
  const expectedGames = lichessExpected(source.clk);
  let rows: Row[] = [];
  let byGame = new Map<string, Row[]>();
  const written = writtenBySite(text);
  const expectedBySite = new Map<string, ExpectedGame>(
    expectedGames.map((g) => [(g.headers['Site'] ?? '').slice(-8), g]),
  );

  beforeAll(async () => {
    const r = await run([
      'fens',
      '--start',
      '--ep',
      'legal',
      '--format',
      'ndjson',
      '--columns',
      ALL,
      '--game-id',
      'Site',
      CLK,
    ]);
    expect(r.code).toBe(0);
    rows = ndjson(r.stdout);
    byGame = new Map();
    for (const row of rows) byGame.set(row['game'] as string, [...(byGame.get(row['game'] as string) ?? []), row]);
  }, 180_000);

  it('one row per ply and the start, keys in the order asked; game is the lichess game code', () => {
    expect(rows.length).toBe(expectedGames.reduce((n, g) => n + g.fens.length + 1, 0));
    expect(Object.keys(rows[0] ?? {})).toEqual(ALL.split(','));
    expect([...byGame.keys()]).toEqual(expectedGames.map((g) => (g.headers['Site'] ?? '').slice(-8)));
    for (const [code, game] of byGame) expect(game[0]?.['tag.Site']).toBe(`https://lichess.org/${code}`);
  });

  it('fen, epd (e.p. only when legal), side, move_number and ply match python-chess', () => {
    for (const [code, game] of byGame) {
      const want = expectedBySite.get(code) as ExpectedGame;
      const fens = [want.start_fen, ...want.fens];
      expect(game.map((r) => r['fen'])).toEqual(fens);
      expect(game.map((r) => r['epd'])).toEqual(fens.map((f) => (f as string).split(' ').slice(0, 4).join(' ')));
      expect(game.map((r) => r['side'])).toEqual(fens.map((f) => (f as string).split(' ')[1]));
      expect(game.map((r) => r['ply'])).toEqual(fens.map((_, i) => i));
      // The number of the move that led here: 1 for 1. e4 and 1... e5, 2 for 2. Nf3.
      expect(game.slice(1).map((r) => r['move_number'])).toEqual(want.fens.map((_, i) => Math.floor(i / 2) + 1));
    }
  });

  it("san and uci lead to the row; next_uci is the next row's uci, null on the last", () => {
    for (const game of byGame.values()) {
      expect(game[0]?.['san']).toBeNull();
      expect(game[0]?.['uci']).toBeNull();
      for (let i = 0; i < game.length; i++) expect(game[i]?.['next_uci']).toBe(game[i + 1]?.['uci'] ?? null);
      for (const r of game.slice(1)) expect(r['uci']).toMatch(/^[a-h][1-8][a-h][1-8][qrbn]?$/);
    }
  });

  it('clock is the [%clk] after each move, in seconds', () => {
    for (const [code, game] of byGame) {
      const clocks = written.get(code)?.clocks ?? [];
      expect(game.slice(1).map((r) => r['clock'])).toEqual(clocks);
      expect(game[0]?.['clock']).toBeNull();
    }
  });

  it('emt: the previous clock of the same side minus this one plus the increment (no increment on a first move)', () => {
    let withIncrement = 0;
    for (const [code, game] of byGame) {
      const want = expectedBySite.get(code) as ExpectedGame;
      const [base, inc] = (want.headers['TimeControl'] ?? '').split('+').map(Number) as [number, number];
      const clocks = written.get(code)?.clocks as number[];
      const emts = clocks.map((c, i) => (i < 2 ? base - c : (clocks[i - 2] as number) - c + inc));
      expect(game.slice(1).map((r) => r['emt'])).toEqual(emts.map((e) => Math.round(e * 1000) / 1000));
      if (inc > 0) withIncrement++;
    }
    expect(withIncrement).toBeGreaterThan(source.full ? 300 : 10);
  });

  it("eval_cp and eval_mate are the [%eval] as written (White's view), mate scores included", () => {
    let cps = 0;
    let mates = 0;
    for (const [code, game] of byGame) {
      const evals = written.get(code)?.evals ?? [];
      for (const [i, r] of game.slice(1).entries()) {
        const e = evals[i] ?? null;
        expect([r['eval_cp'], r['eval_mate']]).toEqual([
          e && 'cp' in e ? e.cp : null,
          e && 'mate' in e ? e.mate : null,
        ]);
        if (e && 'cp' in e) cps++;
        if (e && 'mate' in e) mates++;
      }
    }
    // Every eval in the text, counted as plain strings: the mate scores are `[%eval #…]`.
    const [evals, mateScores] = [occurrences(text, '[%eval '), occurrences(text, '[%eval #')];
    expect([cps, mates]).toEqual([evals - mateScores, mateScores]);
    expect(mates).toBeGreaterThan(0);
  });

  it('comment without the [%…] commands (none left in these exports), nags empty', () => {
    for (const r of rows) {
      expect(r['comment']).toBeNull();
      expect(r['nags']).toEqual([]);
    }
  });

  it('result, result_stm, ratings, time control, class and termination from the tags', () => {
    for (const [code, game] of byGame) {
      const h = (expectedBySite.get(code) as ExpectedGame).headers;
      const [base, inc] = (h['TimeControl'] ?? '').split('+').map(Number) as [number, number];
      const estimate = base + 40 * inc;
      const cls =
        estimate < 30
          ? 'ultraBullet'
          : estimate < 180
            ? 'bullet'
            : estimate < 480
              ? 'blitz'
              : estimate < 1500
                ? 'rapid'
                : 'classical';
      for (const r of game) {
        expect(r['result']).toBe(h['Result']);
        const white = r['side'] === 'w';
        const stm =
          h['Result'] === '1-0'
            ? white
              ? 1
              : 0
            : h['Result'] === '0-1'
              ? white
                ? 0
                : 1
              : h['Result'] === '1/2-1/2'
                ? 0.5
                : null;
        expect(r['result_stm']).toBe(stm);
        const rating = (v: string | undefined): number | null => (/^\d+$/.test(v ?? '') ? Number(v) : null);
        expect([r['white_elo'], r['black_elo']]).toEqual([rating(h['WhiteElo']), rating(h['BlackElo'])]);
        expect([r['tc_base'], r['tc_inc'], r['tc_class'], r['termination']]).toEqual([
          base,
          inc,
          cls,
          h['Termination'],
        ]);
      }
    }
  });
});

describe('--columns: game ids, nulls, csv, tsv, Polyglot vectors', { timeout: 60_000 }, () => {
  it('the default game id is FILE#N, N counting within each file', async () => {
    const input = '[White "a"]\n\n1. e4 *\n\n[White "b"]\n\n1. d4 *\n';
    const r = await run(['fens', '--format', 'ndjson', '--columns', 'game,ply,tag.White,tag.Black', '-'], { input });
    expect(ndjson(r.stdout)).toEqual([
      { game: '<stdin>#1', ply: 1, 'tag.White': 'a', 'tag.Black': null },
      { game: '<stdin>#2', ply: 1, 'tag.White': 'b', 'tag.Black': null },
    ]);
  });

  it('csv: empty for null, RFC 4180 quoting; --no-header; tsv escapes tabs', async () => {
    const input = '[Event "a, \\"b\\""]\n[Annotator "x\ty"]\n\n1. e4 { [%clk 0:00:59.5] fine, move } e5 *\n';
    const csv = await run(['fens', '--format', 'csv', '--columns', 'ply,san,clock,comment,tag.Event,white_elo', '-'], {
      input,
    });
    expect(csv.stdout).toBe(
      'ply,san,clock,comment,tag.Event,white_elo\n1,e4,59.5,"fine, move","a, ""b""",\n2,e5,,,"a, ""b""",\n',
    );
    const bare = await run(['fens', '--format', 'csv', '--no-header', '--columns', 'ply,san', '-'], { input });
    expect(bare.stdout).toBe('1,e4\n2,e5\n');
    const tsv = await run(['fens', '--format', 'tsv', '--columns', 'ply,san,tag.Annotator', '-'], { input });
    expect(tsv.stdout).toBe('ply\tsan\ttag.Annotator\n1\te4\tx\\ty\n2\te5\tx\\ty\n');
  });

  it('[%emt] when written; nags; comments without commands; variations follow their own line', async () => {
    const input =
      '[TimeControl "60+1"]\n\n1. e4! { [%clk 0:01:00] [%emt 0:00:05] best by test } e5 { [%clk 0:00:59] }' +
      ' 2. Nf3 $14 { [%clk 0:00:58] } (2. Bc4 { [%clk 0:00:50] } Nc6 { [%clk 0:00:57] }) Nc6 { [%clk 0:00:55.5] } *\n';
    const r = await run(
      ['fens', '--variations', '--format', 'ndjson', '--columns', 'ply,san,next_uci,clock,emt,nags,comment', '-'],
      { input },
    );
    expect(ndjson(r.stdout)).toEqual([
      { ply: 1, san: 'e4', next_uci: 'e7e5', clock: 60, emt: 5, nags: [1], comment: 'best by test' },
      { ply: 2, san: 'e5', next_uci: 'g1f3', clock: 59, emt: 1, nags: [], comment: null },
      // 60 - 58 + 1; the variation's next move is its own, and its emt counts from e4's clock.
      { ply: 3, san: 'Nf3', next_uci: 'b8c6', clock: 58, emt: 3, nags: [14], comment: null },
      { ply: 3, san: 'Bc4', next_uci: 'b8c6', clock: 50, emt: 11, nags: [], comment: null },
      { ply: 4, san: 'Nc6', next_uci: null, clock: 57, emt: 3, nags: [], comment: null },
      { ply: 4, san: 'Nc6', next_uci: null, clock: 55.5, emt: 4.5, nags: [], comment: null },
    ]);
  });

  it('polyglot: the published test vectors', async () => {
    // The key after each move of the two games in the Polyglot book format description.
    const game1 = [
      '463b96181691fc9c',
      '823c9b50fd114196',
      '0756b94461c50fb0',
      '662fafb965db29d4',
      '22a48b5a8e47ff78',
      '652a607ca3f242c1',
      '00fdd303c946bdd9',
    ];
    const input =
      '[Result "*"]\n\n1. e4 d5 2. e5 f5 3. Ke2 Kf7 *\n\n[Result "*"]\n\n1. a4 b5 2. h4 b4 3. c4 bxc3 4. Ra3 *\n';
    const r = await run(['fens', '--start', '--format', 'csv', '--no-header', '--columns', 'polyglot', '-'], { input });
    const keys = lines(r.stdout);
    expect(keys.slice(0, 7)).toEqual(game1);
    // The second game: after 1. a4 b5 2. h4 b4 3. c4 (b4xc3 e.p. can be played, so the key has
    // the e.p. file) and after 3... bxc3 4. Ra3.
    expect([keys[7], keys[12], keys[14]]).toEqual(['463b96181691fc9c', '3c8123ea7b067637', '5c3f9b829b279560']);
  });

  it('bad --columns, --columns with text, parquet without -o, --game-id alone are usage errors', async () => {
    for (const args of [
      ['--columns', 'ply,fenn'],
      ['--columns', 'ply,ply', '--format', 'csv'],
      ['--columns', 'ply'],
      ['--format', 'parquet'],
      ['--game-id', 'Site', '--format', 'csv'],
      ['--no-header', '--format', 'ndjson'],
    ]) {
      const r = await run(['fens', ...args, '-'], { input: '1. e4 *\n' });
      expect([args, r.code]).toEqual([args, 2]);
      expect(r.stdout).toBe('');
    }
  });
});
