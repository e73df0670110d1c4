/**
 * Offsets → line and column inside one game, without the rest of the file: a game knows where
 * its text starts (offset, line, column), so any offset in it can be placed from the game alone.
 * Imports only diagnostics. Key decision: the `LineIndex` of a game's text is built on the first
 * lookup only (most games have no diagnostic) and cached per text.
 */
import {
  DiagnosticCap,
  LineIndex,
  excerptOf,
  diagnostic,
  type Diagnostic,
  type DiagnosticCode,
  type Severity,
} from '../diagnostics.js';

/** Where a game's text starts in the file. */
export interface TextOrigin {
  readonly text: string;
  readonly offset: number;
  readonly line: number;
  readonly column: number;
}

/** Enough source for an excerpt (which is cut to about 60 characters). */
const EXCERPT_SOURCE = 200;

const indexes = new WeakMap<TextOrigin, LineIndex>();

/**
 * The 1-based line and column (code points) of file offset `offset`, which should lie inside
 * `origin.text` (it is clamped to it). O(log lines + column) after an O(text) first call.
 */
export function locateIn(origin: TextOrigin, offset: number): { line: number; column: number } {
  let index = indexes.get(origin);
  if (!index) {
    index = new LineIndex(origin.text);
    indexes.set(origin, index);
  }
  const local = index.locate(offset - origin.offset);
  return local.line === 1
    ? { line: origin.line, column: origin.column + local.column - 1 }
    : { line: origin.line + local.line - 1, column: local.column };
}

/**
 * Collects located diagnostics for one game. Offsets given to `add` are into the game text. At
 * most MAX_DIAGNOSTICS_PER_CODE of one code are kept; `close` adds a note for the others.
 */
export class DiagnosticSink {
  readonly list: Diagnostic[] = [];
  private readonly cap = new DiagnosticCap();

  constructor(
    private readonly origin: TextOrigin,
    private readonly gameIndex: number,
  ) {}

  add(
    code: DiagnosticCode,
    message: string,
    start: number,
    end: number,
    extra: { readonly hint?: string | undefined; readonly severity?: Severity } = {},
  ): void {
    if (!this.cap.admit(code)) {
      if (this.cap.wantsFirst(code)) this.cap.omitted(this.located(code, message, start, end, extra));
      return;
    }
    this.list.push(this.located(code, message, start, end, extra));
  }

  /** Adds the notes for the diagnostics the cap kept out; call once, after the last `add`. */
  close(): void {
    for (const note of this.cap.notes()) this.list.push(note);
  }

  private located(
    code: DiagnosticCode,
    message: string,
    start: number,
    end: number,
    extra: { readonly hint?: string | undefined; readonly severity?: Severity },
  ): Diagnostic {
    const offset = this.origin.offset + start;
    const details = {
      offset,
      ...locateIn(this.origin, offset),
      length: end - start,
      gameIndex: this.gameIndex,
      excerpt: excerptOf(this.origin.text.slice(start, Math.min(end, start + EXCERPT_SOURCE))),
      ...(extra.hint === undefined ? {} : { hint: extra.hint }),
      ...(extra.severity === undefined ? {} : { severity: extra.severity }),
    };
    return diagnostic(code, message, details);
  }
}
