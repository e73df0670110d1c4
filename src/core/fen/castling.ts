/**
 * The castling field of a FEN: `KQkq`, X-FEN (`K`/`Q` for the outermost rook, else a file letter) and
 * Shredder-FEN (`HAha`), resolved to the squares of the castling rooks, with Chess960 detected from
 * the letters. Whether those rooks and kings stand where the rights need them is `fen-validate`'s
 * business: a right whose rook is missing keeps its nominal square so the problem can be located.
 * Depends on `types.ts` and the reader helpers; no Node.
 */
import { DASH_LIKE, replaced, report, type Reader, type Token } from './reader.js';
import { BLACK, KING, ROOK, type Board, type Square } from '../types.js';

export interface CastlingRead {
  readonly rooks: Square[];
  readonly offsets: number[];
  readonly chess960: boolean;
}

/** Reads the castling letters and resolves them to rook squares (a missing rook keeps its nominal square). */
export function readCastling(
  r: Reader,
  token: Token | undefined,
  board: Board | undefined,
  force960: boolean,
): CastlingRead | undefined {
  if (!token) return undefined;
  const none: CastlingRead = { rooks: [], offsets: [], chess960: force960 };
  if (token.text === '-') return none;
  if (DASH_LIKE.has(token.text)) {
    report(
      r,
      'FEN_BAD_CASTLING',
      `'${token.text}' is read as '-' (no castling rights)`,
      2,
      token.offset,
      token.text.length,
      {
        severity: r.repair,
        hint: `write a plain hyphen: '${replaced(r, token, '-')}'`,
      },
    );
    return none;
  }
  const letters = castlingLetters(r, token);
  if (!letters || !board) return undefined;
  const fileLetters = letters.some((l) => !'KQkq'.includes(l.letter));
  const only960 = force960 || fileLetters ? [] : lettersOnlyChess960(board, letters);
  const chess960 = force960 || fileLetters || only960.length > 0;
  if (only960.length > 0) reportOnlyChess960(r, token, board, only960);
  const rooks: Square[] = [];
  const offsets: number[] = [];
  for (const { letter, offset } of letters) {
    rooks.push(resolveCastlingLetter(board, letter, chess960));
    offsets.push(offset);
  }
  checkCastlingOrder(r, token, board, letters, rooks);
  return { rooks, offsets, chess960 };
}

interface CastlingLetter {
  readonly letter: string;
  readonly offset: number;
}

function castlingLetters(r: Reader, token: Token): CastlingLetter[] | undefined {
  const letters: CastlingLetter[] = [];
  let ok = true;
  for (let i = 0; i < token.text.length; i++) {
    const letter = token.text.charAt(i);
    const offset = token.offset + i;
    if (!/^[KQkqA-Ha-h]$/.test(letter)) {
      ok = false;
      const hint =
        letter === '-'
          ? `'-' stands alone when nobody can castle; otherwise leave it out: '${replaced(r, token, token.text.replace(/-/g, '') || '-')}'`
          : "castling rights are '-' or letters from 'KQkq' (Chess960 also uses rook files 'A'–'H', 'a'–'h')";
      report(
        r,
        'FEN_BAD_CASTLING',
        `'${letter}' in the castling field '${token.text}' is not a castling letter`,
        2,
        offset,
        1,
        { hint },
      );
    } else if (letters.some((l) => l.letter === letter)) {
      ok = false;
      report(r, 'FEN_BAD_CASTLING', `the castling right '${letter}' appears twice in '${token.text}'`, 2, offset, 1, {
        hint: `write each right once: '${replaced(r, token, inUsualOrder([...new Set(token.text)]))}'`,
      });
    } else {
      letters.push({ letter, offset });
    }
  }
  return ok ? letters : undefined;
}

/** Castling letters in the usual order without a board: white first, `K`, files from h down, `Q`. */
export function inUsualOrder(letters: readonly string[]): string {
  const key = (c: string): number => {
    const upper = c.toUpperCase();
    const side = upper === 'K' ? 0 : upper === 'Q' ? 9 : 8 - (upper.charCodeAt(0) - 65);
    return (isWhiteLetter(c) ? 0 : 10) + side;
  };
  return [...letters].sort((a, b) => key(a) - key(b)).join('');
}

function isWhiteLetter(letter: string): boolean {
  return letter >= 'A' && letter <= 'Z';
}

/** File of the king of `white`'s colour on its back rank, or -1. */
export function backRankKing(board: Board, white: boolean): number {
  const base = white ? 0 : 56;
  const king = white ? KING : KING | BLACK;
  for (let file = 0; file < 8; file++) if (board[base + file] === king) return file;
  return -1;
}

