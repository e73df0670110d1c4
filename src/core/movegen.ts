/**
 * Legal move generation and make/unmake on a private, mutable copy of a position. Depends on
 * `types.ts` and `attacks.ts`; no Node. Not part of the public API: `position.ts`, `perft.ts` and
 * `san.ts` use it inside single calls and never hand a `MutableBoard` out (DESIGN 7.5).
 *
 * Key decisions, both measured against make-then-test-every-move:
 * - Generation is legal by construction. One scan of the eight rays from the king finds checkers
 *   and pinned pieces; a pinned piece may only move along its pin line, and in single check every
 *   non-king move must land on the checker or between it and the king. Only king moves (attack test
 *   with the king lifted) and en passant (make, test, unmake: the rank-pin case) need a probe.
 * - Moves are small integers (see `encodeMove`), written into a caller-owned `Int32Array`, so perft
 *   allocates nothing per node.
 */
import {
  DIRECTION_BETWEEN, KING_COUNT, KING_TARGETS, KNIGHT_COUNT, KNIGHT_TARGETS, PAWN_COUNT,
  PAWN_TARGETS, RAY_LENGTH, RAY_SQUARES, SLIDES, isAttackedBy,
} from './attacks.js';
import { BLACK, KING, KNIGHT, PAWN, ROOK } from './types.js';

/** Move kinds, stored in bits 15–16 of an encoded move. */
export const KIND_NORMAL = 0;
export const KIND_CASTLE = 1 << 15;
export const KIND_EN_PASSANT = 2 << 15;
export const KIND_DOUBLE_PUSH = 3 << 15;
export const KIND_MASK = 3 << 15;

/**
 * An encoded move: `from | to << 6 | promotedPieceRole << 12 | kind`. Castling is king-takes-rook
 * (`to` is the rook square), as in `NormalMove`.
 */
export function encodeMove(from: number, to: number, promotion: number, kind: number): number {
  return from | (to << 6) | (promotion << 12) | kind;
}

/** Castling-right bits to keep after a move touches each square (rook squares on the back ranks). */
const CASTLING_KEEP = new Int32Array(64).fill(-1);
for (let file = 0; file < 8; file++) {
  CASTLING_KEEP[file] = ~(1 << file);
  CASTLING_KEEP[56 + file] = ~(1 << (8 + file));
}

/** Promotion order for generated moves: queen first, as most callers want it. */
const PROMOTION_ROLES = [5, 4, 3, 2] as const;

/** Undo entries per ply: captured piece, castling mask, en passant square. */
const UNDO_SIZE = 3;
const MAX_PLY = 256;

/**
 * What a `MutableBoard` starts from: the fields of a `Position` in their compact form.
 * `castling` is a mask: bit f for a white rook on file f of rank 1, bit 8 + f for black on rank 8.
 */
export interface CompactPosition {
  readonly board: Int8Array;
  readonly turn: 'white' | 'black';
  readonly castlingMask: number;
  readonly epSquare: number | undefined;
  /** King squares, -1 when missing: kept by `Position` so loading needs no board search. */
  readonly whiteKing: number;
  readonly blackKing: number;
}

/** A private, mutable position for generation and search. Only `toMutable` creates one. */
export class MutableBoard {
  readonly board = new Int8Array(64);
  /** Side to move: 0 for white, `BLACK` (8) for black, so `piece & BLACK` compares directly. */
  us = 0;
  castling = 0;
  ep = -1;
  readonly kings = new Int8Array(2);
  /**
   * Occupancy bits per colour, two 32-square halves each (`[white a1–h4, white a5–h8, black …]`):
   * generation walks set bits instead of scanning all 64 squares.
   */
  private readonly occupied = new Int32Array(4);
  private readonly undo = new Int32Array(MAX_PLY * UNDO_SIZE);
  private sp = 0;
  /** Pin direction per square (-1 when not pinned), valid during one `generate` call. */
  private readonly pinDir = new Int8Array(64).fill(-1);
  private readonly pinned = new Int8Array(8);
  private pinCount = 0;
  /** Targets allowed for non-king moves (all ones when not in check), as two 32-square halves. */
  private maskLow = -1;
  private maskHigh = -1;

