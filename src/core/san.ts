/**
 * SAN against a position: `resolveSan` (a parsed `SanMove` → the legal move it names), `parseSan`
 * (both steps) and `makeSan` (canonical SAN). Depends on `position`, `candidates`, `movegen`, `mutable-board`,
 * `san-syntax`, `san-error`, `uci`; no Node.
 *
 * Key decision: resolution looks only at the pieces of the named kind that reach the target square
 * (attack tables, backwards from the target), then tests each for legality. It never generates all
 * legal moves, because PGN replay resolves one SAN per ply; a full generation happens only on the
 * error path, to suggest moves.
 */
import { err, ok, type Result } from '../result.js';
import { candidatesTo, castlingMove, isLegalCandidate } from './candidates.js';
import { generateLegal } from './movegen.js';
import { KIND_EN_PASSANT, KIND_MASK, MutableBoard } from './mutable-board.js';
import { checkObject, checkString } from '../arguments.js';
import { boardOf, checkPosition, decodeMove, encodeNormalMove, loadPosition, type Position } from './position.js';
import { closestMoves, sanError, type SanError } from './san-error.js';
import { SAN_KING_SIDE, SAN_NORMAL, SAN_QUEEN_SIDE, parseSanSyntax, type SanFields, type SanMove } from './san-syntax.js';
import { isCastling, legalFromTo } from './uci.js';
import { FILE_NAMES, RANK_NAMES, ROLES, isNullMove, squareName, type Move, type NormalMove, type Role } from './types.js';

export { parseSanSyntax, type SanMove } from './san-syntax.js';
export type { SanError } from './san-error.js';

const SCRATCH = new MutableBoard();
const CANDIDATES = new Int32Array(16);
const MATCHES = new Int32Array(16);
const MOVE_BUFFER = new Int32Array(256);
const LETTERS = ' PNBRQK';

type NormalSan = Extract<SanMove, { kind: 'normal' }>;

/**
 * Finds the legal move `san` names in `pos`. Errors: `illegal` (no legal move matches; candidates are
 * up to five close legal moves), `ambiguous` (candidates are the matching legal moves), `null` (a null
 * move is not a `NormalMove`). A pinned piece does not make SAN ambiguous. A capture mark on a move
 * that captures nothing is illegal; a missing capture mark is accepted.
 * Cost: the candidates onto the target square, each tested for legality.
 */
export function resolveSan(pos: Position, san: SanMove): Result<NormalMove, SanError> {
  if (san.kind === 'null') return err(sanError('null', san.text, `null move '${san.text}' is not allowed here`));
  if (san.kind === 'castle') {
    const code = castlingMove(loadPosition(SCRATCH, pos), san.side);
    if (code >= 0) return ok(decodeMove(code));
    return err(sanError('illegal', san.text, `castling '${san.text}' is not legal here`, closestMoves(pos, { role: 6 })));
  }
  if (san.role === undefined) return resolveLongAlgebraic(pos, san);
  const role = ROLES.indexOf(san.role) + 1;
  const promotion = san.promotion === undefined ? 0 : ROLES.indexOf(san.promotion) + 1;
  const n = matchingMoves(loadPosition(SCRATCH, pos), pos.isCheck(), role, san.to, san.fromFile ?? -1, san.fromRank ?? -1, san.capture, promotion);
  if (n === 1) return ok(matchedMove(san, MATCHES[0] ?? 0));
  if (n > 1) {
    const matches: NormalMove[] = [];
    for (let i = 0; i < n; i++) matches.push(matchedMove(san, MATCHES[i] ?? 0));
    return err(sanError('ambiguous', san.text, `'${san.text}' could be any of ${n} moves`, matches));
  }
  return err(sanError('illegal', san.text, `'${san.text}' is not legal here`, closestMoves(pos, { role, to: san.to })));
}

/** The move of an encoded candidate, with the SAN's promotion piece. */
function matchedMove(san: NormalSan, code: number): NormalMove {
  return san.promotion === undefined ? decodeMove(code) : { from: code & 63, to: san.to, promotion: san.promotion };
}

/**
 * Writes into `MATCHES` the encoded legal moves that fit a SAN with a piece letter (or an implied
 * pawn) and returns how many: codes rather than an array of moves, so the usual single match costs
 * no array (replay resolves one SAN per ply). `fromFile`/`fromRank` are -1 when not written,
 * `promotion` is a role code or 0; `inCheck` is whether the side to move on `mb` is in check.
 */
