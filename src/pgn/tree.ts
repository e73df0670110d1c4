/**
 * Flat movetext elements (from the generated parser) → the move tree of `ast.ts`, with the
 * structural diagnostics: unmatched and unclosed parentheses, unclosed comments, bad tags, bad
 * NAGs, invalid tokens, text after the result, a missing result. Knows no chess.
 *
 * Key decisions:
 * - Variations are paired with an explicit stack of frames, never recursion. Nesting is cut at
 *   MAX_VARIATION_DEPTH levels: a deeper variation is dropped whole (one PGN_VARIATION_TOO_DEEP
 *   with the count), because every ply's path grows with its depth, and 10,000 levels in 100 KB of
 *   input made 200 MB of `fens --variations` output. Past the cap only a counter pairs the
 *   parentheses, so a megabyte of `(` costs no frames.
 * - An unclosed `(` before any move of its line (`((( 1. c4 *`) has no move to be an alternative
 *   to: its moves are read as the enclosing line's own, so no move is lost.
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
 * Over the house guide of 300 lines: one builder whose methods all share the frame stack (tags and
 * token texts have their own modules, tag-section.ts and move-token.ts; the per-game limits are a
 * few fields and methods here because they change how that stack grows).
 */
import type { Comment, GameResult, MoveLine, MoveNumber, ResultToken, Tag } from './ast.js';
import { makeComment } from './comment-commands.js';
import type { DiagnosticSink } from './location.js';
import type { RawComment, RawElement, RawGame, RawToken } from './raw.js';
import { describeInvalid, quoted } from './hints.js';
import { isDigit, isLoneEnPassant, splitCheck } from './move-token.js';
import { MAX_GAME_ELEMENTS } from './raw.js';
import { isResultText } from './split.js';
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

/**
 * Deepest variation kept by default (the main line is depth 0); no real game comes near it. At
 * this depth a ply's path is a few hundred characters: `fens --variations` writes at most about
 * 100 bytes per input byte.
 */
export const MAX_VARIATION_DEPTH = 100;

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
export function buildTree(
  elements: RawGame,
  text: string,
  shift: number,
  sink: DiagnosticSink,
  maxDepth = MAX_VARIATION_DEPTH,
): GameBody {
  return new TreeBuilder(text, shift, sink, maxDepth).build(elements);
}

class TreeBuilder {
  private readonly gameComments: Comment[] = [];
  private readonly finalComments: Comment[] = [];
  private readonly stack: Frame[] = [newFrame(undefined, undefined)];
  private frame: Frame = this.stack[0] as Frame;
  private readonly tagSection: TagSection;
  private result: GameResult | undefined;
  private afterResultReported = false;
  // Variations past MAX_VARIATION_DEPTH being dropped: open levels, the first such `(`, counts.
  private tooDeep = 0;
  private firstTooDeep: RawToken | undefined;
  private droppedVariations = 0;
  private droppedMoves = 0;

  constructor(
    private readonly text: string,
    private readonly shift: number,
    private readonly sink: DiagnosticSink,
    private readonly maxDepth: number,
  ) {
    this.tagSection = new TagSection(text, shift, sink);
  }

