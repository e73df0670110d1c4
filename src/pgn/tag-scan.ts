/**
 * The tag pairs at the head of one game's text, read without parsing the movetext: what the
 * `--where` filter looks at, so that a game it leaves out costs only its splitting. Gives the same
 * names and values as `parseGame` for the tag pairs before the first move (escapes decoded;
 * `[Event "The "Best" game"]` read back as the parser reads it); stops at the first thing that is
 * not a tag pair. O(length of the tag section); never throws.
 */
import { decodeTagValue, isTagNameChar } from './tags.js';

export interface ScannedTag {
  readonly name: string;
  readonly value: string;
}

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;
const QUOTE = 34;
const BACKSLASH = 92;
const OPEN = 91;
const CLOSE = 93;
const BOM = 0xfeff;

/** The tag pairs before the movetext of `text` (one game, as `GameSplitter` cuts it), in order. */
export function scanTags(text: string): ScannedTag[] {
  const tags: ScannedTag[] = [];
  let i = 0;
  const n = text.length;
  for (;;) {
    while (i < n) {
      const c = text.charCodeAt(i);
      if (c !== SPACE && c !== TAB && c !== LF && c !== CR && c !== BOM) break;
      i++;
    }
    if (i >= n || text.charCodeAt(i) !== OPEN) return tags;
    const next = readTag(text, i, tags);
    if (next < 0) return tags;
    i = next;
  }
}

/** Reads the tag pair at `text[at] === '['` into `tags`; returns where it ends, or -1 if it is none. */
function readTag(text: string, at: number, tags: ScannedTag[]): number {
  const n = text.length;
  let i = at + 1;
  while (i < n && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
  const nameStart = i;
  while (i < n && isTagNameChar(text.charCodeAt(i))) i++;
  const name = text.slice(nameStart, i);
  while (i < n && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
  if (name === '' || text.charCodeAt(i) !== QUOTE) return recovered(text, at, tags);
  const valueStart = ++i;
  let escaped = false;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || c === CR) return recovered(text, at, tags);
    if (c === BACKSLASH) {
      i++;
      escaped = true;
    } else if (c === QUOTE) break;
  }
  if (i >= n) return -1;
  const raw = text.slice(valueStart, i);
  i++;
  while (i < n && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
  if (text.charCodeAt(i) !== CLOSE) return recovered(text, at, tags);
  tags.push({ name, value: escaped ? decodeTagValue(raw) : raw });
  return i + 1;
}

/**
 * A `[` line that is not a well-formed tag pair: `[Name "a "quoted" word"]` is read back with the
 * value between the first and the last quote (as `tag-section.ts` does); any other is skipped.
 */
function recovered(text: string, at: number, tags: ScannedTag[]): number {
  let end = at;
  while (end < text.length && text.charCodeAt(end) !== LF && text.charCodeAt(end) !== CR) end++;
  const line = text.slice(at, end).trimEnd();
  const m = /^\[[ \t]*([A-Za-z0-9_]+)[ \t]*"(.*)"[ \t]*\]$/.exec(line);
  if (!m) return end; // unreadable: skipped, as the parser reports and skips it
  tags.push({ name: m[1] ?? '', value: m[2] ?? '' });
  return end;
}

/** The value of the last tag called `name` among `tags` (as `getTag`), or undefined. */
export function scannedTag(tags: readonly ScannedTag[], name: string): string | undefined {
  for (let i = tags.length - 1; i >= 0; i--) {
    const tag = tags[i] as ScannedTag;
    if (tag.name === name) return tag.value;
  }
  return undefined;
}
