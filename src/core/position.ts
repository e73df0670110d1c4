/**
 * `Position`: an immutable chess position (standard or Chess960) and the rules that act on it:
 * legal moves, `play`, check, mate, stalemate, insufficient material, en passant tests. A thin
 * face over the private engine (`engine/`: attacks, `MutableBoard`, move generation); no Node.
 *
 * Key decision: every query loads the position into one module-private `MutableBoard` (a 64-byte
 * copy), works there and returns plain values, so nothing mutable escapes and callers may keep and
 * share positions freely (DESIGN 7.5).
 */
import { argumentError } from '../arguments.js';
import { isAttackedBy } from './engine/attacks.js';
import { generateLegal, hasLegalMove, isPseudoEnPassant, shownEpSquare } from './engine/movegen.js';
import { MutableBoard, decodeMove, encodeFromTo, resetsHalfmoves } from './engine/mutable-board.js';
import {
  BISHOP,
  BLACK,
  KING,
  KNIGHT,
  PAWN,
  QUEEN,
  ROLES,
  ROLE_MASK,
  ROOK,
  isNullMove,
  opposite,
  pieceFromCode,
  squareName,
  type Board,
  type Color,
  type Move,
  type NormalMove,
  type Piece,
  type Role,
  type Setup,
  type Square,
} from './types.js';

/** The standard starting position in FEN. */
export const INITIAL_FEN = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

/** Shared scratch board for the one-shot queries below (JavaScript runs them one at a time). */
const SCRATCH = new MutableBoard();
const MOVE_BUFFER = new Int32Array(256);

/**
 * Set by `Position`'s static block: the one way for core modules to reach a position's own board
 * array and its compact fields (never exported from `src/core/index.ts`).
 */
let ownBoard: (pos: Position) => Board;
let load: (mb: MutableBoard, pos: Position) => MutableBoard;
let castlingMaskOfPosition: (pos: Position) => number;
let compact: (
  board: Board,
  turn: Color,
  castlingMask: number,
  epSquare: Square | undefined,
  halfmoves: number,
  fullmoves: number,
  chess960: boolean,
  whiteKing: number,
  blackKing: number,
) => Position;

/**
 * A position believed legal (built by `parseFen` after validation, or by `play`). Immutable in
 * fact: `play` returns a new `Position`, and the board lives in a private field that `board` only
 * copies, so no caller can change a position after construction.
 */
export class Position implements Setup {
  /** Squares of the rooks that keep castling rights, ascending. */
  readonly castlingRooks: readonly Square[];
  // True private fields, not `private`: TypeScript's `private` is gone at run time, and a writable
  // `board` let `p.board[4] = 0` remove a king while `king()` and the check flag still saw it.
  readonly #board: Board;
  /**
   * Castling rights as a mask: bit f for the white rook on file f of rank 1, bit 8 + f for the
   * black rook on rank 8 (the form the move generator uses).
   */
  readonly #castlingMask: number;
  /** King squares, -1 when missing (unchecked setups only); see `king()`. */
  readonly #whiteKing: number;
  readonly #blackKing: number;
  readonly #check: boolean;

  static {
    ownBoard = (pos) => pos.#board;
    castlingMaskOfPosition = (pos) => pos.#castlingMask;
    load = (mb, pos) =>
      mb.load(
        pos.#board,
        pos.turn === 'white' ? 0 : BLACK,
        pos.#castlingMask,
        pos.epSquare ?? -1,
        pos.#whiteKing,
        pos.#blackKing,
      );
    compact = (board, turn, castlingMask, epSquare, halfmoves, fullmoves, chess960, whiteKing, blackKing) =>
      new Position(board.slice(), turn, castlingMask, epSquare, halfmoves, fullmoves, chess960, whiteKing, blackKing);
  }

  private constructor(
    board: Board,
    readonly turn: Color,
    castlingMask: number,
    readonly epSquare: Square | undefined,
    readonly halfmoves: number,
    readonly fullmoves: number,
    readonly chess960: boolean,
    // Two numbers rather than a `{ whiteKing, blackKing }` object: `play` builds a Position per ply,
    // and the object was one more allocation each time.
    whiteKing: number,
    blackKing: number,
  ) {
    this.#board = board;
    this.#castlingMask = castlingMask;
    this.castlingRooks = rooksOfMask(castlingMask);
    this.#whiteKing = whiteKing;
    this.#blackKing = blackKing;
    // Computed up front rather than memoised, so a frozen Position still works: SAN resolution
    // needs it on every ply anyway.
    const k = turn === 'white' ? whiteKing : blackKing;
    this.#check = k >= 0 && isAttackedBy(board, k, turn === 'white' ? BLACK : 0);
  }

