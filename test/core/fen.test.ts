import { describe, expect, it } from 'vitest';
import type { Diagnostic, DiagnosticCode } from '../../src/diagnostics.js';
import { makeBoardFen, makeFen, parseFen, parseFenSetup, validateSetup } from '../../src/core/index.js';
import { initialPosition } from '../../src/core/index.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const BOARD = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

/** Offset of `needle` in `text` (the `nth` occurrence, 0-based), plus `shift`; -1 would fail the test. */
function at(text: string, needle: string, shift = 0, nth = 0): number {
  let offset = -1;
  for (let i = 0; i <= nth; i++) offset = text.indexOf(needle, offset + 1);
  if (offset < 0) throw new Error(`test bug: '${needle}' not in '${text}'`);
  return offset + shift;
}

interface Expected {
  readonly code: DiagnosticCode;
  readonly field: number;
  readonly offset: number;
  readonly length: number;
  readonly severity?: Diagnostic['severity'];
  readonly hint?: string;
  /** Substrings the message must contain. */
  readonly says?: readonly string[];
}

function expectDiagnostic(diagnostics: readonly Diagnostic[], expected: Expected): void {
  const found = diagnostics.find((d) => d.code === expected.code && d.offset === expected.offset);
  expect(found, `${expected.code} at ${expected.offset} in ${JSON.stringify(diagnostics, null, 1)}`).toBeDefined();
  if (!found) return;
  expect(found.field).toBe(expected.field);
  expect(found.length).toBe(expected.length);
  if (expected.severity) expect(found.severity).toBe(expected.severity);
  if (expected.hint !== undefined) expect(found.hint).toBe(expected.hint);
  for (const part of expected.says ?? []) expect(found.message).toContain(part);
  expect(found.message.charAt(0)).toBe(found.message.charAt(0).toLowerCase());
  expect(found.message.endsWith('.')).toBe(false);
}

type Row = [
  name: string,
  fen: string,
  ok: boolean,
  expected: Expected,
  options?: { strict?: boolean; chess960?: boolean },
];

