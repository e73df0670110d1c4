/**
 * Diagnostics: the one shape every problem takes, the registry of stable codes, and the mapping from
 * offsets to line and column. Imports nothing, so every layer may use it.
 *
 * Offsets are the source of truth; line and column are derived once per file by `LineIndex`, only when
 * a diagnostic is shown (computing them per parse-tree node would be wasted work).
 */

export type Severity = 'error' | 'warning' | 'info';

/**
 * Every code forsyth can emit, with its default severity. Codes are never renamed once released:
 * tests and users match on them. Add new codes in the section of their domain.
 */
export const DIAGNOSTIC_CODES = {
  // ----- FEN (src/core/fen.ts) -----
  FEN_EMPTY: 'error',
  FEN_FIELD_COUNT: 'error',
  FEN_RANK_COUNT: 'error',
  FEN_RANK_WIDTH: 'error',
  FEN_BAD_PIECE: 'error',
  FEN_BAD_TURN: 'error',
  FEN_BAD_CASTLING: 'error',
  FEN_BAD_EP: 'error',
  FEN_COUNTER: 'error',
  FEN_MISSING_COUNTERS: 'warning',
  FEN_EXTRA_SPACE: 'warning',
  FEN_KING_COUNT: 'error',
  FEN_TOO_MANY_PIECES: 'error',
  FEN_PAWN_ON_BACK_RANK: 'error',
  FEN_OPPONENT_IN_CHECK: 'error',
  FEN_IMPOSSIBLE_CHECK: 'error',
  FEN_CASTLING_NO_ROOK: 'error',
  FEN_CASTLING_KING_MOVED: 'error',
  FEN_EP_WRONG_RANK: 'error',
  FEN_EP_NO_PAWN: 'error',
  FEN_EP_NOT_EMPTY: 'error',
  FEN_EP_HALFMOVE_NOT_ZERO: 'warning',
  FEN_RANKS_REVERSED: 'error',
  // ----- SAN / UCI (src/core/san.ts, uci.ts) -----
  SAN_SYNTAX: 'error',
  SAN_ILLEGAL: 'error',
  SAN_AMBIGUOUS: 'error',
  SAN_NULL_MOVE: 'info',
  // ----- PGN syntax (src/pgn/) -----
  PGN_SYNTAX: 'error',
  PGN_UNCLOSED_COMMENT: 'error',
  PGN_UNCLOSED_VARIATION: 'error',
  PGN_UNMATCHED_PAREN: 'error',
  PGN_UNCLOSED_TAG: 'error',
  PGN_BAD_TAG: 'error',
  PGN_DUPLICATE_TAG: 'warning',
  PGN_INVALID_TOKEN: 'error',
  PGN_MISSING_RESULT: 'warning',
  PGN_ESCAPE_LINE: 'info',
  PGN_TRUNCATED: 'error',
  PGN_EMPTY_VARIATION: 'warning',
  PGN_VARIATION_AT_START: 'warning',
  PGN_TEXT_AFTER_RESULT: 'warning',
  PGN_BAD_NAG: 'error',
  PGN_GAME_TOO_LARGE: 'error',
  // ----- SetUp / FEN tags, variants (src/replay/start.ts) -----
  SETUP_MISSING: 'warning',
  SETUP_WITHOUT_FEN: 'error',
  SETUP_CONTRADICTS_FEN: 'warning',
  SETUP_BAD_VALUE: 'error',
  SETUP_BAD_FEN: 'error',
  VARIANT_UNSUPPORTED: 'error',
  // ----- replay (src/replay/) -----
  REPLAY_ILLEGAL_MOVE: 'error',
  REPLAY_AMBIGUOUS_MOVE: 'error',
  REPLAY_BAD_MOVE: 'error',
  REPLAY_MOVE_NUMBER: 'warning',
  REPLAY_RESULT_MISMATCH: 'warning',
  REPLAY_FALSE_MATE: 'warning',
  REPLAY_FALSE_CHECK: 'warning',
  REPLAY_MISSING_CHECK: 'warning',
  REPLAY_PLYCOUNT_MISMATCH: 'warning',
  REPLAY_MOVE_AFTER_END: 'warning',
  // ----- build (src/replay/build.ts) -----
  BUILD_NO_MOVE: 'error',
  BUILD_BAD_MOVE: 'error',
  BUILD_BAD_FEN: 'error',
  // ----- input / output (src/node/, cli/) -----
  IO_UNREADABLE: 'error',
  IO_ENCODING: 'info',
  IO_DECODE: 'warning',
  IO_BINARY: 'error',
  IO_NDJSON_ROW: 'error',
  USAGE: 'error',
} as const satisfies Record<string, Severity>;

