/**
 * Chess legality of a `Setup` read from a FEN: kings, material, pawns, castling rights, the
 * en-passant square and checks, each problem located in the FEN text when its layout is known.
 * Depends on `types.ts`, `attacks.ts`, `validation.ts` (the run and its problems) and
 * `validate-rights.ts` (castling and en passant); no Node.
 *
 * Key decision: checks are the ones a human can act on, each with a stable code; deeper retrograde
 * analysis (could this pawn structure arise?) is out of scope. Impossible checks follow the rule that
 * one move gives at most two checks, one of them by discovery along a line the mover left.
 */
import { diagnostic, hasErrors, type Diagnostic } from '../../diagnostics.js';
import { attackersTo, DIRECTION_BETWEEN, DIRECTION_DELTAS, isAttacked } from '../engine/attacks.js';
import { checkCastlingRights, checkEnPassant } from './validate-rights.js';
import { Validation, squaresOf, type ValidateOptions } from './validation.js';

export type { ValidateOptions } from './validation.js';
import {
  BISHOP,
  BLACK,
  KING,
  KNIGHT,
  PAWN,
  QUEEN,
  ROLE_MASK,
  ROOK,
  squareName,
  type Color,
  type Setup,
  type Square,
} from '../types.js';

const COLOR_NAMES = ['white', 'black'] as const;

/**
 * The chess legality problems of `setup` (empty when it is a legal position): FEN_RANKS_REVERSED
 * (alone, only on an invalid FEN whose ranks read from rank 1 up make a valid one),
 * FEN_KING_COUNT, FEN_PAWN_ON_BACK_RANK, FEN_TOO_MANY_PIECES, FEN_CASTLING_NO_ROOK,
 * FEN_CASTLING_KING_MOVED, FEN_BAD_CASTLING, FEN_EP_WRONG_RANK, FEN_EP_NO_PAWN, FEN_EP_NOT_EMPTY,
 * FEN_EP_HALFMOVE_NOT_ZERO (warning), FEN_OPPONENT_IN_CHECK, FEN_IMPOSSIBLE_CHECK,
 * FEN_COUNTERS_IMPOSSIBLE (warning). Without a layout
 * the diagnostics carry a field but no offset. Cost: O(64) plus a few attack scans.
 *
 * @example validateSetup(initialPosition(), false) // []
 */
export function validateSetup(setup: Setup, chess960: boolean, options: ValidateOptions = {}): readonly Diagnostic[] {
  const v = new Validation(setup, chess960, options.layout);
  const kingsOk = checkKings(v);
  checkBackRankPawns(v);
  checkMaterial(v);
  checkCastlingRights(v);
  const epOk = checkEnPassant(v);
  if (kingsOk) checkChecks(v, epOk);
  checkCounters(v);
  // A legal position is never "reversed" (1K1R4/PPP5/8/8/8/8/ppp5/1k1r4 is a real position). Only
  // when the FEN is invalid as written, and valid read from rank 1 up, does that reading explain
  // every problem at once; it then replaces them, naming the first.
  if (!hasErrors(v.out)) return v.out;
  const reversed = ranksReversed(v);
  return reversed ? [reversed] : v.out;
}

/** The board read with its ranks in the opposite order. */
function reversedBoard(setup: Setup): Setup['board'] {
  const reversed = new Int8Array(64);
  for (let sq = 0; sq < 64; sq++) reversed[sq] = setup.board[(7 - (sq >> 3)) * 8 + (sq & 7)] ?? 0;
  return reversed;
}

