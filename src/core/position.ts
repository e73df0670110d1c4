/**
 * `Position`: an immutable chess position (standard or Chess960) and the rules that act on it.
 * Depends on `types.ts` and `attacks.ts`; no Node.
 */
import { BLACK, KING, type Board, type Color, type Setup, type Square } from './types.js';

/**
 * A position believed legal (built by `parseFen` after validation, or by `play`). Immutable at the
 * API: `play` returns a new `Position`, and nothing here writes to `board` after construction.
 */
export class Position implements Setup {
  /** Square of each king, -1 if missing (only possible for unchecked setups). */
  private readonly kingSquares: readonly [number, number];

  private constructor(
    readonly board: Board,
    readonly turn: Color,
    readonly castlingRooks: readonly Square[],
    readonly epSquare: Square | undefined,
    readonly halfmoves: number,
    readonly fullmoves: number,
    readonly chess960: boolean,
  ) {
    this.kingSquares = [board.indexOf(KING), board.indexOf(KING | BLACK)];
  }

  /**
   * Builds a position without any validation (the caller, usually `parseFen`, has validated).
   * The board and the castling list are copied, so later changes to `setup` do not leak in.
   */
  static fromSetupUnchecked(setup: Setup, chess960: boolean): Position {
    return new Position(
      setup.board.slice(),
      setup.turn,
      [...setup.castlingRooks].sort((a, b) => a - b),
      setup.epSquare,
      setup.halfmoves,
      setup.fullmoves,
      chess960,
    );
  }

  /** The king square of `color`, or undefined if that king is missing. */
  king(color: Color): Square | undefined {
    const sq = this.kingSquares[color === 'white' ? 0 : 1];
    return sq >= 0 ? sq : undefined;
  }
}