describe('parseFen: field structure', () => {
  const placementOnly = BOARD;
  const sixPlus = '4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra junk';
  const epd = '4k3/8/8/8/8/8/8/4K3 w - - bm Kd2;';
  const glued = `${BOARD}w KQkq - 0 1`;
  const rows: Row[] = [
    ['an empty string', '', false, { code: 'FEN_EMPTY', field: 0, offset: 0, length: 0 }],
    ['only whitespace', ' \t ', false, { code: 'FEN_EMPTY', field: 0, offset: 0, length: 3 }],
    [
      'the placement field alone',
      placementOnly,
      false,
      {
        code: 'FEN_FIELD_COUNT',
        field: 1,
        offset: 43,
        length: 0,
        hint: `add ' w - - 0 1'? '${BOARD} w - - 0 1'`,
        says: ['1 field'],
      },
    ],
    [
      'placement and side to move only',
      `${BOARD} b`,
      false,
      {
        code: 'FEN_FIELD_COUNT',
        field: 2,
        offset: 45,
        length: 0,
        hint: `add ' - - 0 1'? '${BOARD} b - - 0 1'`,
        says: ['2 fields'],
      },
    ],
    [
      'three fields',
      `${BOARD} w KQkq`,
      false,
      { code: 'FEN_FIELD_COUNT', field: 3, offset: 50, length: 0, hint: `add ' - 0 1'? '${BOARD} w KQkq - 0 1'` },
    ],
    [
      'text after the six fields',
      sixPlus,
      false,
      {
        code: 'FEN_FIELD_COUNT',
        field: 5,
        offset: at(sixPlus, 'extra'),
        length: 10,
        hint: "remove the extra text: '4k3/8/8/8/8/8/8/4K3 w - - 0 1'",
        says: ['8 fields', "'extra junk'"],
      },
    ],
    [
      'EPD operations instead of counters',
      epd,
      false,
      {
        code: 'FEN_FIELD_COUNT',
        field: 4,
        offset: at(epd, 'bm'),
        length: 7,
        hint: "a FEN has six fields; as a FEN this position is '4k3/8/8/8/8/8/8/4K3 w - - 0 1'",
      },
    ],
    [
      "the side to move glued to the placement (chess.js 'RNBQKBNRw')",
      glued,
      false,
      {
        code: 'FEN_FIELD_COUNT',
        field: 1,
        offset: 43,
        length: 1,
        hint: `put a space before it: '${BOARD} w KQkq - 0 1'`,
      },
    ],
    [
      'missing counters (lenient: repaired)',
      `${BOARD} w KQkq -`,
      true,
      {
        code: 'FEN_MISSING_COUNTERS',
        field: 4,
        offset: 52,
        length: 0,
        severity: 'warning',
        hint: `add ' 0 1': '${START}'`,
      },
    ],
    [
      'missing counters (strict: refused)',
      `${BOARD} w KQkq -`,
      false,
      { code: 'FEN_MISSING_COUNTERS', field: 4, offset: 52, length: 0, severity: 'error' },
      { strict: true },
    ],
    [
      'a missing fullmove number',
      `${BOARD} w KQkq - 0`,
      true,
      {
        code: 'FEN_MISSING_COUNTERS',
        field: 5,
        offset: 54,
        length: 0,
        severity: 'warning',
        hint: `a FEN ends with the halfmove clock and the fullmove number: '${START}'`,
      },
    ],
    [
      'a leading space',
      ` ${START}`,
      true,
      { code: 'FEN_EXTRA_SPACE', field: 0, offset: 0, length: 1, severity: 'warning' },
    ],
    [
      'two spaces between fields',
      `${BOARD}  w KQkq - 0 1`,
      true,
      { code: 'FEN_EXTRA_SPACE', field: 1, offset: 43, length: 2, severity: 'warning', says: ['2 spaces'] },
    ],
    [
      'a tab between fields',
      `${BOARD}\tw KQkq - 0 1`,
      true,
      { code: 'FEN_EXTRA_SPACE', field: 1, offset: 43, length: 1, severity: 'warning' },
    ],
    [
      'a trailing space',
      `${START} `,
      true,
      { code: 'FEN_EXTRA_SPACE', field: 5, offset: 56, length: 1, severity: 'warning' },
    ],
    [
      'a trailing space (strict)',
      `${START} `,
      false,
      { code: 'FEN_EXTRA_SPACE', field: 5, offset: 56, length: 1, severity: 'error' },
      { strict: true },
    ],
  ];
  it.each(rows)('%s', (_name, fen, ok, expected, options) => {
    const result = parseFen(fen, options);
    expect(result.ok).toBe(ok);
    expectDiagnostic(result.diagnostics, expected);
  });

  it('reports only the glued side to move, then reads the rest of the FEN normally', () => {
    expect(parseFen(glued).diagnostics.map((d) => d.code)).toEqual(['FEN_FIELD_COUNT']);
  });

  it('repairs missing counters to 0 1', () => {
    const result = parseFen(`${BOARD} b KQkq -`);
    expect(result.ok && [result.value.halfmoves, result.value.fullmoves]).toEqual([0, 1]);
  });
});

