/**
 * FEN writing: `makeFen` and `makeBoardFen`. Depends on `types.ts` and, for the `pseudo`/`legal`
 * en-passant filters only, `position.ts`; no Node.
 *
 * Key decision: `makeFen` runs once per ply on the replay hot path, so the placement is eight
 * memoised rank strings (seven with their '/') joined (see `rankText`; no regexes, no per-square strings), and standard
 * castling rights go through a 16-entry table instead of a sort.
 */
import { backRankKing } from './fen-castling.js';
import { boardOf, hasLegalEnPassant, hasPseudoEnPassant, Position } from './position.js';
import { BLACK, FILE_NAMES, ROOK, squareName, type Board, type Setup, type Square } from './types.js';

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
/** Standard castling field by bit set: K = 1, Q = 2, k = 4, q = 8. @internal */
export const STANDARD_CASTLING: readonly string[] = Array.from({ length: 16 }, (_, bits) => {
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

/** The FEN text of a rank from its key (see `rankKey`), built square by square (cache misses only). */
function buildRank(key: number): string {
  const codes: number[] = [];
  let empty = 0;
  for (let file = 0; file < 8; file++) {
    const code = (key >>> (4 * file)) & 15;
    if (code === 0) {
      empty++;
    } else {
      if (empty > 0) {
        codes.push(DIGIT_0 + empty);
        empty = 0;
      }
      codes.push(PIECE_CHAR_CODES[code] ?? 63);
    }
  }
  if (empty > 0) codes.push(DIGIT_0 + empty);
  return String.fromCharCode.apply(null, codes);
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

/**
 * The rank starting at square `base` as one integer, four bits per square (a-file lowest), or -1
 * if some code does not fit four bits (only in a hand-made Setup). @internal
 */
export function rankKey(board: Board, base: number): number {
  const a = board[base] ?? 0;
  const b = board[base + 1] ?? 0;
  const c = board[base + 2] ?? 0;
  const d = board[base + 3] ?? 0;
  const e = board[base + 4] ?? 0;
  const f = board[base + 5] ?? 0;
  const g = board[base + 6] ?? 0;
  const h = board[base + 7] ?? 0;
  if (((a | b | c | d | e | f | g | h) & ~15) !== 0) return -1;
  return a | (b << 4) | (c << 8) | (d << 12) | (e << 16) | (f << 20) | (g << 24) | (h << 28);
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

/** The FEN text of the rank with key `key` (from `rankKey`, never -1), from the memo table. @internal */
export function rankTextOfKey(key: number): string {
  return RANK_TEXTS[rankSlot(key)] ?? '';
}

/** `rankTextOfKey(key) + '/'`, from the memo table. @internal */
export function rankTextSlashedOfKey(key: number): string {
  return RANK_TEXTS_SLASHED[rankSlot(key)] ?? '';
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
    rankTextSlashed(board, 56) + rankTextSlashed(board, 48) + rankTextSlashed(board, 40) + rankTextSlashed(board, 32) +
    rankTextSlashed(board, 24) + rankTextSlashed(board, 16) + rankTextSlashed(board, 8) + rankText(board, 0)
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
  const board = pos instanceof Position ? boardOf(pos) : pos.board; // Position.board would copy
  return (
    makeBoardFen(board) +
    (pos.turn === 'white' ? ' w ' : ' b ') +
    makeCastlingField(board, pos.castlingRooks, chess960, options.castling ?? 'xfen') +
    ' ' +
    makeEpField(pos, chess960, options.ep ?? 'always') +
    ' ' +
    pos.halfmoves +
    ' ' +
    pos.fullmoves
  );
}

function makeEpField(pos: Setup, chess960: boolean, mode: FenEpMode): string {
  const square = pos.epSquare;
  if (square === undefined) return '-';
  if (mode === 'always') return squareName(square);
  const position = pos instanceof Position ? pos : Position.fromSetupUnchecked(pos, chess960);
  // The pseudo test reads a few squares; the legal one loads the position into a scratch board and
  // plays the capture. A legal capture needs the pseudo conditions (the same ones generateEnPassant
  // checks first), and after most double pushes no pawn stands ready, so test the cheap one first.
  const keep = hasPseudoEnPassant(position) && (mode === 'pseudo' || hasLegalEnPassant(position));
  return keep ? squareName(square) : '-';
}
