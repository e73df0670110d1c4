/**
 * SAN writing: `makeSan`, canonical SAN of a legal move. Depends on the engine (`candidates`,
 * `movegen`, `mutable-board`), `position` and `uci` (castling test); no Node.
 */
import { checkObject } from '../../arguments.js';
import { candidatesTo, isLegalCandidate } from '../engine/candidates.js';
import { generateLegal } from '../engine/movegen.js';
import { KIND_EN_PASSANT, KIND_MASK, MutableBoard } from '../engine/mutable-board.js';
import { boardOf, checkPosition, encodeNormalMove, loadPosition, type Position } from '../position.js';
import { isCastling } from '../uci.js';
import { FILE_NAMES, PAWN, RANK_NAMES, SQUARE_NAMES, isNullMove, type Move, type NormalMove } from '../types.js';

const SCRATCH = new MutableBoard();
const CANDIDATES = new Int32Array(16);
const MOVE_BUFFER = new Int32Array(256);
/** SAN's piece letters by role code (1 pawn … 6 king). */
export const PIECE_LETTERS = ' PNBRQK';

/**
 * Canonical SAN of a legal `move`: piece letter, the least disambiguation that works (file, else
 * rank, else both), `x` on captures, `=Q` promotions, `O-O`/`O-O-O`, then `+` or `#`; `--` for a
 * null move.
 *
 * @example makeSan(initialPosition(), { from: 6, to: 21 }) // 'Nf3'
 */
export function makeSan(pos: Position, move: Move): string {
  checkPosition('makeSan', pos);
  checkObject('makeSan', 'the move', move);
  if (isNullMove(move)) return '--';
  const mb = loadPosition(SCRATCH, pos);
  const code = encodeNormalMove(pos, move);
  let san: string;
  if (isCastling(pos, move)) san = castlingText(move.from, move.to);
  else san = moveText(pos, mb, move, code);
  mb.make(code);
  if (mb.inCheck()) san += generateLegal(mb, MOVE_BUFFER, 0) === 0 ? '#' : '+';
  mb.unmake(code);
  return san;
}

function moveText(pos: Position, mb: MutableBoard, move: NormalMove, code: number): string {
  const board = boardOf(pos);
  const role = (board[move.from] ?? 0) & 7;
  const capture = board[move.to] !== 0 || (code & KIND_MASK) === KIND_EN_PASSANT;
  const prefix = role === PAWN ? '' : disambiguation(mb, role, move.from, move.to, pos.isCheck());
  return sanText(role, move.from, move.to, capture, (code >> 12) & 7, prefix);
}

/**
 * The SAN of a move without its check suffix, from what the caller knows of it: the moving role
 * (1 pawn … 6 king), squares, capture, the promotion role (0 for none) and the disambiguation
 * prefix. The one spelling rule for `makeSan` and `Line.san`.
 */
export function sanText(
  role: number,
  from: number,
  to: number,
  capture: boolean,
  promotion: number,
  prefix: string,
): string {
  const target = SQUARE_NAMES[to] as string;
  if (role === PAWN)
    return (
      (capture ? `${FILE_NAMES.charAt(from & 7)}x` : '') +
      target +
      (promotion ? `=${PIECE_LETTERS.charAt(promotion)}` : '')
    );
  return PIECE_LETTERS.charAt(role) + prefix + (capture ? 'x' : '') + target;
}

/** `O-O` or `O-O-O` for a castling move encoded king-takes-rook. */
export function castlingText(from: number, to: number): string {
  return to > from ? 'O-O' : 'O-O-O';
}

/**
 * The shortest prefix telling the move of the `role` piece on `from` to `to` apart from the other
 * legal moves of that kind to `to` on `mb` (whose side to move is, or is not, `inCheck`): '', the
 * from file, its rank, or both. The one rule of `makeSan` and `Line.san`.
 */
export function disambiguation(mb: MutableBoard, role: number, from: number, to: number, inCheck: boolean): string {
  const n = candidatesTo(mb, role, to, CANDIDATES);
  let others = false;
  let sameFile = false;
  let sameRank = false;
  for (let i = 0; i < n; i++) {
    const code = CANDIDATES[i] ?? 0;
    const other = code & 63;
    if (other === from || !isLegalCandidate(mb, code, inCheck)) continue;
    others = true;
    if ((other & 7) === (from & 7)) sameFile = true;
    if (other >> 3 === from >> 3) sameRank = true;
  }
  if (!others) return '';
  const file = FILE_NAMES.charAt(from & 7);
  const rank = RANK_NAMES.charAt(from >> 3);
  if (!sameFile) return file;
  return sameRank ? file + rank : rank;
}
