/**
 * `ReplayBoard`: a game played forward on one private mutable board, with a compact log of every
 * position reached, from which `Position`s and FENs are built on demand. Depends on
 * `mutable-board.ts`, `position.ts`, `san.ts`, `san-syntax.ts`, `movegen.ts`, `fen-write.ts`; no
 * Node. Internal to replay, which hands out only the `Position`s and strings it builds (DESIGN 7.5).
 *
 * Key decision: a ply costs one make on the live board and sixteen integer stores into the log (the
 * eight rank keys of fen-write's rank table, then the state), not an immutable `Position` (an object
 * and a 64-byte copy) per ply. The keys of the ranks a move did not touch are kept, and a FEN reuses
 * the previous FEN's rank texts where the keys match; it is built from as few strings as possible
 * (ranks with their slash, the middle fields memoised), since the caller's first read flattens them.
 */
import { moveGivesCheck } from './attacks.js';
import {
  STANDARD_CASTLING, makeCastlingField, rankKey, rankTextOfKey, rankTextSlashedOfKey, type FenCastlingMode, type FenEpMode,
} from './fen-write.js';
import { generateEnPassant } from './movegen.js';
import { KIND_CASTLE, KIND_EN_PASSANT, KIND_MASK, MutableBoard } from './mutable-board.js';
import { Position, isPseudoEnPassant, loadPosition, rooksOfMask } from './position.js';
import { resolveSanFields } from './san.js';
import { SanFields, readSan } from './san-syntax.js';
import { PAWN, squareName } from './types.js';

/** Log entry layout: rank keys 0–7 (rank 1 first), then these fields. */
const TURN = 8;
const CASTLING = 9;
const EP = 10;
/** The en passant square the FEN shows (per the ep mode), -1 for '-'. */
const FEN_EP = 11;
const HALFMOVES = 12;
const FULLMOVES = 13;
const WHITE_KING = 14;
const BLACK_KING = 15;
/**
 * Bit 1: the side to move is in check (known at every ply: the next move's resolution needs it).
 * Bit 2: a legal move was played from here (so it is no checkmate).
 */
const CHECK = 16;
const STRIDE = 17;

const MOVE_BUFFER = new Int32Array(16);
/** Scratch for `position()`: `Position.fromCompact` copies it. */
const ENTRY_BOARD = new Int8Array(64);
const SAN = new SanFields();
/** Castling rights that `KQkq` can spell: the rooks on a1, h1, a8, h8. */
const CORNERS = 0x8181;
/** `middleFields` texts by (KQkq bits, FEN en passant square + 1, side to move): 16 × 65 × 2 slots. */
const MIDDLE_FIELDS: (string | undefined)[] = new Array<string | undefined>(16 * 65 * 2).fill(undefined);

export class ReplayBoard {
  private readonly mb = new MutableBoard();
  private readonly keys = new Int32Array(8);
  private halfmoves: number;
  private fullmoves: number;
  private check: boolean;
  /**
   * Whether the side not to move may be in check (after a null move out of check, or a restore):
   * then the next move's check is found by the full test, since `moveGivesCheck` assumes not.
   */
  private opponentMayBeInCheck = true;
  private readonly chess960: boolean;
  private log: Int32Array;
  private size = 0;
  /** The log entry the live board stands on (the last recorded or restored). */
  private liveEntry = 0;
  /**
   * The rank texts of the last placement built (rank 1 first) and their keys: consecutive FENs share
   * most ranks, and comparing keys beats a lookup in fen-write's table. -1 is no rank's key.
   */
  private readonly shownKeys = new Int32Array(8).fill(-1);
  private readonly shownTexts: string[] = ['', '', '', '', '', '', '', ''];
  /** Positions built so far, by entry, so a ply's `position` and the next ply's `before` are one object. */
  private readonly positions: (Position | undefined)[] = [];

  /**
   * Starts from `start` (a validated position: its board holds piece codes only), logging it as
   * entry 0; `plies` sizes the log (it grows as needed).
   */
  constructor(
    start: Position,
    plies: number,
    private readonly epMode: FenEpMode,
    private readonly castlingMode: FenCastlingMode,
  ) {
    loadPosition(this.mb, start);
    for (let rank = 0; rank < 8; rank++) this.keys[rank] = rankKey(this.mb.board, rank * 8);
    this.halfmoves = start.halfmoves;
    this.fullmoves = start.fullmoves;
    this.check = start.isCheck();
    this.chess960 = start.chess960;
    this.log = new Int32Array(STRIDE * (plies + 1));
    this.record();
    this.positions[0] = start;
  }

