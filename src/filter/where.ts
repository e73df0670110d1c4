/**
 * `compileWhere`: the `--where` filter language, from its text to a predicate over a game's tags
 * (and, only when the expression asks for `plies`, its main line). Parsed by the Peggy grammar
 * grammar/where.peggy, then checked (every field name known or a tag) and compiled to closures:
 * no `eval`, and evaluating a filter costs a few tag lookups.
 *
 * Typing: a comparison is numeric when either side is a number (a literal, a numeric field such as
 * `white_elo` or `plies`, or a numeric tag such as `WhiteElo`); the other side is then read as a
 * number, and a value that is not one makes the comparison false. Otherwise it compares strings
 * (code unit order, so `Date >= "2017.04"` works on PGN dates). `~` is a case-insensitive
 * substring test. A missing tag makes every comparison false except `!=` and `!~`, which are the
 * negations of `==` and `~`. `player` stands for either colour's name: `player == "x"` is
 * `White == "x" || Black == "x"`.
 */
import { diagnostic, LineIndex, type Diagnostic } from '../diagnostics.js';
import { err, ok, type Result } from '../result.js';
import { ratingOf, timeControlClassOf, timeControlOf } from './derived.js';
import { parse, SyntaxError as PeggySyntaxError } from './generated/where-parser.js';
import type { FieldNode, OperandNode, WhereNode, WhereOperator } from './where-tree.js';

/** What a filter reads of a game. */
export interface WhereSubject {
  /** The value of the last tag called `name` (case-sensitive), or undefined. */
  tag(name: string): string | undefined;
  /** Plies of the main line; called only when the filter's `needsMoves` is true. */
  plies(): number;
  /**
   * The opening the game's positions reach (`eco`, `opening`); called only when `needsMoves`.
   * Subjects without it (`gameSubject`) give the ECO and Opening tags alone; `openingSubject`
   * (src/openings) classifies.
   */
  opening?(): { readonly eco: string; readonly name: string } | undefined;
}

export interface WhereFilter {
  /** The expression as given. */
  readonly source: string;
  /** True when the expression uses `plies`: the movetext must be parsed before `test`. */
  readonly needsMoves: boolean;
  test(subject: WhereSubject): boolean;
}

type Value = string | number | undefined;
type Getter = (s: WhereSubject) => Value;

interface FieldSpec {
  readonly numeric: boolean;
  readonly needsMoves?: boolean;
  readonly get: Getter;
  readonly meaning: string;
}

/** The derived fields (lowercase); every other name is a tag. */
export const WHERE_FIELDS: Readonly<Record<string, FieldSpec>> = {
  white_elo: { numeric: true, get: (s) => ratingOf(s.tag('WhiteElo')), meaning: 'WhiteElo as an integer' },
  black_elo: { numeric: true, get: (s) => ratingOf(s.tag('BlackElo')), meaning: 'BlackElo as an integer' },
  tc_base: {
    numeric: true,
    get: (s) => timeControlOf(s.tag('TimeControl'))?.base,
    meaning: 'TimeControl base, seconds',
  },
  tc_inc: {
    numeric: true,
    get: (s) => timeControlOf(s.tag('TimeControl'))?.increment,
    meaning: 'TimeControl increment, seconds',
  },
  tc_class: {
    numeric: false,
    get: (s) => timeControlClassOf(s.tag('TimeControl')),
    meaning: 'ultraBullet, bullet, blitz, rapid, classical or correspondence',
  },
  result: { numeric: false, get: (s) => s.tag('Result'), meaning: 'the Result tag' },
  termination: { numeric: false, get: (s) => s.tag('Termination'), meaning: 'the Termination tag' },
  plies: { numeric: true, needsMoves: true, get: (s) => s.plies(), meaning: 'plies of the main line' },
  // The tag where it is written (what `export --add-eco` keeps), else the position's classification.
  eco: {
    numeric: false,
    needsMoves: true,
    get: (s) => written(s.tag('ECO')) ?? s.opening?.()?.eco,
    meaning: 'ECO tag, else the ECO code of the position reached',
  },
  opening: {
    numeric: false,
    needsMoves: true,
    get: (s) => written(s.tag('Opening')) ?? s.opening?.()?.name,
    meaning: 'Opening tag, else the name of the position reached',
  },
};

/** A tag value that says something: not missing, empty or `?`. */
function written(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v === undefined || v === '' || v === '?' ? undefined : v;
}

