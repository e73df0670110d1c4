/**
 * SAN syntax: text → `SanMove` (public) or `SanFields` (the resolver's reusable numeric form),
 * knowing nothing of any position. Depends on `types.ts` and `errors.ts`; no Node.
 *
 * Key decision: accept the spellings found in real PGN files (see `parseSanSyntax`) here, once, so
 * that resolution sees one clean shape. Resolution (which piece, is it legal) is `resolve.ts`'s job.
 */
import { excerptOf } from '../../diagnostics.js';
import { err, ok, type Result } from '../../result.js';
import { sanError, type SanError } from './errors.js';
import { ROLES, type Role, type Square } from '../types.js';

/** A move as written in SAN (or long algebraic), not yet checked against a position. */
export type SanMove =
  | {
      readonly kind: 'normal';
      /** Undefined for long algebraic without a piece letter (`e2e4`): the piece on the from square. */
      readonly role?: Role | undefined;
      readonly fromFile?: number | undefined;
      readonly fromRank?: number | undefined;
      readonly to: Square;
      /** The text has `x` (or `:`): the move must capture. */
      readonly capture: boolean;
      readonly promotion?: Role | undefined;
      readonly text: string;
    }
  | { readonly kind: 'castle'; readonly side: 'king' | 'queen'; readonly text: string }
  | { readonly kind: 'null'; readonly text: string };

/** Role code (1 pawn … 6 king, 0 for none) by letter code, for the letters SAN uses (any case). */
function roleCodeOf(code: number): number {
  switch (code | 32) {
    case 112:
      return 1; // p
    case 110:
      return 2; // n
    case 98:
      return 3; // b
    case 114:
      return 4; // r
    case 113:
      return 5; // q
    case 107:
      return 6; // k
    default:
      return 0;
  }
}

const isFile = (code: number): boolean => code >= 97 && code <= 104;
const isRank = (code: number): boolean => code >= 49 && code <= 56;
const isUpper = (code: number): boolean => code >= 65 && code <= 90;

/** Annotation glyphs that may follow a move: `+ # ++ ! ? !! ?? !? ?!`. */
function isSuffixChar(code: number): boolean {
  return code === 43 || code === 35 || code === 33 || code === 63;
}

/** End of the move proper: before trailing annotations and an `e.p.` marker (spaced or not). */
function bodyEnd(text: string): number {
  let end = text.length;
  while (end > 0 && isSuffixChar(text.charCodeAt(end - 1))) end--;
  if (end >= 4 && text.startsWith('e.p.', end - 4)) {
    end -= 4;
    while (end > 0 && text.charCodeAt(end - 1) === 32) end--;
    while (end > 0 && isSuffixChar(text.charCodeAt(end - 1))) end--;
  }
  return end;
}

export const SAN_NORMAL = 0;
export const SAN_KING_SIDE = 1;
export const SAN_QUEEN_SIDE = 2;
export const SAN_NULL = 3;

/**
 * A SAN read into numbers (`readSan`). One instance is reused move after move, so reading allocates
 * nothing: replay reads a SAN per ply.
 */
export class SanFields {
  /** `SAN_NORMAL`, `SAN_KING_SIDE`, `SAN_QUEEN_SIDE` or `SAN_NULL`. */
  kind = SAN_NORMAL;
  /** Role code 1–6, or 0 for long algebraic without a piece letter (`e2e4`). */
  role = 0;
  /** -1 when not written. */
  fromFile = -1;
  fromRank = -1;
  to = 0;
  capture = false;
  /** Role code of the promotion piece, 0 for none. */
  promotion = 0;
}

const NOT_SAN = 'is not a move in SAN';

/**
 * Reads SAN syntax into `out` (see `parseSanSyntax` for the spellings); returns undefined when the
 * text is a move, else why not (the tail of the error message; see `syntaxError`).
 */
