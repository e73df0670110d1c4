/**
 * Bytes of a dropped file → text, the way forsyth/node decides (which the page cannot import: it is
 * Node-only): a BOM wins; UTF-16 without a BOM shows as a NUL in every other byte; otherwise UTF-8
 * when the bytes are valid UTF-8, else Windows-1252 (what old PGN databases were written in).
 */
export interface DecodedText {
  readonly text: string;
  readonly encoding: string;
}

function nulPattern(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const n = Math.min(bytes.length, 512) & ~1;
  if (n < 4) return undefined;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++;
    if (bytes[i + 1] === 0) oddNul++;
  }
  const half = n / 2;
  if (oddNul > half * 0.9 && evenNul === 0) return 'utf-16le';
  if (evenNul > half * 0.9 && oddNul === 0) return 'utf-16be';
  return undefined;
}

export function decodeBytes(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return { text: new TextDecoder('utf-8').decode(bytes.subarray(3)), encoding: 'UTF-8 (BOM)' };
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16LE (BOM)' };
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16BE (BOM)' };
  const utf16 = nulPattern(bytes);
  if (utf16) return { text: new TextDecoder(utf16).decode(bytes), encoding: `${utf16.toUpperCase()} (no BOM)` };
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: new TextDecoder('windows-1252').decode(bytes), encoding: 'Windows-1252' };
  }
}
