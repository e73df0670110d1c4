/**
 * Legal move generation on a `MutableBoard`, and the en passant tests FEN writing uses. Depends on
 * `attacks.ts`, `mutable-board.ts` and `types.ts`; no Node. Part of the core's private engine.
 *
 * Key decision (measured against make-then-test-every-move): generation is legal by construction.
 * One scan of the eight rays from the king finds checkers and pinned pieces; a pinned piece may only
 * move along its pin line, and in single check every non-king move must land on the checker or
 * between it and the king. Only king moves (attack test with the king lifted) and en passant (make,
 * test, unmake: the rank-pin case) need a probe. The pin and check data live in module scratch
 * arrays, valid during one `generateLegal` call (calls never nest).
 */
import {
  DIRECTION_BETWEEN,
  KING_COUNT,
  KING_TARGETS,
  KNIGHT_COUNT,
  KNIGHT_TARGETS,
  PAWN_COUNT,
  PAWN_TARGETS,
  RAY_LENGTH,
  RAY_SQUARES,
  SLIDES,
  isAttackedBy,
} from './attacks.js';
import { KIND_CASTLE, KIND_DOUBLE_PUSH, KIND_EN_PASSANT, type MutableBoard } from './mutable-board.js';
import { BLACK, KING, KNIGHT, PAWN } from '../types.js';

/** Promotion order for generated moves: queen first, as most callers want it. */
const PROMOTION_ROLES = [5, 4, 3, 2] as const;

/** Pin direction per square (-1 when not pinned) and the squares to reset afterwards. */
const pinDir = new Int8Array(64).fill(-1);
const pinned = new Int8Array(8);
let pinCount = 0;
/** Targets allowed for non-king moves (all ones when not in check), as two 32-square halves. */
let maskLow = -1;
let maskHigh = -1;

/** Writes every legal move of `mb` from `out[start]` on; returns the index after the last one. */
export function generateLegal(mb: MutableBoard, out: Int32Array, start: number): number {
  const k = mb.ownKing();
  let checkers = 0;
  if (k >= 0) checkers = scanKing(mb, k);
  else maskLow = maskHigh = -1;
  let n = start;
  if (checkers < 2) {
    n = generatePieces(mb, out, n, k);
    if (checkers === 0 && ((mb.castling >> mb.us) & 0xff) !== 0) n = generateCastling(mb, out, n, k);
    if (mb.ep >= 0) n = generateEnPassant(mb, out, n, k);
  }
  if (k >= 0) n = generateKing(mb, out, n, k);
  for (let i = 0; i < pinCount; i++) pinDir[pinned[i] ?? 0] = -1;
  pinCount = 0;
  return n;
}

/** Where `hasLegalMove` generates (the most legal moves known in a position is 218). */
const ANY_MOVES = new Int32Array(256);

/**
 * Whether the side to move of `mb` has a legal move (`generateLegal(…) > 0`), looking at the king's
 * moves first: they answer most checks, and cost no king scan.
 */
export function hasLegalMove(mb: MutableBoard): boolean {
  const k = mb.ownKing();
  if (k >= 0 && generateKing(mb, ANY_MOVES, 0, k) > 0) return true;
  return generateLegal(mb, ANY_MOVES, 0) > 0;
}

function addToMask(square: number): void {
  if (square < 32) maskLow |= 1 << square;
  else maskHigh |= 1 << square;
}

/** Finds checkers and pins around the king on `k`; sets the target mask and `pinDir`. */
function scanKing(mb: MutableBoard, k: number): number {
  const b = mb.board;
  const them = mb.us ^ BLACK;
  maskLow = 0;
  maskHigh = 0;
  let checkers = 0;
  for (let i = k * 8, end = i + (KNIGHT_COUNT[k] ?? 0); i < end; i++) {
    const t = KNIGHT_TARGETS[i] ?? 0;
    if (b[t] === (KNIGHT | them)) {
      checkers++;
      addToMask(t);
    }
  }
  // Enemy pawns that attack k stand where a pawn of ours on k would capture.
  const pawnBase = (mb.us ? 64 : 0) + k;
  for (let i = pawnBase * 2, end = i + (PAWN_COUNT[pawnBase] ?? 0); i < end; i++) {
    const t = PAWN_TARGETS[i] ?? 0;
    if (b[t] === (PAWN | them)) {
      checkers++;
      addToMask(t);
    }
  }
  for (let dir = 0; dir < 8; dir++) checkers += scanRay(b, mb.us, k, dir);
  if (checkers === 0) maskLow = maskHigh = -1;
  return checkers;
}

