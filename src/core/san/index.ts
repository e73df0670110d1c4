/**
 * SAN, one concept: syntax (`syntax.ts`), resolution against a position (`resolve.ts`), writing
 * (`write.ts`) and the typed error with its hint moves (`errors.ts`). This file is what the rest of
 * the core imports from SAN.
 */
export { parseSanSyntax, type SanMove } from './syntax.js';
export { parseSan, resolveSan } from './resolve.js';
export { makeSan } from './write.js';
export type { SanError } from './errors.js';
