/**
 * FEN writing, the one writer of FEN text: `makeFen`, `makeBoardFen`, `makeCastlingField`, and the
 * pieces `Line` builds its per-ply FENs from (`FenWriter`, `middleFields`).
 * Depends on `types.ts`, `position.ts` and the engine (rank keys, the en passant rule); no Node.
 *
 * Key decision: a FEN is written once per ply on the replay hot path, so `FenWriter` writes it as
 * bytes, rank by rank from the log's rank keys (only the ranks the move changed are decoded
 * again): straight into the caller's output buffer (`writeBytes`), or into a reused char code array
 * made into one flat string (`write`); the fields between placement and
 * counters (`' w KQkq - '`) are one memoised string for standard castling rights. `makeFen` joins
 * memoised rank strings (see `rankSlot`; no regexes, no per-square strings).
 */
import { backRankKing } from './castling.js';
import { shownEpSquare } from '../engine/movegen.js';
import { MutableBoard } from '../engine/mutable-board.js';
import { rankKey } from '../engine/rank-key.js';
import { Position, boardOf, castlingMaskOf, loadPosition, rooksOfMask } from '../position.js';
import { BLACK, FILE_NAMES, ROOK, squareName, type Board, type Setup, type Square } from '../types.js';

/** Which en-passant square to write, every mode (see `makeFen`): the one list the types and CLI use. */
export const EP_MODES = ['always', 'pseudo', 'legal'] as const;
export type FenEpMode = (typeof EP_MODES)[number];
/** How to write castling rights, every notation (see `makeFen`). */
export const CASTLING_NOTATIONS = ['kq', 'shredder', 'xfen'] as const;
export type FenCastlingMode = (typeof CASTLING_NOTATIONS)[number];

export interface MakeFenOptions {
  readonly ep?: FenEpMode;
  readonly castling?: FenCastlingMode;
}

/** Char code of the FEN letter of each piece code (index = code); '?' marks codes that are not pieces. */
const PIECE_CHAR_CODES: readonly number[] = [...'?PNBRQK??pnbrqk?'].map((c) => c.charCodeAt(0));
const DIGIT_0 = 48;
/** Standard castling field by bit set: K = 1, Q = 2, k = 4, q = 8. */
const STANDARD_CASTLING: readonly string[] = Array.from({ length: 16 }, (_, bits) => {
  const text = (bits & 1 ? 'K' : '') + (bits & 2 ? 'Q' : '') + (bits & 4 ? 'k' : '') + (bits & 8 ? 'q' : '');
  return text || '-';
});

/**
 * Rank strings ("rnbqkbnr", "4P3", "8") memoised by the rank's eight 4-bit piece codes packed into
 * one 32-bit key, in a direct-mapped table of 4096 slots (a Map would box the keys that do not fit a
 * small integer). A FEN is then eight lookups and a concatenation: a move changes one to three ranks,
 * so almost every lookup hits. Measured on the TCEC replay: about 2× faster placement than building
 * char codes per square (v8 flattens the concatenation once, when the caller first reads it).
 * Every slot starts as key 0 = the empty rank "8", so the table is never inconsistent.
 */
const RANK_SLOTS = 4096;
const RANK_KEYS = new Int32Array(RANK_SLOTS);
const RANK_TEXTS: string[] = new Array<string>(RANK_SLOTS).fill('8');
/** The same texts with the '/' that follows every rank but the first: a placement is 8 pieces, not 15. */
const RANK_TEXTS_SLASHED: string[] = new Array<string>(RANK_SLOTS).fill('8/');

/** Scratch for `buildRank`: one rank's char codes. */
const RANK_CODES = new Uint8Array(8);

/** The FEN text of a rank from its key (see `rankKey`), built square by square (cache misses only). */
function buildRank(key: number): string {
  const length = writeRankCodes(key, RANK_CODES, 0);
  return String.fromCharCode.apply(null, Array.from(RANK_CODES.subarray(0, length)));
}

