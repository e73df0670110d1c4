/**
 * Decodes blocks of bytes that contain no BOM, deciding line by line between UTF-8 and
 * Windows-1252, and reporting mixed encodings (IO_DECODE) and binary-looking lines (IO_BINARY).
 * Used by `decode.ts`, which cuts the stream into blocks ending at a newline.
 *
 * Key decision: the verdict is taken per *segment* — a line, or a piece of at most `maxBlock` bytes
 * of a longer line, cut greedily from the line start by `safeCut` — never per read chunk. Segments
 * depend only on the bytes, so the decoded text and the diagnostics are the same however the
 * bytes arrive. A pure-ASCII segment decodes the same either way and takes no side. The common case
 * (a whole block of valid UTF-8 without control bytes) is decoded in one call; the per-segment
 * path runs only for blocks with invalid UTF-8 or control bytes, and groups consecutive segments of
 * the same verdict into one decode call.
 */
import iconv from 'iconv-lite';
import { countCodePoints, diagnostic, excerptOf, type Diagnostic } from '../diagnostics.js';
import { cleanBlock, safeCut, scanBytes, type ByteScan } from './utf8-scan.js';

/** How a run of bytes is turned into text: UTF-8, Windows-1252, or UTF-8 with U+FFFD replacements. */
type Kind = 'utf8' | 'legacy' | 'replace';

/** A line is binary-looking when at least this many of its bytes are NUL or control bytes… */
const BINARY_MIN_CONTROLS = 4;
/** …and they make up at least 1/20 of it. A UTF-16 line without BOM is about half NULs. */
const BINARY_RATIO = 20;

function lineFeeds(text: string): number {
  let count = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++;
  return count;
}

function decodeRun(kind: Kind, bytes: Buffer, start: number, end: number): string {
  // Buffer's UTF-8 decoder replaces invalid sequences with U+FFFD, which is what 'replace' wants.
  return kind === 'legacy' ? iconv.decode(bytes.subarray(start, end), 'win1252') : bytes.toString('utf8', start, end);
}

/** Where a segment starts, in the decoded text and in the file. */
interface Place {
  readonly offset: number;
  readonly line: number;
  readonly column?: number;
  readonly byte: number;
}

export class LineDecoder {
  private charsOut = 0;
  private lineBreaks = 0;
  private previous = -1;
  private seenUtf8 = false;
  private seenLegacy = false;
  private reportedMix = false;
  private reportedReplace = false;
  private reportedBinary = false;

  /**
   * @param bomUtf8 the file started with a UTF-8 BOM: invalid bytes are replaced, never re-read
   *   as Windows-1252
   * @param byteOffset bytes of the file before the first block (the BOM), for messages
   */
  constructor(
    private readonly maxBlock: number,
    private readonly bomUtf8: boolean,
    private byteOffset: number,
    private readonly report: (d: Diagnostic) => void,
  ) {}

  /** 'utf-8', 'windows-1252', or 'utf-8+windows-1252' when lines of both kinds were seen. */
  label(): string {
    if (!this.seenLegacy) return 'utf-8';
    return this.seenUtf8 ? 'utf-8+windows-1252' : 'windows-1252';
  }

  /** Decodes a block: whole lines, or a piece of a long line. O(block length). */
  decodeBlock(bytes: Buffer): string {
    const clean = cleanBlock(bytes);
    let nonAscii = clean === 'utf8';
    let breaks = -1;
    if (clean === undefined) {
      const scan = scanBytes(bytes, 0, bytes.length, this.previous);
      if (scan.invalid || scan.controls > 0) return this.decodeSegments(bytes);
      nonAscii = scan.nonAscii;
      breaks = scan.breaks;
    }
    if (nonAscii && this.seenLegacy && !this.reportedMix) return this.decodeSegments(bytes);
    // Latin-1 decodes ASCII as UTF-8 does, at about three times the speed.
    const text = bytes.toString(nonAscii ? 'utf8' : 'latin1');
    // A clean block's breaks are its LFs (no block ends inside a CRLF: `decode.ts` cuts after an
    // LF, or inside a long line with no LF), counted in the text: String#indexOf is a cheaper call.
    if (breaks < 0) breaks = lineFeeds(text);
    if (nonAscii) this.seenUtf8 = true;
    this.charsOut += text.length;
    this.lineBreaks += breaks;
    this.byteOffset += bytes.length;
    this.previous = bytes[bytes.length - 1] ?? this.previous;
    return text;
  }

