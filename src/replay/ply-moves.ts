/**
 * The SAN and UCI of a replayed ply, written from the replay log (the encoded move, the pieces of
 * the position before it, the check flag after it) without building a `Position`: row formats ask
 * for both on every ply, and a Position plus a legality test per ply cost more than the replay.
 *
 * What the log cannot tell is left to the caller's slow path (`makeSan`, `makeUci` on Positions):
 * the disambiguation of a piece move whose SAN was written with one, and Chess960 castling. A piece
 * move written without a from square resolved to the only legal move of that piece to that square
 * (else the replay would have stopped on an ambiguous move), so it needs none.
 */
import type { ReplayBoard } from '../core/replay-board.js';
import { isCheckmate } from '../core/position.js';
import { KIND_CASTLE, KIND_EN_PASSANT, KIND_MASK } from '../core/mutable-board.js';
import { FILE_NAMES, KING, PAWN, squareName } from '../core/types.js';

const SQUARES: readonly string[] = Array.from({ length: 64 }, (_, s) => squareName(s));
/** By role code (1 pawn … 6 king). */
const LETTERS = ' PNBRQK';
const PROMOTIONS = ['', '', '=N', '=B', '=R', '=Q'];
const UCI_PROMOTIONS = ['', '', 'n', 'b', 'r', 'q'];

/**
 * The canonical SAN of the move `code` from `beforeEntry` to `entry`, or undefined when only the
 * slow path can tell (a piece move written with a disambiguation, or with another letter).
 */
export function sanFromLog(log: ReplayBoard, beforeEntry: number, entry: number, code: number, written: string): string | undefined {
  const from = code & 63;
  const to = (code >> 6) & 63;
  const kind = code & KIND_MASK;
  let san: string;
  if (kind === KIND_CASTLE) san = to > from ? 'O-O' : 'O-O-O';
  else {
    const role = log.pieceAt(beforeEntry, from) & 7;
    const capture = kind === KIND_EN_PASSANT || log.pieceAt(beforeEntry, to) !== 0;
    if (role === PAWN) {
      san = (capture ? `${FILE_NAMES.charAt(from & 7)}x` : '') + (SQUARES[to] as string) + (PROMOTIONS[(code >> 12) & 7] as string);
    } else {
      if (role !== KING && !writtenWithoutFrom(written, role)) return undefined;
      san = LETTERS.charAt(role) + (capture ? 'x' : '') + (SQUARES[to] as string);
    }
  }
  if (!log.checkAt(entry)) return san;
  // A move played from the position proves it is no mate; else a generation tells.
  return san + (!log.movedFrom(entry) && isCheckmate(log.position(entry)) ? '#' : '+');
}

/** `Nf3`, `Nxf3` with the letter of `role`: no from file or rank. */
function writtenWithoutFrom(written: string, role: number): boolean {
  if (written.charCodeAt(0) !== LETTERS.charCodeAt(role)) return false;
  const n = written.length;
  return n === 3 || (n === 4 && written.charCodeAt(1) === 120 /* x */);
}

/** The UCI of the move `code` from `beforeEntry`, or undefined for Chess960 castling (the slow path). */
export function uciFromLog(log: ReplayBoard, code: number): string | undefined {
  const from = code & 63;
  let to = (code >> 6) & 63;
  if ((code & KIND_MASK) === KIND_CASTLE) {
    if (log.isChess960) return undefined;
    // The code says king takes rook; standard UCI names the king's target square.
    to = (from & 56) + (to > from ? 6 : 2);
  }
  return (SQUARES[from] as string) + (SQUARES[to] as string) + (UCI_PROMOTIONS[(code >> 12) & 7] as string);
}