/** One ray from the king: records a pin, or a check (returns 1) with its blocking squares. */
function scanRay(b: Int8Array, us: number, k: number, dir: number): number {
  const base = (k * 8 + dir) * 7;
  const end = base + (RAY_LENGTH[k * 8 + dir] ?? 0);
  let own = -1;
  for (let i = base; i < end; i++) {
    const p = b[RAY_SQUARES[i] ?? 0] ?? 0;
    if (p === 0) continue;
    if ((p & BLACK) === us) {
      if (own >= 0) return 0;
      own = RAY_SQUARES[i] ?? 0;
      continue;
    }
    if (SLIDES[p * 8 + dir] !== 1) return 0;
    if (own >= 0) {
      pinDir[own] = dir;
      pinned[pinCount++] = own;
      return 0;
    }
    for (let j = base; j <= i; j++) addToMask(RAY_SQUARES[j] ?? 0);
    return 1;
  }
  return 0;
}

/** Whether a non-king move with pin direction `pin` (-1 if free) may land on `to`. */
function allowed(to: number, pin: number, k: number): boolean {
  if ((((to < 32 ? maskLow : maskHigh) >>> to) & 1) === 0) return false;
  return pin < 0 || DIRECTION_BETWEEN[k * 64 + to] === pin;
}

function generatePieces(mb: MutableBoard, out: Int32Array, start: number, k: number): number {
  const b = mb.board;
  const occupied = mb.occupancy();
  let n = start;
  for (let half = 0; half < 2; half++) {
    let bits = occupied[(mb.us >> 2) + half] ?? 0;
    while (bits !== 0) {
      const lowest = bits & -bits;
      bits ^= lowest;
      const s = (half << 5) + 31 - Math.clz32(lowest);
      const p = b[s] ?? 0;
      const role = p & 7;
      if (role === PAWN) n = generatePawn(mb, out, n, s, k);
      else if (role === KNIGHT) n = generateKnight(mb, out, n, s, k);
      else if (role !== KING) n = generateSlider(mb, out, n, s, k);
    }
  }
  return n;
}

function generatePawn(mb: MutableBoard, out: Int32Array, start: number, s: number, k: number): number {
  const b = mb.board;
  const us = mb.us;
  const pin = pinDir[s] ?? -1;
  let n = start;
  const one = us ? s - 8 : s + 8;
  if (one >= 0 && one < 64 && b[one] === 0) {
    if (allowed(one, pin, k)) n = addPawnMove(out, n, s, one);
    const two = us ? s - 16 : s + 16;
    if (s >> 3 === (us ? 6 : 1) && b[two] === 0 && allowed(two, pin, k)) {
      out[n++] = s | (two << 6) | KIND_DOUBLE_PUSH;
    }
  }
  const base = (us ? 64 : 0) + s;
  for (let i = base * 2, end = i + (PAWN_COUNT[base] ?? 0); i < end; i++) {
    const t = PAWN_TARGETS[i] ?? 0;
    const q = b[t] ?? 0;
    if (q !== 0 && (q & BLACK) !== us && allowed(t, pin, k)) n = addPawnMove(out, n, s, t);
  }
  return n;
}

function addPawnMove(out: Int32Array, start: number, from: number, to: number): number {
  let n = start;
  if (to >= 56 || to < 8) {
    for (const role of PROMOTION_ROLES) out[n++] = from | (to << 6) | (role << 12);
  } else {
    out[n++] = from | (to << 6);
  }
  return n;
}

function generateKnight(mb: MutableBoard, out: Int32Array, start: number, s: number, k: number): number {
  if ((pinDir[s] ?? -1) >= 0) return start;
  const b = mb.board;
  const them = mb.us ^ BLACK;
  let n = start;
  for (let i = s * 8, end = i + (KNIGHT_COUNT[s] ?? 0); i < end; i++) {
    const t = KNIGHT_TARGETS[i] ?? 0;
    const q = b[t] ?? 0;
    if ((q === 0 || (q & BLACK) === them) && allowed(t, -1, k)) out[n++] = s | (t << 6);
  }
  return n;
}