/** Tags whose values are numbers, so that `WhiteElo >= "2000"` compares numerically too. */
const NUMERIC_TAGS = new Set([
  'WhiteElo',
  'BlackElo',
  'PlyCount',
  'WhiteRatingDiff',
  'BlackRatingDiff',
  'WhiteFideId',
  'BlackFideId',
]);

/**
 * Compiles a filter expression, or returns a WHERE_SYNTAX / WHERE_UNKNOWN_FIELD diagnostic placed
 * in the expression (offset, line, column, excerpt, hint). O(expression length).
 *
 * @example
 * const where = compileWhere('WhiteElo >= 2000 && tc_class == "blitz"');
 * if (where.ok) where.value.test({ tag: (n) => ({ WhiteElo: '2100', TimeControl: '180+2' })[n], plies: () => 0 }); // true
 */
export function compileWhere(source: string): Result<WhereFilter, Diagnostic> {
  let tree: WhereNode;
  try {
    tree = parse(source);
  } catch (error) {
    if (error instanceof PeggySyntaxError) return err(syntaxDiagnostic(source, error));
    throw error;
  }
  const compiler = new Compiler(source);
  const test = compiler.node(tree);
  if (compiler.problem) return err(compiler.problem);
  return ok({ source, needsMoves: compiler.needsMoves, test });
}

/** Quotes a string for an expression: `"…"` with `\` and `"` escaped. */
export function whereString(value: string): string {
  return `"${value.replace(/["\\]/g, '\\$&')}"`;
}

type Predicate = (s: WhereSubject) => boolean;

class Compiler {
  needsMoves = false;
  problem: Diagnostic | undefined;

  constructor(private readonly source: string) {}

  node(n: WhereNode): Predicate {
    switch (n.kind) {
      case 'or': {
        const [a, b] = [this.node(n.left), this.node(n.right)];
        return (s) => a(s) || b(s);
      }
      case 'and': {
        const [a, b] = [this.node(n.left), this.node(n.right)];
        return (s) => a(s) && b(s);
      }
      case 'not': {
        const a = this.node(n.operand);
        return (s) => !a(s);
      }
      case 'exists':
        return this.exists(n.field);
      case 'compare':
        return this.compare(n.op, n.left, n.right);
    }
  }

  private exists(operand: OperandNode): Predicate {
    if (operand.kind !== 'field') {
      this.fail(
        'WHERE_SYNTAX',
        `a ${operand.kind} alone is not a condition`,
        operand,
        'compare it with a field, e.g. White == "Carlsen"',
      );
      return () => false;
    }
    if (operand.name === 'player') return (s) => s.tag('White') !== undefined || s.tag('Black') !== undefined;
    const field = this.field(operand);
    return (s) => field.get(s) !== undefined;
  }

  private compare(op: WhereOperator, left: OperandNode, right: OperandNode): Predicate {
    const negated = op === '!=' || op === '!~';
    const positive = op === '!=' ? '==' : op === '!~' ? '~' : op;
    // `player` is either colour: the comparison holds for White or for Black.
    const sides = (o: OperandNode): readonly OperandNode[] =>
      o.kind === 'field' && o.name === 'player'
        ? [
            { ...o, name: 'White' },
            { ...o, name: 'Black' },
          ]
        : [o];
    const tests: Predicate[] = [];
    for (const l of sides(left)) for (const r of sides(right)) tests.push(this.comparison(positive, l, r));
    const any: Predicate = tests.length === 1 ? (tests[0] as Predicate) : (s) => tests.some((t) => t(s));
    return negated ? (s) => !any(s) : any;
  }

  private comparison(op: WhereOperator, left: OperandNode, right: OperandNode): Predicate {
    const l = this.operand(left);
    const r = this.operand(right);
    if (op === '~') {
      const needle = right.kind === 'field' ? undefined : String(right.value).toLowerCase();
      return (s) => {
        const a = l.get(s);
        if (a === undefined) return false;
        const b = needle ?? r.get(s);
        return b !== undefined && String(a).toLowerCase().includes(String(b).toLowerCase());
      };
    }
    const numeric = l.numeric || r.numeric;
    const order = ORDER[op];
    if (numeric) {
      return (s) => {
        const a = toNumber(l.get(s));
        const b = toNumber(r.get(s));
        return !Number.isNaN(a) && !Number.isNaN(b) && order(a < b ? -1 : a > b ? 1 : 0);
      };
    }
    return (s) => {
      const a = l.get(s);
      const b = r.get(s);
      if (a === undefined || b === undefined) return false;
      const x = String(a);
      const y = String(b);
      return order(x < y ? -1 : x > y ? 1 : 0);
    };
  }