  /** Copies a position in; the board is copied, never shared. */
  load(pos: CompactPosition): this {
    this.board.set(pos.board);
    this.occupied.fill(0);
    for (let sq = 0; sq < 64; sq++) {
      const p = pos.board[sq] ?? 0;
      if (p !== 0) this.toggle(sq, p & BLACK);
    }
    this.us = pos.turn === 'white' ? 0 : BLACK;
    this.castling = pos.castlingMask;
    this.ep = pos.epSquare ?? -1;
    this.kings[0] = pos.whiteKing;
    this.kings[1] = pos.blackKing;
    this.sp = 0;
    return this;
  }

  /** Flips the occupancy bit of `sq` for colour `color` (0 or `BLACK`). */
  private toggle(sq: number, color: number): void {
    const i = (color >> 2) + (sq >> 5);
    this.occupied[i] = (this.occupied[i] ?? 0) ^ (1 << sq);
  }

  /** King square of the side to move, -1 if it has none. */
  ownKing(): number {
    return this.kings[this.us >> 3] ?? -1;
  }

  /** Whether the side to move is in check. */
  inCheck(): boolean {
    const k = this.ownKing();
    return k >= 0 && isAttackedBy(this.board, k, this.us ^ BLACK);
  }

  /** Writes every legal move from `out[start]` on; returns the index after the last one. */
  generate(out: Int32Array, start: number): number {
    const k = this.ownKing();
    let checkers = 0;
    if (k >= 0) checkers = this.scanKing(k);
    else this.maskLow = this.maskHigh = -1;
    let n = start;
    if (checkers < 2) {
      n = this.generatePieces(out, n, k);
      if (checkers === 0 && ((this.castling >> this.us) & 0xff) !== 0) n = this.generateCastling(out, n, k);
      if (this.ep >= 0) n = this.generateEnPassant(out, n, k);
    }
    if (k >= 0) n = this.generateKing(out, n, k);
    for (let i = 0; i < this.pinCount; i++) this.pinDir[this.pinned[i] ?? 0] = -1;
    this.pinCount = 0;
    return n;
  }

  /**
   * Finds checkers and pins around the king at `k`; sets the target mask and `pinDir`.
   * Returns the number of checkers.
   */
  private scanKing(k: number): number {
    const b = this.board;
    const us = this.us;
    const them = us ^ BLACK;
    let checkers = 0;
    let low = 0;
    let high = 0;
    const knight = KNIGHT | them;
    for (let i = k * 8, end = i + (KNIGHT_COUNT[k] ?? 0); i < end; i++) {
      const t = KNIGHT_TARGETS[i] ?? 0;
      if (b[t] === knight) {
        checkers++;
        if (t < 32) low |= 1 << t;
        else high |= 1 << t;
      }
    }
    // Enemy pawns that attack k stand where a pawn of ours on k would capture.
    const pawnBase = (us ? 64 : 0) + k;
    const pawn = PAWN | them;
    for (let i = pawnBase * 2, end = i + (PAWN_COUNT[pawnBase] ?? 0); i < end; i++) {
      const t = PAWN_TARGETS[i] ?? 0;
      if (b[t] === pawn) {
        checkers++;
        if (t < 32) low |= 1 << t;
        else high |= 1 << t;
      }
    }
    for (let dir = 0; dir < 8; dir++) {
      const base = (k * 8 + dir) * 7;
      const end = base + (RAY_LENGTH[k * 8 + dir] ?? 0);
      let own = -1;
      for (let i = base; i < end; i++) {
        const t = RAY_SQUARES[i] ?? 0;
        const p = b[t] ?? 0;
        if (p === 0) continue;
        if ((p & BLACK) === us) {
          if (own >= 0) break;
          own = t;
          continue;
        }
        if (SLIDES[p * 8 + dir] === 1) {
          if (own >= 0) {
            this.pinDir[own] = dir;
            this.pinned[this.pinCount++] = own;
          } else {
            checkers++;
            for (let j = base; j <= i; j++) {
              const s = RAY_SQUARES[j] ?? 0;
              if (s < 32) low |= 1 << s;
              else high |= 1 << s;
            }
          }
        }
        break;
      }
    }
    this.maskLow = checkers === 0 ? -1 : low;
    this.maskHigh = checkers === 0 ? -1 : high;
    return checkers;
  }

