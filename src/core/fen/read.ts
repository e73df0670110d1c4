/**
 * FEN syntax: text → `Setup`, with every problem located (field, offset, length) and a hint where a
 * common human mistake is likely. Chess legality is `fen-validate.ts`'s job. Depends on `types.ts`
 * and `diagnostics.ts` only; no Node.
 *
 * Key decision: the text is cut into whitespace-separated tokens once, and every later check works
 * on tokens that remember their offset, so a repair (lenient mode) never loses track of where the
 * input said what. Lenient mode accepts what real files contain (missing counters, odd spacing,
 * castling letters in any order, dash look-alikes, fullmove 0) and reports each repair as a warning;
 * strict mode reports the same problems as errors.
 */
import { hasErrors } from '../../diagnostics.js';
import type { Checked } from '../../result.js';
import { parseSquare, type Color, type Setup, type Square } from '../types.js';
import { readPlacement } from './placement.js';
import { readCastling } from './castling.js';
import { DASH_LIKE, rankWidth, replaced, report, type Reader, type Token } from './reader.js';

export interface FenReadOptions {
  /** Read the castling field as Chess960 (Shredder-FEN or X-FEN); otherwise detected from the FEN. */
  readonly chess960?: boolean;
  /** Refuse the lenient repairs (reported as errors instead of warnings). */
  readonly strict?: boolean;
}

export interface FieldSpan {
  readonly offset: number;
  readonly length: number;
}

/** Where each part of a parsed FEN was written, so legality problems can point into the text. */
export interface FenLayout {
  /** The FEN text as given. */
  readonly text: string;
  /** The six fields as written; undefined for a field that was missing. */
  readonly fields: readonly (FieldSpan | undefined)[];
  /** Offset of the placement letter of each occupied square, -1 for empty squares. */
  readonly squareOffsets: Int32Array;
  /** Offset of the castling letter of each entry of `setup.castlingRooks` (same order). */
  readonly castlingOffsets: readonly number[];
}

export interface ParsedFen {
  readonly setup: Setup;
  /** Whether the FEN is read as Chess960 (forced by the option, or detected from castling rights). */
  readonly chess960: boolean;
  readonly layout: FenLayout;
}

function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13) || c === 0xa0 || c === 0xfeff;
}

function describeSpace(run: string): string {
  if (run === ' ') return 'a space';
  if (/^ +$/.test(run)) return `${run.length} spaces`;
  return `'${run.replace(/\t/g, '\\t').replace(/\r/g, '\\r').replace(/\n/g, '\\n')}'`;
}

/** Cuts the text into tokens; every whitespace run that is not one space between fields is reported. */
function tokenize(r: Reader): Token[] {
  const { text } = r;
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const start = i;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (i > start) {
      const run = text.slice(start, i);
      const field = Math.min(5, Math.max(0, i === text.length ? tokens.length - 1 : tokens.length));
      if (start === 0 && i < text.length) {
        report(r, 'FEN_EXTRA_SPACE', `the FEN starts with ${describeSpace(run)}`, field, start, i - start, {
          severity: r.repair,
        });
      } else if (i === text.length && start > 0) {
        report(r, 'FEN_EXTRA_SPACE', `the FEN ends with ${describeSpace(run)}`, field, start, i - start, {
          severity: r.repair,
        });
      } else if (run !== ' ' && start > 0) {
        report(
          r,
          'FEN_EXTRA_SPACE',
          `fields are separated by ${describeSpace(run)}, not one space`,
          field,
          start,
          i - start,
          {
            severity: r.repair,
          },
        );
      }
    }
    const tokenStart = i;
    while (i < text.length && !isSpace(text.charCodeAt(i))) i++;
    if (i > tokenStart) tokens.push({ text: text.slice(tokenStart, i), offset: tokenStart });
  }
  return tokens;
}

/** `…/RNBQKBNRw KQkq - 0 1`: the side to move glued to the placement. Splits it off and reports it. */
function splitGluedTurn(r: Reader, tokens: Token[]): Token[] {
  const first = tokens[0];
  const second = tokens[1];
  if (!first || tokens.length >= 6 || (second && (second.text === 'w' || second.text === 'b'))) return tokens;
  const last = first.text.charAt(first.text.length - 1);
  if (last !== 'w' && last !== 'b') return tokens;
  const placement = first.text.slice(0, -1);
  const ranks = placement.split('/');
  if (ranks.length !== 8 || ranks.some((rank) => rankWidth(rank) !== 8)) return tokens;
  const offset = first.offset + placement.length;
  report(
    r,
    'FEN_FIELD_COUNT',
    `the side to move '${last}' is joined to the piece placement '${placement}'`,
    1,
    offset,
    1,
    {
      hint: `put a space before it: '${r.text.slice(0, offset)} ${r.text.slice(offset)}'`,
    },
  );
  return [{ text: placement, offset: first.offset }, { text: last, offset }, ...tokens.slice(1)];
}