export type DiagnosticCode = keyof typeof DIAGNOSTIC_CODES;

export interface Diagnostic {
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /** One sentence, starts lowercase, no final period, quotes the input. */
  readonly message: string;
  /** UTF-16 index into the decoded file text (or into the FEN string for a bare FEN). */
  readonly offset?: number;
  /** 1-based. */
  readonly line?: number;
  /** 1-based, in code points from the line start; a tab counts 1. */
  readonly column?: number;
  readonly length?: number;
  /** 0-based in the API; the CLI prints it 1-based. */
  readonly gameIndex?: number;
  /** The offending text, at most about 60 characters. */
  readonly excerpt?: string;
  /** What the user probably meant. */
  readonly hint?: string;
  /** For FEN problems: which of the six fields (0-based). */
  readonly field?: number;
  /** For move problems: the FEN of the position the move was tried in. */
  readonly fen?: string;
}

/** Options for `diagnostic()`: everything but code, severity and message. */
export type DiagnosticDetails = Omit<Diagnostic, 'code' | 'severity' | 'message'>;

/** Builds a diagnostic with the code's default severity (unless `severity` overrides it). */
export function diagnostic(
  code: DiagnosticCode,
  message: string,
  details: DiagnosticDetails & { readonly severity?: Severity } = {},
): Diagnostic {
  return { code, severity: DIAGNOSTIC_CODES[code], message, ...details };
}

const EXCERPT_LIMIT = 60;

/** The offending text, cut to about 60 characters with an ellipsis. */
export function excerptOf(text: string): string {
  const oneLine = text.replace(/[\r\n]+/g, ' ');
  return oneLine.length <= EXCERPT_LIMIT ? oneLine : `${oneLine.slice(0, EXCERPT_LIMIT - 1)}…`;
}

export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === 'error');
}

/**
 * Offset → 1-based line and column. Lines end at `\n`, `\r\n` or a lone `\r` (Peggy counts only
 * `\n`). Columns count code points, so an accented name does not shift the caret.
 * Building is O(text length); each lookup is O(log lines).
 */
export class LineIndex {
  private readonly lineStarts: number[] = [0];
  // The last place located: a lookup on the same line counts code points from there, not from the
  // line start, so many diagnostics on one long line cost linear time, not quadratic.
  private lastLine = -1;
  private lastOffset = 0;
  private lastColumn = 1;

  constructor(private readonly text: string) {
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c === 10) this.lineStarts.push(i + 1);
      else if (c === 13) {
        if (text.charCodeAt(i + 1) === 10) i++;
        this.lineStarts.push(i + 1);
      }
    }
  }

  locate(offset: number): { line: number; column: number } {
    const clamped = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >>> 1;
      if ((this.lineStarts[mid] ?? 0) <= clamped) lo = mid;
      else hi = mid - 1;
    }
    const start = this.lineStarts[lo] ?? 0;
    let from = start;
    let column = 1;
    if (lo === this.lastLine && this.lastOffset <= clamped) {
      from = this.lastOffset;
      column = this.lastColumn;
    } else if (lo === this.lastLine && this.lastOffset - clamped < clamped - start) {
      // Closer to the last place than to the line start: count back from there.
      from = clamped;
      column = this.lastColumn - this.codePoints(clamped, this.lastOffset);
    }
    column += this.codePoints(from, clamped);
    this.lastLine = lo;
    this.lastOffset = clamped;
    this.lastColumn = column;
    return { line: lo + 1, column };
  }

  /** Code points that start in `text[from, to)`. */
  private codePoints(from: number, to: number): number {
    let count = 0;
    for (let i = from; i < to; i++) {
      const c = this.text.charCodeAt(i);
      // The low half of a surrogate pair does not start a new code point.
      if (c < 0xdc00 || c > 0xdfff) count++;
    }
    return count;
  }

  /** Adds line and column to a diagnostic that has an offset (and, optionally, shifts it). */
  place(d: Diagnostic, shift = 0): Diagnostic {
    if (d.offset === undefined) return d;
    const offset = d.offset + shift;
    return { ...d, offset, ...this.locate(offset) };
  }
}

/** The compiler-style one-line form, `FILE:LINE:COL: error[CODE]: message`, plus a hint line. */
export function formatDiagnostic(d: Diagnostic, file = '<input>'): string {
  const where = d.line !== undefined ? `${file}:${d.line}:${d.column ?? 1}` : file;
  const head = `${where}: ${d.severity}[${d.code}]: ${d.message}`;
  return d.hint ? `${head}\n  hint: ${d.hint}` : head;
}