  private operand(o: OperandNode): { numeric: boolean; get: Getter } {
    if (o.kind === 'field') return this.field(o);
    const value = o.value;
    return { numeric: o.kind === 'number', get: () => value };
  }

  private field(f: FieldNode): { numeric: boolean; get: Getter } {
    if (f.name.startsWith('tag.')) return tagField(f.name.slice(4));
    const spec = WHERE_FIELDS[f.name];
    if (spec) {
      if (spec.needsMoves) this.needsMoves = true;
      return spec;
    }
    if (/^[a-z_]/.test(f.name)) {
      const known = [...Object.keys(WHERE_FIELDS), 'player'].join(', ');
      this.fail(
        'WHERE_UNKNOWN_FIELD',
        `unknown field "${f.name}"`,
        f,
        `fields are ${known}, or a tag name as written in the PGN (WhiteElo, Date, …; tag.NAME for any tag); quote strings: "${f.name}"`,
      );
      return { numeric: false, get: () => undefined };
    }
    return tagField(f.name);
  }

  private fail(
    code: 'WHERE_SYNTAX' | 'WHERE_UNKNOWN_FIELD',
    message: string,
    at: { start: number; end: number },
    hint: string,
  ): void {
    this.problem ??= placed(this.source, code, message, at.start, at.end - at.start, hint);
  }
}

const ORDER: Readonly<Record<WhereOperator, (c: number) => boolean>> = {
  '==': (c) => c === 0,
  '!=': (c) => c !== 0,
  '<': (c) => c < 0,
  '<=': (c) => c <= 0,
  '>': (c) => c > 0,
  '>=': (c) => c >= 0,
  '~': (c) => c === 0,
  '!~': (c) => c !== 0,
};

function tagField(name: string): { numeric: boolean; get: Getter } {
  return { numeric: NUMERIC_TAGS.has(name), get: (s) => s.tag(name) };
}

const NUMBER_TEXT = /^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)\s*$/;

function toNumber(v: Value): number {
  if (typeof v === 'number') return v;
  if (v === undefined || !NUMBER_TEXT.test(v)) return Number.NaN;
  return Number(v);
}

function syntaxDiagnostic(source: string, error: PeggySyntaxError): Diagnostic {
  const offset = error.location.start.offset;
  const found = error.found === null ? 'the end of the expression' : `"${error.found}"`;
  const expected = [
    ...new Set(
      (error.expected ?? [])
        .filter((e) => !('description' in e && e.description === 'whitespace'))
        .map(describeExpectation),
    ),
  ];
  const wanted =
    expected.length === 0
      ? 'the end of the expression'
      : expected.length === 1
        ? expected[0]
        : `${expected.slice(0, -1).join(', ')} or ${expected.at(-1)}`;
  const rest = source.slice(offset);
  const hint =
    rest.startsWith('=') && !rest.startsWith('==')
      ? 'compare with == (a single = is not an operator)'
      : rest.startsWith('&') || rest.startsWith('|')
        ? 'join conditions with && and ||'
        : 'e.g. WhiteElo >= 2000 && tc_class == "blitz" && !(Termination == "Abandoned")';
  return placed(
    source,
    'WHERE_SYNTAX',
    `expected ${wanted} but found ${found}`,
    offset,
    Math.max(1, error.found?.length ?? 0),
    hint,
  );
}

function describeExpectation(e: PeggySyntaxError['expected'][number]): string {
  if (e.type === 'literal') return `"${e.text}"`;
  if (e.type === 'end') return 'the end of the expression';
  if (e.type === 'other') return e.description;
  return e.type;
}

function placed(
  source: string,
  code: 'WHERE_SYNTAX' | 'WHERE_UNKNOWN_FIELD',
  message: string,
  offset: number,
  length: number,
  hint: string,
): Diagnostic {
  const { line, column } = new LineIndex(source).locate(offset);
  const excerpt = source.slice(offset, offset + Math.max(length, 1)) || source.slice(Math.max(0, offset - 10));
  return diagnostic(code, message, { offset, line, column, length, excerpt, hint });
}
