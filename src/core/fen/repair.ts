/**
 * Repairs of a FEN that is invalid only in ways with one obvious fix, for readers that must play on
 * (a PGN game's FEN tag): castling rights the pieces contradict are dropped, an impossible
 * en-passant square is dropped, missing castling/en-passant fields and counters are filled with
 * `-` and `0 1`, EPD operations in place of the counters become `0 1`, and a castling letter written
 * twice is kept once. Each change is reported with the problem it fixes, located in the text as
 * written. Depends on the FEN reader and validator; no Node.
 *
 * Key decision: only what no reader could disagree on is repaired. A missing or extra king, a pawn
 * on a back rank, the side not to move in check, too many pieces or a check no move can give leave
 * the position unplayable (undefined), as they would leave any reader guessing.
 */
import { hasErrors, type Diagnostic, type DiagnosticCode } from '../../diagnostics.js';
import { inUsualOrder } from './castling.js';
import { parseFenSetup } from './read.js';
import { validateSetup } from './validate.js';
import { Position } from '../position.js';

/** One change a repair made, at the characters of the text it concerns. */
export interface FenChange {
  /** The problem of the FEN as written that this change fixes. */
  readonly problem: Diagnostic;
  /** What was done, as a clause after the problem: "the right 'K' is dropped". */
  readonly action: string;
}

export interface RepairedFen {
  /** The repaired FEN (fields joined by single spaces), as read. */
  readonly fen: string;
  /** The position it describes (Chess960 when the option or its castling field says so). */
  readonly position: Position;
  /** Every change, in text order; empty when the FEN was valid as written. */
  readonly changes: readonly FenChange[];
}

const MAX_REPAIRABLE_LENGTH = 512;

interface Field {
  text: string;
  readonly offset: number;
}

const EP_PROBLEMS = new Set<DiagnosticCode>(['FEN_EP_WRONG_RANK', 'FEN_EP_NO_PAWN', 'FEN_EP_NOT_EMPTY']);
const CASTLING_PROBLEMS = new Set<DiagnosticCode>([
  'FEN_CASTLING_NO_ROOK',
  'FEN_CASTLING_KING_MOVED',
  'FEN_BAD_CASTLING',
]);

function fieldsOf(text: string): Field[] {
  const out: Field[] = [];
  for (const m of text.matchAll(/\S+/g)) out.push({ text: m[0], offset: m.index });
  return out;
}

/** EPD operations (`bm Nf3; id "x";`) where a FEN has its counters. */
function epdOperations(fields: readonly Field[]): boolean {
  const fifth = fields[4];
  return (
    fifth !== undefined &&
    (fields.slice(4).some((f) => f.text.includes(';')) || /^[a-z][a-z0-9_]{1,14}$/i.test(fifth.text))
  );
}

function located(code: DiagnosticCode, message: string, field: number, offset: number, length: number): Diagnostic {
  return { code, severity: 'error', message, field, offset, length };
}

/** Fills missing fields and cuts EPD operations; undefined when the structure has no one fix. */
function completeFields(text: string, fields: Field[], changes: FenChange[]): Field[] | undefined {
  if (fields.length < 2) return undefined;
  const last = fields[fields.length - 1] as Field;
  const end = last.offset + last.text.length;
  if (fields.length >= 5 && epdOperations(fields)) {
    const start = (fields[4] as Field).offset;
    changes.push({
      problem: located(
        'FEN_FIELD_COUNT',
        `'${text.slice(start, end)}' looks like EPD operations, not the two FEN counters`,
        4,
        start,
        end - start,
      ),
      action: "they are read as '0 1'",
    });
    return [...fields.slice(0, 4), { text: '0', offset: start }, { text: '1', offset: start }];
  }
  if (fields.length === 2 || fields.length === 3) {
    const missing = fields.length === 2 ? 'the castling and en-passant fields are' : 'the en-passant field is';
    const added = fields.length === 2 ? '- - 0 1' : '- 0 1';
    changes.push({
      problem: located('FEN_FIELD_COUNT', `${missing} missing after '${last.text}'`, fields.length, end, 0),
      action: `'${added}' is added`,
    });
    const filled = fields.length === 2 ? ['-', '-', '0', '1'] : ['-', '0', '1'];
    return [...fields, ...filled.map((t) => ({ text: t, offset: end }))];
  }
  return fields;
}

/** `KKqk` → `Kkq`: a castling letter written twice is kept once, in the usual order. */
function dedupeCastling(fields: Field[], changes: FenChange[]): void {
  const castling = fields[2];
  if (!castling || !/^[KQkqA-Ha-h]+$/.test(castling.text)) return;
  const letters = [...new Set(castling.text)];
  if (letters.length === castling.text.length) return;
  const fixed = inUsualOrder(letters);
  changes.push({
    problem: located(
      'FEN_BAD_CASTLING',
      `the castling field '${castling.text}' names a right twice`,
      2,
      castling.offset,
      castling.text.length,
    ),
    action: `it is read as '${fixed}'`,
  });
  castling.text = fixed;
}

