/**
 * `PlyRecord.epd`, `writeEpd` and `polyglotHex`: read from the replay's log without building a
 * `Position` (the `epd` and `polyglot` row columns use them), so each is checked against the
 * Position-based functions it stands for, on every ply of real, Chess960 and en-passant games, in
 * every ep and castling mode.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeFen, parsePgn, polyglotHex, replay, type ReplayOptions } from '../../src/index.js';

const SAMPLES = join(import.meta.dirname, '../../samples');
const EDGE = join(import.meta.dirname, '../fixtures/edge');

/** The first four fields of a FEN. */
const firstFour = (fen: string): string => fen.split(' ').slice(0, 4).join(' ');

/**
 * En passant in every state: legal (0, and 4 on the a-file), no pawn beside (1), pseudo-legal
 * but pinned on a file (2), two pawns beside of which one is pinned (3), and in Chess960 (5).
 */
const EP_GAMES = [
  '1. e4 Nf6 2. e5 d5 3. exd6 e5 4. Nf3 Nc6 *',
  '[SetUp "1"]\n[FEN "8/8/8/K2p3r/8/8/4P3/7k w - - 0 1"]\n\n1. e4 Kg1 2. Kb6 *',
  '[SetUp "1"]\n[FEN "3k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1"]\n\n1. e4 Ke7 *',
  '[SetUp "1"]\n[FEN "3k4/8/8/8/3p1p2/8/4P3/3RK3 w - - 0 1"]\n\n1. e4 fxe3 *',
  '[SetUp "1"]\n[FEN "4k3/8/8/8/1p6/8/P7/4K3 w - - 0 1"]\n\n1. a4 bxa3 2. Kd1 *',
  '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "nrkbbqrn/pppppppp/8/8/8/8/PPPPPPPP/NRKBBQRN w GBgb - 0 1"]\n\n1. g4 d5 2. g5 h5 3. gxh6 e5 4. Ng3 *',
];

function games(): string[] {
  const files = [
    ...['kasparov-deep-blue-1997-game1.pgn', 'chess960-cutechess.pgn', 'loyd-charles-xii-setup.pgn'].map((f) =>
      join(SAMPLES, f),
    ),
    ...readdirSync(EDGE)
      .filter((f) => f.startsWith('pgn-extract__') || f.startsWith('chessjs__'))
      .map((f) => join(EDGE, f)),
  ];
  return [...files.map((f) => readFileSync(f, 'latin1')), ...EP_GAMES];
}

const MODES: readonly ReplayOptions[] = [
  { includeStart: true, ep: 'always' },
  { includeStart: true, ep: 'legal', variations: true },
  { ep: 'pseudo', castling: 'shredder' },
  { ep: 'always', castling: 'xfen', variations: true },
];

describe('PlyRecord.epd, writeEpd and polyglotHex agree with makeFen and polyglotHex of the position', () => {
  for (const options of MODES) {
    it(`on every ply (${JSON.stringify(options)})`, () => {
      let plies = 0;
      let epShown = 0;
      for (const pgn of games()) {
        for (const game of parsePgn(pgn)) {
          for (const record of replay(game, options)) {
            const position = record.position;
            const want = firstFour(
              makeFen(position, { ep: 'legal', ...(options.castling && { castling: options.castling }) }),
            );
            const out = new Uint8Array(200).fill(0x7e);
            const end = record.writeEpd(out, 5);
            expect(out[4]).toBe(0x7e);
            expect(out[end]).toBe(0x7e);
            expect(new TextDecoder().decode(out.subarray(5, end)), record.path).toBe(want);
            expect(record.epd, record.path).toBe(want);
            expect(record.polyglotHex, record.path).toBe(polyglotHex(position));
            if (want.split(' ')[3] !== '-') epShown++;
            plies++;
          }
        }
      }
      expect(plies).toBeGreaterThan(1000);
      expect(epShown).toBeGreaterThan(2);
    });
  }

  it('shows the en-passant square only when the capture is legal', () => {
    const epdsOf = (pgn: string): string[] => [...replay([...parsePgn(pgn)][0]!)].map((r) => r.epd);
    expect(epdsOf(EP_GAMES[0]!)[3]).toBe('rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6');
    expect(epdsOf(EP_GAMES[0]!)[5]).toBe('rnbqkb1r/ppp2ppp/3P1n2/4p3/8/8/PPPP1PPP/RNBQKBNR w KQkq -');
    expect(epdsOf(EP_GAMES[1]!)[0]).toBe('8/8/8/K2p3r/4P3/8/8/7k b - -');
    expect(epdsOf(EP_GAMES[2]!)[0]).toBe('3k4/8/8/8/3pP3/8/8/3RK3 b - -');
    expect(epdsOf(EP_GAMES[3]!)[0]).toBe('3k4/8/8/8/3pPp2/8/8/3RK3 b - e3');
    expect(epdsOf(EP_GAMES[4]!)[0]).toBe('4k3/8/8/8/Pp6/8/8/4K3 b - a3');
  });

  it('gives the published key of the start and of 1. e4 d5 2. e5 f5 (Polyglot test vectors)', () => {
    const keys = [...replay([...parsePgn('1. e4 d5 2. e5 f5 *')][0]!, { includeStart: true })].map(
      (r) => r.polyglotHex,
    );
    expect(keys[0]).toBe('463b96181691fc9c');
    expect(keys[1]).toBe('823c9b50fd114196');
    expect(keys[4]).toBe('22a48b5a8e47ff78');
  });

  it('returns -1 and writes nothing when the EPD does not fit', () => {
    const [record] = replay([...parsePgn('1. e4 *')][0]!);
    const want = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -';
    const small = new Uint8Array(want.length - 1).fill(1);
    expect(record!.writeEpd(small, 0)).toBe(-1);
    expect(small.every((b) => b === 1)).toBe(true);
    const exact = new Uint8Array(want.length);
    expect(record!.writeEpd(exact, 0)).toBe(want.length);
    expect(new TextDecoder().decode(exact)).toBe(want);
  });

  it('writes nothing past the EPD when rank 1 is empty (the shortest tail after the placement)', () => {
    const pgn = '[SetUp "1"]\n[FEN "k7/8/8/8/8/8/K7/8 w - - 0 1"]\n\n1. Kb1 Kb8 2. Ka2 *';
    const records = [...replay([...parsePgn(pgn)][0]!)];
    expect(records.map((r) => r.epd)).toEqual([
      'k7/8/8/8/8/8/8/1K6 b - -',
      '1k6/8/8/8/8/8/8/1K6 w - -',
      '1k6/8/8/8/8/8/K7/8 b - -',
    ]);
    const want = '1k6/8/8/8/8/8/K7/8 b - -';
    const out = new Uint8Array(want.length + 10).fill(0x7e);
    expect(records[2]!.writeEpd(out, 0)).toBe(want.length);
    expect(new TextDecoder().decode(out.subarray(0, want.length))).toBe(want);
    expect(out.subarray(want.length).every((b) => b === 0x7e)).toBe(true);
  });
});
