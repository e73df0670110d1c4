/**
 * `Line`: the one fast path for playing a game's moves, SAN by SAN, with every position reached
 * kept in a compact log from which `Position`s and FENs are built on demand. What replay uses
 * (through `src/core/index.ts`); the rules it applies are the engine's and the FEN writer's, the
 * same ones `Position.play`, `makeFen` and `parseSan` use. Depends on `engine/line-board.ts`,
 * `san/resolve.ts`, `fen/write.ts`, `polyglot.ts`, `position.ts`; no Node.
 *
 * Key decision: a ply is one SAN read into reused numeric fields, one resolution on the live board,
 * one make and a log entry (see `LineBoard`): no `Position`, no move object, until someone asks.
 * A FEN is one flat string made from the rank keys' char codes (`FenWriter`), not a concatenation
 * its first reader would have to flatten.
 */
import { LineBoard } from './engine/line-board.js';
import { hasLegalMove, shownEpSquare } from './engine/movegen.js';
import {
  KIND_CASTLE,
  KIND_EN_PASSANT,
  KIND_MASK,
  MutableBoard,
  NULL_MOVE,
  decodeMove,
} from './engine/mutable-board.js';
import {
  FenWriter,
  castlingFieldOfMask,
  middleFields,
  standardMiddleFields,
  type FenCastlingMode,
  type FenEpMode,
} from './fen/write.js';
import { halvesOf, hexOfHalves } from './polyglot.js';
import { boardOf, castlingMaskOf, positionFromCompact, type Position } from './position.js';
import type { SanError } from './san/errors.js';
import { resolveOn } from './san/resolve.js';
import { SanFields, readSan, syntaxError } from './san/syntax.js';
import { PIECE_LETTERS, castlingText, disambiguation, sanText } from './san/write.js';
import { uciText } from './uci.js';
import { BLACK, KING, PAWN, type Move } from './types.js';

const SAN = new SanFields();
/** Positions a line keeps of those it built (see `Line.recent`). */
const RECENT = 4;
/** Shared by every line: it only caches what it checks again on each FEN. */
const FEN_WRITER = new FenWriter();
/** Scratch for `position()` and castling letters: both copy or only read it. */
const ENTRY_BOARD = new Int8Array(64);
/** Scratch for a SAN's disambiguation (`san`) and the legal en-passant test (`epd`). */
const SCRATCH = new MutableBoard();

/**
 * SAN and UCI texts of the usual moves, made once per distinct move and then the same string each
 * time: rows ask for every ply's, and a string seen before costs no allocation and keeps its hash
 * (the Map of a Parquet dictionary column finds it at once). SAN keys: the role (0 for castling),
 * capture, target square, a pawn's from file and promotion (16 bits), then the check suffix. UCI
 * keys: the move code's from, to and promotion (castling, which depends on Chess960, is not kept).
 */
const SAN_TEXTS: (string | undefined)[] = new Array(3 << 16);
const SAN_SUFFIXES = ['', '+', '#'] as const;
const UCI_TEXTS: (string | undefined)[] = new Array(1 << 15);

/** How a line writes its FENs (see `makeFen`). */
export interface LineFenOptions {
  readonly ep?: FenEpMode;
  readonly castling?: FenCastlingMode;
}

export class Line {
  private readonly board: LineBoard;
  private readonly chess960: boolean;
  private readonly epMode: FenEpMode;
  private readonly castlingMode: FenCastlingMode;
  private readonly start: Position;
  /**
   * The positions built last, in slot `entry % RECENT`, so that a ply's `position` and the next
   * ply's `before` are one object; only a few, so that a long game's positions are not all kept
   * (some 370 bytes each).
   */
  private readonly recent: (Position | undefined)[] = new Array<Position | undefined>(RECENT).fill(undefined);
  private readonly recentEntries = new Int32Array(RECENT).fill(-1);

  /**
   * Starts from `start` (a validated position), logged as entry 0; `plies` sizes the log (it grows
   * as needed).
   */
  constructor(start: Position, plies: number, options: LineFenOptions = {}) {
    const own = boardOf(start);
    this.board = new LineBoard(
      own,
      start.turn === 'white' ? 0 : BLACK,
      castlingMaskOf(start),
      start.epSquare ?? -1,
      start.king('white') ?? -1,
      start.king('black') ?? -1,
      start.halfmoves,
      start.fullmoves,
      plies,
    );
    this.chess960 = start.chess960;
    this.epMode = options.ep ?? 'always';
    this.castlingMode = options.castling ?? 'xfen';
    this.board.record(this.fenEp());
    this.start = start;
  }