describe('parseFen: piece placement', () => {
  const sevenRanks = 'rnbqkbnr/pppppppp/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const missingSlash = 'rnbqkbnrpppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const trailingSlash = `${BOARD}/ w KQkq - 0 1`;
  const nine = 'rnbqkbnr/p1p1p1p1p/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const seven = '4k2/8/8/8/8/8/8/4K3 w - - 0 1';
  const german = '4k3/8/8/8/8/8/8/4K1S1 w - - 0 1';
  const zero = '4k3/8/8/8/8/8/8/04K3 w - - 0 1';
  const rows: Row[] = [
    ['seven ranks', sevenRanks, false, { code: 'FEN_RANK_COUNT', field: 0, offset: 0, length: 41, says: ['7 ranks'] }],
    [
      'a missing slash',
      missingSlash,
      false,
      {
        code: 'FEN_RANK_COUNT',
        field: 0,
        offset: 0,
        length: 42,
        hint: "a '/' seems to be missing in rank 8 'rnbqkbnrpppppppp'",
      },
    ],
    [
      'a trailing slash',
      trailingSlash,
      false,
      {
        code: 'FEN_RANK_COUNT',
        field: 0,
        offset: 0,
        length: 44,
        hint: "remove the extra '/' (rank field 9 is empty; an empty rank is written '8')",
      },
    ],
    [
      'a rank of nine squares',
      nine,
      false,
      {
        code: 'FEN_RANK_WIDTH',
        field: 0,
        offset: 9,
        length: 9,
        says: ["rank 7 'p1p1p1p1p'", '9 squares'],
        hint: 'rank 7 adds up to 9 squares: remove a piece or lower a digit',
      },
    ],
    [
      'a rank of seven squares',
      seven,
      false,
      {
        code: 'FEN_RANK_WIDTH',
        field: 0,
        offset: 0,
        length: 3,
        hint: 'rank 8 adds up to 7 squares: add the 1 missing empty square as a digit',
      },
    ],
    [
      "a '?' in the placement",
      'rnbqk?nr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      false,
      {
        code: 'FEN_BAD_PIECE',
        field: 0,
        offset: 5,
        length: 1,
        says: ["'?'"],
        hint: "piece letters are 'PNBRQK' for white and 'pnbrqk' for black",
      },
    ],
    [
      "a German 'S' for a knight",
      german,
      false,
      {
        code: 'FEN_BAD_PIECE',
        field: 0,
        offset: at(german, 'S'),
        length: 1,
        hint: "FEN uses English piece letters: did you mean 'N'?",
      },
    ],
    [
      'a character outside the BMP',
      '4k3/8/8/8/8/8/8/4K2\u{1F600} w - - 0 1',
      false,
      { code: 'FEN_BAD_PIECE', field: 0, offset: 19, length: 2, says: ["'\u{1F600}'"] },
    ],
    [
      "a digit '0'",
      zero,
      false,
      {
        code: 'FEN_BAD_PIECE',
        field: 0,
        offset: at(zero, '04K'),
        length: 1,
        hint: "a digit counts empty squares, from 1 to 8: leave out the '0'",
      },
    ],
    [
      'two digits in a row',
      'rnbqkbnr/pppppppp/17/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1',
      false,
      {
        code: 'FEN_BAD_PIECE',
        field: 0,
        offset: 19,
        length: 1,
        hint: "count the empty squares with one digit: '8' instead of '17'",
      },
    ],
  ];
  it.each(rows)('%s', (_name, fen, ok, expected, options) => {
    const result = parseFen(fen, options);
    expect(result.ok).toBe(ok);
    expectDiagnostic(result.diagnostics, expected);
  });

  it('does not add a width error for the empty rank after a trailing slash', () => {
    expect(parseFen(trailingSlash).diagnostics.map((d) => d.code)).toEqual(['FEN_RANK_COUNT']);
  });
});

