/**
 * `MutableBoard`: a private, mutable copy of a position with make/unmake, the state that move
 * generation (`movegen.ts`), perft, SAN resolution and the line board work on, and the encoded
 * moves they pass around. Depends on `types.ts` and `attacks.ts`; no Node. Part of the engine
 * (`src/core/engine/`), which only core modules import: callers load a `Position` into one, use it
 * within a single call and never hand it out (DESIGN 7.5).
 *
 * Key decision: moves are small integers (see `encodeMove`) and make/unmake keep a fixed undo stack,
 * so perft allocates nothing per node; colour occupancy bits are kept in step so generation can
 * walk the side's own pieces instead of all 64 squares (measured +18% perft).
 */
import { isAttackedBy, moveGivesCheck } from './attacks.js';
import { BLACK, KING, PAWN, ROLES, ROLE_MASK, ROOK, type Board, type NormalMove } from '../types.js';

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

/** The code of a null move: above every bit an encoded move uses. */
export const NULL_MOVE = 1 << 20;

/**
 * The encoded form of the move `from`-`to` (promotion role code or 0) on `board` with en passant
 * square `ep` (-1 for none), the move being legal there: its kind is read off the board.
 */
export function encodeFromTo(board: Board, ep: number, from: number, to: number, promotion: number): number {
  const piece = board[from] ?? 0;
  const role = piece & ROLE_MASK;
  let kind = KIND_NORMAL;
  if (role === KING && board[to] === (ROOK | (piece & BLACK))) kind = KIND_CASTLE;
  else if (role === PAWN && Math.abs(to - from) === 16) kind = KIND_DOUBLE_PUSH;
  else if (role === PAWN && to === ep && (from & 7) !== (to & 7) && board[to] === 0) kind = KIND_EN_PASSANT;
  return encodeMove(from, to, promotion, kind);
}

/** The public form of an encoded move. */
export function decodeMove(code: number): NormalMove {
  const from = code & 63;
  const to = (code >> 6) & 63;
  const promotion = (code >> 12) & 7;
  // Index only when set: reading ROLES[-1] would leave V8's fast array path.
  const role = promotion === 0 ? undefined : ROLES[promotion - 1];
  return role === undefined ? { from, to } : { from, to, promotion: role };
}

/**
 * Whether the encoded move, about to be played on `board`, restarts the halfmove clock: a pawn
 * move or a capture (castling "takes" its own rook, which is no capture).
 */
export function resetsHalfmoves(board: Board, code: number): boolean {
  const from = code & 63;
  return (
    ((board[from] ?? 0) & ROLE_MASK) === PAWN || ((code & KIND_MASK) !== KIND_CASTLE && board[(code >> 6) & 63] !== 0)
  );
}

/** Castling-right bits to keep after a move touches each square (rook squares on the back ranks). */
const CASTLING_KEEP = new Int32Array(64).fill(-1);
for (let file = 0; file < 8; file++) {
  CASTLING_KEEP[file] = ~(1 << file);
  CASTLING_KEEP[56 + file] = ~(1 << (8 + file));
}

/** Undo entries per ply: captured piece, castling mask, en passant square. */
const UNDO_SIZE = 3;
const MAX_PLY = 256;

/** A private, mutable position for generation and search: create once, `load` per use. */
export class MutableBoard {
  readonly board = new Int8Array(64);
  /** Side to move: 0 for white, `BLACK` (8) for black, so `piece & BLACK` compares directly. */
  us = 0;
  castling = 0;
  ep = -1;
  readonly kings = new Int8Array(2);
  /**
   * Occupancy bits per colour, two 32-square halves each (`[white a1–h4, white a5–h8, black …]`):
   * generation walks set bits instead of scanning all 64 squares. Read through `occupancy()`.
   */
  private readonly occupied = new Int32Array(4);
  /** Whether `occupied` must be rebuilt from the board (after `load`; see `occupancy`). */
  private occupancyStale = true;
  private readonly undo: Int32Array;
  private sp = 0;

  /** `depth`: how many moves `make` may stack before `unmake` (a search's depth; a forward walk needs few). */
  constructor(depth = MAX_PLY) {
    this.undo = new Int32Array(depth * UNDO_SIZE);
  }

  /**
   * Copies a position in (the board is copied, never shared): `us` is 0 or `BLACK`; `castling` a
   * mask, bit f for a white rook on file f of rank 1, bit 8 + f for black on rank 8; `ep` -1 for
   * none; king squares -1 when missing (a `Position` keeps them, so loading needs no board search).
   */
  load(board: Board, us: number, castling: number, ep: number, whiteKing: number, blackKing: number): this {
    this.board.set(board);
    this.occupancyStale = true;
    this.us = us;
    this.castling = castling;
    this.ep = ep;
    this.kings[0] = whiteKing;
    this.kings[1] = blackKing;
    this.sp = 0;
    return this;
  }