/** The FEN text of a rank built square by square from the board: codes that do not fit a key. */
function buildRankOfBoard(board: Board, base: number): string {
  let text = '';
  let empty = 0;
  for (let square = base; square < base + 8; square++) {
    const code = board[square] ?? 0;
    if (code === 0) {
      empty++;
      continue;
    }
    if (empty > 0) text += String(empty);
    empty = 0;
    text += String.fromCharCode(PIECE_CHAR_CODES[code & 15] ?? 63);
  }
  return empty > 0 ? text + String(empty) : text;
}

/** The memo slot of rank key `key`, filled first if it holds another key. */
function rankSlot(key: number): number {
  const slot = Math.imul(key, 0x9e3779b1) >>> 20;
  if (RANK_KEYS[slot] !== key) {
    const text = buildRank(key);
    RANK_KEYS[slot] = key;
    RANK_TEXTS[slot] = text;
    RANK_TEXTS_SLASHED[slot] = text + '/';
  }
  return slot;
}

/** The FEN text of the rank with key `key` (from `rankKey`, never -1), from the memo table. */
function rankTextOfKey(key: number): string {
  return RANK_TEXTS[rankSlot(key)] ?? '';
}

/** `rankTextOfKey(key) + '/'`, from the memo table. */
function rankTextSlashedOfKey(key: number): string {
  return RANK_TEXTS_SLASHED[rankSlot(key)] ?? '';
}

/**
 * Writes the FEN text of the rank with key `key` as char codes into `out` from `at`; returns how
 * many (1 to 8). As cheap as a memo lookup: on the TCEC games a third of the ranks a FEN shows are
 * new to the 4096-slot memo, which then built and stored two strings each.
 */
function writeRankCodes(key: number, out: Uint8Array, at: number): number {
  if (key === 0) {
    out[at] = DIGIT_0 + 8;
    return 1;
  }
  let n = at;
  let empty = 0;
  for (let file = 0; file < 8; file++) {
    const code = (key >>> (4 * file)) & 15;
    if (code === 0) {
      empty++;
    } else {
      if (empty > 0) {
        out[n++] = DIGIT_0 + empty;
        empty = 0;
      }
      out[n++] = PIECE_CHAR_CODES[code] ?? 63;
    }
  }
  if (empty > 0) out[n++] = DIGIT_0 + empty;
  return n - at;
}

/** The longest FEN `FenWriter` writes as char codes; longer ones (only from odd fields) are concatenated. */
const MAX_CODES = 160;
/**
 * Arrays of char codes by length, reused: `String.fromCharCode.apply` then reads a packed array
 * whose length is the FEN's, and makes one flat string in one call.
 */
const CODE_ARRAYS: number[][] = [];

function codeArray(length: number): number[] {
  let codes = CODE_ARRAYS[length];
  if (codes === undefined) {
    codes = new Array<number>(length).fill(0);
    CODE_ARRAYS[length] = codes;
  }
  return codes;
}

/** Counters `FenWriter` writes itself (others are left to `joinFen`): safe non-negative integers. */
function countersFit(halfmoves: number, fullmoves: number): boolean {
  return halfmoves >= 0 && fullmoves >= 0 && Number.isSafeInteger(halfmoves) && Number.isSafeInteger(fullmoves);
}

/** Decimal digits of a non-negative integer. */
function digitCount(n: number): number {
  if (n < 10) return 1;
  if (n < 100) return 2;
  let count = 1;
  while (n >= 10) {
    n = Math.floor(n / 10);
    count++;
  }
  return count;
}

/** Writes the decimal digits of `n` (`digits` of them) ending just before `end`. */
function writeDigits(out: Uint8Array | number[], end: number, n: number, digits: number): void {
  if (n < 1000) {
    // The usual counters without a division (`Math.floor(n / 10)` was a tenth of the layout):
    // (n * 205) >>> 11 is floor(n / 10) for every n below 1029.
    const tens = (n * 205) >>> 11;
    out[end - 1] = DIGIT_0 + n - 10 * tens;
    if (digits === 1) return;
    const hundreds = (tens * 205) >>> 11;
    out[end - 2] = DIGIT_0 + tens - 10 * hundreds;
    if (digits === 3) out[end - 3] = DIGIT_0 + hundreds;
    return;
  }
  for (let i = end - 1; i >= end - digits; i--) {
    out[i] = DIGIT_0 + (n % 10);
    n = Math.floor(n / 10);
  }
}