describe('parseFen: side to move, castling, en passant and counters', () => {
  const badTurn = `${BOARD} ? KQkq - 0 1`;
  const upperTurn = `${BOARD} W KQkq - 0 1`;
  const badLetter = `${BOARD} w KXkq - 0 1`;
  const twice = `${BOARD} w KKq - 0 1`;
  const anyOrder = `${BOARD} w kqKQ - 0 1`;
  const enDash = `${BOARD} w \u2013 - 0 1`;
  const badEp = `${BOARD} w KQkq x 0 1`;
  const upperEp = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq E3 0 1';
  const badHalf = `${BOARD} w KQkq - x 1`;
  const negative = `${BOARD} w KQkq - -1 1`;
  const zeroFull = `${BOARD} w KQkq - 0 0`;
  const leadingZero = `${BOARD} w KQkq - 07 9`;
  const rows: Row[] = [
    [
      "a '?' side to move",
      badTurn,
      false,
      { code: 'FEN_BAD_TURN', field: 1, offset: 44, length: 1, hint: "the side to move is 'w' (white) or 'b' (black)" },
    ],
    [
      "an uppercase 'W'",
      upperTurn,
      false,
      { code: 'FEN_BAD_TURN', field: 1, offset: 44, length: 1, hint: `write 'w': '${START}'` },
    ],
    [
      "an 'X' among the castling letters",
      badLetter,
      false,
      { code: 'FEN_BAD_CASTLING', field: 2, offset: at(badLetter, 'X'), length: 1, says: ["'X'", "'KXkq'"] },
    ],
    [
      'a castling letter twice',
      twice,
      false,
      {
        code: 'FEN_BAD_CASTLING',
        field: 2,
        offset: at(twice, 'KK', 1),
        length: 1,
        hint: `write each right once: '${BOARD} w Kq - 0 1'`,
      },
    ],
    [
      'castling letters in another order (lenient)',
      anyOrder,
      true,
      {
        code: 'FEN_BAD_CASTLING',
        field: 2,
        offset: 46,
        length: 4,
        severity: 'warning',
        hint: `write white's rights first, king side first: '${START}'`,
      },
    ],
    [
      'castling letters in another order (strict)',
      anyOrder,
      false,
      { code: 'FEN_BAD_CASTLING', field: 2, offset: 46, length: 4, severity: 'error' },
      { strict: true },
    ],
    [
      'an en dash for no castling (lenient)',
      enDash,
      true,
      { code: 'FEN_BAD_CASTLING', field: 2, offset: 46, length: 1, severity: 'warning' },
    ],
    ["an en-passant field 'x'", badEp, false, { code: 'FEN_BAD_EP', field: 3, offset: at(badEp, ' x ', 1), length: 1 }],
    [
      "an uppercase en-passant square 'E3'",
      upperEp,
      false,
      {
        code: 'FEN_BAD_EP',
        field: 3,
        offset: at(upperEp, 'E3'),
        length: 2,
        hint: "square names are lowercase: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'",
      },
    ],
    [
      "a halfmove clock 'x'",
      badHalf,
      false,
      { code: 'FEN_COUNTER', field: 4, offset: at(badHalf, ' x ', 1), length: 1, says: ['not a whole number'] },
    ],
    [
      'a negative halfmove clock',
      negative,
      false,
      { code: 'FEN_COUNTER', field: 4, offset: at(negative, '-1'), length: 2, says: ['negative'] },
    ],
    [
      'fullmove number 0 (lenient: read as 1)',
      zeroFull,
      true,
      {
        code: 'FEN_COUNTER',
        field: 5,
        offset: 55,
        length: 1,
        severity: 'warning',
        hint: `fullmove numbers start at 1: '${START}'`,
      },
    ],
    [
      'fullmove number 0 (strict)',
      zeroFull,
      false,
      { code: 'FEN_COUNTER', field: 5, offset: 55, length: 1, severity: 'error' },
      { strict: true },
    ],
    [
      'a leading zero',
      leadingZero,
      true,
      { code: 'FEN_COUNTER', field: 4, offset: at(leadingZero, '07'), length: 2, severity: 'warning' },
    ],
  ];
  it.each(rows)('%s', (_name, fen, ok, expected, options) => {
    const result = parseFen(fen, options);
    expect(result.ok).toBe(ok);
    expectDiagnostic(result.diagnostics, expected);
  });

  it('reads fullmove 0 as 1 and castling letters in any order as the same rights', () => {
    const zero = parseFen(zeroFull);
    expect(zero.ok && zero.value.fullmoves).toBe(1);
    const reordered = parseFen(anyOrder);
    expect(reordered.ok && makeFen(reordered.value)).toBe(START);
  });
});