/**
 * The FEN, repaired where one fix is obvious (see the module doc), or undefined when it cannot be
 * played (or is longer than 512 characters). A FEN valid as written comes back with no changes. Only errors are repaired;
 * warnings (missing counters, spacing) are the reader's own lenient repairs and stay with it.
 * Cost: at most three reads and validations of the text.
 *
 * @example repairFen('r3k2r/8/8/8/8/8/8/4K3 w KQkq - 0 1')?.fen // 'r3k2r/8/8/8/8/8/8/4K3 w kq - 0 1'
 */
export function repairFen(text: string, options: { readonly chess960?: boolean } = {}): RepairedFen | undefined {
  // No repairable FEN is this long (six fields of a legal position take under 100 characters); a
  // megabyte of junk in a FEN tag is refused without reading it again.
  if (text.length > MAX_REPAIRABLE_LENGTH) return undefined;
  const changes: FenChange[] = [];
  const first = parseFenSetup(text, options);
  let fields = fieldsOf(text);
  if (!first.ok) {
    const completed = completeFields(text, fields, changes);
    if (!completed) return undefined;
    fields = completed;
    dedupeCastling(fields, changes);
  }
  // Missing counters are the reader's own lenient repair (a warning); the repaired FEN has them.
  const end = fields.length > 0 ? (fields[fields.length - 1] as Field).offset : 0;
  if (fields.length === 4) fields.push({ text: '0', offset: end }, { text: '1', offset: end });
  else if (fields.length === 5) fields.push({ text: '1', offset: end });
  for (let round = 0; round < 2; round++) {
    const joined = fields.map((f) => f.text).join(' ');
    const read = parseFenSetup(joined, options);
    if (!read.ok) return undefined;
    const { setup, chess960, layout } = read.value;
    const problems = validateSetup(setup, chess960, { layout }).filter((d) => d.severity === 'error');
    if (problems.length === 0)
      return { fen: joined, position: Position.fromSetupUnchecked(setup, chess960), changes: byOffset(changes) };
    if (round > 0) return undefined;
    // Offsets in `joined` → offsets in `text`: same field, same distance into it.
    const toText = (d: Diagnostic): Diagnostic => {
      const written = fields[d.field ?? 0] as Field;
      const span = layout.fields[d.field ?? 0];
      const asWritten = text.startsWith(written.text, written.offset);
      if (!asWritten) return { ...d, offset: written.offset, length: 0 };
      const inside = span && d.offset !== undefined ? d.offset - span.offset : 0;
      return { ...d, offset: written.offset + inside, length: d.length ?? written.text.length };
    };
    const dropped = new Set<number>();
    let dropEp = false;
    for (const d of problems) {
      if (CASTLING_PROBLEMS.has(d.code)) {
        const index = layout.castlingOffsets.indexOf(d.offset ?? -1);
        if (index < 0) return undefined;
        const black = (setup.castlingRooks[index] ?? 0) >= 56;
        // A king off its square takes every right of its colour (one diagnostic says so for all).
        const indices =
          d.code === 'FEN_CASTLING_KING_MOVED'
            ? setup.castlingRooks.flatMap((sq, i) => (sq >= 56 === black ? [i] : []))
            : [index];
        for (const i of indices) {
          if (dropped.has(i)) continue;
          dropped.add(i);
          const letter = joined.charAt(layout.castlingOffsets[i] ?? 0);
          const problem = i === index ? d : { ...d, offset: layout.castlingOffsets[i] ?? 0, length: 1 };
          changes.push({ problem: toText(problem), action: `the right '${letter}' is dropped` });
        }
      } else if (EP_PROBLEMS.has(d.code) || (d.code === 'FEN_IMPOSSIBLE_CHECK' && setup.epSquare !== undefined)) {
        // A check the recorded double push cannot have given goes with the square; if the check
        // is impossible anyway, the second round finds it still there and gives up.
        if (!dropEp) changes.push({ problem: toText(d), action: 'the square is dropped' });
        dropEp = true;
      } else {
        return undefined;
      }
    }
    const castling = fields[2] as Field;
    if (dropped.size > 0) {
      const kept = [...castling.text].filter((_, i) => !dropped.has(i)).join('');
      castling.text = kept === '' ? '-' : kept;
    }
    if (dropEp) (fields[3] as Field).text = '-';
  }
  return undefined;
}

function byOffset(changes: FenChange[]): FenChange[] {
  return changes.sort((a, b) => (a.problem.offset ?? 0) - (b.problem.offset ?? 0));
}

/** Whether `text` is a FEN without errors (its own lenient repairs allowed). */
export function isValidFen(text: string, chess960: boolean): boolean {
  const read = parseFenSetup(text, chess960 ? { chess960 } : {});
  if (!read.ok) return false;
  return !hasErrors(validateSetup(read.value.setup, read.value.chess960));
}