/**
 * Writes whole FENs from rank keys (rank 1 first), the middle fields and the counters: as ASCII
 * bytes into a caller's buffer (`writeBytes`, the CLI's text output: no string at all), or as one
 * flat string (`write`: the same layout into a reused char code array, then one
 * `String.fromCharCode` call). A string concatenated from pieces is a tree that its first reader
 * flattens (a copy and garbage per FEN); measured on the TCEC replay, reading the flat FENs costs
 * about half as much. Every `Line` shares one: its cached ranks are checked against each FEN's keys.
 */
export class FenWriter {
  /** The ranks of the last FEN written (rank 1 first): keys (-1 for none), char codes (8 a rank), lengths. */
  private readonly keys = new Int32Array(8).fill(-1);
  private readonly codes = new Uint8Array(64);
  private readonly lengths = new Uint8Array(8);
  /** Digits of the counters of the FEN being written (set by `measure`, read by `layOut`). */
  private halfDigits = 0;
  private fullDigits = 0;

  /**
   * The FEN of the ranks with keys `rankKeys[at]` … `rankKeys[at + 7]` (rank 1 first), `middle` the
   * fields between placement and counters, spaces included (see `standardMiddleFields`).
   */
  write(rankKeys: Int32Array, at: number, middle: string, halfmoves: number, fullmoves: number): string {
    const length = this.measure(rankKeys, at, middle, halfmoves, fullmoves);
    if (length < 0) return joinFen(this.placement(), middle, halfmoves, fullmoves);
    const codes = codeArray(length);
    this.layOut(codes, 0, middle, halfmoves, fullmoves);
    return String.fromCharCode.apply(null, codes);
  }

  /**
   * The same FEN as `write`, as ASCII bytes into `out` from `to`: returns where they end, or -1 when
   * they do not fit before `out.length`, or are not this writer's to write (see `measure`; nothing
   * written then, and `write` handles them). The middle fields are ASCII: castling letters, a square
   * name, `w`/`b`, `-` and spaces.
   */
  writeBytes(
    rankKeys: Int32Array,
    at: number,
    middle: string,
    halfmoves: number,
    fullmoves: number,
    out: Uint8Array,
    to: number,
  ): number {
    const length = this.measure(rankKeys, at, middle, halfmoves, fullmoves);
    if (length < 0 || to + length > out.length) return -1;
    return this.layOut(out, to, middle, halfmoves, fullmoves);
  }

  /**
   * The EPD position of the same ranks (`write`'s FEN without its counters): `middle` as for
   * `write`, its last space dropped.
   */
  writeEpd(rankKeys: Int32Array, at: number, middle: string): string {
    const length = this.measureEpd(rankKeys, at, middle);
    if (length < 0) return this.placement() + middle.slice(0, -1);
    const codes = codeArray(length);
    this.layOutEpd(codes, 0, middle);
    return String.fromCharCode.apply(null, codes);
  }

  /** `writeEpd` as ASCII bytes into `out` from `to`, as `writeBytes` writes the FEN. */
  writeEpdBytes(rankKeys: Int32Array, at: number, middle: string, out: Uint8Array, to: number): number {
    const length = this.measureEpd(rankKeys, at, middle);
    if (length < 0 || to + length > out.length) return -1;
    return this.layOutEpd(out, to, middle);
  }

  private measureEpd(rankKeys: Int32Array, at: number, middle: string): number {
    const length = this.updateRanks(rankKeys, at) + middle.length - 1;
    return length > MAX_CODES ? -1 : length;
  }

  /**
   * Brings the ranks up to date and counts the FEN's length (and its counters' digits, for
   * `layOut`); -1 for the FENs left to `joinFen`: counters that are not safe non-negative integers,
   * or longer than `MAX_CODES`.
   */
  private measure(rankKeys: Int32Array, at: number, middle: string, halfmoves: number, fullmoves: number): number {
    const placementLength = this.updateRanks(rankKeys, at);
    if (!countersFit(halfmoves, fullmoves)) return -1;
    this.halfDigits = digitCount(halfmoves);
    this.fullDigits = digitCount(fullmoves);
    const length = placementLength + middle.length + this.halfDigits + 1 + this.fullDigits;
    return length > MAX_CODES ? -1 : length;
  }