describe('parseFen: legality', () => {
  const twoWhiteKings = '8/8/8/8/8/8/8/K6K w - - 0 1';
  const blackPawnD1 = '8/8/8/8/8/8/1k3K2/3p4 w - - 0 1';
  const whitePawnA1 = '4k3/8/8/8/8/8/8/P3K3 w - - 0 1';
  const swapped = 'pppppppp/rnbqkbnr/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1';
  const reversed = 'RNBQKBNR/PPPPPPPP/8/8/8/8/pppppppp/rnbqkbnr w KQkq - 0 1';
  const opponentInCheck = '4k3/8/8/8/8/8/8/4R1K1 w - - 0 1';
  const threeCheckers = '4k3/8/5N2/8/B7/8/8/4R1K1 b - - 0 1';
  const twoPawns = '8/8/8/4k3/3P1P2/8/8/4K3 b - - 0 1';
  const twoKnights = '4k3/8/3N1N2/8/8/8/8/4K3 b - - 0 1';
  const rooksOnALine = '5R2/2P5/8/4k3/8/3rK2r/8/8 w - - 0 1';
  const staleCheck = '8/8/8/1k6/3Pp3/8/8/4KQ2 b - d3 0 1';
  const noRook = '4k3/8/8/8/8/8/8/4K3 w K - 0 1';
  const kingMoved = '4k3/8/8/8/8/8/4K3/R6R w KQ - 0 1';
  const sameSide = '4k3/8/8/8/8/8/8/4K1RR w HG - 0 1';
  const landingBlack = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e4 0 1';
  const landingWhite = 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e5 0 2';
  const wrongSide = 'r1bqkbnr/2pppppp/n7/1p6/8/4P3/PPPP1PPP/RNBQK1NR b KQkq b6 0 4';
  const noPawn = '4k3/8/8/8/8/8/8/4K3 b - e3 0 1';
  const occupied = 'rnbqkbnr/pppppppp/8/8/4P3/4N3/PPPP1PPP/RNBQKB1R b KQkq e3 0 1';
  const halfmove = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 3 1';
  const rows: Row[] = [
    [
      'no kings',
      '8/8/8/8/8/8/8/8 w - - 0 1',
      false,
      { code: 'FEN_KING_COUNT', field: 0, offset: 0, length: 15, says: ['no white king'] },
    ],
    [
      'two white kings and no black king',
      twoWhiteKings,
      false,
      {
        code: 'FEN_KING_COUNT',
        field: 0,
        offset: at(twoWhiteKings, 'K6K', 2),
        length: 1,
        says: ['2 white kings (a1, h1)'],
        hint: "uppercase letters are white, lowercase black: did you mean 'k' for one of them?",
      },
    ],
    [
      'nine white pawns',
      '4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1',
      false,
      { code: 'FEN_TOO_MANY_PIECES', field: 0, offset: 0, length: 27, says: ['9 pawns'] },
    ],
    [
      'more promoted pieces than missing pawns',
      'k7/8/8/8/8/8/PPPPPPPP/QQQ1K3 w - - 0 1',
      false,
      { code: 'FEN_TOO_MANY_PIECES', field: 0, offset: 0, length: 28, says: ['2 more queens'] },
    ],
    [
      'seventeen white pieces',
      'k7/8/8/8/8/N7/PPPPPPPP/RNBQKBNR w - - 0 1',
      false,
      {
        code: 'FEN_TOO_MANY_PIECES',
        field: 0,
        offset: 0,
        length: 31,
        says: ['17 pieces'],
        hint: 'uppercase letters are white and lowercase black: check the letter case',
      },
    ],
    [
      'a black pawn on d1',
      blackPawnD1,
      false,
      {
        code: 'FEN_PAWN_ON_BACK_RANK',
        field: 0,
        offset: at(blackPawnD1, 'p'),
        length: 1,
        hint: "a black pawn that reaches rank 1 promotes: write the new piece, such as 'q'",
      },
    ],
    [
      'a white pawn on a1',
      whitePawnA1,
      false,
      {
        code: 'FEN_PAWN_ON_BACK_RANK',
        field: 0,
        offset: at(whitePawnA1, 'P'),
        length: 1,
        hint: 'white pawns start on rank 2 and only move forward; if this is a black piece, check the letter case',
      },
    ],
    [
      'ranks 8 and 7 swapped',
      swapped,
      false,
      {
        code: 'FEN_PAWN_ON_BACK_RANK',
        field: 0,
        offset: 0,
        length: 1,
        hint: "ranks 8 and 7 look swapped: 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1'",
      },
    ],
    [
      'ranks written from rank 1 up',
      reversed,
      false,
      {
        code: 'FEN_RANKS_REVERSED',
        field: 0,
        offset: 0,
        length: 43,
        hint: `a FEN lists rank 8 first; with the ranks reversed: '${START}'`,
      },
    ],
    [
      'the side not to move in check',
      opponentInCheck,
      false,
      {
        code: 'FEN_OPPONENT_IN_CHECK',
        field: 1,
        offset: at(opponentInCheck, ' w ', 1),
        length: 1,
        hint: "if it is black to move: '4k3/8/8/8/8/8/8/4R1K1 b - - 0 1'",
      },
    ],
    [
      'three checkers',
      threeCheckers,
      false,
      { code: 'FEN_IMPOSSIBLE_CHECK', field: 0, offset: 1, length: 1, says: ['3 pieces'] },
    ],
    [
      'two pawns giving check',
      twoPawns,
      false,
      {
        code: 'FEN_IMPOSSIBLE_CHECK',
        field: 0,
        offset: at(twoPawns, 'k'),
        length: 1,
        says: ['pawn on d4', 'pawn on f4'],
      },
    ],
    ['two knights giving check', twoKnights, false, { code: 'FEN_IMPOSSIBLE_CHECK', field: 0, offset: 1, length: 1 }],
    [
      'two rooks on one line through the king',
      rooksOnALine,
      false,
      { code: 'FEN_IMPOSSIBLE_CHECK', field: 0, offset: at(rooksOnALine, 'K'), length: 1, says: ['one line'] },
    ],
    [
      'a check the recorded double push cannot have given',
      staleCheck,
      false,
      {
        code: 'FEN_IMPOSSIBLE_CHECK',
        field: 0,
        offset: at(staleCheck, 'k'),
        length: 1,
        hint: "if no pawn has just moved two squares, write '-' as the en-passant square: '8/8/8/1k6/3Pp3/8/8/4KQ2 b - - 0 1'",
      },
    ],
    [
      "'K' without a rook on h1",
      noRook,
      false,
      {
        code: 'FEN_CASTLING_NO_ROOK',
        field: 2,
        offset: at(noRook, ' K ', 1),
        length: 1,
        says: ['h1 is empty'],
        hint: "a rook that has moved or been taken cannot castle: remove 'K': '4k3/8/8/8/8/8/8/4K3 w - - 0 1'",
      },
    ],
    [
      'castling rights with the king on e2',
      kingMoved,
      false,
      {
        code: 'FEN_CASTLING_KING_MOVED',
        field: 2,
        offset: at(kingMoved, 'KQ'),
        length: 1,
        hint: "a king that has moved cannot castle: remove white's rights: '4k3/8/8/8/8/8/4K3/R6R w - - 0 1'",
      },
    ],
    [
      'two castling rights on one side',
      sameSide,
      false,
      {
        code: 'FEN_BAD_CASTLING',
        field: 2,
        offset: at(sameSide, 'HG', 1),
        length: 1,
        says: ["'H'", "'G'", 'king side'],
      },
    ],
    [
      'the landing square e4 instead of e3',
      landingBlack,
      false,
      {
        code: 'FEN_EP_WRONG_RANK',
        field: 3,
        offset: at(landingBlack, 'e4'),
        length: 2,
        hint: "did you mean e3, the square the pawn passed over? 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'",
      },
    ],
    [
      'the landing square e5 instead of e6',
      landingWhite,
      false,
      {
        code: 'FEN_EP_WRONG_RANK',
        field: 3,
        offset: at(landingWhite, 'e5'),
        length: 2,
        hint: "did you mean e6, the square the pawn passed over? 'rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 2'",
      },
    ],
    [
      'a rank-6 square with black to move',
      wrongSide,
      false,
      {
        code: 'FEN_EP_WRONG_RANK',
        field: 3,
        offset: at(wrongSide, 'b6'),
        length: 2,
        hint: "with black to move the en-passant square is on rank 3; is it white to move? 'r1bqkbnr/2pppppp/n7/1p6/8/4P3/PPPP1PPP/RNBQK1NR w KQkq b6 0 4'",
      },
    ],
    [
      'no pawn in front of the en-passant square',
      noPawn,
      false,
      { code: 'FEN_EP_NO_PAWN', field: 3, offset: at(noPawn, 'e3'), length: 2, says: ['e4 is empty'] },
    ],
    [
      'a piece on the en-passant square',
      occupied,
      false,
      { code: 'FEN_EP_NOT_EMPTY', field: 3, offset: at(occupied, 'e3'), length: 2, says: ['e3 holds a white knight'] },
    ],
    [
      'an en-passant square with a halfmove clock of 3',
      halfmove,
      true,
      {
        code: 'FEN_EP_HALFMOVE_NOT_ZERO',
        field: 4,
        offset: at(halfmove, ' 3 ', 1),
        length: 1,
        severity: 'warning',
        hint: "a pawn move resets the halfmove clock: 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1'",
      },
    ],
  ];
  it.each(rows)('%s', (_name, fen, ok, expected, options) => {
    const result = parseFen(fen, options);
    expect(result.ok).toBe(ok);
    expectDiagnostic(result.diagnostics, expected);
  });

  it.each([
    ['a discovered double check (knight moved off the rook line)', '4k3/8/3N4/8/8/8/8/4RK2 b - - 0 1'],
    ['a check by the pawn that just moved two squares', 'k7/8/8/3p4/4K3/8/8/8 w - d6 0 2'],
    ['a check discovered by a double push', 'k7/r6K/8/3p4/8/8/8/8 w - d6 0 2'],
    ['a pawn and a slider check (discovered by the pawn)', '4k3/3P4/8/8/8/8/8/4R1K1 b - - 0 1'],
  ])('accepts %s', (_name, fen) => {
    const result = parseFen(fen);
    expect(result.diagnostics).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('reports reversed ranks alone, not the castling and pawn problems they cause', () => {
    expect(parseFen(reversed).diagnostics.map((d) => d.code)).toEqual(['FEN_RANKS_REVERSED']);
  });

  it('with validate: false, accepts an illegal but well-formed FEN and keeps it as written', () => {
    const result = parseFen('8/8/8/8/8/8/8/K6K w - - 0 1', { validate: false });
    expect(result.ok && makeFen(result.value)).toBe('8/8/8/8/8/8/8/K6K w - - 0 1');
    expect(parseFen('8/8/8/8/8/8/8/K6 w - - 0 1', { validate: false }).ok).toBe(false);
  });

  it('validateSetup without a layout gives fields but no offsets', () => {
    const read = parseFenSetup('4k3/8/8/8/8/8/8/4K3 w K - 0 1');
    if (!read.ok) throw new Error('test bug: syntax should pass');
    const diagnostics = validateSetup(read.value.setup, read.value.chess960);
    expect(diagnostics.map((d) => [d.code, d.field, d.offset])).toEqual([['FEN_CASTLING_NO_ROOK', 2, undefined]]);
    expect(validateSetup(initialPosition(), false)).toEqual([]);
  });
});

describe('parseFen: Chess960', () => {
  it('reads Shredder-FEN castling and detects Chess960', () => {
    const fen = 'bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9';
    const result = parseFen(fen);
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect(result.value.chess960).toBe(true);
    expect([...result.value.castlingRooks].sort((a, b) => a - b)).toEqual([5, 7, 61, 63]);
    expect(makeFen(result.value, { castling: 'shredder' })).toBe(fen);
    expect(makeFen(result.value)).toBe('bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9');
  });

  it('writes the file letter in X-FEN when the castling rook is not the outermost', () => {
    const result = parseFen('4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1');
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect(result.value.chess960).toBe(true);
    expect(makeFen(result.value)).toBe('4k3/8/8/8/8/8/8/RR2K2R w KB - 0 1');
    expect(makeFen(result.value, { castling: 'shredder' })).toBe('4k3/8/8/8/8/8/8/RR2K2R w HB - 0 1');
    const outer = parseFen('4k3/8/8/8/8/8/8/RR2K2R w KQ - 0 1');
    expect(outer.ok && [...outer.value.castlingRooks].sort((a, b) => a - b)).toEqual([0, 7]);
  });

  it.each([
    ['rooks on b and g with the king on e', '1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1', [1, 6, 57, 62], 'GBgb'],
    ['the king on d', 'r2k3r/8/8/8/8/8/8/R2K3R w KQkq - 0 1', [0, 7, 56, 63], 'HAha'],
  ])('detects Chess960 from KQkq with %s', (_name, fen, rooks, shredder) => {
    const result = parseFen(fen);
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    expect(result.value.chess960).toBe(true);
    expect([...result.value.castlingRooks].sort((a, b) => a - b)).toEqual(rooks);
    expect(makeFen(result.value)).toBe(fen);
    expect(makeFen(result.value, { castling: 'shredder' })).toBe(fen.replace('KQkq', shredder));
  });

  it('keeps the standard start standard unless chess960 is asked for', () => {
    const standard = parseFen(START);
    expect(standard.ok && standard.value.chess960).toBe(false);
    const forced = parseFen(START, { chess960: true });
    if (!forced.ok) throw new Error(JSON.stringify(forced.diagnostics));
    expect(forced.value.chess960).toBe(true);
    expect(makeFen(forced.value)).toBe(START);
    expect(makeFen(forced.value, { castling: 'shredder' })).toBe(`${BOARD} w HAha - 0 1`);
  });
});

describe('makeFen', () => {
  it('writes the standard start and its board', () => {
    expect(makeFen(initialPosition())).toBe(START);
    expect(makeBoardFen(initialPosition().board)).toBe(BOARD);
  });

  it.each([
    ['a double push nobody can take', 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1', 'e3', '-', '-'],
    ['a capture that is pseudo-legal but exposes the king', '8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1', 'e3', 'e3', '-'],
    ['a legal capture', '8/8/8/8/3pP3/8/8/k3K3 b - e3 0 1', 'e3', 'e3', 'e3'],
  ])('filters the en-passant square of %s', (_name, fen, always, pseudo, legal) => {
    const result = parseFen(fen);
    if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
    const epOf = (mode: 'always' | 'pseudo' | 'legal'): string | undefined =>
      makeFen(result.value, { ep: mode }).split(' ')[3];
    expect([epOf('always'), epOf('pseudo'), epOf('legal')]).toEqual([always, pseudo, legal]);
    expect(makeFen(result.value)).toBe(fen);
  });

  it('takes a plain Setup (no Position needed), counting runs of empty squares', () => {
    const board = new Int8Array(64);
    board[4] = 6; // white king e1
    board[60] = 14; // black king e8
    board[35] = 9; // black pawn d5
    const setup = {
      board,
      turn: 'black' as const,
      castlingRooks: [],
      epSquare: undefined,
      halfmoves: 12,
      fullmoves: 40,
    };
    expect(makeFen(setup)).toBe('4k3/8/8/3p4/8/8/8/4K3 b - - 12 40');
  });
});