/** The outermost rook of that colour on its back rank on one side of `kingFile`, or -1. */
function outermostRook(board: Board, white: boolean, kingFile: number, kingSide: boolean): number {
  const base = white ? 0 : 56;
  const rook = white ? ROOK : ROOK | BLACK;
  if (kingSide) {
    for (let file = 7; file > kingFile; file--) if (board[base + file] === rook) return file;
  } else {
    for (let file = 0; file < kingFile; file++) if (board[base + file] === rook) return file;
  }
  return -1;
}

/** The `KQkq` letters whose king or castling rook stands off e1/a1/h1 (e8/a8/h8): only Chess960 has them. */
function lettersOnlyChess960(board: Board, letters: readonly CastlingLetter[]): CastlingLetter[] {
  return letters.filter(({ letter }) => {
    const white = isWhiteLetter(letter);
    const kingFile = backRankKing(board, white);
    if (kingFile < 0) return false;
    const rookFile = outermostRook(board, white, kingFile, letter.toUpperCase() === 'K');
    if (rookFile < 0) return false;
    return kingFile !== 4 || (rookFile !== 0 && rookFile !== 7);
  });
}

/**
 * `r3k2r/8/8/8/8/8/8/R2K3R w KQkq`: a standard-looking field that only fits Chess960. It is read as
 * Chess960 (the only reading under which the rights hold), with a warning naming the squares.
 */
function reportOnlyChess960(r: Reader, token: Token, board: Board, only960: readonly CastlingLetter[]): void {
  const squares = new Set<string>();
  for (const { letter } of only960) {
    const white = isWhiteLetter(letter);
    const rank = white ? '1' : '8';
    const kingFile = backRankKing(board, white);
    const rookFile = outermostRook(board, white, kingFile, letter.toUpperCase() === 'K');
    const color = white ? 'white' : 'black';
    if (kingFile !== 4) squares.add(`the ${color} king on ${FILES.charAt(kingFile)}${rank}`);
    else squares.add(`the ${color} rook on ${FILES.charAt(rookFile)}${rank}`);
  }
  const names = only960.map((l) => l.letter).join('');
  const kept = [...token.text].filter((c) => !names.includes(c)).join('') || '-';
  report(
    r,
    'FEN_CASTLING_CHESS960',
    `the castling rights '${names}' fit only Chess960 (${[...squares].join(', ')}); read as Chess960`,
    2,
    token.offset,
    token.text.length,
    {
      hint: `for a Chess960 game add [Variant "Chess960"]; as standard chess those rights cannot hold: '${replaced(r, token, kept)}'`,
    },
  );
}

const FILES = 'abcdefgh';

function resolveCastlingLetter(board: Board, letter: string, chess960: boolean): Square {
  const white = isWhiteLetter(letter);
  const base = white ? 0 : 56;
  const upper = letter.toUpperCase();
  if (upper !== 'K' && upper !== 'Q') return base + upper.charCodeAt(0) - 65;
  const kingSide = upper === 'K';
  const corner = base + (kingSide ? 7 : 0);
  if (!chess960) return corner;
  const kingFile = backRankKing(board, white);
  const rookFile = kingFile < 0 ? -1 : outermostRook(board, white, kingFile, kingSide);
  return rookFile < 0 ? corner : base + rookFile;
}

/** White before black, king side before queen side (`KQkq`, `HAha`); other orders are repaired. */
function checkCastlingOrder(
  r: Reader,
  token: Token,
  board: Board,
  letters: readonly CastlingLetter[],
  rooks: readonly Square[],
): void {
  const keys = rooks.map((square, i) => {
    const white = isWhiteLetter((letters[i] as CastlingLetter).letter);
    const kingFile = backRankKing(board, white);
    const file = square & 7;
    const kingSide = kingFile >= 0 ? file > kingFile : file >= 4;
    return (white ? 0 : 2) + (kingSide ? 0 : 1);
  });
  if (keys.every((key, i) => i === 0 || (keys[i - 1] as number) <= key)) return;
  const order = letters.map((l, i) => ({ letter: l.letter, key: keys[i] as number })).sort((a, b) => a.key - b.key);
  const fixed = order.map((o) => o.letter).join('');
  report(
    r,
    'FEN_BAD_CASTLING',
    `the castling rights '${token.text}' are not in the usual order '${fixed}'`,
    2,
    token.offset,
    token.text.length,
    {
      severity: r.repair,
      hint: `write white's rights first, king side first: '${replaced(r, token, fixed)}'`,
    },
  );
}