  /**
   * The encoded legal move `san` names on the live board, or -1 when the fast path cannot tell (no
   * move, several, long algebraic, a null move, bad syntax): the caller then asks `parseSan`.
   */
  resolve(san: string): number {
    return readSan(san, SAN) === undefined ? resolveSanFields(this.mb, this.check, SAN) : -1;
  }

  /** Plays an encoded legal move (from `resolve` or `encodeNormalMove`) on the live board. */
  play(code: number): void {
    const mb = this.mb;
    const b = mb.board;
    const from = code & 63;
    const to = (code >> 6) & 63;
    // The halfmove clock restarts on pawn moves and captures (castling "takes" its own rook: no capture).
    const reset = ((b[from] ?? 0) & 7) === PAWN || ((code & KIND_MASK) !== KIND_CASTLE && b[to] !== 0);
    if (mb.us) this.fullmoves++;
    const left = this.liveEntry * STRIDE + CHECK;
    this.log[left] = (this.log[left] ?? 0) | 2;
    mb.playForward(code);
    this.halfmoves = reset ? 0 : this.halfmoves + 1;
    // Only the ranks of `from` and `to` change (castling stays on one rank, en passant takes on `from`'s).
    this.keys[from >> 3] = rankKey(b, from & 56);
    this.keys[to >> 3] = rankKey(b, to & 56);
    const kind = code & KIND_MASK;
    const k = mb.ownKing();
    this.check =
      this.opponentMayBeInCheck || kind === KIND_CASTLE || kind === KIND_EN_PASSANT
        ? mb.inCheck()
        : k >= 0 && moveGivesCheck(b, from, to, k);
    // The mover's king is safe after a legal move: the side now to move may rely on that.
    this.opponentMayBeInCheck = false;
  }

  /** Plays a null move on the live board. */
  playNull(): void {
    this.opponentMayBeInCheck = this.check;
    if (this.mb.us) this.fullmoves++;
    this.mb.passTurn();
    this.halfmoves++;
    this.check = this.mb.inCheck();
  }

  /** Appends the live position to the log; returns its entry number. */
  record(): number {
    const entry = this.size++;
    const o = entry * STRIDE;
    if (o + STRIDE > this.log.length) {
      const grown = new Int32Array(this.log.length * 2);
      grown.set(this.log);
      this.log = grown;
    }
    const log = this.log;
    const keys = this.keys;
    const mb = this.mb;
    for (let rank = 0; rank < 8; rank++) log[o + rank] = keys[rank] ?? 0;
    log[o + TURN] = mb.us;
    log[o + CASTLING] = mb.castling;
    log[o + EP] = mb.ep;
    log[o + FEN_EP] = this.fenEp();
    log[o + HALFMOVES] = this.halfmoves;
    log[o + FULLMOVES] = this.fullmoves;
    log[o + WHITE_KING] = mb.kings[0] ?? -1;
    log[o + BLACK_KING] = mb.kings[1] ?? -1;
    log[o + CHECK] = this.check ? 1 : 0;
    this.liveEntry = entry;
    return entry;
  }

  /** The en passant square the FEN of the live position shows, or -1. */
  private fenEp(): number {
    const mb = this.mb;
    const ep = mb.ep;
    if (ep < 0 || this.epMode === 'always') return ep;
    // The pseudo test reads a few squares; the legal one plays the capture (after most double
    // pushes no pawn stands ready, so the cheap test goes first).
    if (!isPseudoEnPassant(mb.board, mb.us, ep)) return -1;
    if (this.epMode === 'pseudo') return ep;
    return generateEnPassant(mb, MOVE_BUFFER, 0, mb.ownKing()) > 0 ? ep : -1;
  }

  /** Makes logged `entry` the live position again (to replay a variation from it). */
  restore(entry: number): void {
    const log = this.log;
    const o = entry * STRIDE;
    const mb = this.mb;
    this.liveEntry = entry;
    this.boardAt(entry, mb.board);
    mb.load({
      turn: log[o + TURN] ? 'black' : 'white',
      castlingMask: log[o + CASTLING] ?? 0,
      epSquare: (log[o + EP] ?? -1) >= 0 ? log[o + EP] : undefined,
      whiteKing: log[o + WHITE_KING] ?? -1,
      blackKing: log[o + BLACK_KING] ?? -1,
    }, mb.board);
    for (let rank = 0; rank < 8; rank++) this.keys[rank] = log[o + rank] ?? 0;
    this.halfmoves = log[o + HALFMOVES] ?? 0;
    this.fullmoves = log[o + FULLMOVES] ?? 1;
    this.check = mb.inCheck();
    this.opponentMayBeInCheck = true;
  }

