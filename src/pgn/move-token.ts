/**
 * The text of move tokens: check signs, the `e.p.` mark, move number digits. Imports nothing.
 */

const LONE_EP = /^e\.p\.[+#]*$/;

/** `e.p.` (with check signs) on its own: the en passant mark of the move before it. */
export function isLoneEnPassant(text: string): boolean {
  return text.charCodeAt(1) === 46 && LONE_EP.test(text); // a dot second: no SAN has one
}

export function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Length of `text` without its trailing `+` and `#` signs. */
function withoutCheck(text: string): number {
  let i = text.length;
  while (i > 0 && (text.charCodeAt(i - 1) === 43 || text.charCodeAt(i - 1) === 35)) i--;
  return i;
}

/**
 * `Nf3+` → `Nf3` and `+`; `exd6e.p.` and `exd6 e.p.+` → `exd6` (and `+`): the check signs, and an
 * en passant mark, which SAN does not have. Undefined when there is nothing to split off (a token
 * that does not end in `+`, `#` or `.`: most moves, which then cost no object). O(length).
 */
export function splitCheck(text: string): { san: string; check: string } | undefined {
  const last = text.charCodeAt(text.length - 1);
  if (last !== 43 && last !== 35 && last !== 46) return undefined;
  let end = withoutCheck(text);
  let check = text.slice(end);
  let san = text.slice(0, end);
  const mark = san.endsWith(' e.p.') ? 5 : san.endsWith('e.p.') ? 4 : 0;
  if (mark > 0 && san.length > mark) {
    san = san.slice(0, san.length - mark);
    end = withoutCheck(san);
    check = san.slice(end) + check;
    san = san.slice(0, end);
  }
  return { san, check };
}
