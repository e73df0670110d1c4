/**
 * Result values shared by every layer. Imports nothing.
 *
 * `Result` is for failures with one typed reason; `Checked` is for values that may come with
 * warnings (ok is false iff some diagnostic has severity 'error').
 */
import type { Diagnostic } from './diagnostics.js';

export type Result<T, E> = { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: E };

export type Checked<T> =
  | { readonly ok: true; readonly value: T; readonly diagnostics: readonly Diagnostic[] }
  | { readonly ok: false; readonly value?: T; readonly diagnostics: readonly Diagnostic[] };

export function ok<T>(value: T): { readonly ok: true; readonly value: T } {
  return { ok: true, value };
}

export function err<E>(error: E): { readonly ok: false; readonly error: E } {
  return { ok: false, error };
}
