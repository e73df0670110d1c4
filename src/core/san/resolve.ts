/**
 * SAN against a position: `resolveOn`, the one resolver (numeric SAN fields on a `MutableBoard` →
 * the encoded legal move or the `SanError`), and its faces `resolveSan` (a parsed `SanMove`) and
 * `parseSan` (text). `Line` calls `resolveOn` on its live board once per ply. Depends on the engine
 * (`candidates`, `mutable-board`), `position`, `syntax`, `errors`; no Node.
 *
 * Key decision: resolution looks only at the pieces of the named kind that reach the target square
 * (attack tables, backwards from the target), then tests each for legality. It never generates all
 * legal moves, because PGN replay resolves one SAN per ply; a full generation happens only on the
 * error path, to suggest moves. The usual single match allocates nothing: the move stays a number.
 */
import { err, ok, type Result } from '../../result.js';
import { candidatesTo, castlingMove, isLegalCandidate, legalFromTo } from '../engine/candidates.js';
import {
  KIND_CASTLE,
  KIND_EN_PASSANT,
  KIND_MASK,
  MutableBoard,
  NULL_MOVE,
  decodeMove,
} from '../engine/mutable-board.js';
import { checkString } from '../../arguments.js';
import { checkPosition, loadPosition, type Position } from '../position.js';
import { closestMoves, sanError, type SanError } from './errors.js';
import {
  SAN_KING_SIDE,
  SAN_NULL,
  SAN_QUEEN_SIDE,
  SanFields,
  fieldsOf,
  readSan,
  syntaxError,
  type SanMove,
} from './syntax.js';
import type { Move, NormalMove } from '../types.js';

const SCRATCH = new MutableBoard();
const FIELDS = new SanFields();
const CANDIDATES = new Int32Array(16);
const MATCHES = new Int32Array(16);

/**
 * The encoded legal move the SAN fields `san` (read from `text`) name on `mb`, whose side to move
 * is (`inCheck`) or is not in check: a move code, `NULL_MOVE` for a null move when `allowNull`, or
 * the `SanError` (see `resolveSan`). `mb` is left as it was.
 */
export function resolveOn(
  mb: MutableBoard,
  inCheck: boolean,
  san: SanFields,
  text: string,
  allowNull: boolean,
): number | SanError {
  if (san.kind === SAN_KING_SIDE || san.kind === SAN_QUEEN_SIDE) {
    const code = castlingMove(mb, san.kind === SAN_KING_SIDE ? 'king' : 'queen');
    return code >= 0
      ? code
      : sanError('illegal', text, `castling '${text}' is not legal here`, closestMoves(mb, { role: 6 }));
  }
  if (san.kind === SAN_NULL)
    return allowNull ? NULL_MOVE : sanError('null', text, `null move '${text}' is not allowed here`);
  if (san.role === 0) return resolveLongAlgebraic(mb, inCheck, san, text);
  const n = matchingMoves(mb, inCheck, san.role, san.to, san.fromFile, san.fromRank, san.capture, san.promotion);
  const promotion = san.promotion << 12;
  if (n === 1) return (MATCHES[0] ?? 0) | promotion;
  if (n > 1) {
    const matches: NormalMove[] = [];
    for (let i = 0; i < n; i++) matches.push(decodeMove((MATCHES[i] ?? 0) | promotion));
    return sanError('ambiguous', text, `'${text}' could be any of ${n} moves`, matches);
  }
  return sanError('illegal', text, `'${text}' is not legal here`, closestMoves(mb, { role: san.role, to: san.to }));
}

/**
 * Writes into `MATCHES` the encoded legal moves that fit a SAN with a piece letter (or an implied
 * pawn) and returns how many. `fromFile`/`fromRank` are -1 when not written, `promotion` is a role
 * code or 0.
 */
