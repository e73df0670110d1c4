/**
 * The resync rule: from any byte offset of a PGN file, find the first place at or after it where a
 * game surely starts, looking only at a few lines of bytes around it. Byte ranges cut at these
 * places hold whole games, so that shards (`--shard K/N`) and workers can each read their own part
 * of a file and still cut exactly the games a reading of the whole file cuts.
 *
 * A sync point is offset 0, or the start `p` of a line L such that
 *   1. the byte before `p` is LF (so a decoder fed the bytes before `p` has decoded all of them);
 *   2. L is one well-formed tag pair from column 1: `[Name "value"]` (spaces or tabs around the
 *      value and after the `]`, `\` escapes in the value), ended by CR or LF;
 *   3. the nearest line M before L that is not blank (spaces, tabs, FF, VT) leaves the splitter
 *      either inside a `{` comment or, outside one, after movetext — whatever state M starts in.
 *
 * Why L is then a game start in the whole reading (GameSplitter's rules, src/pgn/split.ts): at a
 * line start the splitter is outside or inside a `{` comment (every other state ends at the line
 * end), and blank lines change neither. Inside a comment, a column-1 line that is one well-formed
 * tag pair ends the comment and starts a game (the recovery rule). Outside, a tag line starts a
 * game once the current game has movetext (rule 1). Condition 3 is checked by running M from both
 * possible start states through the splitter's per-line rules: braces, tag brackets and their
 * strings, `;` and column-1 `%` comments; movetext counts only when read outside all of those. M
 * may not start with `[` (a tag line, or a recovery probe), and bytes ≥ 0x80 never count as
 * movetext (they may be a no-break space, which the splitter treats as blank). Nothing is assumed
 * of the phase before M, so the rule holds even in a file's first lines.
 *
 * Real files have a sync point before nearly every game (`... 1-0`, a blank line, `[Event "…"]`);
 * a file without any (CR-only line ends, results never outside comments) is simply one range.
 * test/property/resync.prop.test.ts checks the rule against the splitter on random files.
 *
 * Cost: linear in the bytes looked at; a search reads from the offset to the next sync point, plus
 * the lines before it back to M.
 */

const LF = 0x0a;
const CR = 0x0d;
const TAB = 0x09;
const VT = 0x0b;
const FF = 0x0c;
const SPACE = 0x20;
const QUOTE = 0x22;
const PERCENT = 0x25;
const SEMICOLON = 0x3b;
const OPEN_BRACKET = 0x5b;
const BACKSLASH = 0x5c;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;

/** Random access to a file's bytes: `byteAt(i)` for 0 ≤ i < size. */
export interface ByteSource {
  readonly size: number;
  byteAt(index: number): number;
}

/** A `ByteSource` over bytes in memory. */
export function bytesSource(bytes: Uint8Array): ByteSource {
  return { size: bytes.length, byteAt: (i) => bytes[i] as number };
}

/**
 * The first sync point at or after `from` (0 for `from` ≤ 0), or `source.size` when there is none.
 *
 * @example
 * const text = new TextEncoder().encode('[A "1"]\n\n1. e4 *\n\n[B "2"]\n\n1. d4 *\n');
 * gameStartAtOrAfter(bytesSource(text), 1); // 18, the start of `[B "2"]`
 */
export function gameStartAtOrAfter(source: ByteSource, from: number): number {
  if (from <= 0) return 0;
  const size = source.size;
  // Candidates are the starts of lines that follow an LF: scan from the LF at from - 1, if any.
  for (let i = Math.min(from, size) - 1; i < size - 1; i++) {
    if (source.byteAt(i) !== LF) continue;
    const p = i + 1;
    if (isLoneTagPairLine(source, p) && lineBeforeLeavesGameStart(source, p)) return p;
  }
  return size;
}

function isBlankByte(c: number): boolean {
  return c === SPACE || c === TAB || c === FF || c === VT;
}

function isNameByte(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c === 0x5f;
}

