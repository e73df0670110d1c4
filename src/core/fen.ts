/**
 * FEN in and out: `parseFen` (syntax → `Setup`, then legality → `Position`), `makeFen`, and the two
 * steps on their own (`parseFenSetup`, `validateSetup`) for editors and tools. Depends on the core
 * (`types`, `attacks`, `position`) and `diagnostics`; no Node.
 *
 * Key decision: every problem is a `Diagnostic` with the FEN field, the offset and length of the
 * offending characters, and a hint (often the full corrected FEN), never an exception; the work is
 * split by step (`fen-read`, `fen-placement`, `fen-castling`, `fen-validate`, `fen-validate-rights`,
 * `fen-write`) to keep each file small, and this module is the one entry point the rest of forsyth
 * imports.
 */
import { hasErrors, type Diagnostic } from '../diagnostics.js';
import type { Checked } from '../result.js';
import { parseFenSetup, type FenReadOptions } from './fen-read.js';
import { validateSetup } from './fen-validate.js';
import { Position } from './position.js';

export { parseFenSetup, type FenLayout, type FenReadOptions, type FieldSpan, type ParsedFen } from './fen-read.js';
export { validateSetup, type ValidateOptions } from './fen-validate.js';
export { CASTLING_NOTATIONS, EP_MODES, makeBoardFen, makeCastlingField, makeFen } from './fen-write.js';
export type { FenCastlingMode, FenEpMode, MakeFenOptions } from './fen-write.js';

export interface ParseFenOptions extends FenReadOptions {
  /** Check chess legality (default true). False still needs a well-formed FEN (8×8 board, valid fields). */
  readonly validate?: boolean;
}

/**
 * Reads a FEN into a `Position`. Lenient by default: missing counters, extra spaces, castling letters
 * in any order, dash look-alikes and a fullmove number of 0 are repaired with a warning (errors when
 * `strict`). Chess960 is read when `chess960` is set or detected from the castling field (file letters,
 * or `KQkq` rights whose king or rook is off e1/a1/h1, e8/a8/h8). Fails (ok false, no value) with any
 * error from `parseFenSetup` or `validateSetup`; the diagnostics list every problem found.
 * Cost: O(length of the text) plus a few attack scans.
 *
 * @example parseFen('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1').ok // true
 * @example parseFen('8/8/8/8/8/8/8/8').diagnostics[0]?.hint // "add ' w - - 0 1'? '8/8/8/8/8/8/8/8 w - - 0 1'"
 */
export function parseFen(text: string, options: ParseFenOptions = {}): Checked<Position> {
  const read = parseFenSetup(text, options);
  if (!read.ok) return { ok: false, diagnostics: read.diagnostics };
  const { setup, chess960, layout } = read.value;
  if (options.validate === false) {
    return { ok: true, value: Position.fromSetupUnchecked(setup, chess960), diagnostics: read.diagnostics };
  }
  const legality = validateSetup(setup, chess960, { layout });
  const diagnostics = legality.length === 0 ? read.diagnostics : byOffset([...read.diagnostics, ...legality]);
  if (hasErrors(legality)) return { ok: false, diagnostics };
  return { ok: true, value: Position.fromSetupUnchecked(setup, chess960), diagnostics };
}

/** Diagnostics in text order (stable; those without an offset last). */
function byOffset(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => (a.offset ?? Infinity) - (b.offset ?? Infinity));
}