function matchingMoves(
  mb: MutableBoard, inCheck: boolean, role: number, to: number, fromFile: number, fromRank: number, capture: boolean, promotion: number,
): number {
  const lastRank = role === 1 && (to >> 3) === (mb.us ? 0 : 7);
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

/**
 * Resolves SAN read by `readSan` on a live board (`inCheck`: whether its side to move is in check):
 * the encoded legal move, or -1 when no move or several match, or the SAN is long algebraic or a
 * null move. Replay's per-ply path: it allocates nothing, and callers take -1 to `parseSan` on a
 * `Position`, which gives the move or the error with its hint. @internal
 */
export function resolveSanFields(mb: MutableBoard, inCheck: boolean, san: SanFields): number {
  if (san.kind === SAN_KING_SIDE || san.kind === SAN_QUEEN_SIDE) {
    return castlingMove(mb, san.kind === SAN_KING_SIDE ? 'king' : 'queen');
  }
  if (san.kind !== SAN_NORMAL || san.role === 0) return -1;
  const n = matchingMoves(mb, inCheck, san.role, san.to, san.fromFile, san.fromRank, san.capture, san.promotion);
  return n === 1 ? (MATCHES[0] ?? 0) | (san.promotion << 12) : -1;
}

/** `e2e4`, `e2-e4`, `e7e8q`, `e1h1` (Chess960 castling): whatever stands on the from square. */
function resolveLongAlgebraic(pos: Position, san: NormalSan): Result<NormalMove, SanError> {
  const from = (san.fromRank ?? 0) * 8 + (san.fromFile ?? 0);
  const move = legalFromTo(pos, from, san.to, san.promotion);
  const board = boardOf(pos);
  const capturesNothing = move !== undefined && board[san.to] === 0 && san.to !== pos.epSquare;
  if (move !== undefined && !(san.capture && (capturesNothing || isCastling(pos, move)))) return ok(move);
  const role = (board[from] ?? 0) & 7;
  return err(sanError('illegal', san.text, `'${san.text}' is not legal here`, closestMoves(pos, { role, from, to: san.to })));
}

/**
 * Reads and resolves a SAN in one step (see `parseSanSyntax` and `resolveSan` for the accepted
 * spellings and the errors). `--`, `Z0` and `0000` give `{ null: true }` when `allowNull` is set,
 * else a `null` error.
 *
 * @example parseSan(initialPosition(), 'Nf3') // { ok: true, value: { from: 6, to: 21 } }
 */
export function parseSan(pos: Position, text: string, options: { readonly allowNull?: boolean } = {}): Result<Move, SanError> {
  checkPosition('parseSan', pos);
  checkString('parseSan', 'the SAN', text);
  const syntax = parseSanSyntax(text);
  if (!syntax.ok) return err(syntax.error);
  if (syntax.value.kind === 'null' && options.allowNull === true) return ok({ null: true });
  return resolveSan(pos, syntax.value);
}

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
  if (isCastling(pos, move)) san = move.to > move.from ? 'O-O' : 'O-O-O';
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
  const target = squareName(move.to);
  if (role === 1) {
    const promotion = move.promotion === undefined ? '' : `=${letterOf(move.promotion)}`;
    return (capture ? `${FILE_NAMES.charAt(move.from & 7)}x` : '') + target + promotion;
  }
  return LETTERS.charAt(role) + disambiguation(mb, role, move, pos.isCheck()) + (capture ? 'x' : '') + target;
}

function letterOf(role: Role): string {
  return LETTERS.charAt(ROLES.indexOf(role) + 1);
}

/** The shortest prefix telling `move` apart from other legal moves of the same kind to its square. */
function disambiguation(mb: MutableBoard, role: number, move: NormalMove, inCheck: boolean): string {
  const n = candidatesTo(mb, role, move.to, CANDIDATES);
  let others = false;
  let sameFile = false;
  let sameRank = false;
  for (let i = 0; i < n; i++) {
    const code = CANDIDATES[i] ?? 0;
    const from = code & 63;
    if (from === move.from || !isLegalCandidate(mb, code, inCheck)) continue;
    others = true;
    if ((from & 7) === (move.from & 7)) sameFile = true;
    if (from >> 3 === move.from >> 3) sameRank = true;
  }
  if (!others) return '';
  const file = FILE_NAMES.charAt(move.from & 7);
  const rank = RANK_NAMES.charAt(move.from >> 3);
  if (!sameFile) return file;
  return sameRank ? file + rank : rank;
}