/** Operations of an EPD record (`bm Nf3; id "x";`) where a FEN has its counters. */
function looksLikeEpd(tokens: readonly Token[]): boolean {
  const fifth = tokens[4];
  if (!fifth) return false;
  return tokens.slice(4).some((t) => t.text.includes(';')) || /^[a-z][a-z0-9_]{1,14}$/i.test(fifth.text);
}

/** Checks the number of fields and returns the six field tokens (undefined where missing). */
function assignFields(r: Reader, tokens: readonly Token[]): (Token | undefined)[] {
  const n = tokens.length;
  const lastToken = tokens[n - 1] as Token;
  const end = lastToken.offset + lastToken.text.length;
  const joined = (count: number): string =>
    tokens
      .slice(0, count)
      .map((t) => t.text)
      .join(' ');
  if (n >= 5 && looksLikeEpd(tokens)) {
    const start = (tokens[4] as Token).offset;
    report(
      r,
      'FEN_FIELD_COUNT',
      `'${r.text.slice(start, end)}' looks like EPD operations, not the two FEN counters`,
      4,
      start,
      end - start,
      {
        hint: `a FEN has six fields; as a FEN this position is '${joined(4)} 0 1'`,
      },
    );
    return [...tokens.slice(0, 4)];
  }
  if (n > 6) {
    const start = (tokens[6] as Token).offset;
    report(
      r,
      'FEN_FIELD_COUNT',
      `the FEN has ${n} fields, not 6: '${r.text.slice(start, end)}' follows the fullmove number`,
      5,
      start,
      end - start,
      {
        hint: `remove the extra text: '${joined(6)}'`,
      },
    );
  } else if (n === 5) {
    report(
      r,
      'FEN_MISSING_COUNTERS',
      `the fullmove number is missing after the halfmove clock '${(tokens[4] as Token).text}'`,
      5,
      end,
      0,
      {
        severity: r.repair,
        hint: `a FEN ends with the halfmove clock and the fullmove number: '${joined(5)} 1'`,
      },
    );
  } else if (n === 4) {
    report(
      r,
      'FEN_MISSING_COUNTERS',
      `the halfmove clock and fullmove number are missing after '${lastToken.text}'`,
      4,
      end,
      0,
      {
        severity: r.repair,
        hint: `add ' 0 1': '${joined(4)} 0 1'`,
      },
    );
  } else if (n < 4) {
    const suffix = [' w', ' -', ' -', ' 0 1'].slice(n - 1).join('');
    report(r, 'FEN_FIELD_COUNT', `the FEN has only ${n} field${n === 1 ? '' : 's'}, not 6`, n, end, 0, {
      hint: `add '${suffix}'? '${joined(n)}${suffix}'`,
    });
  }
  return tokens.slice(0, 6);
}

function readTurn(r: Reader, token: Token | undefined): Color | undefined {
  if (!token) return undefined;
  if (token.text === 'w') return 'white';
  if (token.text === 'b') return 'black';
  const lower = token.text.toLowerCase();
  const meant = lower === 'w' || lower === 'white' ? 'w' : lower === 'b' || lower === 'black' ? 'b' : undefined;
  let hint: string;
  if (meant) hint = `write '${meant}': '${replaced(r, token, meant)}'`;
  else if (/^[KQkqA-Ha-h-]+$/.test(token.text))
    hint = `the side to move seems to be missing: '${replaced(r, token, `w ${token.text}`)}'`;
  else hint = "the side to move is 'w' (white) or 'b' (black)";
  report(r, 'FEN_BAD_TURN', `the side to move '${token.text}' is not 'w' or 'b'`, 1, token.offset, token.text.length, {
    hint,
  });
  return undefined;
}

function readEp(r: Reader, token: Token | undefined): Square | undefined {
  if (!token || token.text === '-') return undefined;
  if (DASH_LIKE.has(token.text)) {
    report(
      r,
      'FEN_BAD_EP',
      `'${token.text}' is read as '-' (no en-passant square)`,
      3,
      token.offset,
      token.text.length,
      {
        severity: r.repair,
        hint: `write a plain hyphen: '${replaced(r, token, '-')}'`,
      },
    );
    return undefined;
  }
  const square = parseSquare(token.text);
  if (square !== undefined) return square;
  const lower = parseSquare(token.text.toLowerCase());
  const hint =
    lower !== undefined
      ? `square names are lowercase: '${replaced(r, token, token.text.toLowerCase())}'`
      : "the en-passant field is '-' or the square a pawn passed over, such as 'e3' or 'd6'";
  report(
    r,
    'FEN_BAD_EP',
    `the en-passant field '${token.text}' is not '-' or a square`,
    3,
    token.offset,
    token.text.length,
    { hint },
  );
  return undefined;
}