  /**
   * The occupancy bits, rebuilt first if a `load` made them stale: SAN resolution loads a position
   * per ply and never needs them, so the 64-square pass is paid only by generation.
   */
  occupancy(): Int32Array {
    if (this.occupancyStale) {
      this.occupied.fill(0);
      for (let sq = 0; sq < 64; sq++) {
        const p = this.board[sq] ?? 0;
        if (p !== 0) this.toggle(sq, p & BLACK);
      }
      this.occupancyStale = false;
    }
    return this.occupied;
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

  /**
   * Whether the side to move is in check after the encoded `move` was just played. `safeBefore`:
   * that side was not in check before the move (true after any legal move in a legal position);
   * then only the moved piece and the line it uncovered can give check, a cheap test, except for
   * castling and en passant, which move two pieces.
   */
  checkAfter(move: number, safeBefore: boolean): boolean {
    const kind = move & KIND_MASK;
    if (!safeBefore || kind === KIND_CASTLE || kind === KIND_EN_PASSANT) return this.inCheck();
    const k = this.ownKing();
    return k >= 0 && moveGivesCheck(this.board, move & 63, (move >> 6) & 63, k);
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

  /** Whether our king (on `k` unless it moves) is safe after `move`; the board is restored. */
  isSafeAfter(move: number, k: number): boolean {
    this.make(move);
    const from = move & 63;
    const king = from === k ? (this.kings[(this.us ^ BLACK) >> 3] ?? -1) : k;
    const safe = !isAttackedBy(this.board, king, this.us);
    this.unmake(move);
    return safe;
  }

  /** Plays an encoded legal move; `unmake(move)` must follow in stack order. */
  make(move: number): void {
    const sp = this.sp;
    if (sp >= this.undo.length) throw new Error('internal: make/unmake stack overflow');
    this.undo[sp + 1] = this.castling;
    this.undo[sp + 2] = this.ep;
    this.sp = sp + UNDO_SIZE;
    this.ep = -1;
    const from = move & 63;
    const to = (move >> 6) & 63;
    if ((move & KIND_MASK) === KIND_CASTLE) {
      this.undo[sp] = 0;
      this.moveCastlingPieces(from, to, true);
      this.castling &= ~(0xff << this.us);
    } else {
      this.undo[sp] = this.makeNormal(move, from, to);
    }
    this.us ^= BLACK;
  }

  /** Plays an encoded legal move for good, keeping no undo entry (a forward-only walk, as in replay). */
  playForward(move: number): void {
    this.make(move);
    this.sp -= UNDO_SIZE;
  }

  /** Passes the turn (a null move): the other side moves, en passant lapses. */
  passTurn(): void {
    this.us ^= BLACK;
    this.ep = -1;
  }

  /** The board side of a non-castling move; returns the captured piece code (0 if none). */
  private makeNormal(move: number, from: number, to: number): number {
    const b = this.board;
    const us = this.us;
    const piece = b[from] ?? 0;
    const kind = move & KIND_MASK;
    let captured = b[to] ?? 0;
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
    return captured;
  }

  /**
   * Moves king `k` and rook `r` of the side to move to their castled squares (`forward`) or back.
   * Both are lifted before either is placed, since the squares may coincide (Chess960: a rook on
   * the king's target, a king that stays); XOR keeps the occupancy bits right for the same reason.
   */
  private moveCastlingPieces(k: number, r: number, forward: boolean): void {
    const b = this.board;
    const us = this.us;
    const kTo = (k & 56) + (r > k ? 6 : 2);
    const rTo = (k & 56) + (r > k ? 5 : 3);
    b[forward ? k : kTo] = 0;
    b[forward ? r : rTo] = 0;
    b[forward ? kTo : k] = KING | us;
    b[forward ? rTo : r] = ROOK | us;
    this.kings[us >> 3] = forward ? kTo : k;
    this.toggle(k, us);
    this.toggle(r, us);
    this.toggle(kTo, us);
    this.toggle(rTo, us);
  }

  /** Takes back `move`, which must be the last move made. */
  unmake(move: number): void {
    const us = this.us ^ BLACK;
    this.us = us;
    const sp = this.sp - UNDO_SIZE;
    this.sp = sp;
    this.castling = this.undo[sp + 1] ?? 0;
    this.ep = this.undo[sp + 2] ?? -1;
    const from = move & 63;
    const to = (move >> 6) & 63;
    if ((move & KIND_MASK) === KIND_CASTLE) {
      this.moveCastlingPieces(from, to, false);
      return;
    }
    const b = this.board;
    const captured = this.undo[sp] ?? 0;
    const piece = (move >> 12) & 7 ? PAWN | us : (b[to] ?? 0);
    b[from] = piece;
    this.toggle(from, us);
    this.toggle(to, us);
    if ((move & KIND_MASK) === KIND_EN_PASSANT) {
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