  /** Decodes again the ranks whose keys changed since the last FEN; returns the placement's length. */
  private updateRanks(rankKeys: Int32Array, at: number): number {
    const keys = this.keys;
    const lengths = this.lengths;
    let length = 7;
    for (let rank = 0; rank < 8; rank++) {
      const key = rankKeys[at + rank] ?? 0;
      if (keys[rank] !== key) {
        keys[rank] = key;
        lengths[rank] = writeRankCodes(key, this.codes, rank * 8);
      }
      length += lengths[rank] ?? 0;
    }
    return length;
  }

  /**
   * Lays the FEN that `measure` counted out as char codes into `out` from `to` (a byte buffer, or
   * the char code array of the string form: the one layout of both); returns where it ends.
   */
  private layOut(out: Uint8Array | number[], to: number, middle: string, halfmoves: number, fullmoves: number): number {
    const halfDigits = this.halfDigits;
    const fullDigits = this.fullDigits;
    let i = this.layOutPlacement(out, to, false);
    for (let j = 0; j < middle.length; j++) out[i++] = middle.charCodeAt(j);
    writeDigits(out, i + halfDigits, halfmoves, halfDigits);
    i += halfDigits;
    out[i++] = 32;
    writeDigits(out, i + fullDigits, fullmoves, fullDigits);
    return i + fullDigits;
  }

  /** Lays out the EPD that `measureEpd` counted: the placement, then `middle` but its last space. */
  private layOutEpd(out: Uint8Array | number[], to: number, middle: string): number {
    let i = this.layOutPlacement(out, to, true);
    for (let j = 0; j < middle.length - 1; j++) out[i++] = middle.charCodeAt(j);
    return i;
  }

  /**
   * Lays out the placement of the ranks `updateRanks` brought up to date; returns where it ends.
   * Up to 7 spare codes may follow it unless `exact` (the EPD, whose middle fields after the
   * placement can be 6 codes: " w - -"); a FEN has at least 10 codes after it.
   */
  private layOutPlacement(out: Uint8Array | number[], to: number, exact: boolean): number {
    const rankCodes = this.codes;
    const lengths = this.lengths;
    let i = to;
    for (let rank = 7; rank >= 0; rank--) {
      // All eight codes of the rank, then the next rank starts after its length: no branch on a
      // length that changes from rank to rank (measured: the copy loop was 60% of the layout). The
      // spare codes land where the FEN goes on, and are overwritten next.
      const from = rank * 8;
      if (rank === 0 && exact) {
        const end = lengths[0] as number;
        for (let j = 0; j < end; j++) out[i++] = rankCodes[j] as number;
        break;
      }
      out[i] = rankCodes[from] as number;
      out[i + 1] = rankCodes[from + 1] as number;
      out[i + 2] = rankCodes[from + 2] as number;
      out[i + 3] = rankCodes[from + 3] as number;
      out[i + 4] = rankCodes[from + 4] as number;
      out[i + 5] = rankCodes[from + 5] as number;
      out[i + 6] = rankCodes[from + 6] as number;
      out[i + 7] = rankCodes[from + 7] as number;
      i += lengths[rank] as number;
      if (rank > 0) out[i++] = 47; /* / */
    }
    return i;
  }

  /** The placement of the ranks of the last `write`, as text. */
  private placement(): string {
    let text = '';
    for (let rank = 7; rank >= 0; rank--) {
      const from = rank * 8;
      text += String.fromCharCode.apply(null, Array.from(this.codes.subarray(from, from + (this.lengths[rank] ?? 0))));
      if (rank > 0) text += '/';
    }
    return text;
  }
}

function rankText(board: Board, base: number): string {
  const key = rankKey(board, base);
  // -1 is also the key of a rank of 15s, which no board holds: codes outside 0–15 are not cached.
  return key === -1 ? buildRankOfBoard(board, base) : rankTextOfKey(key);
}

