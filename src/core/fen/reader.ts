/**
 * The small shared vocabulary of the FEN reader: tokens that remember their offset, the per-read state,
 * and the helpers that report a located problem or build the full FEN a hint suggests.
 * Depends on `diagnostics.ts` only; no Node.
 */
import { diagnostic, type Diagnostic, type DiagnosticCode, type Severity } from '../../diagnostics.js';

/** Dash look-alikes that real files write for "none" (en dash, em dash, minus sign, double hyphen). */
export const DASH_LIKE = new Set(['\u2013', '\u2014', '\u2212', '--']);

/** A whitespace-separated piece of the FEN text and where it starts. */
export interface Token {
  readonly text: string;
  readonly offset: number;
}

/** Shared state of one read: the text, how repairs are graded, and the problems found so far. */
export interface Reader {
  readonly text: string;
  readonly repair: Severity;
  readonly out: Diagnostic[];
}

/**
 * At most this many problems of one code in one field are reported: each quotes its field, so a
 * FEN of a million bad letters would otherwise give a million diagnostics a million characters
 * long. The first one is always reported, so a read still fails where it should; the last one
 * kept says how many more were left out.
 */
const MAX_SAME_PROBLEM = 8;

/** A last-kept diagnostic → its message before the note, and how many like it were left out. */
const leftOut = new WeakMap<Diagnostic, { readonly message: string; readonly count: number }>();

export function report(
  r: Reader,
  code: DiagnosticCode,
  message: string,
  field: number,
  offset: number,
  length: number,
  extra: { readonly hint?: string; readonly severity?: Severity } = {},
): void {
  let same = 0;
  let lastSame = -1;
  for (let i = 0; i < r.out.length; i++) {
    const d = r.out[i] as Diagnostic;
    if (d.code === code && d.field === field) {
      same++;
      lastSame = i;
    }
  }
  if (same < MAX_SAME_PROBLEM) {
    r.out.push(diagnostic(code, message, { field, offset, length, ...extra }));
    return;
  }
  const last = r.out[lastSame] as Diagnostic;
  const before = leftOut.get(last) ?? { message: last.message, count: 0 };
  const count = before.count + 1;
  const noted = { ...last, message: `${before.message} (and ${count} more like it in this field)` };
  leftOut.set(noted, { message: before.message, count });
  r.out[lastSame] = noted;
}

/** The input with `token` replaced by `replacement`: the full FEN a hint suggests. */
export function replaced(r: Reader, token: Token, replacement: string): string {
  return r.text.slice(0, token.offset) + replacement + r.text.slice(token.offset + token.text.length);
}

/** Squares a rank string adds up to (digits count empty squares, anything else one square). */
export function rankWidth(rank: string): number {
  let width = 0;
  for (let i = 0; i < rank.length; i++) {
    const c = rank.charCodeAt(i);
    width += c >= 48 && c <= 57 ? c - 48 : 1;
  }
  return width;
}
