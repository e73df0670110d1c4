import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cleanBlock, safeCut, scanBytes } from '../../src/node/utf8-scan.js';

function isUtf8(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/**
 * Byte strings that are often *almost* valid UTF-8: valid text around one sequence made of a lead
 * byte and continuation-like bytes at the boundaries of Unicode Table 3-7.
 */
const lead = fc.constantFrom(
  0x7f,
  0x80,
  0xc0,
  0xc1,
  0xc2,
  0xdf,
  0xe0,
  0xe1,
  0xec,
  0xed,
  0xee,
  0xef,
  0xf0,
  0xf1,
  0xf3,
  0xf4,
  0xf5,
  0xff,
);
const trail = fc.constantFrom(0x0a, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0);
const validText = fc.string({ unit: 'binary', maxLength: 4 }).map((s) => [...new TextEncoder().encode(s)]);
const nearValid = fc
  .tuple(validText, lead, fc.array(trail, { maxLength: 3 }), validText)
  .map(([before, l, t, after]) => Uint8Array.from([...before, l, ...t, ...after]));
const byteArrays = fc.oneof(
  fc.uint8Array({ maxLength: 24 }),
  nearValid,
  validText.map((a) => Uint8Array.from(a)),
);

describe('scanBytes', () => {
  it('agrees with a fatal TextDecoder on what is valid UTF-8', () => {
    fc.assert(
      fc.property(byteArrays, (bytes) => {
        expect(scanBytes(bytes, 0, bytes.length, -1).invalid).toBe(!isUtf8(bytes));
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    [[0xc1, 0xbf]],
    [[0xc2, 0x80]],
    [[0xe0, 0x9f, 0xbf]],
    [[0xe0, 0xa0, 0x80]],
    [[0xed, 0x9f, 0xbf]],
    [[0xed, 0xa0, 0x80]],
    [[0xf0, 0x8f, 0xbf, 0xbf]],
    [[0xf0, 0x90, 0x80, 0x80]],
    [[0xf4, 0x8f, 0xbf, 0xbf]],
    [[0xf4, 0x90, 0x80, 0x80]],
    [[0xef, 0xbf, 0xbf]],
    [[0xf3, 0xbf, 0xbf, 0xbf]],
  ])('agrees with TextDecoder at the boundary sequence %j', (list) => {
    const bytes = Uint8Array.from(list);
    expect(scanBytes(bytes, 0, bytes.length, -1).invalid).toBe(!isUtf8(bytes));
  });

  it('treats a sequence cut by the end of the range as invalid', () => {
    const bytes = Uint8Array.from([0x41, 0xc3, 0xa9]);
    expect(scanBytes(bytes, 0, 2, -1).invalid).toBe(true);
    expect(scanBytes(bytes, 0, 3, -1).invalid).toBe(false);
  });

  it('counts line breaks as LineIndex does (\\n, \\r\\n, lone \\r)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(0x0a, 0x0d, 0x41), { maxLength: 20 }), fc.nat(20), (list, at) => {
        const bytes = Uint8Array.from(list);
        const expected = (
          Buffer.from(bytes)
            .toString('latin1')
            .match(/\r\n|\r|\n/g) ?? []
        ).length;
        // Scanning in two ranges must count a \r\n across the split once.
        const split = Math.min(at, bytes.length);
        const first = scanBytes(bytes, 0, split, -1).breaks;
        const second = scanBytes(bytes, split, bytes.length, split > 0 ? (bytes[split - 1] ?? -1) : -1).breaks;
        expect(first + second).toBe(expected);
      }),
    );
  });

  it('counts suspicious control bytes and finds the first', () => {
    const bytes = Uint8Array.from([0x41, 0x09, 0x0c, 0x1a, 0x00, 0x41, 0x1b, 0x01]);
    expect(scanBytes(bytes, 0, bytes.length, -1)).toMatchObject({ controls: 3, firstControl: 4, invalid: false });
  });
});

describe('safeCut', () => {
  it('cuts valid UTF-8 at a character boundary no more than three bytes early', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', minLength: 4 }), fc.integer({ min: 4, max: 40 }), (text, max) => {
        const bytes = new TextEncoder().encode(text);
        fc.pre(bytes.length > max);
        const cut = safeCut(bytes, 0, max);
        expect(cut).toBeLessThanOrEqual(max);
        expect(cut).toBeGreaterThan(max - 4);
        expect(isUtf8(bytes.subarray(0, cut)) && isUtf8(bytes.subarray(cut))).toBe(true);
      }),
    );
  });

  it('cleanBlock (native checks only) is defined exactly when scanBytes finds nothing to look at', () => {
    const withBreaks = fc.array(
      fc.oneof(
        byteArrays,
        fc.constantFrom(
          Uint8Array.of(10),
          Uint8Array.of(13),
          Uint8Array.of(13, 10),
          Uint8Array.of(0),
          Uint8Array.of(26),
          Uint8Array.of(9, 12),
        ),
      ),
      { maxLength: 8 },
    );
    fc.assert(
      fc.property(withBreaks, (parts) => {
        const bytes = Buffer.concat(parts);
        const scan = scanBytes(bytes, 0, bytes.length, -1);
        const clean = !scan.invalid && scan.controls === 0 && !bytes.includes(13);
        expect(cleanBlock(bytes)).toBe(clean ? (scan.nonAscii ? 'utf8' : 'ascii') : undefined);
      }),
      { numRuns: 3000 },
    );
    expect(cleanBlock(Buffer.from('\n[Event "x"]\n'))).toBe('ascii');
    expect(cleanBlock(Buffer.from('Réti\n'))).toBe('utf8');
    expect(cleanBlock(Buffer.from('1. e4\r\n'))).toBeUndefined();
    expect(cleanBlock(Buffer.from('1. e4\x1a'))).toBe('ascii'); // SUB: the DOS end-of-file mark
  });
});
