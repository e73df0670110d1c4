/**
 * A rank of the board packed into one integer: the key the line board logs per rank and FEN
 * writing memoises rank texts by. Depends on `types.ts`; no Node. Part of the core's private engine.
 */
import type { Board } from '../types.js';

/**
 * The rank starting at square `base` as one integer, four bits per square (a-file lowest), or -1
 * if some code does not fit four bits (only in a hand-made Setup).
 */
export function rankKey(board: Board, base: number): number {
  const a = board[base] ?? 0;
  const b = board[base + 1] ?? 0;
  const c = board[base + 2] ?? 0;
  const d = board[base + 3] ?? 0;
  const e = board[base + 4] ?? 0;
  const f = board[base + 5] ?? 0;
  const g = board[base + 6] ?? 0;
  const h = board[base + 7] ?? 0;
  if (((a | b | c | d | e | f | g | h) & ~15) !== 0) return -1;
  return a | (b << 4) | (c << 8) | (d << 12) | (e << 16) | (f << 20) | (g << 24) | (h << 28);
}

/** Writes the eight squares of rank key `key` into `out` from square `base` on. */
export function unpackRank(key: number, out: Int8Array, base: number): void {
  for (let file = 0; file < 8; file++) out[base + file] = (key >>> (4 * file)) & 15;
}