function generateSlider(mb: MutableBoard, out: Int32Array, start: number, s: number, k: number): number {
  const b = mb.board;
  const p = b[s] ?? 0;
  const them = mb.us ^ BLACK;
  const pin = pinDir[s] ?? -1;
  let n = start;
  for (let dir = 0; dir < 8; dir++) {
    if (SLIDES[p * 8 + dir] !== 1 || (pin >= 0 && dir !== pin && dir !== (pin ^ 1))) continue;
    const base = (s * 8 + dir) * 7;
    for (let i = base, end = base + (RAY_LENGTH[s * 8 + dir] ?? 0); i < end; i++) {
      const t = RAY_SQUARES[i] ?? 0;
      const q = b[t] ?? 0;
      if (q !== 0 && (q & BLACK) !== them) break;
      if (allowed(t, -1, k)) out[n++] = s | (t << 6);
      if (q !== 0) break;
    }
  }
  return n;
}

function generateKing(mb: MutableBoard, out: Int32Array, start: number, k: number): number {
  const b = mb.board;
  const them = mb.us ^ BLACK;
  let n = start;
  // Lift the king so that a slider checking it also covers the squares behind it.
  b[k] = 0;
  for (let i = k * 8, end = i + (KING_COUNT[k] ?? 0); i < end; i++) {
    const t = KING_TARGETS[i] ?? 0;
    const q = b[t] ?? 0;
    if ((q === 0 || (q & BLACK) === them) && !isAttackedBy(b, t, them)) out[n++] = k | (t << 6);
  }
  b[k] = KING | mb.us;
  return n;
}

function generateCastling(mb: MutableBoard, out: Int32Array, start: number, k: number): number {
  const base = mb.us ? 56 : 0;
  if ((k & 56) !== base) return start;
  const rights = (mb.castling >> mb.us) & 0xff;
  let n = start;
  for (let file = 0; file < 8; file++) {
    if ((rights & (1 << file)) !== 0 && mb.canCastle(k, base + file)) out[n++] = k | ((base + file) << 6) | KIND_CASTLE;
  }
  return n;
}

/**
 * Writes the legal en passant captures of `mb` (king on `k`, -1 if none). Each is made and tested,
 * so this is valid on its own, without the king scan of `generateLegal`.
 */
export function generateEnPassant(mb: MutableBoard, out: Int32Array, start: number, k: number): number {
  const b = mb.board;
  const us = mb.us;
  const ep = mb.ep;
  const captured = us ? ep + 8 : ep - 8;
  if (b[ep] !== 0 || b[captured] !== (PAWN | (us ^ BLACK))) return start;
  let n = start;
  // Our pawns that can take on ep stand where an enemy pawn on ep would capture.
  const base = (us ? 0 : 64) + ep;
  for (let i = base * 2, end = i + (PAWN_COUNT[base] ?? 0); i < end; i++) {
    const from = PAWN_TARGETS[i] ?? 0;
    if (b[from] !== (PAWN | us)) continue;
    const move = from | (ep << 6) | KIND_EN_PASSANT;
    if (k < 0 || mb.isSafeAfter(move, k)) out[n++] = move;
  }
  return n;
}

/**
 * Whether a pawn of the side to move (`us`: 0 or `BLACK`) stands beside the pawn that just made a
 * double push past `ep`, ready to take it en passant, legality aside (X-FEN's rule for writing it).
 */
export function isPseudoEnPassant(board: Int8Array, us: number, ep: number): boolean {
  const captured = us ? ep + 8 : ep - 8;
  if (board[captured] !== (PAWN | (us ^ BLACK)) || board[ep] !== 0) return false;
  // Our capturing pawns stand where an enemy pawn on the ep square would capture.
  const base = (us ? 0 : 64) + ep;
  for (let i = base * 2, end = i + (PAWN_COUNT[base] ?? 0); i < end; i++) {
    if (board[PAWN_TARGETS[i] ?? 0] === (PAWN | us)) return true;
  }
  return false;
}

const EP_BUFFER = new Int32Array(2);

/**
 * The en passant square a FEN of `mb` shows, or -1: `mb.ep` when a capture onto it is ready
 * (`legal` false: a pawn stands beside, X-FEN's rule) or legal (`legal` true: python-chess's and
 * chess.js's rule; a capture that would expose the king along the rank does not count). The one
 * rule for `makeFen` and the line board. The pseudo test reads a few squares and goes first: after
 * most double pushes no pawn stands ready, and a legal capture needs it anyway.
 */
export function shownEpSquare(mb: MutableBoard, legal: boolean): number {
  const ep = mb.ep;
  if (ep < 0 || !isPseudoEnPassant(mb.board, mb.us, ep)) return -1;
  return !legal || generateEnPassant(mb, EP_BUFFER, 0, mb.ownKing()) > 0 ? ep : -1;
}
