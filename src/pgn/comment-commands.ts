/**
 * Comment commands: the `[%cmd args]` conventions that lichess, ChessBase and engines embed in
 * comments (`[%clk]`, `[%emt]`, `[%eval]`, `[%csl]`, `[%cal]`). Imports only the parse tree
 * types; knows no chess (a square is a name like `e4`, checked by shape only).
 *
 * Key decision: commands are looked for only when the comment contains `[%`, a check that costs
 * one `indexOf`; engine comments (`{d=23, pv=...}`) and plain text go no further. Commands and their
 * arguments are read by hand-written scans, not regular expressions, so that every comment costs
 * time linear in its length whatever it holds. The comment's text is always kept verbatim, commands
 * included; a command with arguments we cannot read is ignored (the text still holds it).
 */
import type { Comment, Evaluation, Shape } from './ast.js';

/** The decoded commands of one comment: the optional fields of `Comment`. */
export type CommentCommands = Pick<Comment, 'clock' | 'emt' | 'eval' | 'shapes'>;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const SHAPE = /^([RGBY])([a-h][1-8])([a-h][1-8])?$/;
const COLORS = { R: 'red', G: 'green', B: 'blue', Y: 'yellow' } as const;

/** One `[%name args]` in a comment: where it starts (`[`) and ends (after `]`), its name and arguments. */
export interface CommandSpan {
  readonly start: number;
  readonly end: number;
  readonly name: string;
  /** The text between the name and `]`, trimmed. */
  readonly args: string;
}

/**
 * The commands of a comment, left to right: `[%`, a name of word characters, at least one space,
 * then everything up to the first `]`. A hand-written scan rather than a regular expression, because
 * the expression `\[%(\w+)\s+([^\]]*)\]` backtracks: on text with many `[%` and no `]` it is
 * quadratic (a 200 KB comment took 37 s). Each character is looked at a bounded number of times:
 * O(text length).
 */
export function* commandSpans(text: string): Generator<CommandSpan> {
  let from = 0;
  for (;;) {
    const start = text.indexOf('[%', from);
    if (start < 0) return;
    let at = start + 2;
    while (at < text.length && isWordChar(text.charCodeAt(at))) at++;
    if (at === start + 2 || at >= text.length || !isSpace(text.charCodeAt(at))) {
      // No name, or no space after it: not a command. The next `[%` lies at or after `at`, so
      // nothing is scanned twice.
      from = Math.max(start + 2, at);
      continue;
    }
    const close = text.indexOf(']', at);
    // No `]` after this point means no later `[%` can close either.
    if (close < 0) return;
    yield { start, end: close + 1, name: text.slice(start + 2, at), args: text.slice(at, close).trim() };
    from = close + 1;
  }
}

/**
 * The text without the commands whose names are in `names`, each with the white space just before
 * it (as `{ [%clk 0:01:00] }` becomes `{ }`). O(text length).
 */
export function removeCommands(text: string, names: ReadonlySet<string>): string {
  if (!text.includes('[%')) return text;
  let out = '';
  let kept = 0;
  for (const span of commandSpans(text)) {
    if (!names.has(span.name)) continue;
    let cut = span.start;
    while (cut > kept && isSpace(text.charCodeAt(cut - 1))) cut--;
    out += text.slice(kept, cut);
    kept = span.end;
  }
  return kept === 0 ? text : out + text.slice(kept);
}

/** `[A-Za-z0-9_]`, the `\w` of a regular expression. */
function isWordChar(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
}

const SPACE = /\s/;

