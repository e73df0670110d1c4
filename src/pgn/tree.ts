/**
 * Flat movetext elements (from the generated parser) → the move tree of `ast.ts`, with the
 * structural diagnostics: unmatched and unclosed parentheses, unclosed comments, bad tags, bad
 * NAGs, invalid tokens, text after the result, a missing result. Knows no chess.
 *
 * Key decisions:
 * - Variations are paired with an explicit stack of frames, never recursion, so nesting depth is
 *   limited by memory only (10,000 levels are tested).
 * - Comment placement: a comment after a move (and its NAGs and variations) belongs to that move
 *   (`commentsAfter`); a comment at the start of a variation, or after a move number, belongs to
 *   the next move (`commentsBefore`); comments before the first main-line move are the game
 *   comment (`Game.comments`); comments after the result are `Game.finalComments`. Every comment
 *   has exactly one place, so `writePgn` can print it back where it will be read again.
 * - A variation before any move of its line (`( 1. d4 ) 1. e4`) is attached to the next move, of
 *   which it is an alternative, with PGN_VARIATION_AT_START (python-chess drops the parentheses).
 * - After the result only comments are read; other text is reported once and ignored, so junk
 *   between games never turns into moves of the game before it.
 *
 * A little over the house guide of 300 lines: one builder whose methods all share the frame stack
 * (tags and token texts have their own modules, tag-section.ts and move-token.ts).
 */
import type { Comment, GameResult, MoveLine, MoveNumber, ResultToken, Tag } from './ast.js';
import { makeComment } from './comment-commands.js';
import type { DiagnosticSink } from './location.js';
import type { RawComment, RawElement, RawGame, RawToken } from './raw.js';
import { describeInvalid, quoted } from './hints.js';
import { isDigit, isLoneEnPassant, splitCheck } from './move-token.js';
import { TagSection } from './tag-section.js';

/** Everything `parseGame` needs from the tree but the game's position in the file. */
export interface GameBody {
  readonly tags: readonly Tag[];
  readonly comments: readonly Comment[];
  readonly moves: MoveLine;
  readonly finalComments: readonly Comment[];
  readonly result?: GameResult;
}

/** A move while its line is being built (the tree is handed out as readonly `MoveNode`s). */
interface NodeBuilder {
  readonly offset: number;
  readonly length: number;
  readonly san: string;
  check: string;
  readonly number?: MoveNumber;
  nags: number[];
  commentsBefore: Comment[];
  commentsAfter: Comment[];
  variations: MoveLine[];
}

/** One line being built: the main line (depth 0) or an open variation. */
interface Frame {
  readonly line: NodeBuilder[];
  /** The `(` that opened it (undefined for the main line). */
  readonly open: RawToken | undefined;
  /** The move it is an alternative to; undefined when it came before any move of its line. */
  readonly parent: NodeBuilder | undefined;
  comments: Comment[];
  number: MoveNumber | undefined;
  nags: number[];
  variations: MoveLine[];
}


const SUFFIX_NAGS: Readonly<Record<string, number>> = { '!': 1, '?': 2, '!!': 3, '??': 4, '!?': 5, '?!': 6 };

/**
 * The shared empty list. Most moves have no NAG, comment or variation, so no array is allocated
 * for them (allocation was half the cost of building the tree); frozen, so a push into it is a
 * loud bug. Use `add` and `addAll`, which replace it by a new array.
 */
const NONE = Object.freeze([]) as unknown as never[];

function add<T>(list: T[], item: T): T[] {
  if (list === NONE) return [item];
  list.push(item);
  return list;
}

function addAll<T>(list: T[], items: readonly T[]): T[] {
  if (items.length === 0) return list;
  if (list === NONE) return items.slice();
  for (const item of items) list.push(item);
  return list;
}

function newFrame(open: RawToken | undefined, parent: NodeBuilder | undefined): Frame {
  return { line: [], open, parent, comments: NONE, number: undefined, nags: NONE, variations: NONE };
}

/**
 * Builds the game body from the parser's elements, reporting to `sink` (offsets in `elements`
 * are into the game text; `shift` is the game's offset in the file). O(elements).
 */
