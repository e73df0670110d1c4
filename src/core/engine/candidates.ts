/**
 * Moves onto one target square, found backwards from that square through the attack tables, then
 * tested for legality one by one. This is the hot path of SAN and UCI resolution: PGN replay asks
 * "which knight can go to f3?" once per ply, and answering it must not cost a full generation.
 * Depends on `attacks.ts`, `mutable-board.ts`, `types.ts`; no Node. Part of the core's private engine.
 */
import {
  DIRECTION_BETWEEN,
  KING_COUNT,
  KING_TARGETS,
  KNIGHT_COUNT,
  KNIGHT_TARGETS,
  PAWN_COUNT,
  PAWN_TARGETS,
  SLIDES,
  firstOccupied,
} from './attacks.js';
import { KIND_CASTLE, KIND_DOUBLE_PUSH, KIND_EN_PASSANT, KIND_MASK, type MutableBoard } from './mutable-board.js';
import { BLACK, KING, KNIGHT, PAWN, ROOK } from '../types.js';

/**
 * Writes into `out` the pseudo-legal moves (encoded, no promotion bits, no castling) of pieces with
 * role code `role` of the side to move that land on `to`; returns how many.
 */
export function candidatesTo(mb: MutableBoard, role: number, to: number, out: Int32Array): number {
  const b = mb.board;
  const us = mb.us;
  const target = b[to] ?? 0;
  if (target !== 0 && (target & BLACK) === us) return 0;
  const piece = role | us;
  if (role === PAWN) return pawnCandidates(mb, to, out);
  let n = 0;
  if (role === KNIGHT || role === KING) {
    const targets = role === KNIGHT ? KNIGHT_TARGETS : KING_TARGETS;
    const count = (role === KNIGHT ? KNIGHT_COUNT[to] : KING_COUNT[to]) ?? 0;
    for (let i = to * 8; i < to * 8 + count; i++) {
      const from = targets[i] ?? 0;
      if (b[from] === piece) out[n++] = from | (to << 6);
    }
    return n;
  }
  for (let dir = 0; dir < 8; dir++) {
    if (SLIDES[piece * 8 + dir] !== 1) continue;
    const from = firstOccupied(b, to, dir);
    if (from >= 0 && b[from] === piece) out[n++] = from | (to << 6);
  }
  return n;
}

function pawnCandidates(mb: MutableBoard, to: number, out: Int32Array): number {
  const b = mb.board;
  const us = mb.us;
  const pawn = PAWN | us;
  const back = us ? 8 : -8;
  let n = 0;
  if (b[to] === 0) {
    const one = to + back;
    if (b[one] === pawn) out[n++] = one | (to << 6);
    else if (b[one] === 0 && to >> 3 === (us ? 4 : 3) && b[one + back] === pawn) {
      out[n++] = (one + back) | (to << 6) | KIND_DOUBLE_PUSH;
    }
  }
  const enPassant = to === mb.ep && b[to] === 0 && b[to + back] === (PAWN | (us ^ BLACK));
  if (b[to] === 0 && !enPassant) return n;
  // Our capturing pawns stand where an enemy pawn on `to` would capture.
  const base = (us ? 0 : 64) + to;
  for (let i = base * 2, end = i + (PAWN_COUNT[base] ?? 0); i < end; i++) {
    const from = PAWN_TARGETS[i] ?? 0;
    if (b[from] === pawn) out[n++] = from | (to << 6) | (enPassant ? KIND_EN_PASSANT : 0);
  }
  return n;
}

/**
 * Whether the side to move may legally play the encoded non-castling `move`; `inCheck` tells whether
 * it is in check now. Out of check, a piece other than the king can only expose its king by leaving
 * a pin line, which one ray scan settles; other cases make the move and test (measured: the scan is
 * several times cheaper than a full attack test, and SAN resolution runs it once per PGN ply).
 */
export function isLegalCandidate(mb: MutableBoard, move: number, inCheck: boolean): boolean {
  const k = mb.ownKing();
  if (k < 0) return true;
  const from = move & 63;
  if (inCheck || from === k || (move & KIND_MASK) === KIND_EN_PASSANT) return mb.isSafeAfter(move, k);
  return !isPinnedAway(mb.board, k, from, (move >> 6) & 63, mb.us);
}

/** Whether moving the piece on `from` to `to` uncovers a slider attack on the king on `k`. */
function isPinnedAway(b: Int8Array, k: number, from: number, to: number, us: number): boolean {
  const dir = DIRECTION_BETWEEN[k * 64 + from] ?? -1;
  if (dir < 0 || DIRECTION_BETWEEN[k * 64 + to] === dir) return false;
  if (firstOccupied(b, k, dir) !== from) return false;
  const beyond = firstOccupied(b, from, dir);
  if (beyond < 0) return false;
  const piece = b[beyond] ?? 0;
  return (piece & BLACK) !== us && SLIDES[piece * 8 + dir] === 1;
}

/**
 * The encoded castling move with the rook that stands on the `side` of the king, or -1 if there
 * is no such right or castling is not legal now.
 */
export function castlingMove(mb: MutableBoard, side: 'king' | 'queen'): number {
  const k = mb.ownKing();
  if (k < 0 || mb.inCheck()) return -1;
  const base = mb.us ? 56 : 0;
  const rights = (mb.castling >> mb.us) & 0xff;
  for (let file = 0; file < 8; file++) {
    const r = base + file;
    if ((rights & (1 << file)) === 0 || (side === 'king') !== r > k) continue;
    if (mb.board[r] === (ROOK | mb.us) && mb.canCastle(k, r)) return k | (r << 6) | KIND_CASTLE;
  }
  return -1;
}

const FROM_TO = new Int32Array(16);

/**
 * The encoded legal move `from`-`to` (promotion role code, 0 for none) of the side to move on `mb`
 * (`inCheck`: whether it is in check), or -1: a normal move first, then castling written either
 * king-takes-rook or king-to-target. UCI and long algebraic SAN both resolve here.
 * Cost: the candidates onto `to` only, never a full generation.
 */
export function legalFromTo(mb: MutableBoard, inCheck: boolean, from: number, to: number, promotion: number): number {
  const piece = mb.board[from] ?? 0;
  if (piece === 0 || (piece & BLACK) !== mb.us) return -1;
  const lastRank = (piece & 7) === PAWN && to >> 3 === (mb.us ? 0 : 7);
  if (lastRank !== (promotion !== 0) || promotion === KING || promotion === PAWN) return -1;
  const n = candidatesTo(mb, piece & 7, to, FROM_TO);
  for (let i = 0; i < n; i++) {
    const code = FROM_TO[i] ?? 0;
    if ((code & 63) === from && isLegalCandidate(mb, code, inCheck)) return code | (promotion << 12);
  }
  return (piece & 7) === KING ? castlingFromTo(mb, from, to) : -1;
}

function castlingFromTo(mb: MutableBoard, from: number, to: number): number {
  if ((from & 56) !== (to & 56) || from === to) return -1;
  for (const side of ['king', 'queen'] as const) {
    const code = castlingMove(mb, side);
    if (code < 0) continue;
    const rook = (code >> 6) & 63;
    const kingTarget = (from & 56) + (side === 'king' ? 6 : 2);
    if (to === rook || to === kingTarget) return code;
  }
  return -1;
}