  /**
   * Plays the move `san` names on the live position (null moves included) and logs the position
   * reached: its entry number, or the `SanError` (as `parseSan` gives it), the live position then
   * unchanged.
   */
  play(san: string): number | SanError {
    const board = this.board;
    const why = readSan(san, SAN);
    if (why !== undefined) return syntaxError(san, why);
    const code = resolveOn(board.live, board.check, SAN, san, true);
    if (typeof code !== 'number') return code;
    board.play(code);
    return board.record(this.fenEp());
  }

  /** The en passant square the FEN of the live position shows, or -1. */
  private fenEp(): number {
    const live = this.board.live;
    return this.epMode === 'always' ? live.ep : shownEpSquare(live, this.epMode === 'legal');
  }

  /** Makes logged `entry` the live position again (to play a variation from it). */
  restore(entry: number): void {
    this.board.restore(entry);
  }

  /** The position of `entry`, built on first request. */
  position(entry: number): Position {
    if (entry === 0) return this.start;
    const slot = entry % RECENT;
    if (this.recentEntries[slot] === entry) return this.recent[slot] as Position;
    const b = this.board;
    const ep = b.epAt(entry);
    const pos = positionFromCompact(
      b.boardAt(entry, ENTRY_BOARD),
      this.turnAt(entry),
      b.castlingAt(entry),
      ep >= 0 ? ep : undefined,
      b.halfmovesAt(entry),
      b.fullmovesAt(entry),
      this.chess960,
      b.kingAt(entry, 0),
      b.kingAt(entry, 1),
    );
    this.recent[slot] = pos;
    this.recentEntries[slot] = entry;
    return pos;
  }

  /** The move that led to `entry` (undefined for entry 0). */
  move(entry: number): Move | undefined {
    const code = this.board.moveAt(entry);
    if (code < 0) return undefined;
    return code === NULL_MOVE ? { null: true } : decodeMove(code);
  }

  /** Whether the move that led to `entry` is a null move. */
  isNullAt(entry: number): boolean {
    return this.board.moveAt(entry) === NULL_MOVE;
  }

  /** Who is to move in `entry`. */
  turnAt(entry: number): 'white' | 'black' {
    return this.board.usAt(entry) ? 'black' : 'white';
  }

  fullmovesAt(entry: number): number {
    return this.board.fullmovesAt(entry);
  }

  /** The FEN of `entry`, as `makeFen` writes it with this line's ep and castling modes. */
  fen(entry: number): string {
    const b = this.board;
    return FEN_WRITER.write(
      b.entries,
      b.offsetOf(entry),
      this.middleAt(entry),
      b.halfmovesAt(entry),
      b.fullmovesAt(entry),
    );
  }

  /**
   * `fen(entry)` as ASCII bytes into `out` from `at`, with no string made: where they end, or -1
   * when they do not fit (nothing written; then `fen`).
   */
  writeFen(entry: number, out: Uint8Array, at: number): number {
    const b = this.board;
    const middle = this.middleAt(entry);
    return FEN_WRITER.writeBytes(
      b.entries,
      b.offsetOf(entry),
      middle,
      b.halfmovesAt(entry),
      b.fullmovesAt(entry),
      out,
      at,
    );
  }

  /**
   * The EPD position of `entry`: the first four FEN fields, with this line's castling mode and the
   * en-passant square only when a capture is legal, whatever this line's ep mode (the key of
   * lichess's evaluation datasets).
   */
  epd(entry: number): string {
    const b = this.board;
    return FEN_WRITER.writeEpd(b.entries, b.offsetOf(entry), this.middleAt(entry, this.legalEpAt(entry)));
  }

  /** `epd(entry)` as ASCII bytes into `out` from `at`, as `writeFen` writes the FEN. */
  writeEpd(entry: number, out: Uint8Array, at: number): number {
    const b = this.board;
    return FEN_WRITER.writeEpdBytes(b.entries, b.offsetOf(entry), this.middleAt(entry, this.legalEpAt(entry)), out, at);
  }

  /** The Polyglot key of `entry` as 16 hex digits (as `polyglotHex` of its position). */
  polyglotHex(entry: number): string {
    const b = this.board;
    return hexOfHalves(
      halvesOf(
        b.boardAt(entry, ENTRY_BOARD),
        b.usAt(entry) === 0,
        b.castlingAt(entry),
        b.kingAt(entry, 0),
        b.kingAt(entry, 1),
        b.epAt(entry),
      ),
    );
  }