export function buildTree(elements: RawGame, text: string, shift: number, sink: DiagnosticSink): GameBody {
  return new TreeBuilder(text, shift, sink).build(elements);
}

class TreeBuilder {
  private readonly gameComments: Comment[] = [];
  private readonly finalComments: Comment[] = [];
  private readonly stack: Frame[] = [newFrame(undefined, undefined)];
  private frame: Frame = this.stack[0] as Frame;
  private readonly tagSection: TagSection;
  private result: GameResult | undefined;
  private afterResultReported = false;

  constructor(
    private readonly text: string,
    private readonly shift: number,
    private readonly sink: DiagnosticSink,
  ) {
    this.tagSection = new TagSection(text, shift, sink);
  }

  build(elements: RawGame): GameBody {
    for (let i = 0; i < elements.length; i++) {
      const element = elements[i] as RawElement;
      if (this.result !== undefined) this.afterResult(element);
      else if (element.kind === 'result' && this.stack.length > 1 && onlyCommentsAfter(elements, i)) {
        // `1. e4 (1. d4 *`: the game's own result, after a variation left open.
        this.closeAll();
        this.resultToken(element);
      } else this.element(element);
    }
    this.finish(elements);
    const main = this.stack[0] as Frame;
    const { tags } = this.tagSection;
    const { gameComments: comments, finalComments, result } = this;
    const moves = main.line;
    return result === undefined ? { tags, comments, moves, finalComments } : { tags, comments, moves, finalComments, result };
  }

  private element(e: RawElement): void {
    switch (e.kind) {
      case 'san':
        return this.move(e);
      case 'moveNumber':
        this.tagSection.open = false;
        this.frame.number = this.moveNumber(e);
        return;
      case 'comment':
      case 'lineComment':
        return this.comment(e);
      case 'nag':
      case 'suffix':
        return this.nag(e);
      case 'open':
        return this.open(e);
      case 'close':
        return this.close(e);
      case 'result':
        return this.resultToken(e);
      case 'tag':
        return this.tagSection.tag(e);
      default:
        return this.other(e);
    }
  }

  private other(e: RawToken): void {
    if (e.kind === 'escape') {
      this.sink.add('PGN_ESCAPE_LINE', `escape line ${quoted(`%${e.text}`)} is ignored`, e.start, e.end);
    } else if (e.kind === 'badTag') {
      this.tagSection.badTag(e);
    } else if (e.kind === 'invalid') {
      const { message, hint } = describeInvalid(e.text);
      this.sink.add('PGN_INVALID_TOKEN', message, e.start, e.end, { hint });
    }
    // 'dots' (`...` without a number) carry nothing.
  }

  private move(e: RawToken): void {
    this.tagSection.open = false;
    const f = this.frame;
    if (isLoneEnPassant(e.text)) {
      // `exd6  e.p.`: the en passant mark of the move before, which SAN does not have.
      const last = f.line.at(-1);
      if (last === undefined) this.sink.add('PGN_INVALID_TOKEN', `${quoted(e.text)} follows no move`, e.start, e.end);
      else if (last.check === '') last.check = e.text.slice(4);
      return;
    }
    const split = splitCheck(e.text);
    const san = split === undefined ? e.text : split.san;
    const check = split === undefined ? '' : split.check;
    const offset = this.shift + e.start;
    const length = e.end - e.start;
    let before = f.comments;
    if (f.line.length === 0 && f.open === undefined && before.length > 0) {
      // Comments before the first main-line move are the game comment.
      addAll(this.gameComments, before);
      before = NONE;
    }
    const number = f.number;
    // Object literals, not spreads: one hidden class each, and this runs once per move.
    const node: NodeBuilder =
      number === undefined
        ? { offset, length, san, check, nags: f.nags, commentsBefore: before, commentsAfter: NONE, variations: f.variations }
        : { offset, length, san, check, number, nags: f.nags, commentsBefore: before, commentsAfter: NONE, variations: f.variations };
    f.line.push(node);
    f.comments = NONE;
    f.number = undefined;
    f.nags = NONE;
    f.variations = NONE;
  }