/** Condition 2: the line at `p` is `[Name "value"]` alone (as the splitter's recovery probe reads it), ended by CR or LF. */
function isLoneTagPairLine(source: ByteSource, p: number): boolean {
  const size = source.size;
  if (source.byteAt(p) !== OPEN_BRACKET) return false;
  let i = p + 1;
  const nameStart = i;
  while (i < size && isNameByte(source.byteAt(i))) i++;
  if (i === nameStart) return false;
  while (i < size && (source.byteAt(i) === SPACE || source.byteAt(i) === TAB)) i++;
  if (i >= size || source.byteAt(i) !== QUOTE) return false;
  for (i++; ; i++) {
    if (i >= size) return false;
    const c = source.byteAt(i);
    if (c === LF || c === CR) return false;
    if (c === QUOTE) break;
    if (c === BACKSLASH) {
      i++;
      if (i >= size || source.byteAt(i) === LF || source.byteAt(i) === CR) return false;
    }
  }
  for (i++; i < size && (source.byteAt(i) === SPACE || source.byteAt(i) === TAB); i++);
  if (i >= size || source.byteAt(i) !== CLOSE_BRACKET) return false;
  for (i++; i < size && (source.byteAt(i) === SPACE || source.byteAt(i) === TAB); i++);
  return i < size && (source.byteAt(i) === LF || source.byteAt(i) === CR);
}

/** Condition 3, for the line that starts at `p` (the byte before it is an LF). */
function lineBeforeLeavesGameStart(source: ByteSource, p: number): boolean {
  // Back over line ends and blank lines to M's last byte that is not blank.
  let last = p - 1;
  for (; last >= 0; last--) {
    const c = source.byteAt(last);
    if (c === LF || c === CR || isBlankByte(c)) continue;
    break;
  }
  if (last < 0) return false;
  let first = last;
  while (first > 0 && source.byteAt(first - 1) !== LF && source.byteAt(first - 1) !== CR) first--;
  // Bytes ≥ 0x80 on the blank lines between M and L could be no-break spaces, or letters: M would
  // then not be the nearest line that is not blank. Refuse the candidate.
  for (let i = last + 1; i < p; i++) if (source.byteAt(i) >= 0x80) return false;
  let lead = first;
  while (lead <= last && isBlankByte(source.byteAt(lead))) lead++;
  const c = source.byteAt(lead);
  if (c === OPEN_BRACKET || c >= 0x80) return false;
  return leavesGameStart(source, first, last, false) && leavesGameStart(source, first, last, true);
}

// Per-line states of the splitter, as far as condition 3 needs them.
const NORMAL = 0;
const BRACE = 1;
const TAG = 2;
const TAG_STRING = 3;
const TAG_ESCAPE = 4;
const LINE_COMMENT = 5;

/**
 * Reads the line `first..last` from outside (`inBrace` false) or inside a `{` comment: true when it
 * ends inside a comment, or outside one after at least one byte of movetext read outside comments
 * and tags.
 */
function leavesGameStart(source: ByteSource, first: number, last: number, inBrace: boolean): boolean {
  let state = inBrace ? BRACE : NORMAL;
  let moves = false;
  for (let i = first; i <= last; i++) {
    const c = source.byteAt(i);
    switch (state) {
      case NORMAL:
        if (isBlankByte(c) || c >= 0x80) break;
        if (c === OPEN_BRACKET) state = TAG;
        else if (c === OPEN_BRACE) state = BRACE;
        else if (c === SEMICOLON || (c === PERCENT && i === first)) state = LINE_COMMENT;
        else moves = true;
        break;
      case BRACE:
        if (c === CLOSE_BRACE) state = NORMAL;
        break;
      case TAG:
        if (c === QUOTE) state = TAG_STRING;
        else if (c === CLOSE_BRACKET) state = NORMAL;
        break;
      case TAG_STRING:
        if (c === QUOTE) state = TAG;
        else if (c === BACKSLASH) state = TAG_ESCAPE;
        break;
      case TAG_ESCAPE:
        state = TAG_STRING;
        break;
      default: // LINE_COMMENT: to the line end
        break;
    }
  }
  return state === BRACE || moves;
}
