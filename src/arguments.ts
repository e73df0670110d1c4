/**
 * Run-time checks of the arguments of public functions: what a TypeScript caller can still get
 * wrong (an `any`, a value from JSON, plain JavaScript). Each failed check throws a `TypeError`
 * whose message names the function, the argument, what was expected and what came. Bad *input*
 * (a malformed FEN string, an illegal SAN) is never thrown: it comes back as diagnostics.
 */

/** A short description of what a value is, for messages: `undefined`, `null`, `a Buffer`, `NaN`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'number') return Number.isNaN(value) ? 'NaN' : `the number ${value}`;
  if (typeof value === 'string') return `a string`;
  if (typeof value !== 'object') return `a ${typeof value}`;
  if (Array.isArray(value)) return 'an array';
  if (value instanceof Uint8Array)
    return (value as { constructor?: { name?: string } }).constructor?.name === 'Buffer' ? 'a Buffer' : 'a Uint8Array';
  const name = (value as { constructor?: { name?: string } }).constructor?.name;
  return name && name !== 'Object' ? `a ${name}` : 'an object';
}

export function argumentError(fn: string, what: string, value: unknown, hint = ''): TypeError {
  return new TypeError(`${fn}: expected ${what}, got ${describeValue(value)}${hint ? ` (${hint})` : ''}`);
}

export function checkString(fn: string, name: string, value: unknown, hint = ''): void {
  if (typeof value !== 'string') throw argumentError(fn, `${name} to be a string`, value, hint);
}

/** A search depth: a whole number of 0 or more (perft's node count grows fast: keep it small). */
export function checkDepth(fn: string, value: unknown): void {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw argumentError(fn, 'depth to be a whole number of 0 or more', value);
  }
}

export function checkObject(fn: string, name: string, value: unknown): void {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw argumentError(fn, `${name} to be an object`, value);
}
