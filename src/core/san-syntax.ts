/**
 * SAN syntax: text → `SanMove`, knowing nothing of any position. Depends on `types.ts` and
 * `san-error.ts` (types only); no Node.
 *
 * Key decision: accept the spellings found in real PGN files (see `parseSanSyntax`) here, once, so
 * that `resolveSan` sees one clean shape. Resolution (which piece, is it legal) is `san.ts`'s job.
 */
import { excerptOf } from '../diagnostics.js';
import { err, ok, type Result } from '../result.js';
import { sanError, type SanError } from './san-error.js';
import type { Role, Square } from './types.js';

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

/** Role by upper-case letter code (`'N'` → knight), for the letters SAN uses. */
function roleOfCode(code: number): Role | undefined {
  switch (code | 32) {
    case 112: return 'pawn'; // p
    case 110: return 'knight';
    case 98: return 'bishop';
    case 114: return 'rook';
    case 113: return 'queen';
    case 107: return 'king';
    default: return undefined;
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

/** Where the promotion spelling ends before `end` and which piece it names; `start === end` if none. */
function promotionBefore(text: string, end: number): { start: number; role: Role | undefined } {
  const last = text.charCodeAt(end - 1);
  if (last === 41 && text.charCodeAt(end - 3) === 40) return { start: end - 3, role: roleOfCode(text.charCodeAt(end - 2)) }; // (Q)
  if (isRank(last) || end < 3) return { start: end, role: undefined };
  const before = text.charCodeAt(end - 2);
  const start = before === 61 || before === 47 ? end - 2 : end - 1; // =Q, /Q or bare Q
  return { start, role: roleOfCode(last) };
}

function syntaxError(text: string, why = 'is not a move in SAN'): Result<SanMove, SanError> {
  return err(sanError('syntax', text, `'${excerptOf(text.slice(0, 61))}' ${why}`)); // a short quote, however long the token
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
  const end = bodyEnd(text);
  const first = text.charCodeAt(0);
  if (first === 79 || first === 48 || first === 45 || first === 90) return parseSpecial(text, text.slice(0, end));
  const letter = isUpper(first) ? roleOfCode(first) : undefined;
  if (isUpper(first) && letter === undefined) return syntaxError(text);
  const promotion = promotionBefore(text, end);
  let j = promotion.start;
  if (j < 2 || !isFile(text.charCodeAt(j - 2)) || !isRank(text.charCodeAt(j - 1))) return syntaxError(text);
  if (promotion.start !== end && promotion.role === undefined) return syntaxError(text);
  if (promotion.role === 'king' || promotion.role === 'pawn') return syntaxError(text, 'promotes to a king or pawn');
  const to = text.charCodeAt(j - 2) - 97 + 8 * (text.charCodeAt(j - 1) - 49);
  j -= 2;
  const separator = text.charCodeAt(j - 1);
  const capture = separator === 120 || separator === 58; // x or :
  if (capture || separator === 45) j--;
  let i = letter === undefined ? 0 : 1;
  const fromFile = i < j && isFile(text.charCodeAt(i)) ? text.charCodeAt(i++) - 97 : undefined;
  const fromRank = i < j && isRank(text.charCodeAt(i)) ? text.charCodeAt(i++) - 49 : undefined;
  if (i !== j) return syntaxError(text);
  // No letter and a full from square is long algebraic: the piece is whatever stands there.
  const role = letter ?? (fromFile !== undefined && fromRank !== undefined ? undefined : 'pawn');
  if (promotion.role !== undefined && role !== undefined && role !== 'pawn') {
    return syntaxError(text, 'promotes a piece that is not a pawn');
  }
  return ok({ kind: 'normal', role, fromFile, fromRank, to, capture, promotion: promotion.role, text });
}

function parseSpecial(text: string, body: string): Result<SanMove, SanError> {
  if (body === 'O-O' || body === '0-0') return ok({ kind: 'castle', side: 'king', text });
  if (body === 'O-O-O' || body === '0-0-0') return ok({ kind: 'castle', side: 'queen', text });
  if (body === '--' || body === 'Z0' || body === '0000') return ok({ kind: 'null', text });
  return syntaxError(text);
}