  /**
   * Builds a position without any validation (the caller, usually `parseFen`, has validated).
   * The board is copied, so later changes to `setup` do not leak in. Castling rooks off the first
   * and eighth ranks cannot castle and are dropped.
   */
  static fromSetupUnchecked(setup: Setup, chess960: boolean): Position {
    let mask = 0;
    for (const sq of setup.castlingRooks) {
      if (sq >= 0 && sq < 8) mask |= 1 << sq;
      else if (sq >= 56 && sq < 64) mask |= 1 << (sq - 48);
    }
    const { board, turn, epSquare, halfmoves, fullmoves } = setup;
    return new Position(
      board.slice(),
      turn,
      mask,
      epSquare,
      halfmoves,
      fullmoves,
      chess960,
      board.indexOf(KING),
      board.indexOf(KING | BLACK),
    );
  }

  /**
   * The placement as piece codes, a1 = 0 … h8 = 63 (see `Board`): a new copy on every read, so
   * writing to it cannot change the position. Cost: a 64-byte copy; `pieceAt` reads one square.
   */
  get board(): Board {
    return this.#board.slice();
  }

  /** Whether the side to move is in check (worked out once, when the position is built). */
  isCheck(): boolean {
    return this.#check;
  }

  /** The king square of `color`, or undefined if that king is missing (unchecked setups only). */
  king(color: Color): Square | undefined {
    const sq = color === 'white' ? this.#whiteKing : this.#blackKing;
    return sq >= 0 ? sq : undefined;
  }

