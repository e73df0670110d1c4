/**
 * Test helpers for the core: a `Position` from a FEN through the real `parseFen` (validation on),
 * failing loudly when the FEN is rejected, and move shorthand by square names.
 */
import { parseFen } from '../../src/core/index.js';
import type { Position } from '../../src/core/index.js';
import { parseSquare, type NormalMove, type Role } from '../../src/core/types.js';

/**
 * The position of a FEN that must be well formed; `chess960` forces Chess960 (else it is detected).
 * `validate: false` admits the reference perft positions that are unreachable in a game (such as
 * impossible double checks), which the generator must still count right.
 */
export function fen(text: string, chess960 = false, validate = true): Position {
  const result = parseFen(text, { ...(chess960 ? { chess960 } : {}), validate });
  if (!result.ok) throw new Error(`test FEN rejected: ${text}: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  return result.value;
}

/** `sq('e4')` → 28; throws on a bad name (tests only). */
export function sq(name: string): number {
  const square = parseSquare(name);
  if (square === undefined) throw new Error(`bad square ${name}`);
  return square;
}

/** `mv('e7', 'e8', 'queen')` → `{ from: 52, to: 60, promotion: 'queen' }`. */
export function mv(from: string, to: string, promotion?: Role): NormalMove {
  return promotion === undefined ? { from: sq(from), to: sq(to) } : { from: sq(from), to: sq(to), promotion };
}