/** The `\s` of a regular expression (ASCII white space fast, the Unicode ones through the class). */
function isSpace(c: number): boolean {
  if (c === 32 || (c >= 9 && c <= 13)) return true;
  return c > 127 && SPACE.test(String.fromCharCode(c));
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** Whether `text[from, to)` is one or more ASCII digits (and not empty). */
function allDigits(text: string, from: number, to: number): boolean {
  if (to <= from) return false;
  for (let i = from; i < to; i++) if (!isDigit(text.charCodeAt(i))) return false;
  return true;
}

/**
 * Decodes the commands in a comment's text. The first `%clk`, `%emt` and `%eval` count;
 * `%csl` and `%cal` shapes are collected in order. O(text length).
 *
 * @example
 * parseCommentCommands('[%eval #-3] [%clk 0:01:02.5]') // { eval: { mate: -3 }, clock: 62.5 }
 */
export function parseCommentCommands(text: string): CommentCommands {
  const found: Mutable<CommentCommands> = {};
  if (!text.includes('[%')) return found;
  for (const { name, args } of commandSpans(text)) {
    if (name === 'clk' || name === 'emt') {
      const seconds = parseClock(args);
      if (seconds !== undefined && found[name === 'clk' ? 'clock' : 'emt'] === undefined) {
        found[name === 'clk' ? 'clock' : 'emt'] = seconds;
      }
    } else if (name === 'eval') {
      const evaluation = parseEval(args);
      if (evaluation && found.eval === undefined) found.eval = evaluation;
    } else if (name === 'csl' || name === 'cal') {
      const shapes = parseShapes(args, name === 'cal');
      if (shapes.length > 0) found.shapes = [...(found.shapes ?? []), ...shapes];
    }
  }
  return found;
}

/** `h:mm:ss`, `mm:ss`, with optional decimals on the seconds → seconds. O(length), no backtracking. */
export function parseClock(args: string): number | undefined {
  const parts = args.split(':');
  if (parts.length < 2 || parts.length > 3) return undefined;
  const seconds = parts[parts.length - 1] ?? '';
  const dot = seconds.indexOf('.');
  const secondsOk =
    dot < 0
      ? allDigits(seconds, 0, seconds.length)
      : allDigits(seconds, 0, dot) && allDigits(seconds, dot + 1, seconds.length);
  if (!secondsOk) return undefined;
  for (let i = 0; i < parts.length - 1; i++) {
    const part = parts[i] ?? '';
    if (!allDigits(part, 0, part.length)) return undefined;
  }
  const hours = parts.length === 3 ? Number(parts[0]) : 0;
  return hours * 3600 + Number(parts[parts.length - 2]) * 60 + Number(seconds);
}

/**
 * `0.17`, `-1.5`, `.5`, `3.`, `#-3`, with an optional `,depth`. O(length), no backtracking (the
 * expression this replaces, with `\d+\.?\d*`, was quadratic on a long run of digits).
 */
export function parseEval(args: string): Evaluation | undefined {
  const comma = args.indexOf(',');
  const value = comma < 0 ? args : args.slice(0, comma);
  let depth: { depth?: number } = {};
  if (comma >= 0) {
    if (!allDigits(args, comma + 1, args.length)) return undefined;
    depth = { depth: Number(args.slice(comma + 1)) };
  }
  if (value.startsWith('#')) {
    const signed = value.charCodeAt(1) === 43 || value.charCodeAt(1) === 45 ? 2 : 1;
    if (!allDigits(value, signed, value.length)) return undefined;
    return { mate: Number(value.slice(1)), ...depth };
  }
  const from = value.charCodeAt(0) === 43 || value.charCodeAt(0) === 45 ? 1 : 0;
  const dot = value.indexOf('.', from);
  const ok =
    dot < 0
      ? allDigits(value, from, value.length)
      : (allDigits(value, from, dot) && (dot + 1 === value.length || allDigits(value, dot + 1, value.length))) ||
        (dot === from && allDigits(value, dot + 1, value.length));
  if (!ok) return undefined;
  return { pawns: Number(value), ...depth };
}

/** `Ra1,Gd4` (squares, `%csl`) or `Ge2e4,Rd1d8` (arrows, `%cal`); unreadable items are skipped. */
export function parseShapes(args: string, arrows: boolean): Shape[] {
  const shapes: Shape[] = [];
  for (const item of args.split(',')) {
    // Five characters at most: the fixed-length expression below then costs nothing.
    const trimmed = item.trim();
    const m = trimmed.length <= 5 ? SHAPE.exec(trimmed) : null;
    if (!m || (m[3] !== undefined) !== arrows) continue;
    const color = COLORS[m[1] as keyof typeof COLORS];
    shapes.push(m[3] === undefined ? { color, from: m[2] ?? '' } : { color, from: m[2] ?? '', to: m[3] });
  }
  return shapes;
}

/** Builds a `Comment` node: the verbatim text, its span and its decoded commands. */
export function makeComment(text: string, offset: number, length: number): Comment {
  if (!text.includes('[%')) return { offset, length, text };
  return { offset, length, text, ...parseCommentCommands(text) };
}