  /** Whether a non-king move of the piece on `from` (pin direction `pin`) may land on `to`. */
  private allowed(to: number, pin: number, k: number): boolean {
    if ((((to < 32 ? this.maskLow : this.maskHigh) >>> to) & 1) === 0) return false;
    return pin < 0 || DIRECTION_BETWEEN[k * 64 + to] === pin;
  }

  private generatePieces(out: Int32Array, start: number, k: number): number {
    const b = this.board;
    let n = start;
    for (let half = 0; half < 2; half++) {
      let bits = this.occupied[(this.us >> 2) + half] ?? 0;
      while (bits !== 0) {
        const lowest = bits & -bits;
        bits ^= lowest;
        const s = (half << 5) + 31 - Math.clz32(lowest);
        const p = b[s] ?? 0;
        const role = p & 7;
        if (role === PAWN) n = this.generatePawn(out, n, s, k);
        else if (role === KNIGHT) n = this.generateKnight(out, n, s, k);
        else if (role !== KING) n = this.generateSlider(out, n, s, p, k);
      }
    }
    return n;
  }

  private generatePawn(out: Int32Array, start: number, s: number, k: number): number {
    const b = this.board;
    const us = this.us;
    const pin = this.pinDir[s] ?? -1;
    let n = start;
    const one = us ? s - 8 : s + 8;
    if (one >= 0 && one < 64 && b[one] === 0) {
      if (this.allowed(one, pin, k)) n = addPawnMove(out, n, s, one);
      const two = us ? s - 16 : s + 16;
      if ((s >> 3) === (us ? 6 : 1) && b[two] === 0 && this.allowed(two, pin, k)) {
        out[n++] = s | (two << 6) | KIND_DOUBLE_PUSH;
      }
    }
    const them = us ^ BLACK;
    const base = (us ? 64 : 0) + s;
    for (let i = base * 2, end = i + (PAWN_COUNT[base] ?? 0); i < end; i++) {
      const t = PAWN_TARGETS[i] ?? 0;
      const q = b[t] ?? 0;
      if (q !== 0 && (q & BLACK) === them && this.allowed(t, pin, k)) n = addPawnMove(out, n, s, t);
    }
    return n;
  }

  private generateKnight(out: Int32Array, start: number, s: number, k: number): number {
    if ((this.pinDir[s] ?? -1) >= 0) return start;
    const b = this.board;
    const them = this.us ^ BLACK;
    let n = start;
    for (let i = s * 8, end = i + (KNIGHT_COUNT[s] ?? 0); i < end; i++) {
      const t = KNIGHT_TARGETS[i] ?? 0;
      const q = b[t] ?? 0;
      if ((q === 0 || (q & BLACK) === them) && this.allowed(t, -1, k)) out[n++] = s | (t << 6);
    }
    return n;
  }

  private generateSlider(out: Int32Array, start: number, s: number, p: number, k: number): number {
    const b = this.board;
    const them = this.us ^ BLACK;
    const pin = this.pinDir[s] ?? -1;
    let n = start;
    for (let dir = 0; dir < 8; dir++) {
      if (SLIDES[p * 8 + dir] !== 1 || (pin >= 0 && dir !== pin && dir !== (pin ^ 1))) continue;
      const base = (s * 8 + dir) * 7;
      for (let i = base, end = base + (RAY_LENGTH[s * 8 + dir] ?? 0); i < end; i++) {
        const t = RAY_SQUARES[i] ?? 0;
        const q = b[t] ?? 0;
        if (q !== 0 && (q & BLACK) !== them) break;
        if (this.allowed(t, -1, k)) out[n++] = s | (t << 6);
        if (q !== 0) break;
      }
    }
    return n;
  }

