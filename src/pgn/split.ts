/**
 * The game splitter: a fast scanner that cuts PGN text into games, without parsing them, so that
 * each game can be parsed (and fail) on its own and memory stays bounded on multi-gigabyte files.
 * Imports nothing but diagnostics; browser-safe.
 *
 * Game boundary rule. A new game starts at the beginning of a line whose first non-blank characters
 * are `[` and a tag name (a tag line; `[%clk …]` is not one), outside comments, when
 *   1. the current game already has movetext (a move, number, result, `{comment}`, anything that
 *      is not a tag pair, whitespace, `;` or `%` comment), or
 *   2. the current game has only tag pairs so far, a blank line came after the last of them, and
 *      the new tag's name was already used in this game.
 * Rule 2 is our answer to header-only games. python-chess allows one blank line inside the tag
 * section and so reads a file of header-only blocks (a lichess broadcast export, 605 games without
 * moves) as ONE game whose later tags overwrite the earlier ones. A user who exports 605 games
 * expects 605 games back, and a repeated `[Event` after a blank line cannot belong to the same
 * game; a blank line followed by new names (`chessbase-empty-line.pgn`) still does not split.
 * Games need no tags (the standard allows an empty tag section). A new game without tags starts at
 * the first token of a line (outside comments) when
 *   3. the last movetext token before it, on an earlier line, was a termination marker (`1-0`,
 *      `0-1`, `1/2-1/2`, `*`, also spelt with Unicode dashes or `½`), and the token is a move
 *      number or a SAN-shaped move: `1. e4 e5 1-0` then `1. d4 …` are two games; text that cannot
 *      begin a game (mail headers, `$1`) stays after the result, where the parser reports it.
 *      Comments on the lines between the marker and that token go with the new game when they
 *      start a line and no blank line follows them (`{Game 2}` on the line before `1. d4`), and
 *      with the game before otherwise; the same holds for a tag line after the marker; or
 *   4. the game has no marker yet, a blank line came before this line, the token is move number 1
 *      for White (`1.`, `1.e4`) and the game's movetext (outside comments and tags) already has a
 *      move number of 2 or more: a second game whose first one lost its marker (the parser
 *      reports the missing result on the first).
 * Other blank lines never end a game: real movetext contains them (python-chess would start a new
 * game at any blank line in the movetext, so a game comment followed by a blank line becomes a game
 * of its own there).
 *
 * Scanning rules: `{…}` comments may span lines; `;` runs to the line end; `%` in column 1 makes
 * an escape line; `"…"` strings inside `[…]` may contain `{`, `;` and `]` (with `\"` escapes).
 * Recovery: inside a `{` comment that began on an earlier line, a line that is exactly one
 * well-formed tag pair starting in column 1 ends the comment and starts a new game, so a
 * forgotten `}` costs one game, not the rest of the file (the parser reports the open `{`).
 *
 * Every character belongs to exactly one game: the texts of the games, in order, concatenate to
 * the input (except for games dropped for being too large). A game longer than `maxGameLength`
 * (default 64 MiB of text, far above any real game) is not kept: its chunk has empty text and a
 * PGN_GAME_TOO_LARGE diagnostic, and scanning continues at the next game.
 *
 * Cost: one pass over the characters with `charCodeAt`, O(1) work each; runs of characters that
 * change nothing (most movetext, tag strings) are skipped with a regular expression search, and
 * inside comments `indexOf` jumps to the next `}` or line end. At a line end in movetext the few
 * characters before it are read again (is it a marker?); rule 4 reads the game's text once more,
 * incrementally, only when a line after a blank line starts with `1.`.
 *
 * This file is longer than the house guide of 300 lines: it is one state machine, and the class's
 * fields are read by nearly every transition; split up, they would have to be shared anyway.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { isTagNameChar } from './tags.js';

/** One game's text and where it starts in the input. */
export interface GameChunk {
  /**
   * The game's text: from the start of its first line to the start of the next game's. Usually a
   * view into the text pushed to the splitter (V8 shares a slice's characters), so a game left
   * out by a filter costs no copy; `parseGame` copies it. A chunk kept keeps its input chunk alive.
   */
  readonly text: string;
  /** Offset (UTF-16 index) of `text` in the whole input. */
  readonly offset: number;
  /** 1-based line of `offset` (lines end at CR, LF or CRLF). */
  readonly line: number;
  /** 1-based column of `offset`, in code points (always 1: games start at line starts). */
  readonly column: number;
  /** 0-based position of the game in the input. */
  readonly index: number;
  /** Problems found while splitting (PGN_GAME_TOO_LARGE), already located. */
  readonly diagnostics?: readonly Diagnostic[];
}

