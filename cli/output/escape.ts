/** Escaping a value for the text row formats: JSON strings, CSV (RFC 4180) and TSV fields. */

/** A string as JSON: quoted as it is unless it holds a character JSON escapes (or a surrogate), then JSON.stringify. */
export function jsonText(s: string): string {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 32 || c === 34 || c === 92 || (c >= 0xd800 && c <= 0xdfff)) return JSON.stringify(s);
  }
  return `"${s}"`;
}

/** RFC 4180: quote a field holding a comma, quote, CR or LF, and double the quotes inside. */
export function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** TSV: tab, CR, LF and backslash written as `\t`, `\r`, `\n`, `\\` (the rest as is). */
export function tsvField(value: string): string {
  return /[\t\r\n\\]/.test(value)
    ? value.replace(/[\t\r\n\\]/g, (c) => (c === '\t' ? '\\t' : c === '\r' ? '\\r' : c === '\n' ? '\\n' : '\\\\'))
    : value;
}
