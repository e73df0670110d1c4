/**
 * `writePgn`: a `Game` tree → PGN export format (PGN standard 8): the Seven Tag Roster first, the
 * other tags, a blank line, then the movetext wrapped to a line width, ending with the result.
 * Syntax only: it prints what the tree holds and knows no chess (move numbers come from the FEN
 * tag or the first written move number, and count plies from there).
 *
 * Key decisions:
 * - Iterative: variations are written with an explicit stack, so nesting depth is unlimited.
 * - Every comment is printed where `parseGame` will read it back into the same place (see the
 *   placement rules in tree.ts): game comments before the first move, `commentsBefore` after the
 *   move number, `commentsAfter` after the NAGs and before the variations, final comments after
 *   the result. So `parsePgn(writePgn(game))` gives back the same tree (test/pgn/write.test.ts).
 * - A Black move gets its number (`12...`) at the start of a line, after a comment and after a
 *   variation, as the standard asks; a White move always gets one.
 */
import type { Comment, Game, MoveLine, MoveNode } from './ast.js';
import { argumentError } from '../arguments.js';
import { removeCommands } from './comment-commands.js';
import { SEVEN_TAG_DEFAULTS, SEVEN_TAG_ROSTER, encodeTagValue, getTag, isSevenTagName } from './tags.js';

export interface WriteOptions {
  /** What to leave out. `clocks` removes `[%clk …]` and `[%emt …]` from comments (and comments left empty). */
  readonly strip?: {
    readonly comments?: boolean;
    readonly variations?: boolean;
    readonly nags?: boolean;
    readonly clocks?: boolean;
  };
  /** Longest movetext line, in characters (a longer single token gets a line of its own). Default 80. */
  readonly lineWidth?: number;
  /**
   * Movetext styles (`export --moves`): the text to write for a move instead of its SAN and check
   * suffix (undefined keeps them), a comment to add after it (`--fencomments`), and whether to write
   * move numbers (default true). The writer knows no chess: the caller computes these.
   */
  readonly moveText?: (node: MoveNode) => string | undefined;
  readonly commentAfter?: (node: MoveNode) => string | undefined;
  readonly moveNumbers?: boolean;
}

const RESULTS: ReadonlySet<string> = new Set(['1-0', '0-1', '1/2-1/2', '*']);
const CLOCK_COMMANDS: ReadonlySet<string> = new Set(['clk', 'emt']);

/**
 * The game in PGN export format, ending with a line end. Missing roster tags get their defaults
 * (`?`, `????.??.??`, `*`); duplicate tags are written once, with their last value; the result
 * is the game's result token, else a valid Result tag, else `*`. O(size of the tree).
 *
 * @example
 * writePgn(game, { strip: { comments: true, variations: true } })
 */
export function writePgn(game: Game, options: WriteOptions = {}): string {
  checkGame('writePgn', game);
  const result = game.result?.value ?? validResult(getTag(game, 'Result')) ?? '*';
  const out = new LineWrapper(options.lineWidth ?? 80);
  const writer = new MovetextWriter(game, options, out);
  writer.comments(game.comments);
  writer.line(game.moves);
  out.token(result);
  writer.comments(game.finalComments);
  return `${tagSection(game, result)}\n${out.finish()}\n`;
}

function validResult(value: string | undefined): string | undefined {
  return value !== undefined && RESULTS.has(value) ? value : undefined;
}

/** The tag pairs, one a line: the roster in its order, then the others in file order. */
function tagSection(game: Game, result: string): string {
  const lines: string[] = [];
  for (const name of SEVEN_TAG_ROSTER) {
    const value = name === 'Result' ? (getTag(game, name) ?? result) : (getTag(game, name) ?? SEVEN_TAG_DEFAULTS[name]);
    lines.push(`[${name} "${encodeTagValue(value)}"]`);
  }
  const seen = new Set<string>();
  for (const tag of game.tags) {
    if (isSevenTagName(tag.name) || seen.has(tag.name)) continue;
    seen.add(tag.name);
    lines.push(`[${tag.name} "${encodeTagValue(getTag(game, tag.name) ?? tag.value)}"]`);
  }
  return `${lines.join('\n')}\n`;
}

/** Where the game starts: the FEN tag's side to move and move number, else the first move number. */
function startPly(game: Game): { fullmove: number; black: boolean } {
  const fields = getTag(game, 'FEN')?.trim().split(/\s+/);
  if (fields !== undefined && fields.length >= 2) {
    const fullmove = Number(fields[5] ?? '1');
    return { fullmove: Number.isInteger(fullmove) && fullmove > 0 ? fullmove : 1, black: fields[1] === 'b' };
  }
  const first = game.moves[0]?.number;
  return first !== undefined && first.value > 0
    ? { fullmove: first.value, black: first.black }
    : { fullmove: 1, black: false };
}

/** One line being written: its moves, where we are, and the variations of the current move. */
interface Frame {
  readonly line: MoveLine;
  index: number;
  /** Plies from the game's start to `line[index]`. */
  ply: number;
  needNumber: boolean;
  variations: readonly MoveLine[] | undefined;
  variation: number;
}

class MovetextWriter {
  private readonly start: { fullmove: number; black: boolean };

  constructor(
    game: Game,
    private readonly options: WriteOptions,
    private readonly out: LineWrapper,
  ) {
    this.start = startPly(game);
  }