const COUNTER_NAMES = ['', '', '', '', 'halfmove clock', 'fullmove number'] as const;

function readCounter(r: Reader, token: Token | undefined, field: 4 | 5): number | undefined {
  if (!token) return undefined;
  const name = COUNTER_NAMES[field];
  const { text } = token;
  if (!/^\d+$/.test(text)) {
    const negative = /^-\d+$/.test(text);
    report(
      r,
      'FEN_COUNTER',
      `the ${name} '${text}' is ${negative ? 'negative' : 'not a whole number'}`,
      field,
      token.offset,
      text.length,
      {
        hint: `the ${name} is a whole number from ${field === 4 ? 0 : 1}: '${replaced(r, token, field === 4 ? '0' : '1')}'`,
      },
    );
    return undefined;
  }
  const value = Number(text);
  if (!Number.isSafeInteger(value)) {
    report(r, 'FEN_COUNTER', `the ${name} '${text}' is too large`, field, token.offset, text.length);
    return undefined;
  }
  if (field === 5 && value === 0) {
    report(r, 'FEN_COUNTER', `the fullmove number '${text}' is read as 1`, field, token.offset, text.length, {
      severity: r.repair,
      hint: `fullmove numbers start at 1: '${replaced(r, token, '1')}'`,
    });
    return 1;
  }
  if (text.length > 1 && text.startsWith('0')) {
    report(r, 'FEN_COUNTER', `the ${name} '${text}' has a leading zero`, field, token.offset, text.length, {
      severity: r.repair,
      hint: `write '${value}': '${replaced(r, token, String(value))}'`,
    });
  }
  return value;
}

/**
 * Reads the six FEN fields (syntax only: a rank of nine squares is refused here, two white kings are
 * not) into a `Setup`, with the detected Chess960 flag and the layout that locates every part.
 * Fails (ok false, no value) with FEN_EMPTY, FEN_FIELD_COUNT, FEN_RANK_COUNT, FEN_RANK_WIDTH,
 * FEN_BAD_PIECE, FEN_BAD_TURN, FEN_BAD_CASTLING, FEN_BAD_EP, FEN_COUNTER; warns (errors if strict)
 * with FEN_MISSING_COUNTERS, FEN_EXTRA_SPACE and the repairable FEN_BAD_CASTLING/FEN_BAD_EP/FEN_COUNTER.
 * Cost: O(length of the text).
 *
 * @example parseFenSetup('8/8/8/8/8/8/8/K6k w - - 0 1').ok // true (legality is not checked here)
 */
export function parseFenSetup(text: string, options: FenReadOptions = {}): Checked<ParsedFen> {
  const r: Reader = { text, repair: options.strict ? 'error' : 'warning', out: [] };
  let tokens = tokenize(r);
  if (tokens.length === 0) {
    const message = text.length === 0 ? 'the FEN is empty' : `the FEN '${text}' holds only spaces`;
    report(r, 'FEN_EMPTY', message, 0, 0, text.length, {
      hint: "the standard starting position is 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'",
    });
    return { ok: false, diagnostics: r.out };
  }
  tokens = splitGluedTurn(r, tokens);
  const fields = assignFields(r, tokens);
  const placement = readPlacement(r, fields[0] as Token);
  const turn = readTurn(r, fields[1]);
  const castling = readCastling(r, fields[2], placement?.board, options.chess960 === true);
  const epSquare = readEp(r, fields[3]);
  const halfmoves = readCounter(r, fields[4], 4);
  const fullmoves = readCounter(r, fields[5], 5);
  // Problems are found field by field; report them in text order (stable, so ties keep that order).
  r.out.sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0));
  if (hasErrors(r.out) || !placement || !turn || !castling) return { ok: false, diagnostics: r.out };
  const setup: Setup = {
    board: placement.board,
    turn,
    castlingRooks: castling.rooks,
    epSquare,
    halfmoves: halfmoves ?? 0,
    fullmoves: fullmoves ?? 1,
  };
  const layout: FenLayout = {
    text,
    fields: fields.map((t) => (t ? { offset: t.offset, length: t.text.length } : undefined)),
    squareOffsets: placement.squareOffsets,
    castlingOffsets: castling.offsets,
  };
  return { ok: true, value: { setup, chess960: castling.chess960, layout }, diagnostics: r.out };
}