  /**
   * The position after `move`, which must be legal here (from `legalMoves`, `parseSan`, `parseUci`).
   * A null move passes the turn and clears en passant. Throws a TypeError for a value that is not
   * a move, or a move that is not legal here (so no corrupt position is ever returned). Costs one
   * move generation and two 64-byte copies.
   */
  play(move: Move): Position {
    checkMove(this, move);
    const fullmoves = this.turn === 'black' ? this.fullmoves + 1 : this.fullmoves;
    const next = opposite(this.turn);
    if (isNullMove(move)) {
      const board = this.#board.slice();
      return new Position(
        board,
        next,
        this.#castlingMask,
        undefined,
        this.halfmoves + 1,
        fullmoves,
        this.chess960,
        this.#whiteKing,
        this.#blackKing,
      );
    }
    const code = encodeNormalMove(this, move);
    const reset = resetsHalfmoves(this.#board, code);
    const mb = load(SCRATCH, this);
    mb.make(code);
    const ep = mb.ep >= 0 ? mb.ep : undefined;
    const halfmoves = reset ? 0 : this.halfmoves + 1;
    const { board, castling, kings } = mb;
    return new Position(
      board.slice(),
      next,
      castling,
      ep,
      halfmoves,
      fullmoves,
      this.chess960,
      kings[0] ?? -1,
      kings[1] ?? -1,
    );
  }
}

/** Throws a TypeError unless `value` is a Position (from parseFen, initialPosition or play). */
export function checkPosition(fn: string, value: unknown): asserts value is Position {
  if (!(value instanceof Position))
    throw argumentError(fn, 'a Position (from parseFen, initialPosition or play)', value);
}

/** `play`'s check: the shape of a move, then its legality here. */
function checkMove(pos: Position, move: unknown): asserts move is Move {
  if (typeof move !== 'object' || move === null)
    throw argumentError('play', 'a move ({ from, to, promotion? } or { null: true })', move);
  if ('null' in move) {
    if ((move as { null: unknown }).null !== true)
      throw argumentError('play', 'a null move to be { null: true }', move);
    return;
  }
  const { from, to, promotion } = move as { from?: unknown; to?: unknown; promotion?: unknown };
  const square = (v: unknown): boolean => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < 64;
  if (!square(from) || !square(to)) {
    throw new TypeError(
      `play: expected a move's from and to to be squares 0-63 (a1 = 0, h8 = 63), got ${JSON.stringify({ from, to })}`,
    );
  }
  if (promotion !== undefined && !(ROLES as readonly unknown[]).includes(promotion)) {
    throw new TypeError(
      `play: expected promotion to be one of ${ROLES.join(', ')} or absent, got ${JSON.stringify(promotion)}`,
    );
  }
  const n = generateLegal(loadPosition(SCRATCH, pos), MOVE_BUFFER, 0);
  for (let i = 0; i < n; i++) {
    const legal = decodeMove(MOVE_BUFFER[i] ?? 0);
    if (legal.from === from && legal.to === to && legal.promotion === promotion) return;
  }
  throw new TypeError(
    `play: the move ${squareName(from as number)}${squareName(to as number)}${promotion ? ` (promotion to ${String(promotion)})` : ''} is not legal here; ` +
      'take moves from legalMoves, parseSan or parseUci (castling is king takes own rook: { from: e1, to: h1 })',
  );
}

/**
 * The position's own board array, not a copy: for core modules that only read it on hot paths.
 * Not exported from `src/core/index.ts`, so users reach the board only through the copying `board`.
 */
export function boardOf(pos: Position): Board {
  return ownBoard(pos);
}

/** The castling rights of `pos` as the engine's mask (see `MutableBoard.load`). */
export function castlingMaskOf(pos: Position): number {
  return castlingMaskOfPosition(pos);
}

/** `mb` loaded with `pos` (the board is copied in). */
export function loadPosition(mb: MutableBoard, pos: Position): MutableBoard {
  return load(mb, pos);
}

/**
 * A position from the compact fields a `MutableBoard` keeps (`board` is copied, so the caller may
 * reuse it): how the line board's log becomes positions. King squares are -1 when missing.
 */
export function positionFromCompact(
  board: Board,
  turn: Color,
  castlingMask: number,
  epSquare: Square | undefined,
  halfmoves: number,
  fullmoves: number,
  chess960: boolean,
  whiteKing: number,
  blackKing: number,
): Position {
  return compact(board, turn, castlingMask, epSquare, halfmoves, fullmoves, chess960, whiteKing, blackKing);
}

/** One shared, never-mutated array per castling mask, so `play` allocates none. */
const ROOKS_BY_MASK = new Map<number, readonly Square[]>();

/** The squares of the castling rooks in `mask`, ascending (a shared, frozen array). */
export function rooksOfMask(mask: number): readonly Square[] {
  let rooks = ROOKS_BY_MASK.get(mask);
  if (rooks === undefined) {
    const list: Square[] = [];
    for (let bit = 0; bit < 16; bit++) {
      if ((mask & (1 << bit)) !== 0) list.push(bit < 8 ? bit : bit + 48);
    }
    rooks = Object.freeze(list);
    ROOKS_BY_MASK.set(mask, rooks);
  }
  return rooks;
}

/** The engine's integer form of a move that is legal in `pos`. */
export function encodeNormalMove(pos: Position, move: NormalMove): number {
  const promotion = move.promotion === undefined ? 0 : ROLES.indexOf(move.promotion) + 1;
  return encodeFromTo(ownBoard(pos), pos.epSquare ?? -1, move.from & 63, move.to & 63, promotion);
}

/**
 * Every legal move; castling as king-takes-rook (`{from: e1, to: h1}`), four entries per promotion
 * (queen first). Cost: one generation, about a microsecond.
 *
 * @example legalMoves(initialPosition()).length // 20
 */
export function legalMoves(pos: Position): NormalMove[] {
  checkPosition('legalMoves', pos);
  const n = generateLegal(loadPosition(SCRATCH, pos), MOVE_BUFFER, 0);
  const moves: NormalMove[] = new Array<NormalMove>(n);
  for (let i = 0; i < n; i++) moves[i] = decodeMove(MOVE_BUFFER[i] ?? 0);
  return moves;
}

/**
 * `pos.play(move)` as a function; see `Position.play`.
 *
 * @example makeFen(play(initialPosition(), { from: 12, to: 28 })) // '… b KQkq e3 0 1'
 */
export function play(pos: Position, move: Move): Position {
  checkPosition('play', pos);
  return pos.play(move);
}

/**
 * Whether the side to move is in check. Cost: none (worked out when the position was built).
 *
 * @example isCheck(initialPosition()) // false
 */
export function isCheck(pos: Position): boolean {
  checkPosition('isCheck', pos);
  return pos.isCheck();
}

function hasNoMoves(pos: Position): boolean {
  return !hasLegalMove(loadPosition(SCRATCH, pos));
}

/**
 * Whether the side to move is checkmated. Cost: a generation when in check.
 *
 * @example isCheckmate(parseFen('rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3').value) // true
 */
export function isCheckmate(pos: Position): boolean {
  return isCheck(pos) && hasNoMoves(pos);
}

/**
 * Whether the side to move has no legal move and is not in check. Cost: a generation when not in check.
 *
 * @example isStalemate(parseFen('7k/5Q2/8/8/8/8/8/K7 b - - 0 1').value) // true
 */
export function isStalemate(pos: Position): boolean {
  return !isCheck(pos) && hasNoMoves(pos);
}

/**
 * Whether neither side can ever mate, judged by material alone: no pawn, rook or queen, and either
 * at most one minor piece or only bishops, all on squares of one colour (the usual FIDE subset).
 */
export function isInsufficientMaterial(pos: Position): boolean {
  checkPosition('isInsufficientMaterial', pos);
  let minors = 0;
  let knights = 0;
  let bishopColors = 0;
  const board = ownBoard(pos);
  for (let sq = 0; sq < 64; sq++) {
    const role = (board[sq] ?? 0) & ROLE_MASK;
    if (role === PAWN || role === ROOK || role === QUEEN) return false;
    if (role === KNIGHT) knights++;
    if (role === BISHOP) bishopColors |= 1 << (((sq >> 3) + sq) & 1);
    if (role === KNIGHT || role === BISHOP) minors++;
  }
  return minors <= 1 || (knights === 0 && bishopColors !== 3);
}

/**
 * Whether some legal en passant capture lands on `pos.epSquare` (python-chess's and chess.js's rule
 * for writing the square). Each candidate is played and tested, so a capture that would expose the
 * king along the rank does not count.
 *
 * @example hasLegalEnPassant(parseFen('8/8/8/K2pP2r/8/8/8/4k3 w - d6 0 2').value) // false (rank pin)
 */
export function hasLegalEnPassant(pos: Position): boolean {
  return pos.epSquare !== undefined && shownEpSquare(loadPosition(SCRATCH, pos), true) >= 0;
}

/**
 * Whether a pawn of the side to move stands beside the pawn that just made a double push, ready to
 * take it en passant, legality aside (X-FEN's rule for writing the en passant square).
 */
export function hasPseudoEnPassant(pos: Position): boolean {
  const ep = pos.epSquare;
  return ep !== undefined && isPseudoEnPassant(ownBoard(pos), pos.turn === 'white' ? 0 : BLACK, ep);
}

/**
 * The piece on `square`, or undefined if it is empty.
 *
 * @example pieceAt(initialPosition(), 4) // { role: 'king', color: 'white' }
 */
export function pieceAt(pos: Position, square: Square): Piece | undefined {
  checkPosition('pieceAt', pos);
  if (typeof square !== 'number' || !Number.isInteger(square) || square < 0 || square > 63) {
    throw argumentError('pieceAt', 'a square 0-63 (a1 = 0, h8 = 63; parseSquare turns a name into one)', square);
  }
  return pieceFromCode(ownBoard(pos)[square] ?? 0);
}

const BACK_RANK: readonly Role[] = ['rook', 'knight', 'bishop', 'queen', 'king', 'bishop', 'knight', 'rook'];

/**
 * The standard starting position (the one `INITIAL_FEN` describes). A new object per call.
 *
 * @example makeFen(initialPosition()) === INITIAL_FEN // true
 */
export function initialPosition(): Position {
  const board = new Int8Array(64);
  BACK_RANK.forEach((role, file) => {
    const code = ROLES.indexOf(role) + 1;
    board[file] = code;
    board[8 + file] = PAWN;
    board[48 + file] = PAWN | BLACK;
    board[56 + file] = code | BLACK;
  });
  const setup: Setup = {
    board,
    turn: 'white',
    castlingRooks: [0, 7, 56, 63],
    epSquare: undefined,
    halfmoves: 0,
    fullmoves: 1,
  };
  return Position.fromSetupUnchecked(setup, false);
}
