/**
 * FEN writing: `makeFen` and `makeBoardFen`. Depends on `types.ts` and, for the `pseudo`/`legal`
 * en-passant filters only, `position.ts`; no Node.
 *
 * Key decision: `makeFen` runs once per ply on the replay hot path, so it builds the placement with a
 * run counter into one array of char codes turned into a string at once (no regexes, no per-square
 * strings or joins; measured about 0.3 µs per FEN, five times chessops' `makeFen`), and standard
 * castling rights go through a 16-entry table instead of a sort.
 */
import { backRankKing } from './fen-castling.js';
import { hasLegalEnPassant, hasPseudoEnPassant, Position } from './position.js';
import { BLACK, FILE_NAMES, ROOK, squareName, type Board, type Setup, type Square } from './types.js';

/** Which en-passant square to write; see `makeFen`. */
export type FenEpMode = 'always' | 'pseudo' | 'legal';
/** How to write castling rights; see `makeFen`. */
export type FenCastlingMode = 'kq' | 'xfen' | 'shredder';

export interface MakeFenOptions {
  readonly ep?: FenEpMode;
  readonly castling?: FenCastlingMode;
}

/** Char code of the FEN letter of each piece code (index = code); '?' marks codes that are not pieces. */
const PIECE_CHAR_CODES: readonly number[] = [...'?PNBRQK??pnbrqk?'].map((c) => c.charCodeAt(0));
const DIGIT_0 = 48;
const SLASH = 47;
/** Standard castling field by bit set: K = 1, Q = 2, k = 4, q = 8. */
const STANDARD_CASTLING: readonly string[] = Array.from({ length: 16 }, (_, bits) => {
  const text = (bits & 1 ? 'K' : '') + (bits & 2 ? 'Q' : '') + (bits & 4 ? 'k' : '') + (bits & 8 ? 'q' : '');
  return text || '-';
});

/**
 * The piece placement field (the first FEN field) of `board`.
 *
 * @example makeBoardFen(initialPosition().board) // 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR'
 */
export function makeBoardFen(board: Board): string {
  // Char codes and one fromCharCode: measured faster than appending one-letter strings, and the
  // result is a flat string rather than a rope of ~40 pieces.
  const codes: number[] = [];
  for (let rank = 7; rank >= 0; rank--) {
    let empty = 0;
    for (let square = rank * 8, end = square + 8; square < end; square++) {
      const code = board[square] ?? 0;
      if (code === 0) {
        empty++;
      } else {
        if (empty > 0) {
          codes.push(DIGIT_0 + empty);
          empty = 0;
        }
        codes.push(PIECE_CHAR_CODES[code & 15] ?? 63);
      }
    }
    if (empty > 0) codes.push(DIGIT_0 + empty);
    if (rank > 0) codes.push(SLASH);
  }
  return String.fromCharCode(...codes);
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
  return (
    makeBoardFen(pos.board) +
    (pos.turn === 'white' ? ' w ' : ' b ') +
    makeCastlingField(pos.board, pos.castlingRooks, chess960, options.castling ?? 'xfen') +
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
  const keep = mode === 'legal' ? hasLegalEnPassant(position) : hasPseudoEnPassant(position);
  return keep ? squareName(square) : '-';
}