  private generateKing(out: Int32Array, start: number, k: number): number {
    const b = this.board;
    const them = this.us ^ BLACK;
    let n = start;
    // Lift the king so that a slider checking it also covers the squares behind it.
    b[k] = 0;
    for (let i = k * 8, end = i + (KING_COUNT[k] ?? 0); i < end; i++) {
      const t = KING_TARGETS[i] ?? 0;
      const q = b[t] ?? 0;
      if ((q === 0 || (q & BLACK) === them) && !isAttackedBy(b, t, them)) out[n++] = k | (t << 6);
    }
    b[k] = KING | this.us;
    return n;
  }

  private generateCastling(out: Int32Array, start: number, k: number): number {
    const base = this.us ? 56 : 0;
    if ((k & 56) !== base) return start;
    const rights = (this.castling >> this.us) & 0xff;
    let n = start;
    for (let file = 0; file < 8; file++) {
      if ((rights & (1 << file)) !== 0 && this.canCastle(k, base + file)) {
        out[n++] = k | ((base + file) << 6) | KIND_CASTLE;
      }
    }
    return n;
  }

  /**
   * Castling with the rook on `r`, one rule for standard chess and Chess960: every square the king
   * or rook crosses or lands on is empty but for those two, and no square the king stands on,
   * crosses or reaches is attacked with both lifted (the rook may shield the king on the back rank).
   */
  canCastle(k: number, r: number): boolean {
    const b = this.board;
    const us = this.us;
    if (b[r] !== (ROOK | us) || b[k] !== (KING | us) || (k & 56) !== (r & 56)) return false;
    const kTo = (k & 56) + (r > k ? 6 : 2);
    const rTo = (k & 56) + (r > k ? 5 : 3);
    for (let s = Math.min(k, kTo, r, rTo), hi = Math.max(k, kTo, r, rTo); s <= hi; s++) {
      if (s !== k && s !== r && b[s] !== 0) return false;
    }
    b[k] = 0;
    b[r] = 0;
    let safe = true;
    for (let s = Math.min(k, kTo), hi = Math.max(k, kTo); s <= hi && safe; s++) {
      safe = !isAttackedBy(b, s, us ^ BLACK);
    }
    b[k] = KING | us;
    b[r] = ROOK | us;
    return safe;
  }

  /** Writes the legal en passant captures (fully tested, so valid even without `scanKing`). */
  generateEnPassant(out: Int32Array, start: number, k: number): number {
    const b = this.board;
    const us = this.us;
    const ep = this.ep;
    const captured = us ? ep + 8 : ep - 8;
    if (b[ep] !== 0 || b[captured] !== (PAWN | (us ^ BLACK))) return start;
    let n = start;
    // Our pawns that can take on ep stand where an enemy pawn on ep would capture.
    const base = (us ? 0 : 64) + ep;
    for (let i = base * 2, end = i + (PAWN_COUNT[base] ?? 0); i < end; i++) {
      const from = PAWN_TARGETS[i] ?? 0;
      if (b[from] !== (PAWN | us)) continue;
      const move = from | (ep << 6) | KIND_EN_PASSANT;
      if (k < 0 || this.isSafeAfter(move, k)) out[n++] = move;
    }
    return n;
  }

  /** Whether our king (on `k` unless it moves) is safe after `move`; the board is restored. */
  isSafeAfter(move: number, k: number): boolean {
    this.make(move);
    const from = move & 63;
    const king = from === k ? this.kings[(this.us ^ BLACK) >> 3] ?? -1 : k;
    const safe = !isAttackedBy(this.board, king, this.us);
    this.unmake(move);
    return safe;
  }