/** FEN_RANKS_REVERSED when white's pieces stand high, black's low, and the reversed reading is valid. */
function ranksReversed(v: Validation): Diagnostic | undefined {
  const { board } = v.setup;
  let whiteHigh = 0;
  let whiteLow = 0;
  let blackHigh = 0;
  let blackLow = 0;
  for (let sq = 0; sq < 64; sq++) {
    const code = board[sq] ?? 0;
    if (code === 0 || (sq >= 16 && sq < 48)) continue;
    const high = sq >= 48;
    if (code & BLACK) high ? blackHigh++ : blackLow++;
    else high ? whiteHigh++ : whiteLow++;
  }
  const whiteKing = board.indexOf(KING);
  const blackKing = board.indexOf(KING | BLACK);
  if (!(whiteKing >= 48 && blackKing >= 0 && blackKing < 16)) return undefined;
  if (whiteHigh < 4 || blackLow < 4 || whiteLow + blackHigh > 1) return undefined;
  // The en-passant square is a square name, not part of the placement: it keeps its name (a
  // reversed 'e3' is still e3). If that does not fit the reversed board, the reading drops it.
  const flipped = reversedBoard(v.setup);
  const candidates: Partial<Setup>[] = [{ board: flipped }, { board: flipped, epSquare: undefined }];
  const fits = candidates.find((c) => !hasErrors(validateSetup({ ...v.setup, ...c }, v.chess960)));
  if (!fits) return undefined;
  const first = v.out.find((d) => d.severity === 'error');
  const span = v.layout?.fields[0];
  return diagnostic(
    'FEN_RANKS_REVERSED',
    `the FEN is not valid as written (${first?.message ?? 'illegal position'}): white's pieces stand on ranks 7–8 and black's on ranks 1–2, so the ranks look written from rank 1 up`,
    {
      field: 0,
      ...(span ? { offset: span.offset, length: span.length } : {}),
      hint: `a FEN lists rank 8 first; with the ranks reversed: '${v.fenWith(fits)}'`,
    },
  );
}

/**
 * FEN_COUNTERS_IMPOSSIBLE (warning): a halfmove clock larger than the plies played by this move
 * number (`… w KQkq - 10 1`), the mark of a fullmove number not advanced, or advanced after White's
 * move. Both corrections are offered: the clock cut to what the move number allows, or the move
 * number raised to what the clock needs.
 */
function checkCounters(v: Validation): void {
  const { halfmoves, fullmoves, turn } = v.setup;
  const black = turn === 'black' ? 1 : 0;
  const played = 2 * (fullmoves - 1) + black;
  if (halfmoves <= played) return;
  const needed = Math.ceil((halfmoves - black) / 2) + 1;
  v.add(
    'FEN_COUNTERS_IMPOSSIBLE',
    `the halfmove clock ${halfmoves} counts more plies than the ${played} played before move ${fullmoves} with ${turn} to move`,
    4,
    undefined,
    `if the move number is right the clock is at most ${played}: '${v.fenWith({ halfmoves: played })}'; ` +
      `if the clock is right this is move ${needed} or later: '${v.fenWith({ fullmoves: needed })}'`,
  );
}

/** Exactly one king per side; true when that holds (the check tests need it). */
function checkKings(v: Validation): boolean {
  let ok = true;
  for (const [index, color] of COLOR_NAMES.entries()) {
    const code = KING | (index ? BLACK : 0);
    const kings = squaresOf(v.setup, code);
    const otherKings = squaresOf(v.setup, code ^ BLACK).length;
    if (kings.length === 1) continue;
    ok = false;
    if (kings.length === 0) {
      v.add(
        'FEN_KING_COUNT',
        `there is no ${color} king`,
        0,
        undefined,
        `add a ${color} king ('${index ? 'k' : 'K'}')`,
      );
      continue;
    }
    const caseHint =
      otherKings === 0
        ? `uppercase letters are white, lowercase black: did you mean '${index ? 'K' : 'k'}' for one of them?`
        : undefined;
    v.add(
      'FEN_KING_COUNT',
      `there are ${kings.length} ${color} kings (${kings.map(squareName).join(', ')})`,
      0,
      kings[1],
      caseHint,
    );
  }
  return ok;
}