export function readSan(text: string, out: SanFields): string | undefined {
  const end = bodyEnd(text);
  const first = text.charCodeAt(0);
  if (first === 79 || first === 48 || first === 45 || first === 90) return readSpecial(text, end, out);
  const letter = isUpper(first) ? roleCodeOf(first) : 0;
  if (isUpper(first) && letter === 0) return NOT_SAN;
  // The promotion spelling before `end`: (Q), =Q, /Q or a bare Q; none when the text ends in a rank.
  const last = text.charCodeAt(end - 1);
  let promotionStart = end;
  let promotion = 0;
  if (last === 41 && text.charCodeAt(end - 3) === 40) {
    promotionStart = end - 3;
    promotion = roleCodeOf(text.charCodeAt(end - 2));
  } else if (!isRank(last) && end >= 3) {
    const before = text.charCodeAt(end - 2);
    promotionStart = before === 61 || before === 47 ? end - 2 : end - 1;
    promotion = roleCodeOf(last);
  }
  let j = promotionStart;
  if (j < 2 || !isFile(text.charCodeAt(j - 2)) || !isRank(text.charCodeAt(j - 1))) return NOT_SAN;
  if (promotionStart !== end && promotion === 0) return NOT_SAN;
  if (promotion === 6 || promotion === 1) return 'promotes to a king or pawn';
  out.to = text.charCodeAt(j - 2) - 97 + 8 * (text.charCodeAt(j - 1) - 49);
  j -= 2;
  const separator = text.charCodeAt(j - 1);
  const capture = separator === 120 || separator === 58; // x or :
  if (capture || separator === 45) j--;
  let i = letter === 0 ? 0 : 1;
  const fromFile = i < j && isFile(text.charCodeAt(i)) ? text.charCodeAt(i++) - 97 : -1;
  const fromRank = i < j && isRank(text.charCodeAt(i)) ? text.charCodeAt(i++) - 49 : -1;
  if (i !== j) return NOT_SAN;
  // No letter and a full from square is long algebraic: the piece is whatever stands there.
  const role = letter !== 0 ? letter : fromFile >= 0 && fromRank >= 0 ? 0 : 1;
  if (promotion !== 0 && role !== 0 && role !== 1) return 'promotes a piece that is not a pawn';
  out.kind = SAN_NORMAL;
  out.role = role;
  out.fromFile = fromFile;
  out.fromRank = fromRank;
  out.capture = capture;
  out.promotion = promotion;
  return undefined;
}

/** Castling and null moves: the body (`text` up to `end`) compared without slicing it out. */
function readSpecial(text: string, end: number, out: SanFields): string | undefined {
  if (bodyIs(text, end, 'O-O') || bodyIs(text, end, '0-0')) out.kind = SAN_KING_SIDE;
  else if (bodyIs(text, end, 'O-O-O') || bodyIs(text, end, '0-0-0')) out.kind = SAN_QUEEN_SIDE;
  else if (bodyIs(text, end, '--') || bodyIs(text, end, 'Z0') || bodyIs(text, end, '0000')) out.kind = SAN_NULL;
  else return NOT_SAN;
  return undefined;
}

function bodyIs(text: string, end: number, body: string): boolean {
  return end === body.length && text.startsWith(body);
}

/** The `syntax` error for `text`, which `readSan` refused saying `why`. */
export function syntaxError(text: string, why: string): SanError {
  return sanError('syntax', text, `'${excerptOf(text.slice(0, 61))}' ${why}`); // a short quote, however long the token
}

/**
 * Reads SAN syntax. Accepts `O-O`/`0-0`/`O-O-O`/`0-0-0`; null moves `--`, `Z0`, `0000`; promotion as
 * `e8=Q`, `e8Q`, `e8(Q)`, `e8/Q` (any letter case); `exd6e.p.` / `exd6 e.p.`; any disambiguation
 * (`Ngf3`, `Qd1e2`); `P` for pawns; long algebraic `e2e4`, `e2-e4`, `Ng1-f3`, `e7e8q`; `:` for `x`;
 * and ignores the suffixes `+ # ++ ! ? !! ?? !? ?!`. Error: `syntax` (the only kind it returns).
 * Cost: one pass over the characters, no regular expression (it runs once per PGN ply).
 *
 * @example parseSanSyntax('Nbd7+') // ok: { kind: 'normal', role: 'knight', fromFile: 1, to: 51, … }
 */
export function parseSanSyntax(text: string): Result<SanMove, SanError> {
  const why = readSan(text, FIELDS);
  return why === undefined ? ok(sanMoveOf(FIELDS, text)) : err(syntaxError(text, why));
}

const FIELDS = new SanFields();

function sanMoveOf(f: SanFields, text: string): SanMove {
  if (f.kind === SAN_KING_SIDE) return { kind: 'castle', side: 'king', text };
  if (f.kind === SAN_QUEEN_SIDE) return { kind: 'castle', side: 'queen', text };
  if (f.kind === SAN_NULL) return { kind: 'null', text };
  return {
    kind: 'normal',
    role: roleOf(f.role),
    fromFile: f.fromFile >= 0 ? f.fromFile : undefined,
    fromRank: f.fromRank >= 0 ? f.fromRank : undefined,
    to: f.to,
    capture: f.capture,
    promotion: roleOf(f.promotion),
    text,
  };
}

function roleOf(code: number): Role | undefined {
  return code === 0 ? undefined : ROLES[code - 1];
}

/** Writes a `SanMove` into `out`, the form the resolver reads. */
export function fieldsOf(san: SanMove, out: SanFields): SanFields {
  if (san.kind === 'castle') out.kind = san.side === 'king' ? SAN_KING_SIDE : SAN_QUEEN_SIDE;
  else if (san.kind === 'null') out.kind = SAN_NULL;
  else {
    out.kind = SAN_NORMAL;
    out.role = san.role === undefined ? 0 : ROLES.indexOf(san.role) + 1;
    out.fromFile = san.fromFile ?? -1;
    out.fromRank = san.fromRank ?? -1;
    out.to = san.to;
    out.capture = san.capture;
    out.promotion = san.promotion === undefined ? 0 : ROLES.indexOf(san.promotion) + 1;
  }
  return out;
}
