/**
 * `LineBoard`: a game played forward on one private mutable board, with a compact log of every
 * position reached, from which `Line` (core's face for replay) builds `Position`s and FENs on
 * demand. Depends on `mutable-board.ts` and `rank-key.ts`; no Node. Part of the core's private engine.
 *
 * Key decision: a ply costs one make on the live board and sixteen integer stores into the log (the
 * eight rank keys, then the state and the move), not an immutable `Position` (an object and a 64-byte
 * copy) per ply. Only the ranks a move touched get new keys; FEN writing reuses the texts of the
 * others, and check is found by the cheap "does this move give check" test where it is valid.
 */
import { MutableBoard, NULL_MOVE, resetsHalfmoves } from './mutable-board.js';
import { rankKey, unpackRank } from './rank-key.js';
import type { Board } from '../types.js';

/** Log entry layout: rank keys 0–7 (rank 1 first), then these fields. */
const TURN = 8;
const CASTLING = 9;
const EP = 10;
/** The en passant square a FEN shows (per the caller's rule), -1 for '-'. */
const FEN_EP = 11;
const HALFMOVES = 12;
const FULLMOVES = 13;
/** Both king squares, 8 bits each (255 for none). */
const KINGS = 14;
/** The encoded move that led here (`NULL_MOVE` for a null move), -1 for the first entry. */
const MOVE = 15;
/**
 * Bit 1: the side to move is in check. Bit 2: a legal move was played from here, so it is no
 * checkmate (SAN's `#` then needs no move generation).
 */
const FLAGS = 16;
const STRIDE = 17;
/**
 * The live board's undo depth: a ply makes its move for good (`playForward`) and tests moves with
 * a make and an unmake (`isSafeAfter`), one deep, so a few entries do: 48 bytes, which V8 keeps in
 * its heap (typed arrays over 64 bytes get a separately allocated backing store), not 3 KB.
 */
const LIVE_DEPTH = 4;
/** Counters above this (2^30) go to `wideCounters`: no game has 2^30 plies to push them past 2^31. */
const WIDE_COUNTERS = 0x40000000;

export class LineBoard {
  /** The live board: the position after the last move played. Resolution reads it, never writes. */
  readonly live = new MutableBoard(LIVE_DEPTH);
  private readonly keys = new Int32Array(8);
  private halfmoves: number;
  private fullmoves: number;
  /** Whether the side to move on the live board is in check. */
  check: boolean;
  /**
   * Whether the side not to move may be in check (after a null move out of check, or a restore):
   * then the next move's check is found by the full test, since the cheap one assumes not.
   */
  private opponentMayBeInCheck = true;
  /** The move played since the last `record` (-1 for none). */
  private lastMove = -1;
  private log: Int32Array;
  private size = 0;
  /** The entry the live board stands on (the last recorded or restored). */
  private liveEntry = 0;
  /**
   * The counters by entry (halfmoves, fullmoves), only when the start's are too big for the
   * 32-bit log to hold them and the plies after (a FEN may say move 9007199254740990).
   */
  private wideCounters: Float64Array | undefined;

  /**
   * Starts from a validated position (its board holds piece codes only); `plies` sizes the log
   * (it grows as needed). The caller records the start as entry 0.
   */
  constructor(
    board: Board,
    us: number,
    castling: number,
    ep: number,
    whiteKing: number,
    blackKing: number,
    halfmoves: number,
    fullmoves: number,
    plies: number,
  ) {
    const live = this.live.load(board, us, castling, ep, whiteKing, blackKing);
    for (let rank = 0; rank < 8; rank++) this.keys[rank] = rankKey(live.board, rank * 8);
    this.halfmoves = halfmoves;
    this.fullmoves = fullmoves;
    this.check = live.inCheck();
    this.log = new Int32Array(STRIDE * (plies + 1));
    if (halfmoves > WIDE_COUNTERS || fullmoves > WIDE_COUNTERS) this.wideCounters = new Float64Array(2 * (plies + 1));
  }

  /** Plays an encoded legal move (or `NULL_MOVE`) on the live board. */
  play(code: number): void {
    const mb = this.live;
    this.lastMove = code;
    if (mb.us) this.fullmoves++;
    if (code === NULL_MOVE) {
      this.opponentMayBeInCheck = this.check;
      mb.passTurn();
      this.halfmoves++;
      this.check = mb.inCheck();
      return;
    }
    const flags = this.liveEntry * STRIDE + FLAGS;
    this.log[flags] = (this.log[flags] ?? 0) | 2;
    const b = mb.board;
    const from = code & 63;
    const to = (code >> 6) & 63;
    this.halfmoves = resetsHalfmoves(b, code) ? 0 : this.halfmoves + 1;
    mb.playForward(code);
    // Only the ranks of `from` and `to` change (castling stays on one rank, en passant takes on `from`'s).
    this.keys[from >> 3] = rankKey(b, from & 56);
    this.keys[to >> 3] = rankKey(b, to & 56);
    this.check = mb.checkAfter(code, !this.opponentMayBeInCheck);
    // The mover's king is safe after a legal move: the side now to move may rely on that.
    this.opponentMayBeInCheck = false;
  }