  /**
   * What a message quotes of element `e`: its text, or its source for a tag (whose text is the name
   * only) and a move number (whose raw node has no text).
   */
  private quotable(e: RawElement): string {
    return e.kind === 'tag' || e.kind === 'moveNumber' ? this.text.slice(e.start, e.end) : e.text;
  }

  /** A move number node, read from the game text (the raw node has no text). */
  private moveNumber(e: RawToken): MoveNumber {
    const text = this.text;
    let value = 0;
    let i = e.start;
    for (let c = text.charCodeAt(i); isDigit(c); c = text.charCodeAt(++i)) value = value * 10 + c - 48;
    // White: exactly one `.` after the digits; anything more (`...`, `…`, `. ...`) is Black.
    return { offset: this.shift + e.start, length: e.end - e.start, value, black: e.end - i > 1 || text.charCodeAt(i) === 0x2026 };
  }

  private comment(e: RawToken | RawComment): void {
    const comment = this.commentNode(e);
    const f = this.frame;
    const last = f.line.at(-1);
    if (last !== undefined && f.number === undefined) last.commentsAfter = add(last.commentsAfter, comment);
    else f.comments = add(f.comments, comment);
  }

  /** A `{…}` or `;…` comment node; reports an unclosed `{`. */
  private commentNode(e: RawToken | RawComment): Comment {
    if (e.kind === 'comment' && !e.closed) {
      this.sink.add('PGN_UNCLOSED_COMMENT', 'comment `{` is never closed', e.start, e.start + 1, {
        hint: 'add the missing `}`: a comment runs across lines, so everything after this `{` was read as comment',
      });
    }
    return makeComment(e.text, this.shift + e.start, e.end - e.start);
  }

  private nag(e: RawToken): void {
    this.tagSection.open = false;
    const value = e.kind === 'nag' ? Number(e.text) : SUFFIX_NAGS[e.text];
    if (value === undefined || value > 255) {
      const what = e.kind === 'nag' ? `NAG ${quoted(`$${e.text}`)} is out of range` : `unknown move annotation ${quoted(e.text)}`;
      const hint = e.kind === 'nag' ? 'NAGs run from $0 to $255' : 'the suffixes are ! ? !! ?? !? ?!';
      this.sink.add('PGN_BAD_NAG', what, e.start, e.end, { hint });
      return;
    }
    const last = this.frame.line.at(-1);
    if (last !== undefined) {
      last.nags = add(last.nags, value);
      return;
    }
    this.sink.add('PGN_BAD_NAG', `annotation \`${this.text.slice(e.start, e.end)}\` comes before any move`, e.start, e.end, {
      hint: 'an annotation follows the move it is about; it was attached to the next move',
      severity: 'warning',
    });
    this.frame.nags = add(this.frame.nags, value);
  }

  private open(e: RawToken): void {
    this.tagSection.open = false;
    const parent = this.frame.line.at(-1);
    if (parent === undefined) {
      this.sink.add('PGN_VARIATION_AT_START', 'variation `(` comes before any move of its line', e.start, e.end, {
        hint: 'a variation follows the move it replaces; it was attached to the next move',
      });
    }
    this.frame = newFrame(e, parent);
    this.stack.push(this.frame);
  }

  private close(e: RawToken): void {
    if (this.stack.length === 1) {
      this.sink.add('PGN_UNMATCHED_PAREN', '`)` has no matching `(`', e.start, e.end, {
        hint: 'remove it, or add the `(` where the variation starts',
      });
      return;
    }
    this.endVariation(e.end);
  }

