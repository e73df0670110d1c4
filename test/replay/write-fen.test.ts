/**
 * `PlyRecord.writeFen`: the FEN as ASCII bytes, written by the same writer as `fen` (the CLI's text
 * output uses it). Checked against `fen` on every ply of real and odd games, and at the edges of
 * the buffer.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parsePgn, replay, type ReplayOptions } from '../../src/index.js';

const SAMPLES = join(import.meta.dirname, '../../samples');
const decode = (bytes: Uint8Array): string => new TextDecoder().decode(bytes);

/** Every ply's FEN as `writeFen` writes it, read before `fen` was (the byte form itself). */
function bytesAndTexts(pgn: string, options: ReplayOptions): { bytes: string[]; texts: string[] } {
  const bytes: string[] = [];
  const texts: string[] = [];
  for (const game of parsePgn(pgn)) {
    for (const record of replay(game, options)) {
      const out = new Uint8Array(300).fill(0x7e);
      const end = record.writeFen(out, 7);
      expect(out[6]).toBe(0x7e); // nothing before `at`
      expect(out[end]).toBe(0x7e); // nothing after the end
      bytes.push(decode(out.subarray(7, end)));
    }
    texts.push(...[...replay(game, options)].map((r) => r.fen));
  }
  return { bytes, texts };
}

describe('PlyRecord.writeFen', () => {
  for (const name of [
    'kasparov-deep-blue-1997-game1.pgn',
    'chess960-cutechess.pgn',
    'loyd-charles-xii-setup.pgn',
    'broken-game-between-good-ones.pgn',
  ]) {
    for (const options of [
      { includeStart: true, ep: 'always' },
      { ep: 'legal', variations: true },
      { ep: 'pseudo', castling: 'shredder' },
    ] as const) {
      it(`writes the bytes of fen for every ply of ${name} (${JSON.stringify(options)})`, () => {
        const pgn = readFileSync(join(SAMPLES, name), 'latin1');
        const { bytes, texts } = bytesAndTexts(pgn, options);
        expect(bytes.length).toBeGreaterThan(0);
        expect(bytes).toEqual(texts);
      });
    }
  }

  it('writes counters too big for the fast form through the string (same text)', () => {
    const pgn = '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 12345678901 9007199254740990"]\n\n1. Kd1 Kd8 *';
    const { bytes, texts } = bytesAndTexts(pgn, {});
    expect(texts[1]).toBe('3k4/8/8/8/8/8/8/3K4 w - - 12345678903 9007199254740991');
    expect(bytes).toEqual(texts);
  });

  it('returns -1 and writes nothing when the FEN does not fit, then fits in a bigger buffer', () => {
    const [record] = replay([...parsePgn('1. e4 *')][0]!);
    const small = new Uint8Array(68).fill(1); // 58 bytes of room for 59
    expect(record!.writeFen(small, 10)).toBe(-1);
    expect(small.every((b) => b === 1)).toBe(true);
    const want = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
    const exact = new Uint8Array(want.length);
    expect(record!.writeFen(exact, 0)).toBe(want.length);
    expect(decode(exact)).toBe(want);
    // Once `fen` was read, the bytes come from it: the same.
    expect(record!.fen).toBe(want);
    expect(record!.writeFen(new Uint8Array(want.length - 1), 0)).toBe(-1);
    const again = new Uint8Array(want.length + 3);
    expect(record!.writeFen(again, 3)).toBe(want.length + 3);
    expect(decode(again.subarray(3))).toBe(want);
  });

  it('writes every counter width the fast form handles (0–9, 10–99, 100–999, 1000 and up)', () => {
    const counters = [0, 9, 10, 19, 99, 100, 101, 998, 999, 1000, 1028, 1029, 123456];
    for (const half of counters) {
      for (const full of [1, 9, 10, 99, 100, 999, 1000, 1029, 65535]) {
        const pgn = `[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 b - - ${half} ${full}"]\n\n1... Kd8 *`;
        const { bytes, texts } = bytesAndTexts(pgn, {});
        expect(texts[0]).toBe(`3k4/8/8/8/8/8/8/4K3 w - - ${half + 1} ${full + 1}`);
        expect(bytes).toEqual(texts);
      }
    }
  });
});
