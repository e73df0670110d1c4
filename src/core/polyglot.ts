/**
 * The Polyglot key of a position: the 64-bit Zobrist hash that Polyglot opening books, engines and
 * position datasets use to name a position (placement, side to move, castling rights and a capturable
 * en-passant file; not the move counters). Depends on `position.ts` and the table in
 * `polyglot-random.ts`; no Node.
 *
 * Key decision: the key is worked out from the board each time (64 squares, a few XORs) in two
 * 32-bit halves, because replay keeps no incremental hash and BigInt arithmetic costs about ten times
 * as much; `polyglotHex` builds its 16 digits from the halves and `polyglotKey` makes one BigInt at
 * the end. `halvesOf` takes the fields of a position rather than a `Position`, so that a replay's
 * log (`Line`) gets its keys without building one.
 */
import { boardOf, castlingMaskOf, checkPosition, type Position } from './position.js';
import { POLYGLOT_RANDOM_HEX } from './polyglot-random.js';
import { BLACK, PAWN } from './types.js';

const WORDS = POLYGLOT_RANDOM_HEX.trim().split(/\s+/);
const HI = new Uint32Array(WORDS.length);
const LO = new Uint32Array(WORDS.length);
for (let i = 0; i < WORDS.length; i++) {
  const word = WORDS[i] ?? '';
  HI[i] = Number.parseInt(word.slice(0, 8), 16);
  LO[i] = Number.parseInt(word.slice(8), 16);
}
if (WORDS.length !== 781) throw new Error(`internal: the Polyglot table has ${WORDS.length} entries, not 781`);

const CASTLE = 768; // white short, white long, black short, black long
const EN_PASSANT = 772; // + file
const WHITE_TO_MOVE = 780;

/**
 * Table offset of each board code's 64 entries: Polyglot numbers the kinds black pawn 0, white pawn
 * 1, black knight 2, … white king 11; -1 for codes that are no piece.
 */
const PIECE_OFFSET = new Int16Array(16).fill(-1);
for (let role = 1; role <= 6; role++) {
  PIECE_OFFSET[role] = 64 * (2 * (role - 1) + 1);
  PIECE_OFFSET[role | BLACK] = 64 * (2 * (role - 1));
}

/** Scratch for the two halves (JavaScript runs one key at a time). */
const HALVES = new Uint32Array(2);

function computeHalves(fn: string, pos: Position): Uint32Array {
  checkPosition(fn, pos);
  return halvesOf(
    boardOf(pos),
    pos.turn === 'white',
    castlingMaskOf(pos),
    pos.king('white') ?? -1,
    pos.king('black') ?? -1,
    pos.epSquare ?? -1,
  );
}

/**
 * The key's halves from the fields of a position: its board (piece codes, a1 = 0), who is to
 * move, the castling mask (bit f: white rook on file f; 8 + f: black), the king squares (-1 for
 * none) and the en-passant square after a double push (-1 for none). `Line` reads these from its
 * log, so that a replay's keys need no `Position`.
 */
export function halvesOf(
  board: ArrayLike<number>,
  white: boolean,
  mask: number,
  whiteKing: number,
  blackKing: number,
  ep: number,
): Uint32Array {
  let hi = 0;
  let lo = 0;
  for (let sq = 0; sq < 64; sq++) {
    const code = board[sq] ?? 0;
    if (code === 0) continue;
    const offset = PIECE_OFFSET[code & 15] ?? -1;
    if (offset < 0) continue;
    hi ^= HI[offset + sq] ?? 0;
    lo ^= LO[offset + sq] ?? 0;
  }
  if (mask !== 0) {
    // Chess960 rights map to the same four entries: a rook on the king's h-side is the short right.
    const whiteKingFile = whiteKing >= 0 ? whiteKing & 7 : 4;
    const blackKingFile = blackKing >= 0 ? blackKing & 7 : 4;
    let rights = 0;
    for (let file = 0; file < 8; file++) {
      if (mask & (1 << file)) rights |= file > whiteKingFile ? 1 : 2;
      if (mask & (1 << (8 + file))) rights |= file > blackKingFile ? 4 : 8;
    }
    for (let bit = 0; bit < 4; bit++) {
      if (rights & (1 << bit)) {
        hi ^= HI[CASTLE + bit] ?? 0;
        lo ^= LO[CASTLE + bit] ?? 0;
      }
    }
  }
  if (ep >= 0 && canCaptureOnto(board, white, ep)) {
    hi ^= HI[EN_PASSANT + (ep & 7)] ?? 0;
    lo ^= LO[EN_PASSANT + (ep & 7)] ?? 0;
  }
  if (white) {
    hi ^= HI[WHITE_TO_MOVE] ?? 0;
    lo ^= LO[WHITE_TO_MOVE] ?? 0;
  }
  HALVES[0] = hi;
  HALVES[1] = lo;
  return HALVES;
}

/**
 * Polyglot counts the en-passant file only when a pawn of the side to move stands beside the pawn
 * that just made the double push (whether or not the capture would be legal: a pin does not matter).
 */
function canCaptureOnto(board: ArrayLike<number>, white: boolean, ep: number): boolean {
  const pushed = white ? ep - 8 : ep + 8;
  if (pushed < 0 || pushed > 63) return false;
  const own = white ? PAWN : PAWN | BLACK;
  const file = pushed & 7;
  return (file > 0 && board[pushed - 1] === own) || (file < 7 && board[pushed + 1] === own);
}

/**
 * The position's Polyglot key (64-bit Zobrist hash, as in Polyglot opening books). Two positions get
 * the same key when they have the same placement, side to move, castling rights and capturable
 * en-passant file. Chess960 castling rights count as short (rook on the king's h-side) or long.
 * Throws a TypeError when `pos` is not a Position. Cost: about 100 ns.
 *
 * @example polyglotKey(initialPosition()) // 0x463b96181691fc9cn
 */
export function polyglotKey(pos: Position): bigint {
  const halves = computeHalves('polyglotKey', pos);
  return (BigInt(halves[0] ?? 0) << 32n) | BigInt(halves[1] ?? 0);
}

/**
 * The Polyglot key as 16 lower-case hex digits, zero-padded (the form books and datasets print); see
 * `polyglotKey`.
 *
 * @example polyglotHex(initialPosition()) // '463b96181691fc9c'
 */
export function polyglotHex(pos: Position): string {
  return hexOfHalves(computeHalves('polyglotHex', pos));
}

/** The 16 hex digits of a key's halves (from `halvesOf`). */
export function hexOfHalves(halves: Uint32Array): string {
  return hex8(halves[0] ?? 0) + hex8(halves[1] ?? 0);
}

/** Two hex digits per byte value: four lookups per half instead of toString(16) and padding. */
const BYTE_HEX: readonly string[] = Array.from({ length: 256 }, (_, b) => (b < 16 ? '0' : '') + b.toString(16));

function hex8(n: number): string {
  return (
    (BYTE_HEX[n >>> 24] ?? '') +
    (BYTE_HEX[(n >>> 16) & 255] ?? '') +
    (BYTE_HEX[(n >>> 8) & 255] ?? '') +
    (BYTE_HEX[n & 255] ?? '')
  );
}