  /** Pops the innermost variation (its `)` ends at `end`, for an empty-variation report). */
  private endVariation(end: number): void {
    const f = this.stack.pop() as Frame;
    this.frame = this.stack.at(-1) as Frame;
    const open = f.open as RawToken;
    const last = f.line.at(-1);
    if (last === undefined) {
      this.sink.add('PGN_EMPTY_VARIATION', 'variation `()` has no moves and is dropped', open.start, end);
      // What it held still has a place: its comments and its own leading variations.
      if (f.parent !== undefined) {
        f.parent.commentsAfter = addAll(f.parent.commentsAfter, f.comments);
        f.parent.variations = addAll(f.parent.variations, f.variations);
      } else {
        this.frame.comments = addAll(this.frame.comments, f.comments);
        this.frame.variations = addAll(this.frame.variations, f.variations);
      }
      return;
    }
    last.commentsAfter = addAll(last.commentsAfter, f.comments);
    if (f.parent !== undefined) f.parent.variations = add(f.parent.variations, f.line);
    else this.frame.variations = add(this.frame.variations, f.line);
  }

  private resultToken(e: RawToken): void {
    this.tagSection.open = false;
    if (this.stack.length > 1) {
      this.sink.add('PGN_INVALID_TOKEN', `result \`${e.text}\` inside a variation is ignored`, e.start, e.end, {
        hint: 'a result ends the whole game: write it once, after the main line',
        severity: 'warning',
      });
      return;
    }
    this.frame.number = undefined;
    this.result = { offset: this.shift + e.start, length: e.end - e.start, value: e.text as ResultToken };
  }

  /** After the result: comments are kept, anything else is reported once and ignored. */
  private afterResult(e: RawElement): void {
    if (e.kind === 'comment' || e.kind === 'lineComment') {
      this.finalComments.push(this.commentNode(e));
      return;
    }
    if (e.kind === 'escape') return this.other(e);
    if (this.afterResultReported) return;
    this.afterResultReported = true;
    const result = (this.result as GameResult).value;
    const what = this.quotable(e);
    this.sink.add('PGN_TEXT_AFTER_RESULT', `${quoted(what)} after the result \`${result}\` is ignored`, e.start, e.end, {
      hint: 'the result ends the game; a new game starts with its tag pairs on a new line',
    });
  }

  private finish(elements: RawGame): void {
    this.closeAll();
    const main = this.frame;
    const last = main.line.at(-1);
    if (last !== undefined) last.commentsAfter = addAll(last.commentsAfter, main.comments);
    else addAll(this.gameComments, main.comments);
    if (this.result === undefined) this.missingResult(elements);
  }

  /** Closes the variations left open, reporting each `(`. */
  private closeAll(): void {
    while (this.stack.length > 1) {
      const open = this.frame.open as RawToken;
      this.sink.add('PGN_UNCLOSED_VARIATION', 'variation `(` is never closed', open.start, open.end, {
        hint: 'add the missing `)` where the variation ends',
      });
      this.endVariation(open.end);
    }
  }

  private missingResult(elements: RawGame): void {
    const last = elements.at(-1);
    if (last === undefined) return; // a dropped (too large) game: already reported
    if (last.end === this.text.length && looksCut(last)) {
      this.sink.add('PGN_TRUNCATED', `the input ends in the middle of the game, at ${quoted(this.quotable(last))}`, last.start, last.end, {
        hint: 'the file looks cut short: the last game has no result and no final line end',
      });
      return;
    }
    this.sink.add('PGN_MISSING_RESULT', 'the game has no result', last.end, last.end, {
      hint: 'end the movetext with 1-0, 0-1, 1/2-1/2 or *',
    });
  }
}

/**
 * Whether the last element of a text that ends without a line end looks cut short: a move number
 * or `(` with nothing after it, a stray token, or a move that stops at a file letter, `x`, `=` or
 * `-` (`Nf`, `exd`, `e8=`, `O-`). `1. e4 e5` without a final line end is a complete snippet.
 */
function looksCut(e: RawElement): boolean {
  if (e.kind === 'moveNumber' || e.kind === 'dots' || e.kind === 'open' || e.kind === 'invalid') return true;
  return e.kind === 'san' && e.text !== '--' && /[a-hx=@(-]$/.test(e.text);
}

/** True when nothing but comments follows element `i`. */
function onlyCommentsAfter(elements: RawGame, i: number): boolean {
  for (let j = i + 1; j < elements.length; j++) {
    const kind = (elements[j] as RawElement).kind;
    if (kind !== 'comment' && kind !== 'lineComment' && kind !== 'escape') return false;
  }
  return true;
}
