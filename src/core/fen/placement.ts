/**
 * The piece placement field of a FEN (`rnbqkbnr/pppppppp/8/…`): ranks, widths and piece letters,
 * with a located diagnostic and a hint for each mistake people make. Structure only: how many kings
 * there are is `fen-validate.ts`'s business. Depends on `types.ts` and the reader helpers; no Node.
 */
import { rankWidth, report, type Reader, type Token } from './reader.js';
import { BISHOP, BLACK, KING, KNIGHT, PAWN, QUEEN, ROOK, type Board } from '../types.js';

/** Piece code of each FEN letter (by char code), 0 for anything else. */
const CODE_OF_CHAR = new Int8Array(128);
for (const [letter, code] of [
  ['P', PAWN],
  ['N', KNIGHT],
  ['B', BISHOP],
  ['R', ROOK],
  ['Q', QUEEN],
  ['K', KING],
] as const) {
  CODE_OF_CHAR[letter.charCodeAt(0)] = code;
  CODE_OF_CHAR[letter.toLowerCase().charCodeAt(0)] = code | BLACK;
}

/** Piece letters of other languages (German, French, Dutch) and the FEN letter they mean. */
const FOREIGN_LETTERS: Readonly<Record<string, string>> = {
  S: 'N', // Springer
  C: 'N', // cavalier
  L: 'B', // Läufer, loper
  F: 'B', // fou
  T: 'R', // Turm, tour, toren
  D: 'Q', // Dame, dame
};

export interface Placement {
  readonly board: Board;
  readonly squareOffsets: Int32Array;
}

interface RankSpan {
  readonly start: number;
  readonly text: string;
}

function rankLabel(index: number): string {
  return index < 8 ? `rank ${8 - index}` : `rank field ${index + 1}`;
}

/**
 * Reads the placement field into a board. Fails (undefined) after reporting FEN_RANK_COUNT,
 * FEN_RANK_WIDTH or FEN_BAD_PIECE. Cost: O(field length).
 */
export function readPlacement(r: Reader, token: Token): Placement | undefined {
  const ranks: RankSpan[] = [];
  let start = 0;
  for (let i = 0; i <= token.text.length; i++) {
    if (i === token.text.length || token.text.charCodeAt(i) === 47) {
      ranks.push({ start, text: token.text.slice(start, i) });
      start = i + 1;
    }
  }
  const board = new Int8Array(64);
  const squareOffsets = new Int32Array(64).fill(-1);
  const before = r.out.length;
  if (ranks.length !== 8) reportRankCount(r, token, ranks);
  ranks.forEach((rank, index) => {
    // An empty extra rank (`…/` or `//`) is explained by FEN_RANK_COUNT's hint; no width error too.
    if (rank.text === '' && ranks.length > 8) return;
    readRank(r, token.offset + rank.start, rank.text, index, board, squareOffsets);
  });
  return r.out.length === before ? { board, squareOffsets } : undefined;
}

function reportRankCount(r: Reader, token: Token, ranks: readonly RankSpan[]): void {
  const wide = ranks.findIndex((rank) => rankWidth(rank.text) >= 9);
  const emptyRank = ranks.findIndex((rank) => rank.text === '');
  let hint = "a FEN board is 8 ranks separated by '/', from rank 8 down to rank 1";
  if (ranks.length < 8 && wide >= 0)
    hint = `a '/' seems to be missing in ${rankLabel(wide)} '${ranks[wide]?.text ?? ''}'`;
  else if (ranks.length > 8 && emptyRank >= 0)
    hint = `remove the extra '/' (${rankLabel(emptyRank)} is empty; an empty rank is written '8')`;
  report(
    r,
    'FEN_RANK_COUNT',
    `the piece placement '${token.text}' has ${ranks.length} ranks, not 8`,
    0,
    token.offset,
    token.text.length,
    { hint },
  );
}

function readRank(
  r: Reader,
  offset: number,
  text: string,
  index: number,
  board: Board,
  squareOffsets: Int32Array,
): void {
  const label = rankLabel(index);
  let file = 0;
  let previousDigit = 0;
  let ok = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 49 && c <= 56) {
      if (previousDigit > 0) {
        ok = false;
        const sum = previousDigit + c - 48;
        report(r, 'FEN_BAD_PIECE', `${label} '${text}' has two digits in a row`, 0, offset + i, 1, {
          hint:
            sum <= 8
              ? `count the empty squares with one digit: '${sum}' instead of '${text.slice(i - 1, i + 1)}'`
              : `a rank has only 8 squares`,
        });
      }
      previousDigit = c - 48;
      file += c - 48;
      continue;
    }
    previousDigit = 0;
    const code = c < 128 ? (CODE_OF_CHAR[c] ?? 0) : 0;
    if (code !== 0) {
      if (index < 8 && file < 8) {
        board[(7 - index) * 8 + file] = code;
        squareOffsets[(7 - index) * 8 + file] = offset + i;
      }
    } else {
      ok = false;
      // A character outside the BMP (an emoji, say) is one bad square, quoted whole.
      const wide = c >= 0xd800 && c <= 0xdbff && i + 1 < text.length;
      reportBadPiece(r, text.slice(i, wide ? i + 2 : i + 1), label, text, offset + i);
      if (wide) i++;
    }
    file++;
  }
  if (ok && file !== 8) reportRankWidth(r, label, text, file, offset);
}

function reportBadPiece(r: Reader, char: string, label: string, rank: string, offset: number): void {
  const foreign = FOREIGN_LETTERS[char.toUpperCase()];
  let hint: string;
  if (foreign) {
    const meant = char === char.toUpperCase() ? foreign : foreign.toLowerCase();
    hint = `FEN uses English piece letters: did you mean '${meant}'?`;
  } else if (char === '0') {
    hint = "a digit counts empty squares, from 1 to 8: leave out the '0'";
  } else if (char === '9') {
    hint = 'a rank has 8 squares, so the largest digit is 8';
  } else if ('.-_*xX'.includes(char)) {
    hint = "write empty squares as a digit: '1' for one square, '8' for a whole empty rank";
  } else {
    hint = "piece letters are 'PNBRQK' for white and 'pnbrqk' for black";
  }
  report(
    r,
    'FEN_BAD_PIECE',
    `'${char}' in ${label} '${rank}' is not a piece letter or a digit`,
    0,
    offset,
    char.length,
    { hint },
  );
}

function reportRankWidth(r: Reader, label: string, text: string, width: number, offset: number): void {
  const hint =
    text === ''
      ? "an empty rank is written '8'"
      : width > 8
        ? `${label} adds up to ${width} squares: remove a piece or lower a digit`
        : `${label} adds up to ${width} squares: add the ${8 - width} missing empty square${width === 7 ? '' : 's'} as a digit`;
  report(r, 'FEN_RANK_WIDTH', `${label} '${text}' is ${width} squares wide, not 8`, 0, offset, text.length, { hint });
}
