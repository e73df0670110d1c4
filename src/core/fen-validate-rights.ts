/**
 * Legality of the two FEN fields that make claims about the past: castling rights (the king and the
 * rook have not moved) and the en-passant square (a pawn has just moved two squares).
 * Part of `validateSetup`; depends on `types.ts` and the validation state; no Node.
 */
import type { Validation } from './fen-validate.js';
import { BLACK, FILE_NAMES, KING, PAWN, ROLE_MASK, ROOK, squareName, type Setup, type Square } from './types.js';

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

/** FEN_CASTLING_NO_ROOK, FEN_CASTLING_KING_MOVED and FEN_BAD_CASTLING (two rights on one side). */
export function checkCastlingRights(v: Validation): void {
  const { setup } = v;
  const rooks = setup.castlingRooks;
  const kingMovedReported = [false, false];
  const sides = new Map<number, number>();
  rooks.forEach((sq, index) => {
    const letter = letterOf(v, index, sq);
    const offset = v.layout?.castlingOffsets[index];
    const black = sq >= 56;
    const color = black ? 'black' : 'white';
    const withoutIt = (): string => v.fenWith({ castlingRooks: rooks.filter((_, i) => i !== index) });
    if (sq >= 8 && sq < 56) {
      v.add('FEN_CASTLING_NO_ROOK', `the castling right '${letter}' names ${squareName(sq)}, which is not on a back rank`, 2, undefined, undefined, offset);
      return;
    }
    const rook = ROOK | (black ? BLACK : 0);
    if (setup.board[sq] !== rook) {
      v.add(
        'FEN_CASTLING_NO_ROOK',
        `the castling right '${letter}' needs a ${color} rook on ${squareName(sq)}, but ${describeSquare(setup, sq)}`,
        2,
        undefined,
        `a rook that has moved or been taken cannot castle: remove '${letter}': '${withoutIt()}'`,
        offset,
      );
      return;
    }
    const kingSq = setup.board.indexOf(KING | (black ? BLACK : 0));
    if (kingSq < 0) return;
    const base = black ? 56 : 0;
    const kingFile = kingSq & 7;
    const kingOnRank = kingSq >= base && kingSq < base + 8;
    if (!kingOnRank || (!v.chess960 && kingFile !== 4)) {
      if (kingMovedReported[black ? 1 : 0]) return;
      kingMovedReported[black ? 1 : 0] = true;
      const where = kingOnRank ? `${squareName(kingSq)}, not e${black ? 8 : 1}` : `${squareName(kingSq)}, off rank ${black ? 8 : 1}`;
      const kept = rooks.filter((r) => (r >= 56) !== black);
      v.add(
        'FEN_CASTLING_KING_MOVED',
        `the castling right '${letter}' needs the ${color} king on its starting square, but it is on ${where}`,
        2,
        undefined,
        `a king that has moved cannot castle: remove ${color}'s rights: '${v.fenWith({ castlingRooks: kept })}'`,
        offset,
      );
      return;
    }
    const sideKey = (black ? 2 : 0) + ((sq & 7) > kingFile ? 0 : 1);
    const earlier = sides.get(sideKey);
    if (earlier !== undefined) {
      const other = letterOf(v, earlier, rooks[earlier] ?? sq);
      const side = sideKey & 1 ? 'queen' : 'king';
      const message = rooks[earlier] === sq
        ? `the castling rights '${other}' and '${letter}' name the same rook on ${squareName(sq)}`
        : `the castling rights '${other}' and '${letter}' are both on ${color}'s ${side} side`;
      v.add('FEN_BAD_CASTLING', message, 2, undefined, `keep one right per side: remove '${letter}': '${withoutIt()}'`, offset);
      return;
    }
    sides.set(sideKey, index);
  });
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
    v.add('FEN_EP_WRONG_RANK', `the en-passant square '${name}' is not on rank ${whiteToMove ? 6 : 3}`, 3, undefined, wrongRankHint(v, ep));
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