function checkBackRankPawns(v: Validation): void {
  const { board } = v.setup;
  for (const rank of [0, 7]) {
    const pawns: Square[] = [];
    for (let sq = rank * 8; sq < rank * 8 + 8; sq++) if (((board[sq] ?? 0) & ROLE_MASK) === PAWN) pawns.push(sq);
    if (pawns.length === 0) continue;
    const inner = rank === 0 ? 1 : 6;
    if (pawns.length >= 4 && ranksSwapped(v.setup, rank, inner)) {
      const swapped = v.setup.board.slice();
      swapped.set(board.subarray(inner * 8, inner * 8 + 8), rank * 8);
      swapped.set(board.subarray(rank * 8, rank * 8 + 8), inner * 8);
      v.add(
        'FEN_PAWN_ON_BACK_RANK',
        `pawns stand on rank ${rank + 1} (${pawns.map(squareName).join(', ')}), where no pawn can be`,
        0,
        pawns[0],
        `ranks ${rank + 1} and ${inner + 1} look swapped: '${v.fenWith({ board: swapped })}'`,
      );
      continue;
    }
    for (const sq of pawns) reportBackRankPawn(v, sq);
  }
}

/** Pawns on the back rank and pieces without pawns on the rank in front of it. */
function ranksSwapped(setup: Setup, rank: number, inner: number): boolean {
  let innerPieces = 0;
  for (let file = 0; file < 8; file++) {
    const code = setup.board[inner * 8 + file] ?? 0;
    if ((code & ROLE_MASK) === PAWN) return false;
    if (code !== 0) innerPieces++;
  }
  return innerPieces >= 4 && rank !== inner;
}

function reportBackRankPawn(v: Validation, sq: Square): void {
  const code = v.setup.board[sq] ?? 0;
  const black = (code & BLACK) !== 0;
  const color = black ? 'black' : 'white';
  const promotionRank = black ? 0 : 7;
  const hint =
    sq >> 3 === promotionRank
      ? `a ${color} pawn that reaches rank ${promotionRank + 1} promotes: write the new piece, such as '${black ? 'q' : 'Q'}'`
      : `${color} pawns start on rank ${black ? 7 : 2} and only move forward; if this is a ${black ? 'white' : 'black'} piece, check the letter case`;
  v.add('FEN_PAWN_ON_BACK_RANK', `a ${color} pawn stands on ${squareName(sq)}, on rank ${(sq >> 3) + 1}`, 0, sq, hint);
}

function checkMaterial(v: Validation): void {
  const counts = [new Array<number>(8).fill(0), new Array<number>(8).fill(0)] as const;
  for (let sq = 0; sq < 64; sq++) {
    const code = v.setup.board[sq] ?? 0;
    if (code !== 0) (counts[code & BLACK ? 1 : 0][code & ROLE_MASK] as number)++;
  }
  for (const [index, color] of COLOR_NAMES.entries()) {
    const c = counts[index as 0 | 1];
    const n = (role: number): number => c[role] ?? 0;
    const total = c.reduce((a, b) => a + b, 0);
    const other = counts[index ? 0 : 1].reduce((a, b) => a + b, 0);
    const promoted =
      Math.max(0, n(QUEEN) - 1) + Math.max(0, n(ROOK) - 2) + Math.max(0, n(BISHOP) - 2) + Math.max(0, n(KNIGHT) - 2);
    let message: string | undefined;
    if (total > 16) message = `${color} has ${total} pieces, more than the 16 it starts with`;
    else if (n(PAWN) > 8) message = `${color} has ${n(PAWN)} pawns, more than 8`;
    else if (n(PAWN) + promoted > 8) {
      message = `${color} has ${promoted} more queens, rooks, bishops or knights than at the start but only ${8 - n(PAWN)} pawns missing to promote`;
    }
    if (!message) continue;
    const hint =
      other < 16 && total > 16 ? 'uppercase letters are white and lowercase black: check the letter case' : undefined;
    v.add('FEN_TOO_MANY_PIECES', message, 0, undefined, hint);
  }
}

/** The role letter of a piece code for messages ('pawn', 'knight', …). */
function roleName(code: number): string {
  return ['', 'pawn', 'knight', 'bishop', 'rook', 'queen', 'king'][code & ROLE_MASK] ?? 'piece';
}

