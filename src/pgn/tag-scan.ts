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
  const spans = tagSpans(text);
  const tags: ScannedTag[] = [];
  for (let k = 0; k < spans.length; k += SPAN)
    tags.push({ name: text.slice(spans[k], spans[k + 1]), value: valueAt(text, spans, k) });
  return tags;
}

/**
 * A lookup of the tag values of `text` by name (the last tag of that name, as `scannedTag`), for
 * the `--where` filter, which reads a tag or two of every game. The usual tag section is a run of
 * plain lines, `[Name "value"]` then LF (no quote, backslash or line end in the value): that run
 * is matched whole by one native search, and a name is then found in it by `lastIndexOf` of
 * `[Name "` (which, with no quote inside a plain value, starts only at a line start). Whatever
 * follows the run (other spellings, CR line ends) is read into offsets as `scanTags` reads it, and
 * searched first, as its tags come later. Only the values asked for are sliced.
 */
export function tagReader(text: string): (name: string) => string | undefined {
  const start = afterBlanks(text, 0);
  PLAIN_TAG_LINES.lastIndex = start;
  const plainEnd = PLAIN_TAG_LINES.test(text) ? PLAIN_TAG_LINES.lastIndex : start;
  const spans = tagSpans(text, plainEnd);
  return (name) => {
    for (let k = spans.length - SPAN; k >= 0; k -= SPAN) {
      const nameStart = spans[k] as number;
      if ((spans[k + 1] as number) - nameStart === name.length && text.startsWith(name, nameStart))
        return valueAt(text, spans, k);
    }
    if (plainEnd === start) return undefined;
    const opening = openingOf(name);
    for (let before = plainEnd - opening.length; ; ) {
      const line = text.lastIndexOf(opening, before);
      if (line < start) return undefined;
      if (line === start || text.charCodeAt(line - 1) === LF) {
        const valueStart = line + opening.length;
        return text.slice(valueStart, text.indexOf('"', valueStart));
      }
      before = line - 1; // a value's end that looks like it (`[Event "a [White "]`)
    }
  };
}

/** `[Name "` by name, made once per name asked for (a filter asks for the same few). */
const OPENINGS = new Map<string, string>();

function openingOf(name: string): string {
  let opening = OPENINGS.get(name);
  if (opening === undefined) {
    opening = `[${name} "`;
    if (OPENINGS.size < 256) OPENINGS.set(name, opening);
  }
  return opening;
}

/** Numbers per tag pair in a span list: name start and end, value start and end, 1 if the value has escapes. */
const SPAN = 5;

function valueAt(text: string, spans: readonly number[], k: number): string {
  const raw = text.slice(spans[k + 2], spans[k + 3]);
  return spans[k + 4] === 1 ? decodeTagValue(raw) : raw;
}

/**
 * Where the next backslash and CR of a text are (its length when there is none), found with
 * `indexOf` and searched again only once passed. A game's text is usually a view into a larger
 * string (`split.ts`), where `charCodeAt` is slow and `indexOf` is not: the common tag value is
 * found with two searches, not a loop over its characters.
 */
interface Marks {
  backslash: number;
  cr: number;
}

/** A tag pair with one space, no escape and no line end in its value: what `readTag` reads the same way. */
const PLAIN_TAG = /\[[A-Za-z0-9_]+ "[^"\\\r\n]*"\]/y;
/** A run of plain tag pairs, each ending its line with an LF (see `tagReader`). */
const PLAIN_TAG_LINES = new RegExp(`(?:${PLAIN_TAG.source}\\n)+`, 'y');

/** Where the blanks at `from` end: spaces, tabs, line ends and a BOM. */
function afterBlanks(text: string, from: number): number {
  let i = from;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c !== SPACE && c !== TAB && c !== LF && c !== CR && c !== BOM) break;
    i++;
  }
  return i;
}

/**
 * The spans (`SPAN` numbers each) of the tag pairs before the movetext of `text`, in order; from
 * `from`, a place between two tag pairs (a line start), when the ones before it are read already.
 */
function tagSpans(text: string, from = 0): number[] {
  const spans: number[] = [];
  const marks: Marks = { backslash: -1, cr: -1 };
  let i = from;
  const n = text.length;
  for (;;) {
    i = afterBlanks(text, i);
    if (i >= n || text.charCodeAt(i) !== OPEN) return spans;
    PLAIN_TAG.lastIndex = i;
    if (PLAIN_TAG.test(text)) {
      // `[Name "value"]`, the shape of nearly every real tag: one native search, no loop.
      const nameEnd = text.indexOf(' ', i);
      spans.push(i + 1, nameEnd, nameEnd + 2, PLAIN_TAG.lastIndex - 2, 0);
      i = PLAIN_TAG.lastIndex;
      continue;
    }
    const next = readTag(text, i, spans, marks);
    if (next < 0) return spans;
    i = next;
  }
}

/** Reads the tag pair at `text[at] === '['` into `spans`; returns where it ends, or -1 if it is none. */
function readTag(text: string, at: number, spans: number[], marks: Marks): number {
  const n = text.length;
  let i = at + 1;
  while (i < n && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
  const nameStart = i;
  while (i < n && isTagNameChar(text.charCodeAt(i))) i++;
  const nameEnd = i;
  while (i < n && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
  if (nameEnd === nameStart || text.charCodeAt(i) !== QUOTE) return recovered(text, at, spans);
  const valueStart = ++i;
  let escaped = 0;
  const quote = text.indexOf('"', i);
  if (marks.backslash < i) marks.backslash = indexOrEnd(text, '\\', i);
  if (marks.cr < i) marks.cr = indexOrEnd(text, '\r', i);
  const lf = text.indexOf('\n', i);
  if (quote >= 0 && quote < marks.backslash && quote < marks.cr && (lf < 0 || lf > quote)) i = quote;
  else {
    for (; i < n; i++) {
      const c = text.charCodeAt(i);
      if (c === LF || c === CR) return recovered(text, at, spans);
      if (c === BACKSLASH) {
        i++;
        escaped = 1;
      } else if (c === QUOTE) break;
    }
    if (i >= n) return -1;
  }
  const valueEnd = i;
  i++;
  while (i < n && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
  if (text.charCodeAt(i) !== CLOSE) return recovered(text, at, spans);
  spans.push(nameStart, nameEnd, valueStart, valueEnd, escaped);
  return i + 1;
}

function indexOrEnd(text: string, search: string, from: number): number {
  const found = text.indexOf(search, from);
  return found < 0 ? text.length : found;
}

/**
 * A `[` line that is not a well-formed tag pair: `[Name "a "quoted" word"]` is read back with the
 * value between the first and the last quote (as `tag-section.ts` does); any other is skipped.
 */
function recovered(text: string, at: number, spans: number[]): number {
  let end = at;
  while (end < text.length && text.charCodeAt(end) !== LF && text.charCodeAt(end) !== CR) end++;
  const line = text.slice(at, end).trimEnd();
  const m = /^\[[ \t]*([A-Za-z0-9_]+)[ \t]*"(.*)"[ \t]*\]$/d.exec(line);
  const name = m?.indices?.[1];
  const value = m?.indices?.[2];
  if (!name || !value) return end; // unreadable: skipped, as the parser reports and skips it
  spans.push(at + name[0], at + name[1], at + value[0], at + value[1], 0);
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
