/**
 * `SanError`: why a SAN or UCI move could not be resolved, with the moves a caller can offer as a
 * hint. Depends on the engine (move generation on a `MutableBoard`); no Node.
 */
import { generateLegal } from '../engine/movegen.js';
import { decodeMove, type MutableBoard } from '../engine/mutable-board.js';
import type { NormalMove, Square } from '../types.js';

/**
 * - `syntax`: the text is not a move in any accepted spelling (candidates empty);
 * - `illegal`: well formed but no legal move matches (candidates: up to 5 closest legal moves);
 * - `ambiguous`: several legal moves match (candidates: exactly those);
 * - `null`: a null move (`--`, `Z0`, `0000`) where none is allowed.
 */
export interface SanError {
  readonly kind: 'syntax' | 'illegal' | 'ambiguous' | 'null';
  readonly text: string;
  readonly message: string;
  readonly candidates: readonly NormalMove[];
}

/** Builds a `SanError`. */
export function sanError(
  kind: SanError['kind'],
  text: string,
  message: string,
  candidates: readonly NormalMove[] = [],
): SanError {
  return { kind, text, message, candidates };
}

const HINT_LIMIT = 5;
const MOVES = new Int32Array(256);

/** What the erroneous move said, as far as it is known: piece code (1–6), squares. */
export interface MoveHint {
  readonly role?: number | undefined;
  readonly from?: Square | undefined;
  readonly to?: Square | undefined;
}

/**
 * Up to five legal moves for a "did you mean" hint, ranked: same target square, then same origin,
 * then same piece kind (moves sharing none of these are left out). Stable within a rank.
 * Cost: one full generation on `mb`, which it leaves as it was (it runs only on the error path).
 */
export function closestMoves(mb: MutableBoard, hint: MoveHint): NormalMove[] {
  const board = mb.board;
  const roleOf = (m: NormalMove): number => (board[m.from] ?? 0) & 7;
  const score = (m: NormalMove): number =>
    (m.to === hint.to ? 4 : 0) + (m.from === hint.from ? 2 : 0) + (roleOf(m) === hint.role ? 1 : 0);
  const n = generateLegal(mb, MOVES, 0);
  const moves: NormalMove[] = [];
  for (let i = 0; i < n; i++) moves.push(decodeMove(MOVES[i] ?? 0));
  return moves
    .filter((m) => score(m) > 0)
    .sort((a, b) => score(b) - score(a))
    .slice(0, HINT_LIMIT);
}
