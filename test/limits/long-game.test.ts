/**
 * A 20,000-ply game (knight shuffles: `Nf3 Nf6 Ng1 Ng8` over and over; neither the fifty-move rule
 * nor repetition ends a game in PGN): every ply's FEN, validate, write and read back; and replay
 * and parse time must grow linearly (sanity bounds, not a benchmark). The expected FENs are spelled out by hand from the four positions of the cycle.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { writePgn } from '../../src/pgn/write.js';
import { replay } from '../../src/replay/replay.js';
import { validate } from '../../src/replay/validate.js';
import { readBytes, timed } from '../support/robustness.js';

const CYCLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8'] as const;
/** The placement after p plies, by p mod 4. */
const PLACEMENTS = [
  'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR',
  'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R',
  'rnbqkb1r/pppppppp/5n2/8/8/5N2/PPPPPPPP/RNBQKB1R',
  'rnbqkb1r/pppppppp/5n2/8/8/8/PPPPPPPP/RNBQKBNR',
] as const;

function expectedFen(p: number): string {
  return `${PLACEMENTS[p % 4]} ${p % 2 === 0 ? 'w' : 'b'} KQkq - ${p} ${1 + Math.floor(p / 2)}`;
}

/** `plies` plies of the shuffle, ten moves to a line; with a clock comment after each move if asked. */
function shuffle(plies: number, clocks = false): string {
  const parts = ['[Event "shuffle"]\n[Result "1/2-1/2"]\n\n'];
  for (let p = 1; p <= plies; p++) {
    if (p % 2 === 1) parts.push(`${(p + 1) / 2}. `);
    parts.push(CYCLE[(p - 1) % 4] as string, ' ');
    if (clocks)
      parts.push(
        `{[%clk 0:${String(Math.floor((p % 3600) / 60)).padStart(2, '0')}:${String(p % 60).padStart(2, '0')}]} `,
      );
    if (p % 10 === 0) parts.push('\n');
  }
  parts.push('1/2-1/2\n');
  return parts.join('');
}

/** Parse and replay, reading every FEN: the work `forsyth fens` does per game. */
function fensOfText(text: string): string[] {
  const [game] = [...parsePgn(text)];
  return [...replay(game as Game)].map((r) => r.fen);
}

describe('a 20,000-ply game', () => {
  const text = shuffle(20_000);

  it('gives every ply its FEN, validates clean, and writes back to the same game', () => {
    const { value: games, ms: parseMs } = timed(() => [...parsePgn(text)]);
    const game = games[0] as Game;
    expect(game.diagnostics).toEqual([]);
    const { value: fens, ms: replayMs } = timed(() => [...replay(game)].map((r) => r.fen));
    expect(fens).toHaveLength(20_000);
    expect(fens.filter((fen, i) => fen !== expectedFen(i + 1))).toEqual([]);
    expect(fens.at(-1)).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 20000 10001');
    const { value: problems, ms: validateMs } = timed(() => validate(game));
    expect(problems).toEqual([]);
    const { value: written, ms: writeMs } = timed(() => writePgn(game));
    expect(fensOfText(written)).toEqual(fens);
    console.info(
      `20,000 plies (${(text.length / 1024).toFixed(0)} KB): parse ${parseMs.toFixed(0)} ms, replay ${replayMs.toFixed(0)} ms, ` +
        `validate ${validateMs.toFixed(0)} ms, write ${writeMs.toFixed(0)} ms`,
    );
  }, 30_000);

  it('replays in linear time (20,000 plies within 3× of 10,000) and parses in linear time (160,000 within 8× of 40,000)', () => {
    const [small, large] = [shuffle(10_000), text].map((t) => [...parsePgn(t)][0] as Game) as [Game, Game];
    // Parse + replay + every FEN read, as `forsyth fens` does; the best of seven after a warm-up,
    // so that a garbage collection or the JIT does not decide the ratio.
    const work = (game: Game): number => {
      let length = 0;
      for (const r of replay(game)) length += r.fen.length;
      return length;
    };
    // Each sample repeats the work so that it lasts tens of milliseconds: at a few milliseconds a
    // sample, one scavenge or a busy machine could decide the ratio.
    const REPEAT = 8;
    const repeated = (f: () => unknown): number =>
      timed(() => {
        for (let i = 0; i < REPEAT; i++) f();
      }).ms;
    const best = (game: Game): number => {
      work(game);
      return Math.min(...Array.from({ length: 7 }, () => repeated(() => work(game))));
    };
    const [smallMs, largeMs] = [best(small), best(large)];
    console.info(
      `replay + FENs ×${REPEAT}: 10,000 plies ${smallMs.toFixed(1)} ms, 20,000 plies ${largeMs.toFixed(1)} ms (×${(largeMs / smallMs).toFixed(2)})`,
    );
    expect(largeMs / smallMs).toBeLessThan(3);
    // Parsing is compared over two doublings, from 40,000 plies up: around 20,000-40,000 plies a
    // game's nodes outgrow V8's young generation and the cost per ply steps up once (a garbage
    // collection regime, measured flat from there to 640,000 plies); quadratic work would give 16×.
    const parse = (t: string): number => Math.min(...Array.from({ length: 7 }, () => repeated(() => [...parsePgn(t)])));
    const [smallParse, largeParse] = [parse(shuffle(40_000)), parse(shuffle(160_000))];
    console.info(
      `parse ×${REPEAT}: 40,000 plies ${smallParse.toFixed(1)} ms, 160,000 plies ${largeParse.toFixed(1)} ms (×${(largeParse / smallParse).toFixed(2)})`,
    );
    expect(largeParse / smallParse).toBeLessThan(8);
  }, 60_000);

  it('with a clock comment after every move, streamed: every clock read, the last FEN right', async () => {
    const clocked = shuffle(20_000, true);
    const bytes = Buffer.from(clocked, 'utf8');
    const { games } = await readBytes(bytes, [1000, 50_000, 300_000]);
    const records = [...replay(games[0] as Game)];
    expect(records).toHaveLength(20_000);
    expect(records.filter((r) => r.clock === undefined)).toEqual([]);
    // Ply 19,999 is 19999 mod 3600 = 1999 s → 0:33:19.
    expect(records.at(-2)?.clock).toBe(33 * 60 + 19);
    expect(records.at(-1)?.fen).toBe(expectedFen(20_000));
  }, 30_000);
});
