/**
 * FEN, one concept: reading (`read.ts` with `reader.ts`, `placement.ts`, `castling.ts`), legality
 * (`validate.ts`, `validate-rights.ts`, sharing `validation.ts`), repair (`repair.ts`), `parseFen`
 * over them (`parse.ts`) and the one writer (`write.ts`). This file is what the rest of the core
 * imports from FEN.
 */
export { parseFen, type ParseFenOptions } from './parse.js';
export { parseFenSetup, type FenLayout, type FenReadOptions, type FieldSpan, type ParsedFen } from './read.js';
export { validateSetup, type ValidateOptions } from './validate.js';
export { repairFen, type FenChange, type RepairedFen } from './repair.js';
export { CASTLING_NOTATIONS, EP_MODES, makeBoardFen, makeCastlingField, makeFen } from './write.js';
export type { FenCastlingMode, FenEpMode, MakeFenOptions } from './write.js';
