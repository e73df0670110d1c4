/**
 * SAN syntax: text → `SanMove`, knowing nothing of any position. Depends on `types.ts` and
 * `san-error.ts` (types only); no Node.
 *
 * Key decision: accept the spellings found in real PGN files (see `parseSanSyntax`) here, once, so
 * that `resolveSan` sees one clean shape. Resolution (which piece, is it legal) is `san.ts`'s job.
 */
import { err, ok, type Result } from '../result.js';
import { sanError, type SanError } from './san-error.js';
import { FILE_NAMES, ROLES, type Role, type Square } from './types.js';

/** A move as written in SAN (or long algebraic), not yet checked against a position. */
export type SanMove =
  | {
      readonly kind: 'normal';
      /** Omitted for long algebraic without a piece letter (`e2e4`): the piece on the from square. */
      readonly role?: Role;
      readonly fromFile?: number;
      readonly fromRank?: number;
      readonly to: Square;
      /** The text has `x` (or `:`): the move must capture. */
      readonly capture: boolean;
      readonly promotion?: Role;
      readonly text: string;
    }
  | { readonly kind: 'castle'; readonly side: 'king' | 'queen'; readonly text: string }
  | { readonly kind: 'null'; readonly text: string };

const PIECE_LETTERS = 'PNBRQK';

/** piece letter?, from file?, from rank?, capture or dash?, target, promotion in four spellings. */
const MOVE_PATTERN =
  /^([PNBRQK])?([a-h])?([1-8])?([x:-])?([a-h][1-8])(?:=?([NBRQnbrq])|\(([NBRQnbrq])\)|\/([NBRQnbrq]))?$/;

/** Annotation glyphs that may follow a move: `+ # ++ ! ? !! ?? !? ?!`. */
function isSuffixChar(code: number): boolean {
  return code === 43 || code === 35 || code === 33 || code === 63;
}

/** The text without trailing annotations and without an `e.p.` marker (with or without a space). */
function stripSuffixes(text: string): string {
  let end = text.length;
  while (end > 0 && isSuffixChar(text.charCodeAt(end - 1))) end--;
  let body = text.slice(0, end);
  if (body.endsWith('e.p.')) {
    body = body.slice(0, -4).trimEnd();
    end = body.length;
    while (end > 0 && isSuffixChar(body.charCodeAt(end - 1))) end--;
    body = body.slice(0, end);
  }
  return body;
}

function roleOfLetter(letter: string | undefined): Role | undefined {
  if (letter === undefined || letter === '') return undefined;
  return ROLES[PIECE_LETTERS.indexOf(letter.toUpperCase())];
}

/**
 * Reads SAN syntax. Accepts `O-O`/`0-0`/`O-O-O`/`0-0-0`; null moves `--`, `Z0`, `0000`; promotion as
 * `e8=Q`, `e8Q`, `e8(Q)`, `e8/Q` (any letter case); `exd6e.p.` / `exd6 e.p.`; any disambiguation
 * (`Ngf3`, `Qd1e2`); `P` for pawns; long algebraic `e2e4`, `e2-e4`, `Ng1-f3`, `e7e8q`; and ignores
 * the suffixes `+ # ++ ! ? !! ?? !? ?!`. Error: `syntax` (the only kind it returns).
 *
 * @example parseSanSyntax('Nbd7+') // ok: { kind: 'normal', role: 'knight', fromFile: 1, to: 51, … }
 */
export function parseSanSyntax(text: string): Result<SanMove, SanError> {
  const body = stripSuffixes(text);
  if (body === 'O-O' || body === '0-0') return ok({ kind: 'castle', side: 'king', text });
  if (body === 'O-O-O' || body === '0-0-0') return ok({ kind: 'castle', side: 'queen', text });
  if (body === '--' || body === 'Z0' || body === '0000') return ok({ kind: 'null', text });
  const m = MOVE_PATTERN.exec(body);
  if (m === null) return err(sanError('syntax', text, `'${text}' is not a move in SAN`));
  const [, letter, file, rank, separator, target = '', p1, p2, p3] = m;
  const promotion = roleOfLetter(p1 ?? p2 ?? p3);
  let role = roleOfLetter(letter);
  if (role === undefined && (file === undefined || rank === undefined)) role = 'pawn';
  if (promotion !== undefined && role !== undefined && role !== 'pawn') {
    return err(sanError('syntax', text, `'${text}' promotes a piece that is not a pawn`));
  }
  const to = FILE_NAMES.indexOf(target.charAt(0)) + 8 * (target.charCodeAt(1) - 49);
  return ok({
    kind: 'normal',
    ...(role === undefined ? {} : { role }),
    ...(file === undefined ? {} : { fromFile: FILE_NAMES.indexOf(file) }),
    ...(rank === undefined ? {} : { fromRank: rank.charCodeAt(0) - 49 }),
    to,
    capture: separator === 'x' || separator === ':',
    ...(promotion === undefined ? {} : { promotion }),
    text,
  });
}