  /** The board of `entry`, decoded from its rank keys into `out`. */
  private boardAt(entry: number, out: Int8Array): Int8Array {
    const o = entry * STRIDE;
    for (let rank = 0; rank < 8; rank++) {
      const key = this.log[o + rank] ?? 0;
      for (let file = 0; file < 8; file++) out[rank * 8 + file] = (key >>> (4 * file)) & 15;
    }
    return out;
  }

  /** The position of `entry`, built on first request. */
  position(entry: number): Position {
    const known = this.positions[entry];
    if (known !== undefined) return known;
    const log = this.log;
    const o = entry * STRIDE;
    const ep = log[o + EP] ?? -1;
    const pos = Position.fromCompact(
      this.boardAt(entry, ENTRY_BOARD), log[o + TURN] ? 'black' : 'white', log[o + CASTLING] ?? 0,
      ep >= 0 ? ep : undefined, log[o + HALFMOVES] ?? 0, log[o + FULLMOVES] ?? 1, this.chess960,
      log[o + WHITE_KING] ?? -1, log[o + BLACK_KING] ?? -1,
    );
    this.positions[entry] = pos;
    return pos;
  }

  /** Who is to move in `entry`. */
  turnAt(entry: number): 'white' | 'black' {
    return this.log[entry * STRIDE + TURN] ? 'black' : 'white';
  }

  /** Whether the side to move in `entry` is in check. */
  checkAt(entry: number): boolean {
    return ((this.log[entry * STRIDE + CHECK] ?? 0) & 1) !== 0;
  }

  /** Whether a legal move has been played from `entry` so far (then it is not checkmate). */
  movedFrom(entry: number): boolean {
    return ((this.log[entry * STRIDE + CHECK] ?? 0) & 2) !== 0;
  }

  /** The piece code on `square` in `entry` (0 for none), read from its rank key. */
  pieceAt(entry: number, square: number): number {
    return ((this.log[entry * STRIDE + (square >> 3)] ?? 0) >>> (4 * (square & 7))) & 15;
  }

  get isChess960(): boolean {
    return this.chess960;
  }

  fullmovesAt(entry: number): number {
    return this.log[entry * STRIDE + FULLMOVES] ?? 1;
  }

  /** The FEN of `entry`, as `makeFen` writes it with this board's ep and castling modes. */
  fen(entry: number): string {
    const log = this.log;
    const o = entry * STRIDE;
    return this.placement(o) + this.middleFields(entry) + (log[o + HALFMOVES] ?? 0) + ' ' + (log[o + FULLMOVES] ?? 1);
  }

  /** The placement field of the entry at log offset `o`: its ranks' texts, each with its '/' but rank 1. */
  private placement(o: number): string {
    const log = this.log;
    const keys = this.shownKeys;
    const texts = this.shownTexts;
    let placement = '';
    for (let rank = 7; rank >= 0; rank--) {
      const key = log[o + rank] ?? 0;
      let text = texts[rank] ?? '';
      if (keys[rank] !== key) {
        text = rank > 0 ? rankTextSlashedOfKey(key) : rankTextOfKey(key);
        keys[rank] = key;
        texts[rank] = text;
      }
      placement += text;
    }
    return placement;
  }

  /**
   * The FEN fields between placement and counters, spaces included (`' w KQkq - '`): memoised for
   * `KQkq` rights, one string where there were six.
   */
  private middleFields(entry: number): string {
    const o = entry * STRIDE;
    const mask = this.log[o + CASTLING] ?? 0;
    const black = (this.log[o + TURN] ?? 0) !== 0;
    const ep = this.log[o + FEN_EP] ?? -1;
    if (this.chess960 || this.castlingMode === 'shredder' || (mask & ~CORNERS) !== 0) {
      return this.buildMiddleFields(black, this.castlingField(entry, mask), ep);
    }
    const bits = ((mask >> 7) & 1) | ((mask & 1) << 1) | ((mask >> 13) & 4) | ((mask >> 5) & 8);
    const slot = ((bits * 65 + ep + 1) << 1) | (black ? 1 : 0);
    return (MIDDLE_FIELDS[slot] ??= this.buildMiddleFields(black, STANDARD_CASTLING[bits] ?? '-', ep));
  }

  private buildMiddleFields(black: boolean, castling: string, ep: number): string {
    return (black ? ' b ' : ' w ') + castling + ' ' + (ep >= 0 ? squareName(ep) : '-') + ' ';
  }

  /** `makeCastlingField` of `entry` (with its board, which the Chess960 letters need). */
  private castlingField(entry: number, mask: number): string {
    return makeCastlingField(this.boardAt(entry, new Int8Array(64)), rooksOfMask(mask), this.chess960, this.castlingMode);
  }
}
