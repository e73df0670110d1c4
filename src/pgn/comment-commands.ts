/**
 * Comment commands: the `[%cmd args]` conventions that lichess, ChessBase and engines embed in
 * comments (`[%clk]`, `[%emt]`, `[%eval]`, `[%csl]`, `[%cal]`). Imports only the parse tree
 * types; knows no chess (a square is a name like `e4`, checked by shape only).
 *
 * Key decision: commands are looked for only when the comment contains `[%`, a check that costs
 * one `indexOf`; engine comments (`{d=23, pv=...}`) and plain text never reach a regular
 * expression. The comment's text is always kept verbatim, commands included; a command with
 * arguments we cannot read is ignored (the text still holds it).
 */
import type { Comment, Evaluation, Shape } from './ast.js';

/** The decoded commands of one comment: the optional fields of `Comment`. */
export type CommentCommands = Pick<Comment, 'clock' | 'emt' | 'eval' | 'shapes'>;

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

const COMMAND = /\[%(\w+)\s+([^\]]*)\]/g;
const CLOCK = /^(?:(\d+):)?(\d+):(\d+(?:\.\d+)?)$/;
const EVAL = /^(?:#([+-]?\d+)|([+-]?(?:\d+\.?\d*|\.\d+)))(?:,(\d+))?$/;
const SHAPE = /^([RGBY])([a-h][1-8])([a-h][1-8])?$/;
const COLORS = { R: 'red', G: 'green', B: 'blue', Y: 'yellow' } as const;

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
  for (const match of text.matchAll(COMMAND)) {
    const name = match[1] ?? '';
    const args = (match[2] ?? '').trim();
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

/** `h:mm:ss`, `mm:ss`, with optional decimals on the seconds → seconds. */
export function parseClock(args: string): number | undefined {
  const m = CLOCK.exec(args);
  if (!m) return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]);
}

/** `0.17`, `-1.5`, `#-3`, with an optional `,depth`. */
export function parseEval(args: string): Evaluation | undefined {
  const m = EVAL.exec(args);
  if (!m) return undefined;
  const depth = m[3] === undefined ? {} : { depth: Number(m[3]) };
  return m[1] !== undefined ? { mate: Number(m[1]), ...depth } : { pawns: Number(m[2]), ...depth };
}

/** `Ra1,Gd4` (squares, `%csl`) or `Ge2e4,Rd1d8` (arrows, `%cal`); unreadable items are skipped. */
export function parseShapes(args: string, arrows: boolean): Shape[] {
  const shapes: Shape[] = [];
  for (const item of args.split(',')) {
    const m = SHAPE.exec(item.trim());
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