export interface SplitOptions {
  /** Longest game kept, in UTF-16 code units of text. Default 64 MiB (`DEFAULT_MAX_GAME_LENGTH`). */
  readonly maxGameLength?: number;
}

export const DEFAULT_MAX_GAME_LENGTH = 64 * 1024 * 1024;

// Character codes.
const TAB = 9;
const LF = 10;
const VT = 11;
const FF = 12;
const CR = 13;
const SPACE = 32;
const QUOTE = 34;
const PERCENT = 37;
const SEMICOLON = 59;
const OPEN_BRACKET = 91;
const BACKSLASH = 92;
const CLOSE_BRACKET = 93;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const NBSP = 0xa0;
const BOM = 0xfeff;

// Scanner states.
const NORMAL = 0;
const BRACE = 1;
/** `;` or `%` comment, to the line end. */
const LINE_COMMENT = 2;
/** Inside `[…]`, reading the tag name. */
const TAG_NAME = 3;
/** Inside `[…]`, after the name, outside a string. */
const TAG = 4;
const TAG_STRING = 5;
const TAG_ESCAPE = 6;
/** Inside a brace comment, checking whether this line is a tag pair (the recovery rule). */
const PROBE = 7;
/** Reading the first token of a line that may begin a game without tags (rules 3 and 4). */
const PENDING = 8;

// How far the current game has got.
const PHASE_EMPTY = 0;
const PHASE_TAGS = 1;
const PHASE_MOVES = 2;
/** Movetext, then a blank line (rule 4 may apply at the next line). */
const PHASE_GAP = 3;
/** Movetext whose last token is a termination marker (rule 3 applies at the next line). */
const PHASE_ENDED = 4;

// Steps of the recovery probe through `[Name "value"]`.
const PROBE_NAME = 0;
const PROBE_SPACE = 1;
const PROBE_STRING = 2;
const PROBE_ESCAPE = 3;
const PROBE_CLOSE = 4;
const PROBE_DONE = 5;

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR || c === FF || c === VT || c === NBSP || c === BOM;
}

function indexOrEnd(text: string, search: string, from: number): number {
  const found = text.indexOf(search, from);
  return found < 0 ? text.length : found;
}

const DOT = 46;
const DIGIT_ONE = 49;
const ELLIPSIS = 0x2026;
/** Longest first token read in the PENDING state; longer ones begin no game. */
const MAX_PENDING = 24;
/** Longest termination marker, `1/2-1/2`, with room for look-alikes. */
const MAX_RESULT = 9;

