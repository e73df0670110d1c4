/**
 * Streaming bytes → text with the project's decoding rules (DESIGN.md 7.2: decoding belongs at the
 * edge, and the encoding used is reported as a diagnostic):
 *
 * 1. `encoding` option given: that encoding (any iconv-lite name), no detection.
 * 2. Otherwise a byte order mark decides — UTF-8, UTF-16 LE or UTF-16 BE — and is stripped; without
 *    one, a first line with a NUL in every other byte is UTF-16 (LE or BE by where the NULs are).
 * 3. Otherwise each line that is valid UTF-8 is UTF-8, and each line that is not is Windows-1252.
 *
 * Memory stays constant: bytes are held only until the next newline byte (or `maxBlock` bytes of a
 * line with no newline, cut at a UTF-8 sequence boundary), then decoded and dropped. Because a
 * newline byte never occurs inside a UTF-8 or Windows-1252 character, cutting there never splits
 * a character. The concatenation of the strings returned by `push` and `end` is the decoded file.
 *
 * Diagnostics: one IO_ENCODING (info) per file, added by `end()`, naming the encoding used;
 * IO_DECODE (warning) at the first line where a file switches between UTF-8 and Windows-1252, or
 * where a file with a UTF-8 BOM has invalid bytes; IO_BINARY (error) at the first line made largely
 * of NUL or control bytes. Offsets are UTF-16 indexes into the decoded text, as everywhere.
 */
import iconv from 'iconv-lite';
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { err, ok, type Result } from '../result.js';
import { LineDecoder } from './line-decoder.js';
import { safeCut } from './utf8-scan.js';

/** Default longest run of bytes decoded at once when a line has no newline. */
export const DEFAULT_MAX_BLOCK = 64 * 1024;
const MIN_MAX_BLOCK = 4; // safeCut looks back three bytes

export interface DecodeOptions {
  /** Force this encoding (any iconv-lite name, e.g. 'latin1', 'cp437', 'utf-16le'); no detection. */
  readonly encoding?: string;
  /** Bytes decided at once within a line that has no newline (default 64 KiB, at least 4). */
  readonly maxBlock?: number;
}

export interface Decoder {
  /**
   * Decodes the next bytes; returns the text that is complete so far (may be ''). What it keeps of
   * `bytes` (the end of an unfinished line) it copies: the caller may reuse them once it returns.
   */
  push(bytes: Uint8Array): string;
  /** Decodes what is left, adds the IO_ENCODING diagnostic; later calls return ''. */
  end(): string;
  /**
   * The encoding used so far: 'utf-8', 'windows-1252', 'utf-8+windows-1252' (mixed, line by line),
   * 'utf-16le', 'utf-16be', or the forced name as given. Final after `end()`.
   */
  readonly encoding: string;
  /** Every diagnostic so far, in the order found (new ones are appended). */
  diagnostics(): readonly Diagnostic[];
}

/**
 * Creates a streaming decoder. Fails only with a USAGE diagnostic when `encoding` is not a name
 * iconv-lite knows.
 *
 * @example
 * const r = createDecoder();
 * if (r.ok) { const text = r.value.push(bytes) + r.value.end(); r.value.encoding; }
 */
export function createDecoder(options: DecodeOptions = {}): Result<Decoder, Diagnostic> {
  const forced = options.encoding;
  if (forced !== undefined && !iconv.encodingExists(forced)) {
    return err(
      diagnostic('USAGE', `unknown encoding '${forced}'`, {
        hint: 'use a name iconv-lite knows, such as utf-8, windows-1252, latin1, utf-16le or cp437',
      }),
    );
  }
  const maxBlock = Math.max(MIN_MAX_BLOCK, Math.floor(options.maxBlock ?? DEFAULT_MAX_BLOCK));
  return ok(new StreamDecoder(maxBlock, forced));
}

const BOMS = [
  { bytes: [0xef, 0xbb, 0xbf], label: 'utf-8' },
  { bytes: [0xff, 0xfe], label: 'utf-16le' },
  { bytes: [0xfe, 0xff], label: 'utf-16be' },
] as const;

/** Bytes looked at before deciding: the longest BOM, and enough of a first line to spot UTF-16. */
const SNIFF_BYTES = 64;

/**
 * UTF-16 without a byte order mark: in the first line (at most SNIFF_BYTES bytes), every other byte
 * is NUL, and the bytes between are not. PGN is mostly ASCII, so UTF-16 text shows this pattern at
 * once; 8-bit text never has a NUL in every other byte. At least four characters must be seen.
 */
function utf16WithoutBom(head: Buffer): 'utf-16le' | 'utf-16be' | undefined {
  let end = Math.min(head.length, SNIFF_BYTES) & ~1;
  for (let i = 0; i + 1 < end; i += 2) {
    if ((head[i] === 0x0a && head[i + 1] === 0) || (head[i] === 0 && head[i + 1] === 0x0a)) {
      end = i;
      break;
    }
  }
  if (end < 8) return undefined;
  let le = 0;
  let be = 0;
  for (let i = 0; i < end; i += 2) {
    const a = head[i] ?? 0;
    const b = head[i + 1] ?? 0;
    if (a !== 0 && b === 0) le++;
    else if (a === 0 && b !== 0) be++;
  }
  const pairs = end / 2;
  if (le === pairs) return 'utf-16le';
  if (be === pairs) return 'utf-16be';
  return undefined;
}

function startsWith(bytes: Buffer, prefix: readonly number[]): boolean {
  return bytes.length >= prefix.length && prefix.every((b, i) => bytes[i] === b);
}

