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
  // ----- FEN (src/core/fen/) -----
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
  // ----- SAN (src/replay/replay.ts; bad moves are REPLAY_*, and the core returns SanError values) -----
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
  // ----- game splitting, spelling and per-game limits (src/pgn/split.ts, tree.ts; replay.ts) -----
  /** `1–0`, `½-½`, `O–O`: a look-alike character in a result or castling, read as meant. */
  PGN_LOOKALIKE: 'info',
  /** Variations nested deeper than MAX_VARIATION_DEPTH: the deeper ones are dropped. */
  PGN_VARIATION_TOO_DEEP: 'error',
  /** A game of more elements than the per-game work budget: the rest of its text is not read. */
  PGN_GAME_TOO_COMPLEX: 'error',
  /** More than MAX_DIAGNOSTICS_PER_CODE of one code in one game: the count of those not kept. */
  DIAGNOSTICS_OMITTED: 'info',
  // ----- SetUp / FEN tags, variants (src/replay/start.ts) -----
  SETUP_MISSING: 'warning',
  SETUP_WITHOUT_FEN: 'error',
  SETUP_CONTRADICTS_FEN: 'warning',
  SETUP_BAD_VALUE: 'error',
  SETUP_BAD_FEN: 'error',
  VARIANT_UNSUPPORTED: 'error',
  // FEN repair, tag-name case, counters, lenient SAN (issue 11, FEN items)
  SETUP_FEN_REPAIRED: 'warning',
  SETUP_TAG_CASE: 'warning',
  FEN_CASTLING_CHESS960: 'warning',
  FEN_COUNTERS_IMPOSSIBLE: 'warning',
  BUILD_COUNTERS: 'warning',
  REPLAY_LENIENT_SAN: 'warning',
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
  BUILD_TOO_MANY_FENS: 'error',
  // ----- the --where filter language (src/filter/) -----
  WHERE_SYNTAX: 'error',
  WHERE_UNKNOWN_FIELD: 'error',
  // ----- input / output (src/node/, cli/) -----
  IO_UNREADABLE: 'error',
  IO_ENCODING: 'info',
  IO_DECODE: 'warning',
  IO_BINARY: 'error',
  IO_LINE_TOO_LONG: 'error',
  IO_TRAILING_DATA: 'warning',
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

/** Most diagnostics of one code kept for one game; the rest become one DIAGNOSTICS_OMITTED note. */
export const MAX_DIAGNOSTICS_PER_CODE = 100;

/**
 * Counts one game's diagnostics per code so that hostile input (a million `(`) gives at most
 * MAX_DIAGNOSTICS_PER_CODE of each, then one note saying how many more there were: the list stays
 * small whatever the input, and nothing is dropped without a word.
 */
export class DiagnosticCap {
  private readonly counts = new Map<DiagnosticCode, number>();
  /** The first diagnostic not kept, per code: where the note points. */
  private readonly firstOmitted = new Map<DiagnosticCode, Diagnostic>();

  /** Whether one more diagnostic of `code` is kept. */
  admit(code: DiagnosticCode): boolean {
    const count = (this.counts.get(code) ?? 0) + 1;
    this.counts.set(code, count);
    return count <= MAX_DIAGNOSTICS_PER_CODE;
  }

  /** Remembers the first diagnostic that `admit` refused (call only for those). */
  omitted(d: Diagnostic): void {
    if (!this.firstOmitted.has(d.code)) this.firstOmitted.set(d.code, d);
  }

  /** Whether `omitted` still wants the first refused diagnostic of `code` (to build it lazily). */
  wantsFirst(code: DiagnosticCode): boolean {
    return !this.firstOmitted.has(code);
  }

