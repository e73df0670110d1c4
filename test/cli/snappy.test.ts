/**
 * The Parquet writer's own Snappy compressor (cli/output/snappy.ts), read back by an independent
 * decoder (hyparquet's `snappyUncompress`): every input must come back byte for byte, including
 * the edges of the format (empty input, inputs shorter than the match margin, literals needing
 * 0-2 length bytes, copies longer than 64 bytes, inputs over several 64 KiB blocks).
 */
import { snappyUncompress } from 'hyparquet';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { maxCompressedLength, snappyCompress } from '../../cli/output/snappy.js';

function roundTrip(input: Uint8Array): Uint8Array {
  const compressed = snappyCompress(input);
  expect(compressed.length).toBeLessThanOrEqual(maxCompressedLength(input.length));
  const output = new Uint8Array(input.length);
  snappyUncompress(compressed, output);
  return output;
}

/** Deterministic bytes with no repeats worth a copy (a linear congruential generator). */
function noise(length: number, seed = 1): Uint8Array {
  const out = new Uint8Array(length);
  let x = seed;
  for (let i = 0; i < length; i++) {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    out[i] = x >>> 24;
  }
  return out;
}

describe('snappyCompress', () => {
  it('round-trips the edge cases of the format', () => {
    const fen = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';
    const cases: Uint8Array[] = [
      new Uint8Array(0),
      new Uint8Array([7]),
      Buffer.from('short text'),
      Buffer.from('fourteen bytes'),
      new Uint8Array(1000), // one long copy of zeros: pieces of 64 and 60
      noise(59),
      noise(61), // a literal length in one extra byte
      noise(300), // two bytes
      noise(70_000), // two bytes for a whole 64 KiB block, then a second block
      Buffer.from(Array.from({ length: 20_000 }, (_, i) => `${fen} ${i}`).join('\n')), // many blocks of FENs
      Buffer.concat([noise(65_530), Buffer.from('abcdabcdabcdabcdabcdabcd'), noise(100_000, 7)]), // a match across a block edge
    ];
    for (const input of cases) expect(Buffer.from(roundTrip(input)).equals(Buffer.from(input))).toBe(true);
  });

  it('compresses repeated text (FEN pages shrink to less than half)', () => {
    const fens = Buffer.from(
      Array.from(
        { length: 5_000 },
        (_, i) => `r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - ${i % 50} ${i}`,
      ).join('\n'),
    );
    expect(snappyCompress(fens).length).toBeLessThan(fens.length / 2);
  });

  it('round-trips arbitrary bytes and text with repeats', () => {
    const pieces = fc.array(
      fc.oneof(
        fc.uint8Array({ maxLength: 300 }),
        fc.constantFrom(Buffer.from('e4 e5 Nf3 '), new Uint8Array(80).fill(42)),
      ),
      { maxLength: 40 },
    );
    fc.assert(
      fc.property(pieces, fc.nat(5), (parts, times) => {
        const input = Buffer.concat(Array.from({ length: times + 1 }, () => Buffer.concat(parts)));
        return Buffer.from(roundTrip(input)).equals(input);
      }),
      { numRuns: 300 },
    );
  });
});