  private decodeSegments(bytes: Buffer): string {
    const out: string[] = [];
    let runStart = 0;
    let runKind: Kind = 'utf8';
    let runBreaks = 0;
    const flush = (end: number): void => {
      if (end === runStart) return;
      const text = decodeRun(runKind, bytes, runStart, end);
      out.push(text);
      this.charsOut += text.length;
      this.lineBreaks += runBreaks;
      this.byteOffset += end - runStart;
      this.previous = bytes[end - 1] ?? -1;
      runStart = end;
      runBreaks = 0;
    };
    let start = 0;
    while (start < bytes.length) {
      const newline = bytes.indexOf(0x0a, start);
      let end = newline < 0 ? bytes.length : newline + 1;
      if (end - start > this.maxBlock) end = safeCut(bytes, start, this.maxBlock);
      const before = start > 0 ? (bytes[start - 1] ?? -1) : this.previous;
      const scan = scanBytes(bytes, start, end, before);
      const kind: Kind = scan.invalid ? (this.bomUtf8 ? 'replace' : 'legacy') : 'utf8';
      if (scan.nonAscii && kind !== runKind) {
        flush(start);
        runKind = kind;
      }
      if (this.needsReport(scan, kind, end - start)) {
        flush(start);
        this.reportSegment(bytes, start, end, before, scan, kind);
      }
      if (scan.nonAscii) {
        if (kind === 'legacy') this.seenLegacy = true;
        else if (kind === 'utf8') this.seenUtf8 = true;
      }
      runBreaks += scan.breaks;
      start = end;
    }
    flush(bytes.length);
    return out.join('');
  }

  private isBinary(scan: ByteScan, length: number): boolean {
    return scan.controls >= BINARY_MIN_CONTROLS && scan.controls * BINARY_RATIO >= length;
  }

  private mixes(scan: ByteScan, kind: Kind): boolean {
    if (!scan.nonAscii || this.reportedMix) return false;
    return (kind === 'legacy' && this.seenUtf8) || (kind === 'utf8' && this.seenLegacy);
  }

  private needsReport(scan: ByteScan, kind: Kind, length: number): boolean {
    return (
      this.mixes(scan, kind) ||
      (kind === 'replace' && !this.reportedReplace) ||
      (!this.reportedBinary && this.isBinary(scan, length))
    );
  }

  /** Called with every run before `start` flushed, so the counters describe `start`. */
  private reportSegment(bytes: Buffer, start: number, end: number, before: number, scan: ByteScan, kind: Kind): void {
    const excerpt = excerptOf(decodeRun(kind, bytes, start, end));
    const here = this.placeAt(bytes, start, start, before, kind);
    if (this.mixes(scan, kind)) {
      this.reportedMix = true;
      const message =
        kind === 'legacy'
          ? `line ${here.line} is not valid UTF-8 and was decoded as Windows-1252, but earlier lines were UTF-8`
          : `line ${here.line} is valid UTF-8 and was decoded as UTF-8, but earlier lines were not and were decoded as Windows-1252`;
      this.report(this.located('IO_DECODE', `${message} (byte ${here.byte})`, here, excerpt, MIX_HINT));
    }
    if (kind === 'replace' && !this.reportedReplace) {
      this.reportedReplace = true;
      const message = `line ${here.line} is not valid UTF-8 although the file starts with a UTF-8 byte order mark; bad bytes became U+FFFD (byte ${here.byte})`;
      this.report(this.located('IO_DECODE', message, here, excerpt, REPLACE_HINT));
    }
    if (!this.reportedBinary && this.isBinary(scan, end - start)) {
      this.reportedBinary = true;
      const at = this.placeAt(bytes, start, scan.firstControl, before, kind);
      const message = `this looks like binary data, not text: ${scan.controls} NUL or control bytes in ${end - start} bytes from line ${at.line} (byte ${at.byte})`;
      this.report(this.located('IO_BINARY', message, at, excerpt, BINARY_HINT));
    }
  }

  /** The place of byte `at` of a segment starting at `start` (the counters describe `start`). */
  private placeAt(bytes: Buffer, start: number, at: number, before: number, kind: Kind): Place {
    const prefix = decodeRun(kind, bytes, start, at);
    const breaks = scanBytes(bytes, start, at, before).breaks;
    const lastBreak = Math.max(prefix.lastIndexOf('\n'), prefix.lastIndexOf('\r'));
    const startsLine = before === -1 || before === 0x0a || before === 0x0d;
    const base = {
      offset: this.charsOut + prefix.length,
      line: this.lineBreaks + breaks + 1,
      byte: this.byteOffset + at - start,
    };
    if (lastBreak >= 0) return { ...base, column: countCodePoints(prefix.slice(lastBreak + 1)) + 1 };
    // A piece of a line longer than maxBlock: its column is not known here.
    return startsLine ? { ...base, column: countCodePoints(prefix) + 1 } : base;
  }

  private located(
    code: 'IO_DECODE' | 'IO_BINARY',
    message: string,
    at: Place,
    excerpt: string,
    hint: string,
  ): Diagnostic {
    const column = at.column === undefined ? {} : { column: at.column };
    return diagnostic(code, message, { offset: at.offset, line: at.line, ...column, excerpt, hint });
  }
}

const MIX_HINT = 'the file mixes encodings: check accented names from here on, or force one with the encoding option';
const REPLACE_HINT =
  'the byte order mark says UTF-8 but the bytes disagree; force another encoding with the encoding option';
const BINARY_HINT = "if this is UTF-16 text without a byte order mark, force encoding 'utf-16le' (or 'utf-16be')";