/** Rule 3: a move number (`12.`, `1…`, `1.e4`) or a SAN-shaped move (`e4`, `Nbxd2+`, `O-O`). */
const GAME_START =
  /^(?:[0-9]+[.\u2026]|[KQRBNP]?[a-h]?[1-8]?x?[a-h][1-8](?:=?[QRBN])?[+#]?[!?]*$|[O0]-[O0](?:-[O0])?[+#]?[!?]*$)/;
/** Rule 4: White's move number 1 (`1.`, `1.e4`), not Black's (`1...`). */
const MOVE_ONE = /^1\.(?![.\u2026])/;

/** Dashes that real files put in markers: hyphen, non-breaking hyphen, figure dash, en and em dashes, bar, minus. */
function isDash(c: number): boolean {
  return c === 45 || (c >= 0x2010 && c <= 0x2015) || c === 0x2212;
}

/**
 * `1-0`, `0-1`, `1/2-1/2`, `*`, with any dash of `isDash` and `½` for `1/2` (`½-½`, `1–0`).
 */
export function isResultText(token: string): boolean {
  if (token === '*') return true;
  let t = '';
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    t += isDash(c) ? '-' : c === 0xbd ? '1/2' : token[i];
  }
  return t === '1-0' || t === '0-1' || t === '1/2-1/2';
}

function isSpaceOrTab(c: number): boolean {
  return c === SPACE || c === TAB || c === CR || c === NBSP;
}

/** Where a token ends: blanks and the delimiters `{ } ( ) [ ] ;`. */
function isTokenEnd(c: number): boolean {
  return (
    isBlank(c) ||
    c === OPEN_BRACE ||
    c === CLOSE_BRACE ||
    c === 40 ||
    c === 41 ||
    c === OPEN_BRACKET ||
    c === CLOSE_BRACKET ||
    c === SEMICOLON ||
    Number.isNaN(c)
  );
}

/** A letter, digit or dot: what a number glued to it (`Nf3.`, `a1.`) is part of. */
function isWordChar(c: number): boolean {
  return isTagNameChar(c) || c === DOT;
}

/**
 * 1 for the characters that change nothing in movetext (outside comments and tags): the space and
 * printable ASCII but `[`, `;`, `%` and `{`. Other codes below 128 are 0.
 */
const QUIET = new Uint8Array(128);
for (let c = SPACE; c < 127; c++) QUIET[c] = 1;
for (const c of [OPEN_BRACKET, SEMICOLON, PERCENT, OPEN_BRACE]) QUIET[c] = 0;

/**
 * The characters that end a run of `QUIET` ones (all but the space, `!`…`~` without `%`, `;`, `[`
 * and `{`), and those that end a tag string's plain run. Searched with a regular expression rather
 * than a charCodeAt loop: V8's compiled search was ~40% faster over the bench file.
 */
const NOT_QUIET = /[^ -$&-:<-Z\\-z|-~]/g;
const STRING_STOP = /["\\\n\r]/g;

/** Index of the first match of the global `search` at or after `from` (or the length). */
function nextMatch(search: RegExp, text: string, from: number): number {
  search.lastIndex = from;
  return search.test(text) ? search.lastIndex - 1 : text.length;
}

/**
 * A plain tag line: `[Name "value"]` then LF, with no backslash, CR or LF in the value. On such a
 * line of a tag section (no blank line since the last tag) the steps change nothing but the names
 * and line counts, so the scan takes it whole, with one native search.
 */
const PLAIN_TAG_LINE = /\[[A-Za-z0-9_]+ "[^"\\\r\n]*"\]\n/y;

/**
 * An incremental game splitter: feed string chunks with `push`, get back the games completed so
 * far; `end` returns the last game. Chunk boundaries may fall anywhere (inside a CRLF, a comment,
 * a tag name): the games are the same as for the whole text at once. Memory holds the current
 * game only (at most `maxGameLength` plus one input chunk).
 *
 * @example
 * const splitter = new GameSplitter();
 * for await (const chunk of stream) for (const game of splitter.push(chunk)) handle(game);
 * for (const game of splitter.end()) handle(game);
 */
export class GameSplitter {
  private readonly maxGameLength: number;
  // Buffered text: `pieces` joined, which ends at `pushed` (the input length so far).
  private pieces: string[] = [];
  private buffered = 0;
  private pushed = 0;
  /** The last of `pieces` (the chunk being scanned) and its input offset, for `charAt`. */
  private lastPiece = '';
  private lastPieceStart = 0;
  /** The current game outgrew maxGameLength: its text is being thrown away. */
  private dropped = false;
  private gameStart = 0;
  private gameLine = 1;
  private index = 0;
  // Scanner state, carried across chunks.
  private line = 1;
  private state = NORMAL;
  private phase = PHASE_EMPTY;
  /** The last chunk ended with a CR (whose LF may start the next chunk). */
  private endedWithCr = false;
  private lineStart = 0;
  private lineStartLine = 1;
  /** Only blanks so far on this line. */
  private blankLine = true;
  private blankSinceTag = false;
  private hasContent = false;
  /**
   * Names of this game's tags (for rule 2). Only a tag after a blank line can need them, so a name
   * is first kept as its span of the buffered text (`nameSpans`: start and end offsets in pairs)
   * and sliced only then (`resolveNames`).
   */
  private readonly names = new Set<string>();
  private readonly nameSpans: number[] = [];
  /** The tag name read so far by the recovery probe. */
  private tagName = '';
  /** Input offset of the first character of the tag name being read. */
  private nameStart = 0;
  private tagAtLineStart = false;
  private probeStep = PROBE_NAME;
  // A cut decided by the last character: where, on which line, and the tag name it carries.
  private cut = 0;
  private cutLine = 1;
  private cutName = '';
  /** The phase the game that starts at the cut is in (tags, or movetext for rules 3 and 4). */
  private cutPhase = PHASE_TAGS;
  /** The first token of the line, read in the PENDING state (at most `MAX_PENDING` characters). */
  private pendingToken = '';
  /** The phase the PENDING state was entered from (PHASE_GAP or PHASE_ENDED). */
  private pendingPhase = PHASE_ENDED;
  // Rule 4's look back over the movetext: read up to `numbersTo` (an input offset), inside a
  // `{` comment there, and whether a move number of 2 or more was seen.
  private numbersTo = 0;
  private numbersInBrace = false;
  private pastMoveOne = false;
  /** After a marker: where the line of the first comment that starts a line begins (-1: none), and its line. */
  private commentStart = -1;
  private commentLine = 1;

  constructor(options: SplitOptions = {}) {
    this.maxGameLength = options.maxGameLength ?? DEFAULT_MAX_GAME_LENGTH;
  }

  /** Scans `chunk` and returns the games that ended inside it. O(chunk length). */
  push(chunk: string): GameChunk[] {
    return [...this.feed(chunk)];
  }

  /** Ends the input and returns the last game, if it has anything but blanks. */
  end(): GameChunk[] {
    return [...this.finish()];
  }

  /** `push`, lazily: each game is yielded as soon as the scan reaches the next one. */
  *feed(chunk: string): Generator<GameChunk> {
    const base = this.pushed;
    this.serial++;
    this.pieces.push(chunk);
    this.buffered += chunk.length;
    this.pushed += chunk.length;
    this.lastPiece = chunk;
    this.lastPieceStart = base;
    for (let from = 0; from < chunk.length; ) {
      const stop = this.scan(chunk, from, base);
      if (stop < 0) break;
      yield this.cutAt(this.cut);
      from = stop + 1;
    }
    if (chunk.length > 0) this.endedWithCr = chunk.charCodeAt(chunk.length - 1) === CR;
    this.bound();
  }

  /**
   * Scans `chunk` from `from` until a character decides that a new game starts (its index is
   * returned and the cut is in `this.cut`) or to the end (-1). A plain loop, not a generator, so
   * that it is optimised like one.
   */
  private scan(chunk: string, from: number, base: number): number {
    for (let i = from; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      // Fast paths for the characters that change nothing (most of them): a few comparisons
      // instead of a call. Everything else goes through `step`.
      const state = this.state;
      if (state === BRACE) {
        if (c === CLOSE_BRACE) {
          // What `step` does for it (a `}` is not blank).
          this.blankLine = false;
          this.state = NORMAL;
          continue;
        }
        if (c === LF || c === CR || (c === OPEN_BRACKET && base + i === this.lineStart)) {
          // handled by step
        } else {
          // Comments are most of an engine-annotated file: jump to the next `}` or line end.
          i = this.braceStop(chunk, i) - 1;
          continue;
        }
      } else if (state === NORMAL) {
        if (c === SPACE) continue;
        if (c === OPEN_BRACE && this.phase === PHASE_MOVES) {
          // A comment in the movetext, as `normal` takes it (most comments of an annotated file).
          this.blankLine = false;
          this.hasContent = true;
          if (this.endsWithResult(base + i)) this.phase = PHASE_ENDED;
          // Closed on this line (`{ [%clk 0:02:58] }`): nothing inside it matters, so jump past it.
          const stop = this.braceStop(chunk, i + 1);
          if (stop < chunk.length && chunk.charCodeAt(stop) === CLOSE_BRACE) {
            i = stop;
            continue;
          }
          this.state = BRACE;
          continue;
        }
        if (this.phase === PHASE_MOVES && c < 128 && QUIET[c] === 1) {
          // Most of the movetext: skip to the next character that can matter, in one loop.
          this.blankLine = false;
          i = nextMatch(NOT_QUIET, chunk, i + 1) - 1;
          continue;
        }
        if (c === OPEN_BRACKET && this.phase === PHASE_TAGS && this.blankLine && !this.blankSinceTag) {
          // Most of a header: a whole `[Name "value"]` line at once (see `PLAIN_TAG_LINE`).
          PLAIN_TAG_LINE.lastIndex = i;
          if (PLAIN_TAG_LINE.test(chunk)) {
            const end = PLAIN_TAG_LINE.lastIndex - 1;
            this.nameSpans.push(base + i + 1, base + chunk.indexOf(' ', i));
            this.line++;
            this.lineStart = base + end + 1;
            this.lineStartLine = this.line;
            i = end;
            continue;
          }
        }
      } else if (state === TAG_STRING || state === LINE_COMMENT) {
        if (c !== QUOTE && c !== BACKSLASH && c !== LF && c !== CR) {
          i = nextMatch(STRING_STOP, chunk, i + 1) - 1;
          continue;
        }
        // The closing quote, as `tag` would take it (blankLine is already false after the `[`).
        if (c === QUOTE && state === TAG_STRING) {
          this.state = TAG;
          continue;
        }
      } else if (state === TAG) {
        if (c !== LF && c !== CR) {
          // What `tag` does, without the call: a tag pair's quotes and `]` are most of the steps.
          if (c === QUOTE) this.state = TAG_STRING;
          else if (c === CLOSE_BRACKET) this.state = NORMAL;
          continue;
        }
      } else if (state === TAG_NAME) {
        if (isTagNameChar(c)) continue;
      }
      const prevCr = i > 0 ? chunk.charCodeAt(i - 1) === CR : this.endedWithCr;
      const cut = this.step(c, base + i, prevCr);
      if (cut >= 0) {
        this.cut = cut;
        return i;
      }
    }
    return -1;
  }

  /** `end`, lazily. */
  *finish(): Generator<GameChunk> {
    if (this.hasContent || this.dropped) yield this.emit(this.pushed);
    this.pieces = [];
    this.lastPiece = '';
    this.buffered = 0;
  }

  /** Keeps memory bounded: a game past maxGameLength is dropped, keeping only its current line. */
  private bound(): void {
    if (!this.dropped && this.pushed - this.gameStart <= this.maxGameLength) return;
    this.dropped = true;
    // The next game can only start at the current line's start: keep from there (or, for a
    // pathological line longer than the limit, only the last chunk).
    let keepFrom =
      this.pushed - this.lineStart > this.maxGameLength
        ? this.pushed - (this.pieces.at(-1)?.length ?? 0)
        : this.lineStart;
    // A tag name being read is still to be sliced, and earlier names may be needed by rule 2.
    if (this.state === TAG_NAME) keepFrom = Math.min(keepFrom, this.nameStart);
    this.resolveNames();
    this.dropBefore(keepFrom);
  }

  // Cached results of indexOf in `braceStop` (indexes into chunk number `stopSerial`), so that a comment of
  // many lines is searched once for `}`, not once per line.
  private stopSerial = -1;
  private serial = 0;
  private nextBrace = -1;
  private nextLf = -1;
  private nextCr = -1;

  /** Index in `chunk` of the first `}`, LF or CR at or after `i` (or the chunk's length). */
  private braceStop(chunk: string, i: number): number {
    if (this.serial !== this.stopSerial) {
      this.stopSerial = this.serial;
      this.nextBrace = this.nextLf = this.nextCr = -1;
    }
    if (this.nextBrace < i && this.nextBrace !== chunk.length) this.nextBrace = indexOrEnd(chunk, '}', i);
    if (this.nextLf < i && this.nextLf !== chunk.length) this.nextLf = indexOrEnd(chunk, '\n', i);
    if (this.nextCr < i && this.nextCr !== chunk.length) this.nextCr = indexOrEnd(chunk, '\r', i);
    return Math.min(this.nextBrace, this.nextLf, this.nextCr);
  }

  /** Consumes one character at input offset `at`; returns the offset of a new game or -1. */
  private step(c: number, at: number, prevCr: boolean): number {
    if (c === LF || c === CR) return this.newline(c === LF && prevCr, at);
    const lineStart = this.blankLine;
    if (!isBlank(c)) this.blankLine = false;
    switch (this.state) {
      case NORMAL:
        return this.normal(c, at, lineStart);
      case BRACE:
        if (c === CLOSE_BRACE) this.state = NORMAL;
        else if (c === OPEN_BRACKET && at === this.lineStart) this.startProbe();
        return -1;
      case LINE_COMMENT:
        return -1;
      case PROBE:
        return this.probe(c);
      case PENDING:
        return this.pending(c, at);
      case TAG_NAME: {
        const cut = this.endTagName(at);
        this.tag(c);
        return cut;
      }
      default:
        this.tag(c);
        return -1;
    }
  }

  /** A CR or LF at `at`; `continuesCrLf` for the LF of a CRLF pair (which ends no extra line). */
  private newline(continuesCrLf: boolean, at: number): number {
    let cut = -1;
    if (this.state === PROBE) cut = this.endProbe();
    else if (this.state === PENDING) cut = this.endPending();
    else if (this.state !== BRACE) {
      // Tags and `;`/`%` comments end at the line end (an unclosed tag is the parser's to report).
      if (this.state === TAG_NAME) cut = this.endTagName(at);
      else if (this.state === NORMAL && this.phase === PHASE_MOVES && !continuesCrLf && this.endsWithResult(at))
        this.phase = PHASE_ENDED;
      this.state = NORMAL;
      if (this.blankLine && !continuesCrLf) {
        if (this.phase === PHASE_TAGS) this.blankSinceTag = true;
        else if (this.phase === PHASE_MOVES) this.phase = PHASE_GAP;
        else if (this.phase === PHASE_ENDED) this.commentStart = -1; // a blank line after a comment: it stays behind
      }
    }
    if (!continuesCrLf) this.line++;
    this.lineStart = at + 1;
    this.lineStartLine = this.line;
    this.blankLine = true;
    return cut;
  }

  private normal(c: number, at: number, lineStart: boolean): number {
    if (isBlank(c)) return -1;
    this.hasContent = true;
    if (c === OPEN_BRACKET) {
      this.state = TAG_NAME;
      this.nameStart = at + 1;
      this.tagAtLineStart = lineStart;
      if (this.phase === PHASE_EMPTY) this.phase = PHASE_TAGS;
      return -1;
    }
    if (c === SEMICOLON || (c === PERCENT && at === this.lineStart)) {
      if (this.phase === PHASE_MOVES && this.endsWithResult(at)) this.phase = PHASE_ENDED;
      this.state = LINE_COMMENT;
      return -1;
    }
    if (c === OPEN_BRACE) {
      if (this.phase === PHASE_MOVES && this.endsWithResult(at)) this.phase = PHASE_ENDED;
      else if (this.phase === PHASE_ENDED && lineStart && this.commentStart < 0) {
        this.commentStart = this.lineStart;
        this.commentLine = this.lineStartLine;
      }
      this.state = BRACE;
      // A comment before any tag belongs to the game that follows; after tags it is movetext.
      if (this.phase === PHASE_TAGS) this.phase = PHASE_MOVES;
      return -1;
    }
    if (
      (lineStart || this.commentStart >= 0) &&
      (this.phase === PHASE_ENDED || (this.phase === PHASE_GAP && c === DIGIT_ONE))
    ) {
      // Rules 3 and 4: the line's first token (after comments that start the line) decides.
      this.pendingPhase = this.phase;
      this.pendingToken = String.fromCharCode(c);
      this.state = PENDING;
      return -1;
    }
    this.phase = PHASE_MOVES;
    return -1;
  }

  /** One character after the start of a PENDING token (line ends go to `endPending`). */
  private pending(c: number, at: number): number {
    if (!isTokenEnd(c) && this.pendingToken.length < MAX_PENDING) {
      this.pendingToken += String.fromCharCode(c);
      return -1;
    }
    const cut = this.endPending();
    // `c` is the first character after the token: read it as movetext of whichever game it is in.
    // (A cut is applied after this step: the new game's phase is set then.)
    this.normal(c, at, false);
    return cut;
  }

  /** The PENDING token is complete: a new game starts at its line, or the token is movetext. */
  private endPending(): number {
    this.state = NORMAL;
    const token = this.pendingToken;
    const starts =
      this.pendingPhase === PHASE_ENDED
        ? GAME_START.test(token)
        : MOVE_ONE.test(token) && this.hasPassedMoveOne(this.lineStart);
    this.phase = PHASE_MOVES;
    const commentStart = this.commentStart;
    this.commentStart = -1;
    if (!starts) return -1;
    this.cutPhase = PHASE_MOVES;
    return commentStart >= 0 ? this.cutBefore(commentStart, this.commentLine, '') : this.cutHere('');
  }

  /**
   * Whether the line that ends at input offset `end` (exclusive) ends with a termination marker:
   * its last token, after trailing spaces, is `1-0`, `0-1`, `1/2-1/2` or `*` (dashes and `½` as
   * `isResultText` allows). Reads at most a dozen characters back, within the line.
   */
  private endsWithResult(end: number): boolean {
    let p = end - 1;
    while (p >= this.lineStart && isSpaceOrTab(this.charAt(p))) p--;
    const last = this.charAt(p);
    // Quick reject: every marker ends in `0`, `1`, `2`, `*` or `½`.
    if (last !== 48 && last !== 49 && last !== 50 && last !== 42 && last !== 0xbd) return false;
    const tokenEnd = p + 1;
    while (p >= this.lineStart && tokenEnd - p <= MAX_RESULT && !isTokenEnd(this.charAt(p))) p--;
    if (tokenEnd - p > MAX_RESULT) return false;
    // And every marker starts with `0`, `1`, `*` or `½` (most moves that end in 1 or 2 do not).
    const first = this.charAt(p + 1);
    if (first !== 48 && first !== 49 && first !== 42 && first !== 0xbd) return false;
    let token = '';
    for (let q = p + 1; q < tokenEnd; q++) token += String.fromCharCode(this.charAt(q));
    return isResultText(token);
  }

  /** The character at input offset `at`, which must still be buffered (NaN otherwise). */
  private charAt(at: number): number {
    // Nearly always in the chunk being scanned, the last piece.
    if (at >= this.lastPieceStart)
      return at < this.pushed ? this.lastPiece.charCodeAt(at - this.lastPieceStart) : Number.NaN;
    let end = this.pushed;
    for (let k = this.pieces.length - 1; k >= 0; k--) {
      const piece = this.pieces[k] as string;
      const start = end - piece.length;
      if (at >= start) return at < end ? piece.charCodeAt(at - start) : Number.NaN;
      end = start;
    }
    return Number.NaN;
  }

  /**
   * Rule 4's condition: the current game's movetext before input offset `end` has a move number of
   * 2 or more outside comments, tags and escape lines. Reads on from where the last call stopped
   * (calls come at line starts, which no number, tag or `;` comment spans), so each character of a
   * game is read here at most once.
   */
  private hasPassedMoveOne(end: number): boolean {
    if (this.pastMoveOne) return true;
    const bufferStart = this.pushed - this.buffered;
    let p = Math.max(this.numbersTo, this.gameStart, bufferStart);
    let inBrace = this.numbersInBrace;
    let pieceEnd = bufferStart;
    let k = 0;
    let piece = '';
    let pieceStart = 0;
    const at = (q: number): number => {
      while (q >= pieceEnd && k < this.pieces.length) {
        piece = this.pieces[k++] as string;
        pieceStart = pieceEnd;
        pieceEnd += piece.length;
      }
      return q < pieceEnd && q >= pieceStart ? piece.charCodeAt(q - pieceStart) : Number.NaN;
    };
    let before = at(p - 1);
    if (p === this.gameStart) before = LF;
    while (p < end) {
      const c = at(p);
      if (inBrace) {
        if (c === CLOSE_BRACE) inBrace = false;
      } else if (c === OPEN_BRACE) inBrace = true;
      else if (c === SEMICOLON || c === OPEN_BRACKET || (c === PERCENT && (before === LF || before === CR))) {
        // To the line end (a tag pair is one line).
        while (p + 1 < end && at(p + 1) !== LF && at(p + 1) !== CR) p++;
      } else if (c >= 49 && c <= 57 && !isWordChar(before)) {
        // A number not glued to a word: a move number if dots follow; `2.` or more passes move 1.
        let q = p + 1;
        while (q < end && at(q) >= 48 && at(q) <= 57) q++;
        const next = at(q);
        if ((next === DOT || next === ELLIPSIS) && (q - p > 1 || c >= 50)) {
          this.pastMoveOne = true;
          return true;
        }
        p = q - 1;
      }
      before = at(p);
      p++;
    }
    this.numbersTo = end;
    this.numbersInBrace = inBrace;
    return false;
  }

  /** One character inside `[…]` after the tag name. */
  private tag(c: number): void {
    switch (this.state) {
      case TAG_STRING:
        if (c === QUOTE) this.state = TAG;
        else if (c === BACKSLASH) this.state = TAG_ESCAPE;
        return;
      case TAG_ESCAPE:
        this.state = TAG_STRING;
        return;
      default:
        if (c === QUOTE) this.state = TAG_STRING;
        else if (c === CLOSE_BRACKET) this.state = NORMAL;
        else this.state = TAG;
    }
  }

  /** The tag name ends at input offset `end`: applies the boundary rule; returns a cut or -1. */
  private endTagName(end: number): number {
    this.state = TAG;
    const start = this.nameStart;
    if (end === start) return -1; // `[%clk …]`, `[ ]`: not a tag pair
    if (this.phase >= PHASE_MOVES) {
      if (!this.tagAtLineStart) return -1;
      const name = this.bufferedText(start, end);
      return this.phase === PHASE_ENDED && this.commentStart >= 0
        ? this.cutBefore(this.commentStart, this.commentLine, name)
        : this.cutHere(name); // rule 1
    }
    let split = false;
    if (this.tagAtLineStart && this.blankSinceTag) {
      this.resolveNames();
      split = this.names.has(this.bufferedText(start, end));
    }
    this.blankSinceTag = false;
    if (split) return this.cutHere(this.bufferedText(start, end)); // rule 2
    this.nameSpans.push(start, end);
    return -1;
  }

  /** Moves the names kept as spans into `names`. */
  private resolveNames(): void {
    for (let i = 0; i < this.nameSpans.length; i += 2) {
      this.names.add(this.bufferedText(this.nameSpans[i] as number, this.nameSpans[i + 1] as number));
    }
    this.nameSpans.length = 0;
  }

  /**
   * The input from offset `from` to `to`, which must still be buffered: a slice of one piece, or
   * the join of the parts of the pieces it spans. Reads only the pieces that hold it, from the last
   * one back (the text asked for is recent: a tag name), and never joins whole pieces: a join of
   * every piece made a header of many tags, each after a blank line, quadratic in its length, and
   * a string of a read chunk and more at every chunk, which V8 allocates slowly at that size.
   */
  private bufferedText(from: number, to: number): string {
    let end = this.pushed;
    const parts: string[] = [];
    for (let k = this.pieces.length - 1; k >= 0 && end > from; k--) {
      const piece = this.pieces[k] as string;
      const start = end - piece.length;
      if (start < to) parts.push(piece.slice(Math.max(from, start) - start, Math.min(to, end) - start));
      end = start;
    }
    return parts.length === 1 ? (parts[0] as string) : parts.reverse().join('');
  }

  private startProbe(): void {
    this.state = PROBE;
    this.probeStep = PROBE_NAME;
    this.tagName = '';
  }

  /** One character of a line inside a brace comment that may be a tag pair (recovery rule). */
  private probe(c: number): number {
    const space = c === SPACE || c === TAB;
    switch (this.probeStep) {
      case PROBE_NAME:
        if (isTagNameChar(c)) this.tagName += String.fromCharCode(c);
        else if (this.tagName !== '' && (space || c === QUOTE)) this.probeStep = space ? PROBE_SPACE : PROBE_STRING;
        else this.abandonProbe(c);
        return -1;
      case PROBE_SPACE:
        if (c === QUOTE) this.probeStep = PROBE_STRING;
        else if (!space) this.abandonProbe(c);
        return -1;
      case PROBE_STRING:
        if (c === QUOTE) this.probeStep = PROBE_CLOSE;
        else if (c === BACKSLASH) this.probeStep = PROBE_ESCAPE;
        return -1;
      case PROBE_ESCAPE:
        this.probeStep = PROBE_STRING;
        return -1;
      case PROBE_CLOSE:
        if (c === CLOSE_BRACKET) this.probeStep = PROBE_DONE;
        else if (!space) this.abandonProbe(c);
        return -1;
      default:
        if (!space) this.abandonProbe(c);
        return -1;
    }
  }

  /** The line is not a lone tag pair: back to the comment (which `}` may close right here). */
  private abandonProbe(c: number): void {
    this.state = c === CLOSE_BRACE ? NORMAL : BRACE;
  }

  /** At the end of a probed line: a complete tag pair starts a new game at this line. */
  private endProbe(): number {
    if (this.probeStep !== PROBE_DONE) {
      this.state = BRACE;
      return -1;
    }
    this.state = NORMAL;
    return this.cutHere(this.tagName);
  }

  /** A new game starts at the current line, with the tag `name` read so far ('' if none yet). */
  private cutHere(name: string): number {
    return this.cutBefore(this.lineStart, this.lineStartLine, name);
  }

  /** A new game starts at input offset `offset` (a line start, on line `line`). */
  private cutBefore(offset: number, line: number, name: string): number {
    this.cutLine = line;
    this.cutName = name;
    return offset;
  }

  /**
   * Emits the game that ends at `cut`; the new game has (or is reading) one tag pair, or (rules 3
   * and 4) has begun its movetext.
   */
  private cutAt(cut: number): GameChunk {
    const game = this.emit(cut);
    this.gameLine = this.cutLine;
    this.phase = this.cutPhase;
    this.cutPhase = PHASE_TAGS;
    this.hasContent = true;
    this.blankSinceTag = false;
    this.names.clear();
    this.nameSpans.length = 0;
    if (this.cutName !== '') this.names.add(this.cutName);
    this.numbersTo = cut;
    this.numbersInBrace = false;
    this.pastMoveOne = false;
    this.commentStart = -1;
    return game;
  }

  /** Builds the chunk for the text from `gameStart` to `cut` and keeps the rest buffered. */
  private emit(cut: number): GameChunk {
    const start = this.gameStart;
    const index = this.index++;
    const bufferStart = this.pushed - this.buffered;
    let game: GameChunk;
    if (this.dropped || cut - start > this.maxGameLength) {
      const tooLarge = diagnostic(
        'PGN_GAME_TOO_LARGE',
        `game ${index + 1} is longer than ${this.maxGameLength} characters and was skipped`,
        {
          offset: start,
          line: this.gameLine,
          column: 1,
          gameIndex: index,
          hint: 'split the file, or pass a larger maxGameLength',
        },
      );
      game = { text: '', offset: start, line: this.gameLine, column: 1, index, diagnostics: [tooLarge] };
    } else {
      game = { text: this.bufferedText(start, cut), offset: start, line: this.gameLine, column: 1, index };
    }
    // Only a pathological line longer than the limit can have lost the start of the next game.
    const from = Math.max(cut, bufferStart);
    this.dropBefore(from);
    this.gameStart = from;
    this.dropped = false;
    return game;
  }

  /** Forgets the buffered input before offset `from`. */
  private dropBefore(from: number): void {
    let start = this.pushed - this.buffered;
    let drop = 0;
    while (drop < this.pieces.length && start + (this.pieces[drop] as string).length <= from) {
      start += (this.pieces[drop] as string).length;
      drop++;
    }
    if (drop > 0) this.pieces.splice(0, drop);
    const first = this.pieces[0];
    if (first !== undefined && from > start) this.pieces[0] = first.slice(from - start);
    this.buffered = this.pushed - Math.max(from, start);
  }
}

/**
 * Cuts a whole text into games (see the module doc for the boundary rule), lazily.
 *
 * @example
 * for (const chunk of splitGames(text)) console.log(chunk.index, chunk.line);
 */
export function* splitGames(text: string, options: SplitOptions = {}): Generator<GameChunk> {
  const splitter = new GameSplitter(options);
  yield* splitter.feed(text);
  yield* splitter.finish();
}
