/**
 * UCI move notation (`e2e4`, `e7e8q`, `0000`): writing and reading against a position.
 * Depends on `position.ts`, `candidates.ts`, `mutable-board.ts`; no Node.
 *
 * Castling is written `e1g1` (king to its target) in standard positions and king-takes-rook
 * (`e1h1`) in Chess960 positions, as engines in `UCI_Chess960` mode expect. Both are read back.
 */
import { candidatesTo, castlingMove, isLegalCandidate } from './candidates.js';
import { MutableBoard } from './mutable-board.js';
import { checkObject, checkString } from '../arguments.js';
import { boardOf, checkPosition, decodeMove, loadPosition, type Position } from './position.js';
import { sanError, closestMoves, type SanError } from './san-error.js';
import { err, ok, type Result } from '../result.js';
import {
  BLACK, KING, ROLES, ROOK, isNullMove, parseSquare, squareName,
  type Move, type NormalMove, type Role, type Square,
} from './types.js';

const SCRATCH = new MutableBoard();
const CANDIDATES = new Int32Array(16);
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
  let to = move.to;
  if (!pos.chess960 && isCastling(pos, move)) to = (move.from & 56) + (move.to > move.from ? 6 : 2);
  const promotion = move.promotion === undefined ? '' : ROLE_LETTERS.charAt(ROLES.indexOf(move.promotion));
  return squareName(move.from) + squareName(to) + promotion;
}

/**
 * Resolves `from`-`to` with an optional promotion to a legal move: a normal move first, then
 * castling written either king-takes-rook or king-to-target. Undefined if none is legal.
 * Cost: the candidates onto `to` only, never a full generation. @internal
 */
export function legalFromTo(pos: Position, from: Square, to: Square, promotion: Role | undefined): NormalMove | undefined {
  const mb = loadPosition(SCRATCH, pos);
  const piece = mb.board[from] ?? 0;
  if (piece === 0 || (piece & BLACK) !== mb.us) return undefined;
  const lastRank = (piece & 7) === 1 && (to >> 3) === (mb.us ? 0 : 7);
  if (lastRank !== (promotion !== undefined) || promotion === 'king' || promotion === 'pawn') return undefined;
  const n = candidatesTo(mb, piece & 7, to, CANDIDATES);
  const inCheck = pos.isCheck();
  for (let i = 0; i < n; i++) {
    const code = CANDIDATES[i] ?? 0;
    if ((code & 63) !== from || !isLegalCandidate(mb, code, inCheck)) continue;
    return promotion === undefined ? decodeMove(code) : { from, to, promotion };
  }
  return (piece & 7) === KING ? castlingFromTo(mb, from, to) : undefined;
}

function castlingFromTo(mb: MutableBoard, from: Square, to: Square): NormalMove | undefined {
  if ((from & 56) !== (to & 56) || from === to) return undefined;
  for (const side of ['king', 'queen'] as const) {
    const code = castlingMove(mb, side);
    if (code < 0) continue;
    const rook = (code >> 6) & 63;
    const kingTarget = (from & 56) + (side === 'king' ? 6 : 2);
    if (to === rook || to === kingTarget) return { from, to: rook };
  }
  return undefined;
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
  const move = legalFromTo(pos, from, to, promotion);
  if (move !== undefined) return ok(move);
  const role = (boardOf(pos)[from] ?? 0) & 7;
  return err(sanError('illegal', text, `'${text}' is not legal here`, closestMoves(pos, { role, from, to })));
}