function checkChecks(v: Validation, epOk: boolean): void {
  const { board, turn } = v.setup;
  const us = turn;
  const them: Color = turn === 'white' ? 'black' : 'white';
  const ourKing = board.indexOf(KING | (us === 'black' ? BLACK : 0));
  const theirKing = board.indexOf(KING | (them === 'black' ? BLACK : 0));
  if (isAttacked(board, theirKing, us)) {
    const ourInCheck = isAttacked(board, ourKing, them);
    v.add(
      'FEN_OPPONENT_IN_CHECK',
      `the ${them} king on ${squareName(theirKing)} is in check, but it is ${us} to move`,
      1,
      undefined,
      ourInCheck ? undefined : `if it is ${them} to move: '${v.fenWith({ turn: them, epSquare: undefined })}'`,
    );
  }
  const checkers = attackersTo(board, ourKing, them).filter((sq) => ((board[sq] ?? 0) & ROLE_MASK) !== KING);
  const impossible = impossibleCheck(v, ourKing, checkers, epOk);
  if (impossible) v.add('FEN_IMPOSSIBLE_CHECK', impossible.message, 0, ourKing, impossible.hint);
}

function impossibleCheck(
  v: Validation,
  king: Square,
  checkers: readonly Square[],
  epOk: boolean,
): { message: string; hint?: string } | undefined {
  const { board, turn } = v.setup;
  const where = `the ${turn} king on ${squareName(king)}`;
  const list = checkers.map((sq) => `${roleName(board[sq] ?? 0)} on ${squareName(sq)}`).join(', ');
  if (checkers.length > 2)
    return { message: `${where} is in check from ${checkers.length} pieces (${list}), more than one move can give` };
  if (checkers.length === 2) {
    const [a, b] = checkers as [Square, Square];
    const roleA = (board[a] ?? 0) & ROLE_MASK;
    const roleB = (board[b] ?? 0) & ROLE_MASK;
    const leaper = (role: number): boolean => role === PAWN || role === KNIGHT;
    if (leaper(roleA) && leaper(roleB))
      return {
        message: `${where} is in check from a ${list.replace(', ', ' and a ')} at once, which no single move can give`,
      };
    const dirA = DIRECTION_BETWEEN[king * 64 + a] ?? -1;
    const dirB = DIRECTION_BETWEEN[king * 64 + b] ?? -1;
    // Opposite directions from the king: both sliders on one line, the king between them.
    const opposite = dirA >= 0 && dirB >= 0 && DIRECTION_DELTAS[dirA] === -(DIRECTION_DELTAS[dirB] ?? 0);
    if (!leaper(roleA) && !leaper(roleB) && opposite) {
      return {
        message: `${where} is in check from a ${list.replace(', ', ' and a ')} on one line, which no single move can give`,
      };
    }
  }
  const ep = v.setup.epSquare;
  if (!epOk || ep === undefined || checkers.length === 0) return undefined;
  // The last move was the double push the ep square records: it gave every check there is.
  const pushedTo = turn === 'white' ? ep - 8 : ep + 8;
  const pushedFrom = turn === 'white' ? ep + 8 : ep - 8;
  const before = board.slice();
  before[pushedFrom] = before[pushedTo] ?? 0;
  before[pushedTo] = 0;
  const them: Color = turn === 'white' ? 'black' : 'white';
  const old = attackersTo(before, king, them);
  const stale = checkers.filter((sq) => sq !== pushedTo && (checkers.length > 1 || old.includes(sq)));
  if (stale.length === 0) return undefined;
  return {
    message: `${where} is in check from ${list}, which the double push to ${squareName(pushedTo)} recorded by the en-passant square '${squareName(ep)}' cannot have given`,
    hint: `if no pawn has just moved two squares, write '-' as the en-passant square: '${v.fenWith({ epSquare: undefined })}'`,
  };
}
