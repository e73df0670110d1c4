/**
 * Attack tables and attack tests on the 64-square mailbox. Depends only on `types.ts`; no Node.
 *
 * Key decision: leaper targets (knight, king, pawn captures) and the eight rays from every square are
 * precomputed into flat typed arrays, and sliders are found by walking a ray until the first piece.
 * On a mailbox that walk is a handful of byte loads, and it needs no bitboard conversion of the
 * board, which `play` would otherwise have to maintain alongside the `Int8Array` (measured: the ray
 * walk beats deriving 64-bit occupancy per position for our access pattern of a few tests per move).
 *
 * Directions are numbered 0–7: N, S, E, W (orthogonal, rook-like) then NE, SW, NW, SE (diagonal),
 * paired so that direction `d ^ 1` is the opposite of `d`.
 */
import { BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, type Board, type Color, type Square } from '../types.js';

/** File and rank steps for directions 0–7. */
const DIR_FILE = [0, 0, 1, -1, 1, -1, -1, 1] as const;
const DIR_RANK = [1, -1, 0, 0, 1, -1, 1, -1] as const;

/** Square delta per direction, for code that walks a ray it already knows the length of. */
export const DIRECTION_DELTAS: readonly number[] = [8, -8, 1, -1, 9, -9, 7, -7];

/** Rays: `RAY_SQUARES[(square * 8 + dir) * 7 + k]` is the (k+1)-th square from `square` in `dir`. */
export const RAY_SQUARES = new Int8Array(64 * 8 * 7);
/** Number of squares on the ray `(square * 8 + dir)` before the board edge. */
export const RAY_LENGTH = new Uint8Array(64 * 8);

/** Leaper targets: up to 8 per square at `square * 8 + k`, with `…_COUNT[square]` entries. */
export const KNIGHT_TARGETS = new Int8Array(64 * 8);
export const KNIGHT_COUNT = new Uint8Array(64);
export const KING_TARGETS = new Int8Array(64 * 8);
export const KING_COUNT = new Uint8Array(64);

/**
 * Pawn capture targets: `PAWN_TARGETS[(colorBit ? 64 : 0) + square) * 2 + k]`, `PAWN_COUNT[…]`
 * entries. A pawn of colour c on s attacks t iff a pawn of the other colour on t attacks s, which is
 * how `isAttacked` finds attacking pawns.
 */
export const PAWN_TARGETS = new Int8Array(128 * 2);
export const PAWN_COUNT = new Uint8Array(128);

/**
 * Direction from a to b (0–7) if they share a line, else -1: `DIRECTION_BETWEEN[a * 64 + b]`.
 * Used for pins and for the squares that block a check.
 */
export const DIRECTION_BETWEEN = new Int8Array(64 * 64).fill(-1);

function onBoard(file: number, rank: number): boolean {
  return file >= 0 && file < 8 && rank >= 0 && rank < 8;
}

function fillLeaper(targets: Int8Array, counts: Uint8Array, steps: readonly (readonly [number, number])[]): void {
  for (let sq = 0; sq < 64; sq++) {
    let n = 0;
    for (const [df, dr] of steps) {
      const f = (sq & 7) + df;
      const r = (sq >> 3) + dr;
      if (onBoard(f, r)) targets[sq * 8 + n++] = r * 8 + f;
    }
    counts[sq] = n;
  }
}

function fillRays(): void {
  for (let sq = 0; sq < 64; sq++) {
    for (let dir = 0; dir < 8; dir++) {
      const df = DIR_FILE[dir] ?? 0;
      const dr = DIR_RANK[dir] ?? 0;
      let f = (sq & 7) + df;
      let r = (sq >> 3) + dr;
      let n = 0;
      while (onBoard(f, r)) {
        RAY_SQUARES[(sq * 8 + dir) * 7 + n++] = r * 8 + f;
        DIRECTION_BETWEEN[sq * 64 + r * 8 + f] = dir;
        f += df;
        r += dr;
      }
      RAY_LENGTH[sq * 8 + dir] = n;
    }
  }
}

function fillPawns(): void {
  for (let sq = 0; sq < 64; sq++) {
    for (const [base, dr] of [
      [0, 1],
      [64, -1],
    ] as const) {
      let n = 0;
      for (const df of [-1, 1]) {
        const f = (sq & 7) + df;
        const r = (sq >> 3) + dr;
        if (onBoard(f, r)) PAWN_TARGETS[(base + sq) * 2 + n++] = r * 8 + f;
      }
      PAWN_COUNT[base + sq] = n;
    }
  }
}

fillLeaper(KNIGHT_TARGETS, KNIGHT_COUNT, [
  [1, 2],
  [2, 1],
  [2, -1],
  [1, -2],
  [-1, -2],
  [-2, -1],
  [-2, 1],
  [-1, 2],
]);
fillLeaper(KING_TARGETS, KING_COUNT, [
  [0, 1],
  [1, 1],
  [1, 0],
  [1, -1],
  [0, -1],
  [-1, -1],
  [-1, 0],
  [-1, 1],
]);
fillRays();
fillPawns();

/** `SLIDES[piece * 8 + dir]` is 1 iff `piece` (a full piece code) slides along direction `dir`. */
export const SLIDES = new Uint8Array(16 * 8);
for (const color of [0, BLACK]) {
  for (let dir = 0; dir < 8; dir++) {
    const role = dir < 4 ? ROOK : BISHOP;
    SLIDES[(role | color) * 8 + dir] = 1;
    SLIDES[(QUEEN | color) * 8 + dir] = 1;
  }
}

