/**
 * The PGN parse tree: what a game says, not whether its moves are legal (that is the replayer's
 * job). All types are readonly; all offsets are UTF-16 indexes into the whole decoded input text
 * (not into the game), so a diagnostic can point at the exact character of the file.
 *
 * Lines are arrays, not linked lists: a 20,000-ply main line is one array, and every walk over
 * variations is a loop with an explicit stack.
 */
import type { Diagnostic } from '../diagnostics.js';

export interface Span {
  /** Offset of the first character in the input text. */
  readonly offset: number;
  readonly length: number;
}

export interface Tag extends Span {
  readonly name: string;
  /** The value with `\"` and `\\` escapes decoded. */
  readonly value: string;
  /** Offset of the first character inside the quotes (for pointing into a FEN value). */
  readonly valueOffset: number;
}

/** `[%eval 0.17]` → `{ pawns: 0.17 }`; `[%eval #-3]` → `{ mate: -3 }`; optional `,depth`. */
export interface Evaluation {
  readonly pawns?: number;
  readonly mate?: number;
  readonly depth?: number;
}

/** `[%csl Ra1]` is a square (`to` absent); `[%cal Ge2e4]` an arrow. */
export interface Shape {
  readonly color: 'red' | 'green' | 'blue' | 'yellow';
  readonly from: string;
  readonly to?: string;
}

export interface Comment extends Span {
  /** The text between the braces (or after `;`), verbatim, commands included. */
  readonly text: string;
  /** Seconds, from `[%clk h:mm:ss(.f)]`. */
  readonly clock?: number;
  /** Seconds, from `[%emt h:mm:ss(.f)]`. */
  readonly emt?: number;
  readonly eval?: Evaluation;
  readonly shapes?: readonly Shape[];
}

export interface MoveNumber extends Span {
  readonly value: number;
  /** True for `12...` / `12…` (Black to move). */
  readonly black: boolean;
}

export interface MoveNode extends Span {
  /** The move as written, without check, mate or annotation suffixes (`Nf3`, `O-O`, `e8=Q`, `--`). */
  readonly san: string;
  /** The `+`, `#`, `++` suffix as written, or ''. */
  readonly check: string;
  /** The move number indication written just before this move, if any. */
  readonly number?: MoveNumber;
  /** `$n` NAGs and suffixes (`!` → 1, `?` → 2, `!!` → 3, `??` → 4, `!?` → 5, `?!` → 6), in order. */
  readonly nags: readonly number[];
  /**
   * Comments before this move that belong to no earlier move: at the start of a variation, or
   * after this move's number (`12. {…} Nf3`). Always empty for the first main-line move, whose
   * comments are the game comment (`Game.comments`).
   */
  readonly commentsBefore: readonly Comment[];
  /** Comments after this move (and its NAGs and variations), before the next move. */
  readonly commentsAfter: readonly Comment[];
  /** Alternatives to this move, each starting from the position before it. */
  readonly variations: readonly MoveLine[];
}

export type MoveLine = readonly MoveNode[];

export type ResultToken = '1-0' | '0-1' | '1/2-1/2' | '*';

export interface GameResult extends Span {
  readonly value: ResultToken;
}

export interface Game {
  /** 0-based position of the game in the input. */
  readonly index: number;
  /** Where the game's text starts in the input, with its 1-based line and column. */
  readonly offset: number;
  readonly line: number;
  readonly column: number;
  /** The game's source text (one game), kept for locating offsets and for lossless re-export. */
  readonly text: string;
  /** Every tag pair in file order, duplicates included. */
  readonly tags: readonly Tag[];
  /** Comments before the first move (a game comment). */
  readonly comments: readonly Comment[];
  readonly moves: MoveLine;
  /** Comments after the result token (rare, kept for round trips). */
  readonly finalComments: readonly Comment[];
  readonly result?: GameResult;
  /** Syntax problems, with offset, line, column and gameIndex filled in. */
  readonly diagnostics: readonly Diagnostic[];
}