function toBuffer(bytes: Uint8Array): Buffer {
  return Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

class StreamDecoder implements Decoder {
  /** Undecided until three bytes (the longest BOM) have arrived, or the input ended. */
  private lines: LineDecoder | undefined;
  private stream: iconv.DecoderStream | undefined;
  private label: string;
  private how = '';
  /** Bytes not decoded yet: between two pushes, copies of ours (see `own`). */
  private pending: Buffer[] = [];
  private pendingLength = 0;
  /** How many of the first pending pieces are such copies. */
  private owned = 0;
  /**
   * Where pending bytes are joined (`take`), reused from push to push: a new buffer per 64 KiB
   * chunk was fresh memory each time, whose page faults and collection cost more than the copy.
   */
  private scratch = Buffer.alloc(0);
  private ended = false;
  private readonly found: Diagnostic[] = [];

  constructor(
    private readonly maxBlock: number,
    forced: string | undefined,
  ) {
    this.label = forced ?? 'utf-8';
    if (forced !== undefined) {
      this.stream = iconv.getDecoder(forced);
      this.how = ' (forced by the encoding option)';
    }
  }

  get encoding(): string {
    return this.lines ? this.lines.label() : this.label;
  }

  diagnostics(): readonly Diagnostic[] {
    return this.found;
  }

  push(bytes: Uint8Array): string {
    if (this.ended) throw new Error('internal: Decoder.push after end');
    if (bytes.length === 0) return '';
    const chunk = toBuffer(bytes);
    // iconv-lite's decoders keep what they hold as copies of their own.
    if (this.stream) return this.stream.write(chunk);
    this.pending.push(chunk);
    this.pendingLength += chunk.length;
    let text: string;
    if (this.lines) text = this.drain(chunk.lastIndexOf(0x0a) >= 0);
    else if (this.pendingLength < SNIFF_BYTES) text = '';
    else {
      text = this.sniff();
      if (this.lines) text = this.drain(true);
    }
    this.own();
    return text;
  }

  /** Copies the pending bytes that are views of the caller's chunk or of `scratch`, which both get reused. */
  private own(): void {
    const pending = this.pending;
    for (let i = this.owned; i < pending.length; i++) pending[i] = Buffer.from(pending[i] as Buffer);
    this.owned = pending.length;
  }

  end(): string {
    if (this.ended) return '';
    let text = this.stream || this.lines ? '' : this.sniff();
    if (this.stream) text += this.stream.end() ?? '';
    else if (this.lines) {
      text += this.drain(true);
      if (this.pendingLength > 0) text += this.lines.decodeBlock(this.take(this.pendingLength));
    }
    this.ended = true;
    this.found.push(diagnostic('IO_ENCODING', `decoded as ${describe(this.encoding)}${this.how}`));
    return text;
  }

  /** Chooses the mode from the first bytes and strips a BOM; returns the text of a UTF-16 start. */
  private sniff(): string {
    const head = this.take(this.pendingLength);
    const bom = BOMS.find((b) => startsWith(head, b.bytes));
    const skip = bom ? bom.bytes.length : 0;
    const rest = head.subarray(skip);
    if (bom) this.how = ' (byte order mark)';
    const wide = bom ? undefined : utf16WithoutBom(head);
    if (wide) this.how = ' (no byte order mark, but every other byte of the first line is NUL)';
    const label = wide ?? (bom && bom.label !== 'utf-8' ? bom.label : undefined);
    if (label !== undefined) {
      this.label = label;
      this.stream = iconv.getDecoder(label, { stripBOM: false });
      return this.stream.write(rest);
    }
    this.lines = new LineDecoder(this.maxBlock, bom !== undefined, skip, (d) => this.found.push(d));
    this.keep(rest);
    return '';
  }

  /**
   * Decodes every complete line held (`newline`: the pending bytes may hold a newline), then cuts
   * pieces off a line that has grown past maxBlock.
   */
  private drain(newline: boolean): string {
    const lines = this.lines;
    if (!lines || this.pendingLength === 0) return '';
    let text = '';
    if (newline) {
      const joined = this.take(this.pendingLength);
      const cut = joined.lastIndexOf(0x0a) + 1;
      if (cut > 0) text += lines.decodeBlock(joined.subarray(0, cut));
      this.keep(joined.subarray(cut));
    }
    while (this.pendingLength > this.maxBlock) {
      const joined = this.take(this.pendingLength);
      const cut = safeCut(joined, 0, this.maxBlock);
      text += lines.decodeBlock(joined.subarray(0, cut));
      this.keep(joined.subarray(cut));
    }
    return text;
  }

  /** Removes and returns the pending bytes as one buffer (`length` is all of them). */
  private take(length: number): Buffer {
    let joined: Buffer;
    if (this.pending.length === 1) joined = this.pending[0] ?? Buffer.alloc(0);
    else {
      if (this.scratch.length < length) this.scratch = Buffer.allocUnsafe(Math.max(length, 2 * this.scratch.length));
      joined = this.scratch.subarray(0, length);
      let at = 0;
      for (const piece of this.pending) at += piece.copy(joined, at);
    }
    this.pending = [];
    this.pendingLength = 0;
    this.owned = 0;
    return joined;
  }

  private keep(rest: Buffer): void {
    if (rest.length === 0) return;
    this.pending = [rest];
    this.pendingLength = rest.length;
    this.owned = 0;
  }
}

function describe(label: string): string {
  switch (label) {
    case 'utf-8':
      return 'UTF-8';
    case 'windows-1252':
      return 'Windows-1252 (the bytes are not valid UTF-8)';
    case 'utf-8+windows-1252':
      return 'UTF-8 or Windows-1252, line by line (the file mixes encodings)';
    case 'utf-16le':
      return 'UTF-16LE';
    case 'utf-16be':
      return 'UTF-16BE';
    default:
      return `'${label}'`;
  }
}
