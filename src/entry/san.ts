/**
 * `forsyth/san`: Standard Algebraic Notation against a position. `parseSan` (read and resolve),
 * its two steps `parseSanSyntax` and `resolveSan`, and `makeSan`; errors are `SanError` values.
 */
export { parseSan, parseSanSyntax, resolveSan, makeSan, type SanError, type SanMove } from '../core/index.js';
