/**
 * `parseFen`: syntax (`read.ts`) → `Setup`, then legality (`validate.ts`) → `Position`, with every
 * FEN a hint offers checked (`repair.ts`). Depends on `position` and `diagnostics`; no Node.
 *
 * Key decision: every problem is a `Diagnostic` with the FEN field, the offset and length of the
 * offending characters, and a hint (often the full corrected FEN), never an exception.
 */
import { hasErrors, type Diagnostic } from '../../diagnostics.js';
import type { Checked } from '../../result.js';
import { parseFenSetup, type FenReadOptions } from './read.js';
import { isValidFen, repairFen } from './repair.js';
import { validateSetup } from './validate.js';
import { checkObject, checkString } from '../../arguments.js';
import { Position } from '../position.js';

export interface ParseFenOptions extends FenReadOptions {
  /** Check chess legality (default true). False still needs a well-formed FEN (8×8 board, valid fields). */
  readonly validate?: boolean;
}

/**
 * Reads a FEN into a `Position`. Lenient by default: missing counters, extra spaces, castling letters
 * in any order, dash look-alikes and a fullmove number of 0 are repaired with a warning (errors when
 * `strict`). Chess960 is read when `chess960` is set or detected from the castling field (file letters,
 * or `KQkq` rights whose king or rook is off e1/a1/h1, e8/a8/h8). Fails (ok false, no value) with any
 * error from `parseFenSetup` or `validateSetup`; the diagnostics list every problem found. A FEN a
 * hint suggests is itself valid: checked, and replaced by its `repairFen` repair or left out if not.
 * Cost: O(length of the text) plus a few attack scans (and one read per FEN a hint suggests).
 *
 * @example parseFen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1').ok // true
 * @example parseFen('8/8/8/8/8/8/8/8').diagnostics[0]?.hint // "add ' w - - 0 1'?" (no kings: no valid FEN to offer)
 */
export function parseFen(text: string, options: ParseFenOptions = {}): Checked<Position> {
  checkString('parseFen', 'the FEN', text, "a FEN such as 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'");
  if (options !== undefined) checkObject('parseFen', 'options', options);
  const read = parseFenSetup(text, options);
  const chess960 = read.ok ? read.value.chess960 : options.chess960 === true;
  if (!read.ok) return { ok: false, diagnostics: read.diagnostics.map((d) => verifiedHint(d, chess960)) };
  const { setup, layout } = read.value;
  if (options.validate === false) {
    return { ok: true, value: Position.fromSetupUnchecked(setup, chess960), diagnostics: read.diagnostics };
  }
  const legality = validateSetup(setup, chess960, { layout });
  const all = legality.length === 0 ? read.diagnostics : byOffset([...read.diagnostics, ...legality]);
  const diagnostics = all.map((d) => verifiedHint(d, chess960));
  if (hasErrors(legality)) return { ok: false, diagnostics };
  return { ok: true, value: Position.fromSetupUnchecked(setup, chess960), diagnostics };
}

const MAX_OFFERED_LENGTH = 512;

/** A quoted FEN in a hint: eight ranks, then the other fields. */
const QUOTED_FEN = /'([^'\s/]*(?:\/[^'\s/]*){7} [^']*)'/g;

/**
 * The diagnostic with every FEN its hint offers checked: a FEN that is itself invalid (the hint
 * fixed one problem of several) is replaced by its repair when `repairFen` has one, else left out,
 * so a user who pastes a suggested FEN never gets a new error. O(hint length) per quoted FEN.
 */
function verifiedHint(d: Diagnostic, chess960: boolean): Diagnostic {
  const hint = d.hint;
  if (hint === undefined || !hint.includes('/')) return d;
  let out = '';
  let last = 0;
  for (const m of hint.matchAll(QUOTED_FEN)) {
    const fen = m[1] as string;
    // A FEN longer than any legal one is not checked (or offered): reading it would cost as much again.
    if (fen.length <= MAX_OFFERED_LENGTH && isValidFen(fen, chess960)) continue;
    const repaired = fen.length <= MAX_OFFERED_LENGTH ? repairFen(fen, chess960 ? { chess960 } : {}) : undefined;
    let before = hint.slice(last, m.index);
    if (repaired && isValidFen(repaired.fen, chess960)) {
      out += `${before}'${repaired.fen}' (with the FEN's other problems fixed too)`;
    } else {
      // Drop the FEN and the ': ' that introduced it.
      before = before.replace(/:?\s*$/, '');
      out += before;
    }
    last = m.index + m[0].length;
  }
  if (last === 0) return d;
  return { ...d, hint: out + hint.slice(last) };
}

/** Diagnostics in text order (stable; those without an offset last). */
function byOffset(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => (a.offset ?? Infinity) - (b.offset ?? Infinity));
}
