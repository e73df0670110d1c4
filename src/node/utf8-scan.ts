/**
 * Byte-level scanning for the decoder: a strict UTF-8 validator that also counts line breaks and
 * suspicious control bytes, in one pass with an ASCII fast path. Imports nothing.
 *
 * Key decision: validate by hand instead of decoding and looking for U+FFFD, because a real
 * U+FFFD in the file would be indistinguishable from a replacement, and because the same loop
 * gives the line count and the binary heuristic for free. The validator follows RFC 3629 /
 * Unicode Table 3-7 (no overlong forms, no surrogates, nothing above U+10FFFF).
 *
 * `cleanBlock` answers the common case first with Node's native checks (simdutf's validators,
 * memchr): a block of valid UTF-8 without CR or control bytes needs no loop over its bytes in
 * JavaScript, which cost as much as splitting the games of a filtered run.
 */
import { isAscii, isUtf8 } from 'node:buffer';

export interface ByteScan {
  /** Some byte sequence in the range is not well-formed UTF-8. */
  readonly invalid: boolean;
  /** Some byte is 0x80 or above. */
  readonly nonAscii: boolean;
  /** NUL and other control bytes that do not belong in text (see `isSuspicious`). */
  readonly controls: number;
  /** Index of the first suspicious byte, or -1. */
  readonly firstControl: number;
  /** Line breaks in the range: `\n`, `\r\n` (counted once) and a lone `\r`, as `LineIndex` counts. */
  readonly breaks: number;
}

/** Tab, LF, VT, FF, CR and SUB (the DOS end-of-file mark old PGN files end with) are fine. */
function isSuspicious(byte: number): boolean {
  return byte < 0x09 || (byte > 0x0d && byte !== 0x1a);
}

/** Length of the well-formed sequence led by `lead` at `i`, or 0 if it is not well-formed. */
function sequenceLength(bytes: Uint8Array, i: number, end: number, lead: number): number {
  let need: number;
  let lo = 0x80;
  let hi = 0xbf;
  if (lead >= 0xc2 && lead <= 0xdf) need = 1;
  else if (lead >= 0xe0 && lead <= 0xef) {
    need = 2;
    if (lead === 0xe0)
      lo = 0xa0; // overlong
    else if (lead === 0xed) hi = 0x9f; // surrogates
  } else if (lead >= 0xf0 && lead <= 0xf4) {
    need = 3;
    if (lead === 0xf0)
      lo = 0x90; // overlong
    else if (lead === 0xf4) hi = 0x8f; // above U+10FFFF
  } else return 0;
  if (i + need >= end) return 0;
  const second = bytes[i + 1] ?? 0;
  if (second < lo || second > hi) return 0;
  for (let k = 2; k <= need; k++) {
    const b = bytes[i + k] ?? 0;
    if (b < 0x80 || b > 0xbf) return 0;
  }
  return need + 1;
}

/**
 * Scans `bytes[start, end)`. `previous` is the byte just before `start` (-1 at the start of the
 * file), so that a `\r\n` split across two ranges counts as one line break. O(end - start).
 */
export function scanBytes(bytes: Uint8Array, start: number, end: number, previous: number): ByteScan {
  let invalid = false;
  let nonAscii = false;
  let controls = 0;
  let firstControl = -1;
  let breaks = 0;
  let i = start;
  while (i < end) {
    const b = bytes[i] ?? 0;
    if (b >= 0x20 && b < 0x80) {
      i++; // the ASCII fast path: most bytes of a PGN file take only this branch
    } else if (b < 0x20) {
      if (b === 0x0a) {
        if ((i > start ? bytes[i - 1] : previous) !== 0x0d) breaks++;
      } else if (b === 0x0d) breaks++;
      else if (isSuspicious(b)) {
        if (controls++ === 0) firstControl = i;
      }
      i++;
    } else {
      nonAscii = true;
      const length = sequenceLength(bytes, i, end, b);
      if (length === 0) {
        invalid = true;
        i++;
      } else i += length;
    }
  }
  return { invalid, nonAscii, controls, firstControl, breaks };
}

const CR = 0x0d;
/** The bytes `isSuspicious` flags. */
const SUSPICIOUS: readonly number[] = Array.from({ length: 0x20 }, (_, b) => b).filter(isSuspicious);

/**
 * 'ascii' or 'utf8' when the whole block is valid UTF-8 without CR or control bytes (its line
 * breaks are then its LF bytes), found with native searches only; undefined otherwise (use
 * `scanBytes`).
 */
export function cleanBlock(bytes: Buffer): 'ascii' | 'utf8' | undefined {
  const ascii = isAscii(bytes);
  if (!ascii && !isUtf8(bytes)) return undefined;
  if (bytes.indexOf(CR) >= 0 || hasSuspiciousBytes(bytes)) return undefined;
  return ascii ? 'ascii' : 'utf8';
}

/**
 * Whether `bytes` hold a byte `isSuspicious` flags, found with one native search (memchr) per such
 * byte: faster than a loop or a regular expression over the text, even at 26 searches.
 */
export function hasSuspiciousBytes(bytes: Buffer): boolean {
  return SUSPICIOUS.some((b) => bytes.indexOf(b) >= 0);
}

/**
 * Where to cut a line that is longer than `max` bytes: at `start + max`, moved back by up to three
 * bytes so that a UTF-8 sequence is not split. Reads only `bytes[start + max - 3 .. start + max]`,
 * so the cut depends on the bytes alone, never on how they arrived in chunks.
 * Requires `bytes.length > start + max` and `max >= 4`.
 */
export function safeCut(bytes: Uint8Array, start: number, max: number): number {
  for (let cut = start + max; cut > start + max - 4; cut--) {
    if (((bytes[cut] ?? 0) & 0xc0) !== 0x80) return cut;
  }
  return start + max; // four continuation bytes in a row: not UTF-8 here, any cut will do
}
