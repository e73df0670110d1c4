/** The string order of the Parquet statistics: UTF-8 byte order, as the format defines min/max of UTF8 columns. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Compare } from '../../cli/output/parquet.js';

const sign = (n: number): number => Math.sign(n) + 0;

describe('utf8Compare', () => {
  it('orders as the UTF-8 bytes do, surrogate pairs against U+E000-U+FFFF included', () => {
    expect(sign(utf8Compare('\u{1F600}', '\uFFFD'))).toBe(1); // UTF-16 units would say -1
    expect(sign(utf8Compare('a\uE000', 'a\u{10000}'))).toBe(-1);
    expect(sign(utf8Compare('abc', 'abd'))).toBe(-1);
    expect(sign(utf8Compare('ab', 'abc'))).toBe(-1);
    expect(utf8Compare('Ä', 'Ä')).toBe(0);
    fc.assert(
      fc.property(
        fc.string({ unit: 'grapheme', maxLength: 6 }),
        fc.string({ unit: 'grapheme', maxLength: 6 }),
        (a, b) => {
          return sign(utf8Compare(a, b)) === sign(Buffer.compare(Buffer.from(a), Buffer.from(b)));
        },
      ),
      { numRuns: 2000 },
    );
  });
});