function rankTextSlashed(board: Board, base: number): string {
  const key = rankKey(board, base);
  return key === -1 ? buildRankOfBoard(board, base) + '/' : rankTextSlashedOfKey(key);
}

/**
 * The piece placement field (the first FEN field) of `board`.
 *
 * @example makeBoardFen(initialPosition().board) // 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'
 */
export function makeBoardFen(board: Board): string {
  return (
    rankTextSlashed(board, 56) +
    rankTextSlashed(board, 48) +
    rankTextSlashed(board, 40) +
    rankTextSlashed(board, 32) +
    rankTextSlashed(board, 24) +
    rankTextSlashed(board, 16) +
    rankTextSlashed(board, 8) +
    rankText(board, 0)
  );
}

/**
 * The castling field for `rooks` on `board`. Standard positions use `KQkq`; Chess960 positions use
 * X-FEN (`K`/`Q` for the outermost rook on that side of the king, else the rook's file letter) unless
 * `mode` is 'shredder' (file letters always). Order: white then black, king side then queen side.
 */
export function makeCastlingField(
  board: Board,
  rooks: readonly Square[],
  chess960: boolean,
  mode: FenCastlingMode = 'xfen',
): string {
  if (rooks.length === 0) return '-';
  if (!chess960 && mode !== 'shredder') {
    let bits = 0;
    for (const square of rooks) {
      const bit = square === 7 ? 1 : square === 0 ? 2 : square === 63 ? 4 : square === 56 ? 8 : -1;
      if (bit < 0) return makeGeneralCastling(board, rooks, false, mode);
      bits |= bit;
    }
    return STANDARD_CASTLING[bits] ?? '-';
  }
  return makeGeneralCastling(board, rooks, chess960, mode);
}

/** Chess960, Shredder-FEN and anything unusual: one letter per right, in the usual order. */
function makeGeneralCastling(board: Board, rooks: readonly Square[], chess960: boolean, mode: FenCastlingMode): string {
  const kingFiles = [backRankKing(board, true), backRankKing(board, false)] as const;
  // Slots: white king side, white queen side, black king side, black queen side.
  const slots = ['', '', '', ''];
  for (const square of rooks) {
    const black = square >= 32;
    const kingFile = kingFiles[black ? 1 : 0];
    const file = square & 7;
    const kingSide = kingFile >= 0 ? file > kingFile : file >= 4;
    const slot = (black ? 2 : 0) + (kingSide ? 0 : 1);
    const letter = castlingLetter(board, square, kingSide, chess960, mode, black);
    // Two rights on one side only occur in broken setups; they keep the order of `rooks`.
    slots[slot] += letter;
  }
  const text = (slots[0] ?? '') + (slots[1] ?? '') + (slots[2] ?? '') + (slots[3] ?? '');
  return text || '-';
}

function castlingLetter(
  board: Board,
  square: Square,
  kingSide: boolean,
  chess960: boolean,
  mode: FenCastlingMode,
  black: boolean,
): string {
  const file = square & 7;
  const fileLetter = FILE_NAMES.charAt(file);
  const letterOf = (kq: string): string => (black ? kq.toLowerCase() : kq);
  if (mode === 'shredder') return black ? fileLetter : fileLetter.toUpperCase();
  const base = square & 56;
  let outermost: boolean;
  if (chess960) {
    outermost = true;
    const rook = black ? ROOK | BLACK : ROOK;
    for (let f = kingSide ? file + 1 : file - 1; f >= 0 && f < 8; f += kingSide ? 1 : -1) {
      if (board[base + f] === rook) outermost = false;
    }
  } else {
    outermost = file === (kingSide ? 7 : 0);
  }
  if (outermost) return letterOf(kingSide ? 'K' : 'Q');
  return black ? fileLetter : fileLetter.toUpperCase();
}

/**
 * The FEN of `pos`. En passant (`ep`): 'always' (default, the standard) writes `epSquare` as stored,
 * that is after every double push; 'pseudo' only when a pawn of the side to move stands ready to take;
 * 'legal' only when the capture is legal (chess.js, python-chess). Castling: see `makeCastlingField`;
 * 'kq' and 'xfen' give the same text (`KQkq` wherever it is unambiguous), 'shredder' gives `HAha`.
 * A FEN read by `parseFen` comes back unchanged in 'always' mode with the castling style it used.
 * Cost: one pass over the 64 squares, plus a Position check for the 'pseudo'/'legal' filters.
 *
 * @example makeFen(initialPosition()) // 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
 */
