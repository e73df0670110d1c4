/**
 * One FEN validation run (`Validation`): the setup, where its parts were written, and the problems
 * found so far, shared by `validate.ts` and `validate-rights.ts` (neither imports the other's types).
 * Depends on `types.ts`, the FEN writer (for the FENs that hints suggest) and `diagnostics`; no Node.
 */
import { diagnostic, type Diagnostic, type DiagnosticCode } from '../../diagnostics.js';
import type { FenLayout } from './read.js';
import { makeFen } from './write.js';
import type { Setup, Square } from '../types.js';

export interface ValidateOptions {
  /** Where each part was written (from `parseFenSetup`), so problems get offsets into the text. */
  readonly layout?: FenLayout;
}

/** One validation run: the setup, how to locate things, and the problems found so far. */
export class Validation {
  readonly out: Diagnostic[] = [];

  constructor(
    readonly setup: Setup,
    readonly chess960: boolean,
    readonly layout: FenLayout | undefined,
  ) {}

  /** Adds a problem at `square` (its letter in the placement) or else at the whole `field`. */
  add(code: DiagnosticCode, message: string, field: number, square?: Square, hint?: string, offset?: number): void {
    this.out.push(diagnostic(code, message, { ...this.where(field, square, offset), ...(hint ? { hint } : {}) }));
  }

  private where(
    field: number,
    square: Square | undefined,
    offset: number | undefined,
  ): { field: number; offset?: number; length?: number } {
    const layout = this.layout;
    if (!layout) return { field };
    if (offset !== undefined) return { field, offset, length: 1 };
    const squareOffset = square === undefined ? -1 : (layout.squareOffsets[square] ?? -1);
    if (squareOffset >= 0) return { field, offset: squareOffset, length: 1 };
    const span = layout.fields[field];
    return span ? { field, offset: span.offset, length: span.length } : { field };
  }

  /** The FEN of the setup with some fields changed: what a hint suggests. */
  fenWith(changes: Partial<Setup>): string {
    return makeFen({ ...this.setup, ...changes, chess960: this.chess960 });
  }
}

/** Squares holding `code`, ascending. */
export function squaresOf(setup: Setup, code: number): Square[] {
  const found: Square[] = [];
  for (let sq = 0; sq < 64; sq++) if (setup.board[sq] === code) found.push(sq);
  return found;
}