  build(elements: RawGame): GameBody {
    for (let i = 0; i < elements.length; i++) {
      const element = elements[i] as RawElement;
      if (this.result !== undefined) this.afterResult(element);
      else if ((this.stack.length > 1 || this.tooDeep > 0) && isResult(element) && onlyCommentsAfter(elements, i)) {
        // `1. e4 (1. d4 *`: the game's own result, after a variation left open.
        this.tooDeep = 0;
        this.closeAll();
        this.element(element);
      } else if (this.tooDeep > 0) this.skipTooDeep(element);
      else this.element(element);
    }
    this.finish(elements);
    const main = this.stack[0] as Frame;
    const { tags } = this.tagSection;
    const { gameComments: comments, finalComments, result } = this;
    const moves = main.line;
    return result === undefined
      ? { tags, comments, moves, finalComments }
      : { tags, comments, moves, finalComments, result };
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
      case 'lookalike':
        return this.lookalike(e);
      default:
        return this.other(e);
    }
  }

  /** `O–O`, `1–0`, `½-½`: read as what it stands for (its text), with a note quoting the source. */
  private lookalike(e: RawToken): void {
    const source = this.text.slice(e.start, e.end);
    this.sink.add('PGN_LOOKALIKE', `${quoted(source)} is read as ${quoted(e.text)}`, e.start, e.end, {
      hint: `write ${quoted(e.text)} with ASCII characters: a hyphen-minus for the dash, 1/2 for ½`,
    });
    const meant: RawToken = { kind: isResultText(e.text) ? 'result' : 'san', text: e.text, start: e.start, end: e.end };
    if (meant.kind === 'result') this.resultToken(meant);
    else this.move(meant);
  }

  /** An element inside a variation past MAX_VARIATION_DEPTH: only parentheses and moves are counted. */
  private skipTooDeep(e: RawElement): void {
    if (e.kind === 'open') {
      this.tooDeep++;
      this.droppedVariations++;
    } else if (e.kind === 'close') this.tooDeep--;
    else if (e.kind === 'san' || e.kind === 'lookalike') this.droppedMoves++;
    else if (e.kind === 'overflow') this.other(e);
  }

  private other(e: RawToken): void {
    if (e.kind === 'escape') {
      this.sink.add('PGN_ESCAPE_LINE', `escape line ${quoted(`%${e.text}`)} is ignored`, e.start, e.end);
    } else if (e.kind === 'badTag') {
      this.tagSection.badTag(e);
    } else if (e.kind === 'invalid') {
      const { message, hint } = describeInvalid(e.text);
      this.sink.add('PGN_INVALID_TOKEN', message, e.start, e.end, { hint });
    } else if (e.kind === 'overflow') {
      this.sink.add(
        'PGN_GAME_TOO_COMPLEX',
        `the game has more than ${MAX_GAME_ELEMENTS.toLocaleString('en')} moves, comments and other elements: the rest of its text (${(e.end - e.start).toLocaleString('en')} characters) is not read`,
        e.start,
        e.start + 1,
        { hint: 'no real game is this large: the text is probably not PGN, or many games lost their tag pairs' },
      );
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
        ? {
            offset,
            length,
            san,
            check,
            nags: f.nags,
            commentsBefore: before,
            commentsAfter: NONE,
            variations: f.variations,
          }
        : {
            offset,
            length,
            san,
            check,
            number,
            nags: f.nags,
            commentsBefore: before,
            commentsAfter: NONE,
            variations: f.variations,
          };
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
    return {
      offset: this.shift + e.start,
      length: e.end - e.start,
      value,
      black: e.end - i > 1 || text.charCodeAt(i) === 0x2026,
    };
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
      const what =
        e.kind === 'nag' ? `NAG ${quoted(`$${e.text}`)} is out of range` : `unknown move annotation ${quoted(e.text)}`;
      const hint = e.kind === 'nag' ? 'NAGs run from $0 to $255' : 'the suffixes are ! ? !! ?? !? ?!';
      this.sink.add('PGN_BAD_NAG', what, e.start, e.end, { hint });
      return;
    }
    const last = this.frame.line.at(-1);
    if (last !== undefined) {
      last.nags = add(last.nags, value);
      return;
    }
    this.sink.add(
      'PGN_BAD_NAG',
      `annotation \`${this.text.slice(e.start, e.end)}\` comes before any move`,
      e.start,
      e.end,
      {
        hint: 'an annotation follows the move it is about; it was attached to the next move',
        severity: 'warning',
      },
    );
    this.frame.nags = add(this.frame.nags, value);
  }

  private open(e: RawToken): void {
    this.tagSection.open = false;
    if (this.stack.length > this.maxDepth) {
      this.tooDeep = 1;
      this.droppedVariations++;
      this.firstTooDeep ??= e;
      return;
    }
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
    if (e.kind === 'escape' || e.kind === 'overflow') return this.other(e);
    if (this.afterResultReported) return;
    this.afterResultReported = true;
    const result = (this.result as GameResult).value;
    const what = this.quotable(e);
    this.sink.add(
      'PGN_TEXT_AFTER_RESULT',
      `${quoted(what)} after the result \`${result}\` is ignored`,
      e.start,
      e.end,
      {
        hint: 'the result ends the game; a new game starts with its tag pairs on a new line',
      },
    );
  }

  private finish(elements: RawGame): void {
    this.closeAll();
    this.reportTooDeep();
    const main = this.frame;
    this.promoteLeadingVariation(main);
    const last = main.line.at(-1);
    if (last !== undefined) last.commentsAfter = addAll(last.commentsAfter, main.comments);
    else addAll(this.gameComments, main.comments);
    if (this.result === undefined) this.missingResult(elements);
  }

  /** Closes the variations left open, reporting each `(`. */
  private closeAll(): void {
    while (this.stack.length > 1) {
      const f = this.frame;
      const open = f.open as RawToken;
      const outer = this.stack[this.stack.length - 2] as Frame;
      if (f.parent === undefined && f.line.length > 0 && outer.line.length === 0) {
        // `((( 1. c4 *`: no move for it to be an alternative to; its moves are the line's own.
        this.sink.add(
          'PGN_UNCLOSED_VARIATION',
          'variation `(` is never closed and comes before any move of its line',
          open.start,
          open.end,
          {
            hint: 'its moves were read as moves of the line around it; remove the `(` or add the `)`',
          },
        );
        this.stack.pop();
        this.frame = outer;
        mergeInto(outer, f);
        this.toGameComments(outer);
        continue;
      }
      this.sink.add('PGN_UNCLOSED_VARIATION', 'variation `(` is never closed', open.start, open.end, {
        hint: 'add the missing `)` where the variation ends',
      });
      this.endVariation(open.end);
    }
  }

  /** One report for all the variations dropped past MAX_VARIATION_DEPTH. */
  private reportTooDeep(): void {
    const first = this.firstTooDeep;
    if (first === undefined) return;
    const variations = `${this.droppedVariations.toLocaleString('en')} variation${this.droppedVariations === 1 ? '' : 's'}`;
    this.sink.add(
      'PGN_VARIATION_TOO_DEEP',
      `variations nested deeper than ${this.maxDepth} levels are dropped: ${variations} with ${this.droppedMoves.toLocaleString('en')} moves, from here`,
      first.start,
      first.end,
      {
        hint: `no real game nests variations this deep; the main line and the variations up to ${this.maxDepth} levels are kept`,
      },
    );
  }

  /**
   * A main line with no move but variations waiting for one (`( 1. d4 ) *`): the first variation
   * becomes the main line, so its moves are not lost.
   */
  private promoteLeadingVariation(main: Frame): void {
    if (main.line.length > 0 || main.variations.length === 0) return;
    const [first, ...others] = main.variations as NodeBuilder[][];
    const head = first?.[0];
    if (first === undefined || head === undefined) return;
    this.sink.add(
      'PGN_VARIATION_AT_START',
      'the game has moves only inside a variation: they are read as its main line',
      head.offset - this.shift,
      head.offset - this.shift + head.length,
      {
        hint: 'a variation follows the move it replaces; remove the parentheses around the main line',
        severity: 'warning',
      },
    );
    for (const node of first) main.line.push(node);
    head.variations = addAll(others as MoveLine[], head.variations);
    main.variations = NONE;
    // The comments before the variation came first: they open the game comment.
    addAll(this.gameComments, main.comments);
    main.comments = NONE;
    this.toGameComments(main);
  }

  /** Comments before the first move of the main line are the game comment (as `move` does it). */
  private toGameComments(frame: Frame): void {
    const first = frame.line[0];
    if (frame !== this.stack[0] || first === undefined || first.commentsBefore.length === 0) return;
    addAll(this.gameComments, first.commentsBefore);
    first.commentsBefore = NONE;
  }

  private missingResult(elements: RawGame): void {
    const last = elements.at(-1);
    if (last === undefined || last.kind === 'overflow') return; // a dropped (too large or too complex) game: already reported
    if (last.end === this.text.length && looksCut(last)) {
      this.sink.add(
        'PGN_TRUNCATED',
        `the input ends in the middle of the game, at ${quoted(this.quotable(last))}`,
        last.start,
        last.end,
        {
          hint: 'the file looks cut short: the last game has no result and no final line end',
        },
      );
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

/** Whether element `e` is a termination marker (spelt right, or with look-alikes). */
function isResult(e: RawElement): boolean {
  return e.kind === 'result' || (e.kind === 'lookalike' && isResultText(e.text));
}

/**
 * Moves the line of `inner`, an unclosed variation that came before any move of `outer`'s line, into
 * `outer` (whose line is empty): what waited for the first move in `outer` goes to that move, and
 * what waits after `inner`'s last move now waits in `outer`.
 */
function mergeInto(outer: Frame, inner: Frame): void {
  const first = inner.line[0] as NodeBuilder;
  first.commentsBefore = addAll(outer.comments.slice(), first.commentsBefore);
  first.nags = addAll(outer.nags.slice(), first.nags);
  first.variations = addAll(outer.variations.slice(), first.variations);
  for (const node of inner.line) outer.line.push(node);
  outer.comments = inner.comments;
  outer.number = inner.number;
  outer.nags = inner.nags;
  outer.variations = inner.variations;
}

/** True when nothing but comments follows element `i`. */
function onlyCommentsAfter(elements: RawGame, i: number): boolean {
  for (let j = i + 1; j < elements.length; j++) {
    const kind = (elements[j] as RawElement).kind;
    if (kind !== 'comment' && kind !== 'lineComment' && kind !== 'escape') return false;
  }
  return true;
}