/** The nearest occupied square from `square` along `dir`, or -1 if the ray reaches the edge. */
export function firstOccupied(board: Board, square: Square, dir: number): number {
  const base = (square * 8 + dir) * 7;
  const end = base + (RAY_LENGTH[square * 8 + dir] ?? 0);
  for (let i = base; i < end; i++) {
    const t = RAY_SQUARES[i] ?? 0;
    if (board[t] !== 0) return t;
  }
  return -1;
}

/**
 * Whether any piece of colour `them` (0 for white, `BLACK` for black) attacks `square`.
 * The hot-path form of `isAttacked`; the piece on `square` itself is ignored.
 */
export function isAttackedBy(board: Board, square: Square, them: number): boolean {
  const knight = KNIGHT | them;
  for (let i = square * 8, end = i + (KNIGHT_COUNT[square] ?? 0); i < end; i++) {
    if (board[KNIGHT_TARGETS[i] ?? 0] === knight) return true;
  }
  // A `them` pawn attacks square from where a pawn of the other colour on square would capture.
  const pawnBase = (them ? 0 : 64) + square;
  const pawn = PAWN | them;
  for (let i = pawnBase * 2, end = i + (PAWN_COUNT[pawnBase] ?? 0); i < end; i++) {
    if (board[PAWN_TARGETS[i] ?? 0] === pawn) return true;
  }
  const king = KING | them;
  for (let i = square * 8, end = i + (KING_COUNT[square] ?? 0); i < end; i++) {
    if (board[KING_TARGETS[i] ?? 0] === king) return true;
  }
  return isAttackedBySlider(board, square, them);
}

/** Whether a rook, bishop or queen of colour `them` attacks `square`. */
export function isAttackedBySlider(board: Board, square: Square, them: number): boolean {
  for (let dir = 0; dir < 8; dir++) {
    const t = firstOccupied(board, square, dir);
    if (t >= 0) {
      const p = board[t] ?? 0;
      if ((p & BLACK) === them && SLIDES[p * 8 + dir] === 1) return true;
    }
  }
  return false;
}

/**
 * Whether the normal move just made from `from` to `to` (not castling, not en passant) attacks the
 * enemy king on `k`: the piece now on `to` directly, or a slider of the mover's that leaving `from`
 * uncovered. Only those can give check when the king was not in check before, and testing them is
 * a fraction of a full `isAttackedBy` (replay asks once per ply).
 */
export function moveGivesCheck(board: Board, from: Square, to: Square, k: Square): boolean {
  const piece = board[to] ?? 0;
  const mover = piece & BLACK;
  const role = piece & 7;
  const files = Math.abs((to & 7) - (k & 7));
  if (role === KNIGHT) {
    if (files * Math.abs((to >> 3) - (k >> 3)) === 2) return true;
  } else if (role === PAWN) {
    if (files === 1 && k >> 3 === (to >> 3) + (mover ? -1 : 1)) return true;
  } else if (role !== KING) {
    const dir = DIRECTION_BETWEEN[k * 64 + to] ?? -1;
    if (dir >= 0 && SLIDES[piece * 8 + dir] === 1 && firstOccupied(board, k, dir) === to) return true;
  }
  const dir = DIRECTION_BETWEEN[k * 64 + from] ?? -1;
  if (dir < 0) return false;
  const t = firstOccupied(board, k, dir);
  const behind = t >= 0 ? (board[t] ?? 0) : 0;
  return t >= 0 && (behind & BLACK) === mover && SLIDES[behind * 8 + dir] === 1;
}

/**
 * Whether any piece of colour `by` attacks `square` on `board` (pieces block sliders as they stand;
 * the piece on `square`, if any, does not matter).
 *
 * @example isAttacked(board, 28, 'black') // is e4 attacked by black?
 */
export function isAttacked(board: Board, square: Square, by: Color): boolean {
  return isAttackedBy(board, square, by === 'white' ? 0 : BLACK);
}

/**
 * Squares of every piece of colour `by` that attacks `square`, ascending. Costs about as much as
 * `isAttacked` (which stops at the first attacker).
 */
export function attackersTo(board: Board, square: Square, by: Color): Square[] {
  const them = by === 'white' ? 0 : BLACK;
  const found: Square[] = [];
  const scan = (targets: Int8Array, start: number, count: number, piece: number): void => {
    for (let i = start; i < start + count; i++) {
      const t = targets[i] ?? 0;
      if (board[t] === piece) found.push(t);
    }
  };
  scan(KNIGHT_TARGETS, square * 8, KNIGHT_COUNT[square] ?? 0, KNIGHT | them);
  const pawnBase = (them ? 0 : 64) + square;
  scan(PAWN_TARGETS, pawnBase * 2, PAWN_COUNT[pawnBase] ?? 0, PAWN | them);
  scan(KING_TARGETS, square * 8, KING_COUNT[square] ?? 0, KING | them);
  for (let dir = 0; dir < 8; dir++) {
    const t = firstOccupied(board, square, dir);
    const p = t >= 0 ? (board[t] ?? 0) : 0;
    if (t >= 0 && (p & BLACK) === them && SLIDES[p * 8 + dir] === 1) found.push(t);
  }
  return found.sort((a, b) => a - b);
}
