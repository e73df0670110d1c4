/**
 * `forsyth/diagnostics`: the typed problems every part reports and the `Result` values it returns.
 * The code registry, building and formatting diagnostics, offsets to lines and columns (`LineIndex`).
 */
export type { Result, Checked } from '../result.js';
export { ok, err } from '../result.js';
export type { Diagnostic, DiagnosticCode, Severity } from '../diagnostics.js';
export {
  DIAGNOSTIC_CODES,
  LineIndex,
  diagnostic,
  escapeControls,
  formatDiagnostic,
  hasErrors,
} from '../diagnostics.js';