export function makeFen(pos: Setup & { readonly chess960?: boolean }, options: MakeFenOptions = {}): string {
  const chess960 = pos.chess960 === true;
  const mode = options.castling ?? 'xfen';
  const black = pos.turn !== 'white';
  const ep = fenEpSquare(pos, chess960, options.ep ?? 'always');
  let middle: string | undefined;
  let board: Board;
  if (pos instanceof Position) {
    board = boardOf(pos); // Position.board would copy
    middle = standardMiddleFields(black, castlingMaskOf(pos), ep, chess960, mode);
  } else {
    board = pos.board;
  }
  middle ??= middleFields(black, makeCastlingField(board, pos.castlingRooks, chess960, mode), ep);
  return joinFen(makeBoardFen(board), middle, pos.halfmoves, pos.fullmoves);
}

const SCRATCH = new MutableBoard();

/** The en passant square the FEN of `pos` shows in `mode`, -1 for '-' (see `shownEpSquare`). */
function fenEpSquare(pos: Setup, chess960: boolean, mode: FenEpMode): number {
  const square = pos.epSquare;
  if (square === undefined) return -1;
  if (mode === 'always') return square;
  const position = pos instanceof Position ? pos : Position.fromSetupUnchecked(pos, chess960);
  return shownEpSquare(loadPosition(SCRATCH, position), mode === 'legal');
}

/** The six fields joined: every FEN forsyth writes is put together here. */
export function joinFen(placement: string, middle: string, halfmoves: number, fullmoves: number): string {
  return placement + middle + halfmoves + ' ' + fullmoves;
}

/** Castling rights that `KQkq` can spell: the rooks on a1, h1, a8, h8. */
const CORNERS = 0x8181;
/** `standardMiddleFields` texts by (KQkq bits, en passant square + 1, side to move): 16 × 65 × 2 slots. */
const MIDDLE_FIELDS: (string | undefined)[] = new Array<string | undefined>(16 * 65 * 2).fill(undefined);

/**
 * The fields between placement and counters, spaces included (`' w KQkq - '`), memoised, when the
 * castling rights (an engine mask) are written `KQkq`-style; undefined otherwise (Chess960,
 * Shredder-FEN, a rook off the corners: then `middleFields` with `makeCastlingField`).
 */
export function standardMiddleFields(
  black: boolean,
  mask: number,
  ep: number,
  chess960: boolean,
  mode: FenCastlingMode,
): string | undefined {
  if (chess960 || mode === 'shredder' || (mask & ~CORNERS) !== 0) return undefined;
  const bits = ((mask >> 7) & 1) | ((mask & 1) << 1) | ((mask >> 13) & 4) | ((mask >> 5) & 8);
  const slot = ((bits * 65 + ep + 1) << 1) | (black ? 1 : 0);
  return (MIDDLE_FIELDS[slot] ??= flatString(middleFields(black, STANDARD_CASTLING[bits] ?? '-', ep)));
}

/**
 * `text` as one sequential string: a concatenation is a tree of pieces, and reading its char codes
 * on every ply (`FenWriter.layOut`) walks it each time.
 */
function flatString(text: string): string {
  return String.fromCharCode.apply(
    null,
    Array.from(text, (c) => c.charCodeAt(0)),
  );
}

/** The fields between placement and counters, spaces included, from a castling field and an ep square (-1 for none). */
export function middleFields(black: boolean, castling: string, ep: number): string {
  return (black ? ' b ' : ' w ') + castling + ' ' + (ep >= 0 ? squareName(ep) : '-') + ' ';
}

/** `makeCastlingField` for an engine castling mask. */
export function castlingFieldOfMask(board: Board, mask: number, chess960: boolean, mode: FenCastlingMode): string {
  return makeCastlingField(board, rooksOfMask(mask), chess960, mode);
}