  /** Appends the live position to the log, with `fenEp` the en passant square its FEN shows; returns its entry. */
  record(fenEp: number): number {
    const entry = this.size++;
    const o = entry * STRIDE;
    if (o + STRIDE > this.log.length) {
      const grown = new Int32Array(this.log.length * 2);
      grown.set(this.log);
      this.log = grown;
    }
    const log = this.log;
    const keys = this.keys;
    const mb = this.live;
    for (let rank = 0; rank < 8; rank++) log[o + rank] = keys[rank] ?? 0;
    log[o + TURN] = mb.us;
    log[o + CASTLING] = mb.castling;
    log[o + EP] = mb.ep;
    log[o + FEN_EP] = fenEp;
    log[o + HALFMOVES] = this.halfmoves;
    log[o + FULLMOVES] = this.fullmoves;
    log[o + KINGS] = ((mb.kings[0] ?? -1) & 255) | (((mb.kings[1] ?? -1) & 255) << 8);
    log[o + MOVE] = this.lastMove;
    log[o + FLAGS] = this.check ? 1 : 0;
    if (this.wideCounters !== undefined) {
      if (2 * entry + 2 > this.wideCounters.length) {
        const grown = new Float64Array(this.wideCounters.length * 2);
        grown.set(this.wideCounters);
        this.wideCounters = grown;
      }
      this.wideCounters[2 * entry] = this.halfmoves;
      this.wideCounters[2 * entry + 1] = this.fullmoves;
    }
    this.lastMove = -1;
    this.liveEntry = entry;
    return entry;
  }

  /** Makes logged `entry` the live position again (to replay a variation from it). */
  restore(entry: number): void {
    const log = this.log;
    const o = entry * STRIDE;
    const mb = this.loadInto(entry, this.live);
    for (let rank = 0; rank < 8; rank++) this.keys[rank] = log[o + rank] ?? 0;
    this.halfmoves = this.halfmovesAt(entry);
    this.fullmoves = this.fullmovesAt(entry);
    this.check = mb.inCheck();
    this.opponentMayBeInCheck = true;
    this.lastMove = -1;
    this.liveEntry = entry;
  }

  /** Loads logged `entry` into `mb`: the live board (`restore`) or a scratch one, to look at moves there. */
  loadInto(entry: number, mb: MutableBoard): MutableBoard {
    this.boardAt(entry, mb.board);
    mb.load(
      mb.board,
      this.usAt(entry),
      this.castlingAt(entry),
      this.epAt(entry),
      this.kingAt(entry, 0),
      this.kingAt(entry, 1),
    );
    return mb;
  }

  /** The board of `entry`, decoded from its rank keys into `out`. */
  boardAt(entry: number, out: Int8Array): Int8Array {
    const o = entry * STRIDE;
    for (let rank = 0; rank < 8; rank++) unpackRank(this.log[o + rank] ?? 0, out, rank * 8);
    return out;
  }

  /**
   * The log itself, for reading the rank keys of `entry` in place: they are its eight first
   * integers from `offsetOf(entry)` on (rank 1 first). Callers only read it.
   */
  get entries(): Int32Array {
    return this.log;
  }

  /** Where `entry` starts in `entries`. */
  offsetOf(entry: number): number {
    return entry * STRIDE;
  }

  /** Who is to move in `entry`: 0 for white, `BLACK` for black. */
  usAt(entry: number): number {
    return this.log[entry * STRIDE + TURN] ?? 0;
  }

  castlingAt(entry: number): number {
    return this.log[entry * STRIDE + CASTLING] ?? 0;
  }

  /** The en passant square of `entry` (after any double push), -1 for none. */
  epAt(entry: number): number {
    return this.log[entry * STRIDE + EP] ?? -1;
  }

  /** The en passant square the FEN of `entry` shows, -1 for none. */
  fenEpAt(entry: number): number {
    return this.log[entry * STRIDE + FEN_EP] ?? -1;
  }

  halfmovesAt(entry: number): number {
    if (this.wideCounters !== undefined) return this.wideCounters[2 * entry] ?? 0;
    return this.log[entry * STRIDE + HALFMOVES] ?? 0;
  }

  fullmovesAt(entry: number): number {
    if (this.wideCounters !== undefined) return this.wideCounters[2 * entry + 1] ?? 1;
    return this.log[entry * STRIDE + FULLMOVES] ?? 1;
  }

  /** The king square of `side` (0 white, 1 black) in `entry`, -1 for none. */
  kingAt(entry: number, side: number): number {
    const square = ((this.log[entry * STRIDE + KINGS] ?? 0) >> (8 * side)) & 255;
    return square === 255 ? -1 : square;
  }

  /** Whether the side to move in `entry` is in check. */
  checkAt(entry: number): boolean {
    return ((this.log[entry * STRIDE + FLAGS] ?? 0) & 1) !== 0;
  }

  /** Whether a legal move has been played from `entry` so far (then it is no checkmate). */
  movedFrom(entry: number): boolean {
    return ((this.log[entry * STRIDE + FLAGS] ?? 0) & 2) !== 0;
  }

  /** The piece code on `square` in `entry` (0 for none), read from its rank key. */
  pieceAt(entry: number, square: number): number {
    return ((this.log[entry * STRIDE + (square >> 3)] ?? 0) >>> (4 * (square & 7))) & 15;
  }

  /** The encoded move that led to `entry` (`NULL_MOVE` for a null move), -1 for the first entry. */
  moveAt(entry: number): number {
    return this.log[entry * STRIDE + MOVE] ?? -1;
  }
}
