/**
 * UCI move notation (`e2e4`, `e7e8q`, `0000`): writing and reading against a position.
 * Depends on `position.ts` and the engine (`legalFromTo`, the resolver UCI shares with long
 * algebraic SAN); no Node.
 *
 * Castling is written `e1g1` (king to its target) in standard positions and king-takes-rook
 * (`e1h1`) in Chess960 positions, as engines in `UCI_Chess960` mode expect. Both are read back.
 */
import { legalFromTo } from './engine/candidates.js';
import { MutableBoard, decodeMove } from './engine/mutable-board.js';
import { checkObject, checkString } from '../arguments.js';
import { boardOf, checkPosition, loadPosition, type Position } from './position.js';
import { sanError, closestMoves, type SanError } from './san/errors.js';
import { err, ok, type Result } from '../result.js';
import {
  BLACK,
  KING,
  ROLES,
  ROOK,
  SQUARE_NAMES,
  isNullMove,
  parseSquare,
  type Move,
  type NormalMove,
} from './types.js';

const SCRATCH = new MutableBoard();
const ROLE_LETTERS = 'pnbrqk';

/** Whether `move` is castling in `pos` (the king takes its own rook). */
export function isCastling(pos: Position, move: NormalMove): boolean {
  const board = boardOf(pos);
  const piece = board[move.from] ?? 0;
  return (piece & 7) === KING && board[move.to] === (ROOK | (piece & BLACK));
}

/**
 * The UCI text of a legal `move`: `e2e4`, `e7e8q`, `0000` for a null move; castling as `e1g1`, or as
 * `e1h1` when `pos.chess960`.
 *
 * @example makeUci(initialPosition(), { from: 12, to: 28 }) // 'e2e4'
 */
export function makeUci(pos: Position, move: Move): string {
  checkPosition('makeUci', pos);
  checkObject('makeUci', 'the move', move);
  if (isNullMove(move)) return '0000';
  const promotion = move.promotion === undefined ? 0 : ROLES.indexOf(move.promotion) + 1;
  return uciText(move.from, move.to, promotion, isCastling(pos, move), pos.chess960);
}

/**
 * The UCI text of a move from its squares (castling king-takes-rook) and promotion role (0 for
 * none, 2 knight … 5 queen): the one rule for `makeUci` and `Line.uci`.
 */
export function uciText(from: number, to: number, promotion: number, castling: boolean, chess960: boolean): string {
  const target = castling && !chess960 ? (from & 56) + (to > from ? 6 : 2) : to;
  return (
    (SQUARE_NAMES[from] as string) +
    (SQUARE_NAMES[target] as string) +
    (promotion ? ROLE_LETTERS.charAt(promotion - 1) : '')
  );
}

const UCI_PATTERN = /^([a-h][1-8])([a-h][1-8])([qrbnQRBN]?)$/;

/**
 * Reads a UCI move and finds the legal move it names. Errors: `syntax` (not UCI), `null` (`0000`,
 * which is no `NormalMove`), `illegal` (with up to five close legal moves as candidates).
 *
 * @example parseUci(initialPosition(), 'g1f3') // { ok: true, value: { from: 6, to: 21 } }
 */
export function parseUci(pos: Position, text: string): Result<NormalMove, SanError> {
  checkPosition('parseUci', pos);
  checkString('parseUci', 'the UCI move', text);
  if (text === '0000') return err(sanError('null', text, `null move '${text}' is not a move here`));
  const match = UCI_PATTERN.exec(text);
  const from = parseSquare(match?.[1] ?? '');
  const to = parseSquare(match?.[2] ?? '');
  if (match === null || from === undefined || to === undefined) {
    return err(sanError('syntax', text, `'${text}' is not a UCI move`));
  }
  const letter = (match[3] ?? '').toLowerCase();
  const promotion = letter === '' ? undefined : ROLES[ROLE_LETTERS.indexOf(letter)];
  const mb = loadPosition(SCRATCH, pos);
  const code = legalFromTo(mb, pos.isCheck(), from, to, promotion === undefined ? 0 : ROLES.indexOf(promotion) + 1);
  if (code >= 0) return ok(decodeMove(code));
  const role = (mb.board[from] ?? 0) & 7;
  return err(sanError('illegal', text, `'${text}' is not legal here`, closestMoves(mb, { role, from, to })));
}
