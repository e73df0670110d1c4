/**
 * Tag pairs: decoding and encoding of tag values, the Seven Tag Roster, and lookup by name.
 * Imports only the parse tree types; knows no chess.
 *
 * Key decision: values are decoded only when they contain a backslash (the same idea as
 * pgn-reader's `RawTag::decode`): almost no real value does, so the common case is a plain slice.
 */
import type { Game, Tag } from './ast.js';

/** PGN standard 8.1.1: the seven tags every exported game has, in this order. */
export const SEVEN_TAG_ROSTER = ['Event', 'Site', 'Date', 'Round', 'White', 'Black', 'Result'] as const;

export type SevenTagName = (typeof SEVEN_TAG_ROSTER)[number];

/** What export format writes for a missing roster tag (PGN standard 8.1.1). */
export const SEVEN_TAG_DEFAULTS: Readonly<Record<SevenTagName, string>> = {
  Event: '?',
  Site: '?',
  Date: '????.??.??',
  Round: '?',
  White: '?',
  Black: '?',
  Result: '*',
};

/**
 * Decodes a raw tag value: `\"` → `"` and `\\` → `\`. A backslash before any other character is
 * kept as written (the standard defines only these two escapes). O(length), and O(1) when the
 * value has no backslash.
 *
 * @example decodeTagValue('Say \\"hi\\"') === 'Say "hi"'
 */
export function decodeTagValue(raw: string): string {
  if (!raw.includes('\\')) return raw;
  return raw.replace(/\\(["\\])/g, '$1');
}

/**
 * Encodes a value for writing between quotes: `\` → `\\` and `"` → `\"`.
 *
 * @example encodeTagValue('Say "hi"') === 'Say \\"hi\\"'
 */
export function encodeTagValue(value: string): string {
  return /["\\]/.test(value) ? value.replace(/["\\]/g, '\\$&') : value;
}

/**
 * The value of the LAST tag called `name` (names are case-sensitive), as python-chess does for
 * duplicates; `undefined` when there is none. O(number of tags).
 *
 * @example getTag(game, 'White') // 'Kasparov, Garry'
 */
export function getTag(game: Pick<Game, 'tags'>, name: string): string | undefined {
  const tags: readonly Tag[] = game.tags;
  for (let i = tags.length - 1; i >= 0; i--) {
    const tag = tags[i];
    if (tag?.name === name) return tag.value;
  }
  return undefined;
}

/**
 * Whether `name` is a tag name as PGN standard 8.1.1 spells them: letters, digits and `_`, at
 * least one. (The grammar and the splitter scan the same class with their own tables, for speed.)
 *
 * @example isTagName('WhiteElo') // true
 */
export function isTagName(name: string): boolean {
  if (name.length === 0) return false;
  for (let i = 0; i < name.length; i++) if (!isTagNameChar(name.charCodeAt(i))) return false;
  return true;
}

/** A character of a tag name (`[A-Za-z0-9_]`, the standard's symbol characters less `+#=:-`). */
export function isTagNameChar(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
}

/** True for the names of the Seven Tag Roster. */
export function isSevenTagName(name: string): name is SevenTagName {
  return (SEVEN_TAG_ROSTER as readonly string[]).includes(name);
}