  /** Writes a line and all its variations, depth first, with an explicit stack. */
  line(moves: MoveLine): void {
    const stack: Frame[] = [{ line: moves, index: 0, ply: 0, needNumber: true, variations: undefined, variation: 0 }];
    // A parsed game is a tree; a hand-made one may not be (a variation that is its own ancestor
    // would be written forever): each line may be entered once.
    const entered = new Set<MoveLine>([moves]);
    const keepVariations = this.options.strip?.variations !== true;
    for (let f = stack.at(-1); f !== undefined; f = stack.at(-1)) {
      if (f.variations !== undefined) {
        const next = f.variations[f.variation++];
        if (next !== undefined) {
          if (entered.has(next)) throw moveTreeError('writePgn');
          entered.add(next);
          this.out.open();
          stack.push({ line: next, index: 0, ply: f.ply, needNumber: true, variations: undefined, variation: 0 });
          continue;
        }
        f.variations = undefined;
        f.index++;
        f.ply++;
        f.needNumber = true;
        continue;
      }
      const node = f.line[f.index];
      if (node === undefined) {
        stack.pop();
        if (stack.length > 0) this.out.close();
        continue;
      }
      const commented = this.move(node, f.ply, f.needNumber);
      if (keepVariations && node.variations.length > 0) {
        f.variations = node.variations;
        f.variation = 0;
      } else {
        f.index++;
        f.ply++;
        f.needNumber = commented;
      }
    }
  }

  /** Number, comments before, SAN, NAGs, comments after; true if a comment came last. */
  private move(node: MoveNode, ply: number, needNumber: boolean): boolean {
    const before = this.kept(node.commentsBefore);
    const half = ply + (this.start.black ? 1 : 0);
    const fullmove = this.start.fullmove + Math.floor(half / 2);
    if (this.options.moveNumbers !== false) {
      if (half % 2 === 0) this.out.token(`${fullmove}.`);
      else if (needNumber || before.length > 0) this.out.token(`${fullmove}...`);
    }
    this.write(before);
    this.out.token(this.options.moveText?.(node) ?? node.san + node.check);
    if (this.options.strip?.nags !== true) for (const nag of node.nags) this.out.token(`$${nag}`);
    const after = this.kept(node.commentsAfter);
    const added = this.options.commentAfter?.(node);
    if (added !== undefined) after.push(added);
    this.write(after);
    return after.length > 0;
  }

  comments(list: readonly Comment[]): void {
    this.write(this.kept(list));
  }

  /** The texts of the comments to print (none when stripped; without clock commands if asked). */
  private kept(list: readonly Comment[]): string[] {
    const strip = this.options.strip;
    if (list.length === 0 || strip?.comments === true) return [];
    if (strip?.clocks !== true) return list.map((c) => c.text);
    const texts: string[] = [];
    for (const c of list) {
      const text = removeCommands(c.text, CLOCK_COMMANDS);
      if (text.trim() !== '') texts.push(text);
    }
    return texts;
  }

  private write(texts: readonly string[]): void {
    for (const text of texts) {
      if (!text.includes('}')) this.out.token(`{${text}}`);
      else this.out.lineComment(`;${text}`); // only a `;` comment can hold a `}`
    }
  }
}

/**
 * Joins tokens with single spaces into lines of at most `width` characters. `(` sticks to the
 * token after it and `)` to the token before it, so a token is placed only once its closing
 * parentheses are known.
 */
class LineWrapper {
  private readonly lines: string[] = [];
  private current = '';
  /** Characters on the last line of `current` (a comment may hold line ends, kept verbatim). */
  private column = 0;
  private pending = '';
  private opens = '';

  constructor(private readonly width: number) {}

  token(text: string): void {
    this.flush();
    this.pending = this.opens + text;
    this.opens = '';
  }

  open(): void {
    this.opens += '(';
  }

  close(): void {
    this.pending += ')';
  }

  /** A `;` comment runs to the line end, so the line must end after it. */
  lineComment(text: string): void {
    this.token(text);
    this.flush();
    this.lines.push(this.current);
    this.current = '';
    this.column = 0;
  }

  finish(): string {
    this.flush();
    if (this.current !== '') this.lines.push(this.current);
    return this.lines.join('\n');
  }

  private flush(): void {
    const text = this.pending;
    if (text === '') return;
    this.pending = '';
    const firstBreak = text.search(/[\r\n]/);
    const lastBreak = Math.max(text.lastIndexOf('\n'), text.lastIndexOf('\r'));
    const firstWidth = firstBreak < 0 ? text.length : firstBreak;
    if (this.current !== '' && this.column + 1 + firstWidth <= this.width) {
      this.current += ` ${text}`;
      this.column = lastBreak < 0 ? this.column + 1 + text.length : text.length - lastBreak - 1;
      return;
    }
    if (this.current !== '') this.lines.push(this.current);
    this.current = text;
    this.column = lastBreak < 0 ? text.length : text.length - lastBreak - 1;
  }
}

/** Throws a TypeError unless `game` has the shape of a parsed game (tags and moves arrays) (for replay, through the PGN face; not public API). */
export function checkGame(fn: string, game: unknown): asserts game is Game {
  const g = game as Partial<Game> | null | undefined;
  if (typeof g !== 'object' || g === null || !Array.isArray(g.tags) || !Array.isArray(g.moves)) {
    throw argumentError(fn, 'a Game (from parsePgn or parseGame), with tags and moves arrays', game);
  }
}

/** The error for a move tree in which a line comes back (a cycle, or one line in two places) (for replay, through the PGN face; not public API). */
export function moveTreeError(fn: string): TypeError {
  return new TypeError(
    `${fn}: the game's moves are not a tree: a variation is reached twice (it contains its own line, or is shared); each line may appear once`,
  );
}
