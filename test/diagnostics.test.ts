import { describe, expect, it } from 'vitest';
import { countCodePoints, LineIndex } from '../src/diagnostics.js';

describe('countCodePoints', () => {
  it('counts a surrogate pair once and a tab once', () => {
    expect(countCodePoints('a\tb')).toBe(3);
    expect(countCodePoints('♔𝄞x')).toBe(3); // 𝄞 is two UTF-16 units
    expect(countCodePoints('𝄞x', 2)).toBe(1);
    expect(countCodePoints('ab𝄞cd', 1, 4)).toBe(2);
    expect(countCodePoints('')).toBe(0);
  });

  it('gives the columns LineIndex reports', () => {
    const text = 'Réti 𝄞 {x}\r\nline 2';
    const index = new LineIndex(text);
    expect(index.locate(text.indexOf('{'))).toEqual({
      line: 1,
      column: countCodePoints(text, 0, text.indexOf('{')) + 1,
    });
    expect(index.locate(text.indexOf('{')).column).toBe(8);
    expect(index.locate(text.indexOf('2'))).toEqual({ line: 2, column: 6 });
  });
});