  /** Plays an encoded legal move; `unmake(move)` must follow in stack order. */
  make(move: number): void {
    const b = this.board;
    const us = this.us;
    const from = move & 63;
    const to = (move >> 6) & 63;
    const kind = move & KIND_MASK;
    const piece = b[from] ?? 0;
    const sp = this.sp;
    if (sp >= this.undo.length) throw new Error('internal: make/unmake stack overflow');
    this.undo[sp + 1] = this.castling;
    this.undo[sp + 2] = this.ep;
    this.sp = sp + UNDO_SIZE;
    this.ep = -1;
    let captured = 0;
    if (kind === KIND_CASTLE) {
      this.makeCastle(from, to);
    } else {
      captured = b[to] ?? 0;
      if (kind === KIND_EN_PASSANT) {
        const square = us ? to + 8 : to - 8;
        captured = b[square] ?? 0;
        b[square] = 0;
        this.toggle(square, us ^ BLACK);
      } else if (captured !== 0) {
        this.toggle(to, us ^ BLACK);
      } else if (kind === KIND_DOUBLE_PUSH) {
        this.ep = (from + to) >> 1;
      }
      const promotion = (move >> 12) & 7;
      b[to] = promotion ? promotion | us : piece;
      b[from] = 0;
      this.toggle(from, us);
      this.toggle(to, us);
      if ((piece & 7) === KING) {
        this.kings[us >> 3] = to;
        this.castling &= ~(0xff << us);
      }
      if (this.castling !== 0) this.castling &= (CASTLING_KEEP[from] ?? -1) & (CASTLING_KEEP[to] ?? -1);
    }
    this.undo[sp] = captured;
    this.us = us ^ BLACK;
  }

  private makeCastle(k: number, r: number): void {
    const b = this.board;
    const us = this.us;
    const kTo = (k & 56) + (r > k ? 6 : 2);
    b[k] = 0;
    b[r] = 0;
    b[kTo] = KING | us;
    const rTo = (k & 56) + (r > k ? 5 : 3);
    b[rTo] = ROOK | us;
    this.kings[us >> 3] = kTo;
    // XOR keeps the bits right when squares coincide (a rook on the king's target, a king that stays).
    this.toggle(k, us);
    this.toggle(r, us);
    this.toggle(kTo, us);
    this.toggle(rTo, us);
    this.castling &= ~(0xff << us);
  }

  /** Takes back `move`, which must be the last move made. */
  unmake(move: number): void {
    const b = this.board;
    const us = this.us ^ BLACK;
    this.us = us;
    const sp = this.sp - UNDO_SIZE;
    this.sp = sp;
    const captured = this.undo[sp] ?? 0;
    this.castling = this.undo[sp + 1] ?? 0;
    this.ep = this.undo[sp + 2] ?? -1;
    const from = move & 63;
    const to = (move >> 6) & 63;
    const kind = move & KIND_MASK;
    if (kind === KIND_CASTLE) {
      const kTo = (from & 56) + (to > from ? 6 : 2);
      const rTo = (from & 56) + (to > from ? 5 : 3);
      b[kTo] = 0;
      b[rTo] = 0;
      b[from] = KING | us;
      b[to] = ROOK | us;
      this.kings[us >> 3] = from;
      this.toggle(from, us);
      this.toggle(to, us);
      this.toggle(kTo, us);
      this.toggle(rTo, us);
      return;
    }
    const piece = (move >> 12) & 7 ? PAWN | us : b[to] ?? 0;
    b[from] = piece;
    this.toggle(from, us);
    this.toggle(to, us);
    if (kind === KIND_EN_PASSANT) {
      b[to] = 0;
      const square = us ? to + 8 : to - 8;
      b[square] = captured;
      this.toggle(square, us ^ BLACK);
    } else {
      b[to] = captured;
      if (captured !== 0) this.toggle(to, us ^ BLACK);
    }
    if ((piece & 7) === KING) this.kings[us >> 3] = from;
  }
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

/** A fresh mutable copy of `pos`. */
export function toMutable(pos: CompactPosition): MutableBoard {
  return new MutableBoard().load(pos);
}
