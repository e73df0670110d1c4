/**
 * The tag pairs of one game while `tree.ts` reads its elements: decoding, duplicates, malformed
 * and misplaced tags (PGN_DUPLICATE_TAG, PGN_BAD_TAG, PGN_UNCLOSED_TAG). Knows no chess.
 *
 * Key decision: a tag whose value holds unescaped quotes (`[Event "The "Best" game"]`, common in
 * old files) is read back, as python-chess does, with a warning that says how; only a tag that
 * cannot be read is an error.
 */
import type { Tag } from './ast.js';
import type { DiagnosticSink } from './location.js';
import type { RawTag, RawToken } from './raw.js';
import { quoted } from './hints.js';
import { decodeTagValue } from './tags.js';

export class TagSection {
  readonly tags: Tag[] = [];
  /** True until the movetext begins; tags after that are reported and ignored. */
  open = true;
  private readonly names = new Set<string>();

  constructor(
    private readonly text: string,
    private readonly shift: number,
    private readonly sink: DiagnosticSink,
  ) {}

  tag(e: RawTag): void {
    if (!this.open) {
      this.sink.add(
        'PGN_BAD_TAG',
        `tag pair ${quoted(`[${e.text} …]`)} inside the movetext is ignored`,
        e.start,
        e.end,
        {
          hint: 'tag pairs come before the moves; a new game starts with its tags on a new line',
        },
      );
      return;
    }
    this.add(e.text, decodeTagValue(e.value), e.start, e.end);
  }

  /** A `[` that did not make a tag pair: read it back if it is one with unescaped quotes. */
  badTag(e: RawToken): void {
    const closed = this.text.charCodeAt(e.end - 1) === 93 && e.end - e.start === e.text.length + 2;
    const shown = quoted(`[${e.text}${closed ? ']' : ''}`);
    if (!this.open) {
      this.sink.add('PGN_BAD_TAG', `${shown} inside the movetext is ignored`, e.start, e.end, {
        hint: e.text.startsWith('%')
          ? 'commands like `[%clk …]` belong inside a `{…}` comment'
          : 'tag pairs come before the moves',
      });
      return;
    }
    const recovered = closed ? recoverTag(e.text) : undefined;
    if (recovered !== undefined) {
      this.add(recovered.name, recovered.value, e.start, e.end);
      this.sink.add(
        'PGN_BAD_TAG',
        `malformed tag pair ${shown} is read as ${recovered.name} = ${quoted(recovered.value)}`,
        e.start,
        e.end,
        {
          hint: 'escape quotes inside a value as \\"',
          severity: 'warning', // nothing of the game is lost
        },
      );
    } else if (!closed) {
      this.sink.add('PGN_UNCLOSED_TAG', `tag pair ${shown} is not closed`, e.start, e.end, {
        hint: 'a tag pair is `[Name "value"]` on one line',
      });
    } else {
      this.sink.add('PGN_BAD_TAG', `malformed tag pair ${shown} is ignored`, e.start, e.end, {
        hint: 'a tag pair is `[Name "value"]`: a name of letters, digits and _, then a quoted value',
      });
    }
  }

  private add(name: string, value: string, start: number, end: number): void {
    if (this.names.has(name)) {
      this.sink.add('PGN_DUPLICATE_TAG', `tag ${quoted(name)} appears more than once`, start, end, {
        hint: 'the last value is the one used',
      });
    }
    this.names.add(name);
    const quote = this.text.indexOf('"', start);
    this.tags.push({
      offset: this.shift + start,
      length: end - start,
      name,
      value,
      valueOffset: this.shift + quote + 1,
    });
  }
}

/** `Event "The "Best" game"` → Event = `The "Best" game`: a tag with unescaped quotes inside. */
function recoverTag(inner: string): { name: string; value: string } | undefined {
  const m = /^[ \t]*([A-Za-z0-9_]+)[ \t]*"(.*)"[ \t]*$/.exec(inner);
  return m ? { name: m[1] ?? '', value: m[2] ?? '' } : undefined;
}
