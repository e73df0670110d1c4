/**
 * Legality of the two FEN fields that make claims about the past: castling rights (the king and the
 * rook have not moved) and the en-passant square (a pawn has just moved two squares).
 * Part of `validateSetup`; depends on `types.ts` and the validation state; no Node.
 */
import type { Validation } from './validation.js';
import { BLACK, FILE_NAMES, KING, PAWN, ROLE_MASK, ROOK, squareName, type Setup, type Square } from '../types.js';

const ROLE_NAMES = ['', 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'] as const;

function describeSquare(setup: Setup, sq: Square): string {
  const code = setup.board[sq] ?? 0;
  if (code === 0) return `${squareName(sq)} is empty`;
  return `${squareName(sq)} holds a ${code & BLACK ? 'black' : 'white'} ${ROLE_NAMES[code & ROLE_MASK] ?? 'piece'}`;
}

/** The letter written for castling right `index` (from the text when known). */
function letterOf(v: Validation, index: number, sq: Square): string {
  const offset = v.layout?.castlingOffsets[index];
  if (v.layout && offset !== undefined) return v.layout.text.charAt(offset);
  const file = FILE_NAMES.charAt(sq & 7);
  return sq < 8 ? file.toUpperCase() : file;
}

/** One castling right as written: its index in `castlingRooks`, rook square, letter and offset. */
interface Right {
  readonly index: number;
  readonly square: Square;
  readonly letter: string;
  readonly offset: number | undefined;
  readonly black: boolean;
}

/** FEN_CASTLING_NO_ROOK, FEN_CASTLING_KING_MOVED and FEN_BAD_CASTLING (two rights on one side). */
export function checkCastlingRights(v: Validation): void {
  const kingMovedReported = [false, false];
  const sides = new Map<number, Right>();
  v.setup.castlingRooks.forEach((square, index) => {
    const right: Right = {
      index,
      square,
      letter: letterOf(v, index, square),
      offset: v.layout?.castlingOffsets[index],
      black: square >= 56,
    };
    if (!hasRook(v, right)) return;
    const kingSq = v.setup.board.indexOf(KING | (right.black ? BLACK : 0));
    if (kingSq < 0) return; // FEN_KING_COUNT says it
    const colorIndex = right.black ? 1 : 0;
    if (!kingAtHome(v, right, kingSq, !kingMovedReported[colorIndex])) {
      kingMovedReported[colorIndex] = true;
      return;
    }
    const sideKey = colorIndex * 2 + ((square & 7) > (kingSq & 7) ? 0 : 1);
    const earlier = sides.get(sideKey);
    if (earlier) reportSameSide(v, earlier, right, sideKey);
    else sides.set(sideKey, right);
  });
}

function withoutRight(v: Validation, index: number): string {
  return v.fenWith({ castlingRooks: v.setup.castlingRooks.filter((_, i) => i !== index) });
}

/** True when a rook of the right colour stands on the right's square (else reports FEN_CASTLING_NO_ROOK). */
function hasRook(v: Validation, right: Right): boolean {
  const { square, letter, offset, black } = right;
  if (square >= 8 && square < 56) {
    v.add(
      'FEN_CASTLING_NO_ROOK',
      `the castling right '${letter}' names ${squareName(square)}, which is not on a back rank`,
      2,
      undefined,
      undefined,
      offset,
    );
    return false;
  }
  if (v.setup.board[square] === (ROOK | (black ? BLACK : 0))) return true;
  v.add(
    'FEN_CASTLING_NO_ROOK',
    `the castling right '${letter}' needs a ${black ? 'black' : 'white'} rook on ${squareName(square)}, but ${describeSquare(v.setup, square)}`,
    2,
    undefined,
    `a rook that has moved or been taken cannot castle: remove '${letter}': '${withoutRight(v, right.index)}'`,
    offset,
  );
  return false;
}

/** True when the king stands where castling needs it (its back rank; e1/e8 in standard chess). */
function kingAtHome(v: Validation, right: Right, kingSq: Square, report: boolean): boolean {
  const { black, letter, offset } = right;
  const base = black ? 56 : 0;
  const kingOnRank = kingSq >= base && kingSq < base + 8;
  if (kingOnRank && (v.chess960 || (kingSq & 7) === 4)) return true;
  if (!report) return false;
  const color = black ? 'black' : 'white';
  const where = kingOnRank
    ? `${squareName(kingSq)}, not e${black ? 8 : 1}`
    : `${squareName(kingSq)}, off rank ${black ? 8 : 1}`;
  const kept = v.setup.castlingRooks.filter((r) => r >= 56 !== black);
  v.add(
    'FEN_CASTLING_KING_MOVED',
    `the castling right '${letter}' needs the ${color} king on its starting square, but it is on ${where}`,
    2,
    undefined,
    `a king that has moved cannot castle: remove ${color}'s rights: '${v.fenWith({ castlingRooks: kept })}'`,
    offset,
  );
  return false;
}

function reportSameSide(v: Validation, earlier: Right, right: Right, sideKey: number): void {
  const color = right.black ? 'black' : 'white';
  const message =
    earlier.square === right.square
      ? `the castling rights '${earlier.letter}' and '${right.letter}' name the same rook on ${squareName(right.square)}`
      : `the castling rights '${earlier.letter}' and '${right.letter}' are both on ${color}'s ${sideKey & 1 ? 'queen' : 'king'} side`;
  v.add(
    'FEN_BAD_CASTLING',
    message,
    2,
    undefined,
    `keep one right per side: remove '${right.letter}': '${withoutRight(v, right.index)}'`,
    right.offset,
  );
}

/**
 * FEN_EP_WRONG_RANK, FEN_EP_NO_PAWN, FEN_EP_NOT_EMPTY, FEN_EP_HALFMOVE_NOT_ZERO (warning). True when
 * the square is absent or consistent with a double push, so the check test may rely on it.
 */
export function checkEnPassant(v: Validation): boolean {
  const { setup } = v;
  const ep = setup.epSquare;
  if (ep === undefined) return true;
  const whiteToMove = setup.turn === 'white';
  const rank = ep >> 3;
  const name = squareName(ep);
  const file = FILE_NAMES.charAt(ep & 7);
  if (rank !== (whiteToMove ? 5 : 2)) {
    v.add(
      'FEN_EP_WRONG_RANK',
      `the en-passant square '${name}' is not on rank ${whiteToMove ? 6 : 3}`,
      3,
      undefined,
      wrongRankHint(v, ep),
    );
    return false;
  }
  const pushedTo = whiteToMove ? ep - 8 : ep + 8;
  const pushedFrom = whiteToMove ? ep + 8 : ep - 8;
  const pawn = PAWN | (whiteToMove ? BLACK : 0);
  const mover = whiteToMove ? 'black' : 'white';
  let ok = true;
  if (setup.board[pushedTo] !== pawn) {
    ok = false;
    v.add(
      'FEN_EP_NO_PAWN',
      `the en-passant square '${name}' needs a ${mover} pawn on ${squareName(pushedTo)} that just moved two squares, but ${describeSquare(setup, pushedTo)}`,
      3,
      undefined,
      `if no pawn has just moved two squares, write '-': '${v.fenWith({ epSquare: undefined })}'`,
    );
  }
  for (const sq of [ep, pushedFrom]) {
    if ((setup.board[sq] ?? 0) === 0) continue;
    ok = false;
    v.add(
      'FEN_EP_NOT_EMPTY',
      `the en-passant square '${name}' says a ${mover} pawn just passed ${file}${whiteToMove ? 7 : 2}–${name}, but ${describeSquare(setup, sq)}`,
      3,
      undefined,
      `if no pawn has just moved two squares, write '-': '${v.fenWith({ epSquare: undefined })}'`,
    );
  }
  if (ok && setup.halfmoves !== 0) {
    v.add(
      'FEN_EP_HALFMOVE_NOT_ZERO',
      `the halfmove clock is ${setup.halfmoves}, but the en-passant square '${name}' says a pawn has just moved`,
      4,
      undefined,
      `a pawn move resets the halfmove clock: '${v.fenWith({ halfmoves: 0 })}'`,
    );
  }
  return ok;
}

/** The landing square written instead of the square passed over, or the wrong side to move. */
function wrongRankHint(v: Validation, ep: Square): string | undefined {
  const { setup } = v;
  const whiteToMove = setup.turn === 'white';
  const rank = ep >> 3;
  const file = FILE_NAMES.charAt(ep & 7);
  // Landing square: white to move, a black pawn on rank 5 (or black to move, a white pawn on rank 4).
  const landingRank = whiteToMove ? 4 : 3;
  const mover = PAWN | (whiteToMove ? BLACK : 0);
  if (rank === landingRank && setup.board[ep] === mover) {
    const passed = whiteToMove ? ep + 8 : ep - 8;
    return `did you mean ${squareName(passed)}, the square the pawn passed over? '${v.fenWith({ epSquare: passed })}'`;
  }
  const otherRank = whiteToMove ? 2 : 5;
  if (rank === otherRank) {
    const other = whiteToMove ? 'black' : 'white';
    return `with ${setup.turn} to move the en-passant square is on rank ${whiteToMove ? 6 : 3}; is it ${other} to move? '${v.fenWith({ turn: other })}'`;
  }
  return `the en-passant square is on rank ${whiteToMove ? 6 : 3} with ${setup.turn} to move (the square the pawn passed over, like ${file}${whiteToMove ? 6 : 3}), or '-'`;
}