  /** One note per code that went over the cap, located at its first omitted diagnostic. */
  notes(): Diagnostic[] {
    const notes: Diagnostic[] = [];
    for (const [code, first] of this.firstOmitted) {
      const more = (this.counts.get(code) ?? 0) - MAX_DIAGNOSTICS_PER_CODE;
      const { offset, line, column, gameIndex } = first;
      notes.push(
        diagnostic(
          'DIAGNOSTICS_OMITTED',
          `and ${more} more ${code} in this game, not listed (the first ${MAX_DIAGNOSTICS_PER_CODE} are)`,
          {
            ...(offset === undefined ? {} : { offset }),
            ...(line === undefined ? {} : { line }),
            ...(column === undefined ? {} : { column }),
            ...(gameIndex === undefined ? {} : { gameIndex }),
            excerpt: first.excerpt ?? '',
            hint: 'the first one not listed is here; fix the ones listed and run again to see the rest',
            severity: first.severity,
          },
        ),
      );
    }
    return notes;
  }
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

/** Code points that start in `text[from, to)`: how columns are counted. O(to - from). */
export function countCodePoints(text: string, from = 0, to = text.length): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    // The low half of a surrogate pair does not start a new code point.
    if (c < 0xdc00 || c > 0xdfff) count++;
  }
  return count;
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
      column = this.lastColumn - countCodePoints(this.text, clamped, this.lastOffset);
    }
    column += countCodePoints(this.text, from, clamped);
    this.lastLine = lo;
    this.lastOffset = clamped;
    this.lastColumn = column;
    return { line: lo + 1, column };
  }

  /** Adds line and column to a diagnostic that has an offset (and, optionally, shifts it). */
  place(d: Diagnostic, shift = 0): Diagnostic {
    if (d.offset === undefined) return d;
    const offset = d.offset + shift;
    return { ...d, offset, ...this.locate(offset) };
  }
}

/**
 * The compiler-style one-line form, `FILE:LINE:COL: error[CODE]: message`, plus a hint line. The
 * input's control characters in the file name, message and hint are escaped (`escapeControls`),
 * so that a hostile file cannot clear the screen, recolour it or reverse the text shown.
 */
export function formatDiagnostic(d: Diagnostic, file = '<input>'): string {
  const where = d.line !== undefined ? `${file}:${d.line}:${d.column ?? 1}` : file;
  const head = escapeControls(`${where}: ${d.severity}[${d.code}]: ${d.message}`);
  return d.hint ? `${head}\n  hint: ${escapeControls(d.hint)}` : head;
}

/**
 * Characters that act on a terminal instead of being shown, or reorder the text around them:
 * C0 controls but the tab (escape sequences start with ESC, U+001B), DEL and the C1 controls, the
 * line and paragraph separators, the zero-width no-break space, and the bidirectional controls
 * (ALM U+061C, LRM/RLM U+200E-U+200F, embeddings and overrides U+202A-U+202E, isolates
 * U+2066-U+2069).
 */
function isControl(c: number): boolean {
  if (c < 0x20) return c !== 0x09;
  if (c < 0x7f) return false;
  if (c <= 0x9f) return true;
  return (
    c === 0x061c ||
    c === 0x200e ||
    c === 0x200f ||
    (c >= 0x2028 && c <= 0x202e) ||
    (c >= 0x2066 && c <= 0x2069) ||
    c === 0xfeff
  );
}

const SHORT_ESCAPES: Readonly<Record<number, string>> = { 10: '\\n', 13: '\\r' };

/**
 * `text` with every control character (see above) written as a visible escape: `\n`, `\r`,
 * `\x1b`, `\u202e`. With `json`, every one is written `\uXXXX`, which keeps a JSON text valid
 * and equal in value. One pass, linear in the length; `text` itself when there is nothing to do.
 *
 * @example escapeControls('a\x1b[2Jb') // 'a\\x1b[2Jb'
 */
export function escapeControls(text: string, json = false): string {
  let out = '';
  let from = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (!isControl(c)) continue;
    const hex = c.toString(16).padStart(c <= 0xff && !json ? 2 : 4, '0');
    out += text.slice(from, i) + (json ? `\\u${hex}` : (SHORT_ESCAPES[c] ?? (c <= 0xff ? `\\x${hex}` : `\\u${hex}`)));
    from = i + 1;
  }
  return from === 0 ? text : out + text.slice(from);
}
