/**
 * Messages and hints for tokens the grammar could not place (`invalid` nodes): when a token looks
 * like something known (a move number without its dot, `½-½`, an evaluation symbol such as `±`, a
 * stray `}`), the hint says what to write instead. Imports only diagnostics.
 */
import { excerptOf } from '../diagnostics.js';

/** Input text for a message: one line, at most about 60 characters, between backticks. */
export function quoted(text: string): string {
  return `\`${excerptOf(text.length > 61 ? text.slice(0, 61) : text)}\``;
}

/** Evaluation symbols used in print, and the NAG that says the same (PGN standard 10). */
const SYMBOL_NAGS: Readonly<Record<string, number>> = {
  '□': 7,
  '=': 10,
  '∞': 13,
  '⩲': 14,
  '+=': 14,
  '+/=': 14,
  '⩱': 15,
  '=+': 15,
  '=/+': 15,
  '±': 16,
  '+/-': 16,
  '∓': 17,
  '-/+': 17,
  '+-': 18,
  '-+': 19,
};

const DRAWS = new Set(['½', '½-½', '1/2', '1/2-½', '½-1/2', '0.5-0.5', '=-=']);

/** The diagnostic message and, when one helps, a hint for an invalid token. */
export function describeInvalid(text: string): { message: string; hint?: string } {
  const message = `${quoted(text)} is not a move, move number, annotation, comment or result`;
  const nag = SYMBOL_NAGS[text];
  if (nag !== undefined) return { message, hint: `write the evaluation symbol as the NAG $${nag}` };
  if (DRAWS.has(text)) return { message, hint: 'write a draw as 1/2-1/2' };
  if (/^\d+$/.test(text)) {
    const n = text.length > 12 ? 'N' : text;
    return {
      message: `move number ${quoted(text)} has no dot`,
      hint: `write \`${n}.\` before a White move, \`${n}...\` before a Black one`,
    };
  }
  if (text === '+' || text === '#')
    return { message, hint: `write the check sign right after its move, as in \`Nf3${text}\`` };
  if (text.startsWith('$')) return { message, hint: 'a NAG is `$` followed by a number from 0 to 255, as in `$1`' };
  if (text === '}')
    return { message: '`}` closes no comment', hint: 'remove it, or add the `{` where the comment starts' };
  if (text === ']')
    return { message: '`]` closes no tag pair', hint: 'remove it, or add the `[` where the tag pair starts' };
  if (text.startsWith('"'))
    return { message, hint: 'quoted text belongs in a tag pair `[Name "value"]` or in a `{comment}`' };
  return { message };
}
