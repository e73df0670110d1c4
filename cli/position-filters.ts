/**
 * The selection rules of `forsyth positions`: which games (--match; --tag is a --where filter) and which of their plies
 * (--ply, --every, --last, --side). Pure functions over PlyRecord and Game, so they are easy to
 * read next to the option docs.
 */
import {
  err,
  makeBoardFen,
  makeFen,
  ok,
  parseFen,
  type FenOptions,
  type PlyRecord,
  type Result,
} from '../src/index.js';
import type { PlyRange } from './options.js';

export interface PlySelection {
  readonly range?: PlyRange | undefined;
  readonly every?: number | undefined;
  readonly last?: boolean | undefined;
  readonly side?: 'w' | 'b' | undefined;
}

/**
 * --ply and --every select plies (a ply must pass both: `--ply 10-40 --every 10` is 10, 20, 30, 40);
 * --last selects the final main-line position. With none of the three, every ply after the start is
 * selected. --side then keeps the positions with that side to move.
 */
export function isSelected(record: PlyRecord, isLast: boolean, s: PlySelection): boolean {
  const byPly = s.range !== undefined || s.every !== undefined;
  const plyOk =
    (s.range === undefined ? record.ply >= 1 : record.ply >= s.range.from && record.ply <= s.range.to) &&
    (s.every === undefined || record.ply % s.every === 0);
  const picked = byPly || s.last === true ? (byPly && plyOk) || (s.last === true && isLast) : record.ply >= 1;
  if (!picked) return false;
  return s.side === undefined || record.position.turn === (s.side === 'w' ? 'white' : 'black');
}

export type PositionMatcher = (record: PlyRecord) => boolean;

/**
 * --match: a full FEN (compared on its first four fields, normalised with the run's --ep and
 * --castling so that the en-passant field means the same thing on both sides), or a piece placement
 * alone, where `?` stands for any single square (after digits are expanded). Returns an error message
 * for a pattern that is neither.
 */
export function positionMatcher(pattern: string, fenOptions: FenOptions): PositionMatcher | string {
  const text = pattern.trim();
  if (text.includes(' ')) return fullFenMatcher(text, fenOptions);
  const wanted = expandPlacement(text);
  if (!wanted.ok) return wanted.error;
  const squares = wanted.value;
  // The board part alone is cheaper than the full FEN, which most plies never need.
  return (record) => placementMatches(makeBoardFen(record.position.board), squares);
}

/** Walks a board FEN against 64 expanded pattern squares without building strings (hot: every ply). */
function placementMatches(boardFen: string, squares: string): boolean {
  let square = 0;
  for (let i = 0; i < boardFen.length; i++) {
    const c = boardFen.charCodeAt(i);
    if (c === 47) continue; // '/'
    if (c >= 49 && c <= 56) {
      for (const end = square + c - 48; square < end; square++) {
        const want = squares.charCodeAt(square);
        if (want !== 63 && want !== 49) return false; // empty square: pattern must be '?' or '1'
      }
      continue;
    }
    const want = squares.charCodeAt(square++);
    if (want !== 63 && want !== c) return false;
  }
  return true;
}

function fullFenMatcher(text: string, fenOptions: FenOptions): PositionMatcher | string {
  const parsed = parseFen(text);
  if (!parsed.ok || !parsed.value) {
    const first = parsed.diagnostics.find((d) => d.severity === 'error');
    return `--match "${text}" is not a legal position${first ? `: ${first.message}` : ''}`;
  }
  const key = firstFourFields(makeFen(parsed.value, fenOptions));
  const placement = makeBoardFen(parsed.value.board);
  return (record) => makeBoardFen(record.position.board) === placement && firstFourFields(record.fen) === key;
}

/** The first four FEN fields: what makes two positions the same, whatever their move counters. */
export function firstFourFields(fen: string): string {
  let spaces = 0;
  for (let i = 0; i < fen.length; i++) {
    if (fen.charCodeAt(i) === 32 && ++spaces === 4) return fen.slice(0, i);
  }
  return fen;
}

/** `rnbqkbnr/pppppppp/8/…` → 64 characters in FEN order (rank 8 first), '1' for an empty square. */
function expandPlacement(placement: string): Result<string, string> {
  const ranks = placement.split('/');
  if (ranks.length !== 8) return err(`--match "${placement}" needs 8 ranks separated by /, or a full FEN`);
  let out = '';
  for (const rank of ranks) {
    const expanded = rank.replace(/[1-8]/g, (d) => '1'.repeat(Number(d)));
    if (expanded.length !== 8 || !/^[pnbrqkPNBRQK1?]{8}$/.test(expanded)) {
      return err(`--match: rank "${rank}" does not describe 8 squares (pieces pnbrqkPNBRQK, digits 1-8, ? for any)`);
    }
    out += expanded;
  }
  return ok(out);
}