function matchingMoves(
  mb: MutableBoard,
  inCheck: boolean,
  role: number,
  to: number,
  fromFile: number,
  fromRank: number,
  capture: boolean,
  promotion: number,
): number {
  const lastRank = role === 1 && to >> 3 === (mb.us ? 0 : 7);
  if (lastRank !== (promotion !== 0) || promotion === 6 || promotion === 1) return 0;
  const n = candidatesTo(mb, role, to, CANDIDATES);
  // Without a from file, a pawn SAN names a push ("d5"), as in every SAN reader.
  const file = fromFile >= 0 ? fromFile : role === 1 ? to & 7 : -1;
  const capturesNothing = mb.board[to] === 0;
  let matches = 0;
  for (let i = 0; i < n; i++) {
    const code = CANDIDATES[i] ?? 0;
    const from = code & 63;
    if (file >= 0 && (from & 7) !== file) continue;
    if (fromRank >= 0 && from >> 3 !== fromRank) continue;
    if (capture && capturesNothing && (code & KIND_MASK) !== KIND_EN_PASSANT) continue;
    if (!isLegalCandidate(mb, code, inCheck)) continue;
    MATCHES[matches++] = code;
  }
  return matches;
}

/** `e2e4`, `e2-e4`, `e7e8q`, `e1h1` (Chess960 castling): whatever stands on the from square. */
function resolveLongAlgebraic(mb: MutableBoard, inCheck: boolean, san: SanFields, text: string): number | SanError {
  const from = Math.max(san.fromRank, 0) * 8 + Math.max(san.fromFile, 0);
  const code = legalFromTo(mb, inCheck, from, san.to, san.promotion);
  const board = mb.board;
  const capturesNothing = code >= 0 && board[san.to] === 0 && san.to !== mb.ep;
  if (code >= 0 && !(san.capture && (capturesNothing || (code & KIND_MASK) === KIND_CASTLE))) return code;
  const role = (board[from] ?? 0) & 7;
  return sanError('illegal', text, `'${text}' is not legal here`, closestMoves(mb, { role, from, to: san.to }));
}

/** `resolveOn` on a `Position`, as a `Result` of a public move. */
function resolveIn(pos: Position, san: SanFields, text: string, allowNull: boolean): Result<Move, SanError> {
  const code = resolveOn(loadPosition(SCRATCH, pos), pos.isCheck(), san, text, allowNull);
  if (typeof code !== 'number') return err(code);
  return ok(code === NULL_MOVE ? { null: true } : decodeMove(code));
}

/**
 * Finds the legal move `san` names in `pos`. Errors: `illegal` (no legal move matches; candidates are
 * up to five close legal moves), `ambiguous` (candidates are the matching legal moves), `null` (a null
 * move is not a `NormalMove`). A pinned piece does not make SAN ambiguous. A capture mark on a move
 * that captures nothing is illegal; a missing capture mark is accepted.
 * Cost: the candidates onto the target square, each tested for legality.
 */
export function resolveSan(pos: Position, san: SanMove): Result<NormalMove, SanError> {
  return resolveIn(pos, fieldsOf(san, FIELDS), san.text, false) as Result<NormalMove, SanError>;
}

/**
 * Reads and resolves a SAN in one step (see `parseSanSyntax` and `resolveSan` for the accepted
 * spellings and the errors). `--`, `Z0` and `0000` give `{ null: true }` when `allowNull` is set,
 * else a `null` error.
 *
 * @example parseSan(initialPosition(), 'Nf3') // { ok: true, value: { from: 6, to: 21 } }
 */
export function parseSan(
  pos: Position,
  text: string,
  options: { readonly allowNull?: boolean } = {},
): Result<Move, SanError> {
  checkPosition('parseSan', pos);
  checkString('parseSan', 'the SAN', text);
  const why = readSan(text, FIELDS);
  if (why !== undefined) return err(syntaxError(text, why));
  return resolveIn(pos, FIELDS, text, options.allowNull === true);
}