  /** The en-passant square of `entry` when a capture onto it is legal, else -1. */
  private legalEpAt(entry: number): number {
    const b = this.board;
    if (this.epMode === 'legal') return b.fenEpAt(entry);
    // After most plies there was no double push, and no board needs loading.
    return b.epAt(entry) < 0 ? -1 : shownEpSquare(b.loadInto(entry, SCRATCH), true);
  }

  /**
   * The FEN fields of `entry` between placement and counters, spaces included (`' w KQkq - '`),
   * with the en-passant square `ep` (by default the one this line's ep mode shows).
   */
  private middleAt(entry: number, ep = this.board.fenEpAt(entry)): string {
    const b = this.board;
    const black = b.usAt(entry) !== 0;
    const mask = b.castlingAt(entry);
    return (
      standardMiddleFields(black, mask, ep, this.chess960, this.castlingMode) ??
      middleFields(
        black,
        castlingFieldOfMask(b.boardAt(entry, ENTRY_BOARD), mask, this.chess960, this.castlingMode),
        ep,
      )
    );
  }
  /**
   * The canonical SAN of the move from `before` to `entry` (as `makeSan` writes it), `written` the
   * SAN it was played from. Read from the log, without a Position, for the usual move: a piece move
   * written without a from square resolved to the only legal one (else it was ambiguous), so it needs
   * no disambiguation. Others ask `makeSan`. After a check, `#` needs a move generation only if no
   * move was played from `entry` yet.
   */
  san(before: number, entry: number, written: string): string {
    const b = this.board;
    const code = b.moveAt(entry);
    if (code < 0) return '';
    if (code === NULL_MOVE) return '--';
    const from = code & 63;
    const to = (code >> 6) & 63;
    const kind = code & KIND_MASK;
    const castle = kind === KIND_CASTLE;
    const role = castle ? 0 : b.pieceAt(before, from) & 7;
    const capture = kind === KIND_EN_PASSANT || (!castle && b.pieceAt(before, to) !== 0);
    const promotion = (code >> 12) & 7;
    // A check is mate when no legal move answers it: known at once when a move was played from it,
    // else generated on the scratch board (no Position made: a record read as the replay yields
    // it comes before the next move is played).
    let check = 0; // 1: check, 2: mate
    if (b.checkAt(entry)) check = !b.movedFrom(entry) && !hasLegalMove(b.loadInto(entry, SCRATCH)) ? 2 : 1;
    // Written with a from square ("Nbd7", "R1e2"): which one SAN needs, on the board before.
    if (!castle && role !== PAWN && role !== KING && !writtenWithoutFrom(written, role)) {
      const prefix = disambiguation(b.loadInto(before, SCRATCH), role, from, to, b.checkAt(before));
      return sanText(role, from, to, capture, 0, prefix) + SAN_SUFFIXES[check];
    }
    const key =
      (check << 16) |
      (role === PAWN ? ((from & 7) << 10) | (promotion << 13) : 0) |
      ((castle ? (to > from ? 0 : 1) : to) << 4) |
      (capture ? 8 : 0) |
      role;
    const known = SAN_TEXTS[key];
    if (known !== undefined) return known;
    const text = castle ? castlingText(from, to) : sanText(role, from, to, capture, promotion, '');
    return (SAN_TEXTS[key] = text + SAN_SUFFIXES[check]);
  }

  /** The UCI of the move that led to `entry` (as `makeUci` writes it), '' for entry 0. */
  uci(entry: number): string {
    const code = this.board.moveAt(entry);
    if (code < 0) return '';
    if (code === NULL_MOVE) return '0000';
    if ((code & KIND_MASK) === KIND_CASTLE) return uciText(code & 63, (code >> 6) & 63, 0, true, this.chess960);
    return (UCI_TEXTS[code & 0x7fff] ??= uciText(code & 63, (code >> 6) & 63, (code >> 12) & 7, false, this.chess960));
  }
}

/** `Nf3` or `Nxf3` with the letter of `role`: no from file or rank. */
function writtenWithoutFrom(written: string, role: number): boolean {
  if (written.charCodeAt(0) !== PIECE_LETTERS.charCodeAt(role)) return false;
  const n = written.length;
  return n === 3 || (n === 4 && written.charCodeAt(1) === 120) /* x */;
}
