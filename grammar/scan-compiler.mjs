// A Peggy plugin (a compiler pass, run at build time) that compiles the character-level parts of a
// grammar into scanning functions, so that grammar/pgn.peggy can say `[A-Za-z0-9_]+` and still
// parse as fast as the hand-written scanners it used to call from predicates.
//
// Why: Peggy 5 compiles a character class to a regular expression tested on `input.charAt(pos)`
// for every character, and a repetition to an array of those one-character strings (which `$()`
// then throws away). A "recogniser" (classes, literals, `.`, sequences, choices, `?`, `*`, `+`,
// `$()`, `&`, `!` and references to rules made only of those) whose value nothing reads needs
// none of that: here it becomes one module-scope function `scan$N(input, pos)` (table lookups by
// char code, `indexOf` for `[^x]*`, no allocation) that returns the end of the match or -1, and
// the node becomes a semantic predicate that moves the parser's position to that end.
//
// What is compiled, and why the parser's results stay exactly Peggy's:
// - only nodes whose value is never observed: inside `$()`, `&`, `!`, unlabelled elements of a
//   sequence that has an action (or whose value is discarded), a repetition's delimiter, rules
//   whose every use is such a place (found by a fixpoint over the rules, from the start rules);
// - only where Peggy records no expectations (inside a named rule, `&` or `!`, or a rule only
//   reached from such places), so that failed parses report the same errors and positions;
// - PEG semantics are kept: ordered choice, greedy repetitions that never give back.
// Everything else (labels, actions, predicates, `|n..m|`, case-insensitive or Unicode classes)
// is left to Peggy. test/grammar/scan-compiler.test.ts compiles grammars with and without this
// plugin and compares results and error messages, on the corpus and on random text.
//
// It relies on Peggy's AST and pass list and on the name of the parser's position variable
// (`peg$currPos`) in the generated code, so it checks them (`checkPeggy`, `checkAst`, the
// `checkGenerated` pass) and fails the build with a message on any Peggy that differs.

import peggy from 'peggy';

/** The Peggy this plugin was written and tested against (package.json pins it exactly). */
export const PEGGY_VERSION = '5.1.0';

/** The compiler stages and passes of Peggy 5.1.0 that this plugin is placed among. */
const EXPECTED_PASSES = {
  prepare: ['addImportedRules', 'reportInfiniteRecursion'],
  check: [
    'reportUndefinedRules',
    'reportDuplicateRules',
    'reportDuplicateLabels',
    'reportInfiniteRepetition',
    'reportIncorrectPlucking',
    'reportDuplicateImports',
  ],
  transform: [
    'fixLibraryNumbers',
    'removeProxyRules',
    'mergeCharacterClasses',
    'removeUnusedRules',
    'inferenceMatchResult',
  ],
  semantic: ['reportUnreachable'],
  generate: ['generateBytecode', 'generateJS'],
};

/** Prefix of every name this plugin adds to the generated module. */
const PREFIX = 'scan$';

function fail(message) {
  throw new Error(
    `grammar/scan-compiler.mjs: ${message}. It was written for peggy ${PEGGY_VERSION}; check what changed before you change the pin.`,
  );
}

/** Throws unless `version` and the stages and passes of `passes` are those of the pinned Peggy. */
export function checkPeggy(version, passes) {
  if (version !== PEGGY_VERSION) fail(`peggy is ${version}`);
  const names = Object.fromEntries(Object.entries(passes).map(([stage, list]) => [stage, list.map((p) => p.name)]));
  if (JSON.stringify(names) !== JSON.stringify(EXPECTED_PASSES))
    fail(`peggy's compiler passes are ${JSON.stringify(names)}`);
}

// ----- The AST -----

/** The fields this plugin reads, by node type (every other type is refused). */
const SHAPES = {
  grammar: { rules: 'array' },
  rule: { name: 'string', expression: 'node' },
  named: { name: 'string', expression: 'node' },
  choice: { alternatives: 'nodes' },
  action: { expression: 'node', code: 'string' },
  sequence: { elements: 'nodes' },
  labeled: { expression: 'node', pick: 'boolean?' },
  text: { expression: 'node' },
  simple_and: { expression: 'node' },
  simple_not: { expression: 'node' },
  optional: { expression: 'node' },
  zero_or_more: { expression: 'node' },
  one_or_more: { expression: 'node' },
  repeated: { expression: 'node', max: 'object' },
  group: { expression: 'node' },
  semantic_and: { code: 'string' },
  semantic_not: { code: 'string' },
  rule_ref: { name: 'string' },
  library_ref: { name: 'string' },
  literal: { value: 'string', ignoreCase: 'boolean' },
  class: { parts: 'array', inverted: 'boolean', ignoreCase: 'boolean', unicode: 'boolean' },
  any: {},
};

/** Throws unless every node of `ast` has a type this plugin knows, with the fields it reads. */
export function checkAst(ast) {
  const visit = (node, where) => {
    const shape = node && SHAPES[node.type];
    if (!shape) fail(`unknown AST node ${JSON.stringify(node?.type)} in ${where}`);
    for (const [field, kind] of Object.entries(shape)) {
      const v = node[field];
      const ok =
        kind === 'node'
          ? typeof v === 'object' && v !== null
          : kind === 'nodes' || kind === 'array'
            ? Array.isArray(v)
            : kind === 'boolean?'
              ? v === undefined || typeof v === 'boolean'
              : kind === 'object'
                ? typeof v === 'object' && v !== null
                : typeof v === kind;
      if (!ok) fail(`AST node ${node.type} in ${where} has no ${kind} field ${field}`);
    }
    if (node.type === 'labeled' && !(node.label === null || typeof node.label === 'string'))
      fail(`AST node labeled in ${where} has a label of type ${typeof node.label}`);
    for (const child of children(node)) visit(child, where);
    if (node.type === 'repeated' && node.delimiter != null) visit(node.delimiter, where);
  };
  if (ast?.type !== 'grammar') fail('the AST root is not a grammar node');
  for (const rule of ast.rules) visit(rule, `rule ${rule.name}`);
}

function children(node) {
  switch (node.type) {
    case 'choice':
      return node.alternatives;
    case 'sequence':
      return node.elements;
    default:
      return node.expression ? [node.expression] : [];
  }
}

// ----- Which nodes may be compiled -----

/**
 * For each rule: `used` (its value can be observed) and `loud` (a failure in it can be reported,
 * i.e. it is reached outside named rules and lookaheads), as a fixpoint from the start rules.
 */
function analyseRules(ast, startRules) {
  const used = new Set(startRules);
  const loud = new Set(startRules);
  const byName = new Map(ast.rules.map((r) => [r.name, r]));
  for (let changed = true; changed; ) {
    changed = false;
    const visit = (node, isUsed, isSilent) => {
      switch (node.type) {
        case 'rule_ref':
          if (isUsed && !used.has(node.name)) {
            used.add(node.name);
            changed = true;
          }
          if (!isSilent && !loud.has(node.name)) {
            loud.add(node.name);
            changed = true;
          }
          return;
        case 'repeated':
          visit(node.expression, isUsed, isSilent);
          if (node.delimiter != null) visit(node.delimiter, false, isSilent);
          return;
        default:
          for (const [child, u, s] of childContexts(node, isUsed, isSilent)) visit(child, u, s);
      }
    };
    for (const rule of ast.rules) visit(rule.expression, used.has(rule.name), !loud.has(rule.name));
  }
  return { used, loud, byName };
}

/** The children of `node` with whether each one's value is observed and whether it is silent. */
function childContexts(node, isUsed, isSilent) {
  switch (node.type) {
    case 'named':
      return [[node.expression, isUsed, true]];
    case 'simple_and':
    case 'simple_not':
      return [[node.expression, false, true]];
    case 'text':
    case 'action':
      return [[node.expression, false, isSilent]]; // an action sees labels only
    case 'labeled':
      return [[node.expression, isUsed || node.label !== null, isSilent]]; // a label is seen by later predicates too
    case 'sequence': {
      const picks = node.elements.some((e) => e.type === 'labeled' && e.pick);
      return node.elements.map((e) => [e, isUsed && (!picks || (e.type === 'labeled' && e.pick === true)), isSilent]);
    }
    case 'choice':
      return node.alternatives.map((a) => [a, isUsed, isSilent]);
    case 'optional':
    case 'zero_or_more':
    case 'one_or_more':
    case 'group':
      return [[node.expression, isUsed, isSilent]];
    default:
      return [];
  }
}

/** True for a class this plugin can test by char code: no `i`, no `u`, only plain characters. */
function simpleClass(node) {
  const oneUnit = (s) => typeof s === 'string' && s.length === 1;
  return (
    !node.ignoreCase &&
    !node.unicode &&
    node.parts.every((p) => (Array.isArray(p) ? p.length === 2 && p.every(oneUnit) : oneUnit(p)))
  );
}

// ----- Code generation -----

class Compiler {
  constructor(byName) {
    this.byName = byName;
    /** Module-scope declarations (tables, then scan functions). */
    this.tables = [];
    this.scans = [];
    this.tableIndex = new Map();
    this.scanIndex = new Map();
    this.names = 0;
    this.recogniser = new Map();
  }

  /** True when `node` is made only of classes, literals, `.` and the operators around them. */
  isRecogniser(node, stack = []) {
    switch (node.type) {
      case 'class':
        return simpleClass(node);
      case 'literal':
        return !node.ignoreCase;
      case 'any':
        return true;
      case 'sequence':
        return node.elements.every((e) => this.isRecogniser(e, stack));
      case 'choice':
        return node.alternatives.every((a) => this.isRecogniser(a, stack));
      case 'labeled':
        return node.label === null && !node.pick && this.isRecogniser(node.expression, stack);
      case 'named':
      case 'text':
      case 'group':
      case 'optional':
      case 'zero_or_more':
      case 'one_or_more':
      case 'simple_and':
      case 'simple_not':
        return this.isRecogniser(node.expression, stack);
      case 'rule_ref': {
        const rule = this.byName.get(node.name);
        if (!rule || stack.includes(node.name)) return false;
        if (!this.recogniser.has(node.name))
          this.recogniser.set(node.name, this.isRecogniser(rule.expression, [...stack, node.name]));
        return this.recogniser.get(node.name);
      }
      default:
        return false;
    }
  }

  /** True when compiling `node` pays: it tests a class or `.`, or repeats (literals alone Peggy does well). */
  worthCompiling(node, seen = new Set()) {
    switch (node.type) {
      case 'class':
      case 'any':
      case 'zero_or_more':
      case 'one_or_more':
        return true;
      case 'literal':
        return false;
      case 'rule_ref': {
        if (seen.has(node.name)) return false;
        seen.add(node.name);
        return this.worthCompiling(this.byName.get(node.name).expression, seen);
      }
      default:
        return children(node).some((c) => this.worthCompiling(c, seen));
    }
  }

  /** The rewritten copy of `node` (the original tree is left as it is). */
  rewrite(node, isUsed, isSilent) {
    if (!isUsed && isSilent && this.isRecogniser(node) && this.worthCompiling(node)) return this.scanNode(node);
    switch (node.type) {
      case 'sequence':
        return this.rewriteSequence(node, isUsed, isSilent);
      case 'choice':
        return {
          ...node,
          alternatives: childContexts(node, isUsed, isSilent).map(([c, u, s]) => this.rewrite(c, u, s)),
        };
      case 'repeated':
        return {
          ...node,
          expression: this.rewrite(node.expression, isUsed, isSilent),
          delimiter: node.delimiter == null ? node.delimiter : this.rewrite(node.delimiter, false, isSilent),
        };
      default: {
        const [ctx] = childContexts(node, isUsed, isSilent);
        return ctx ? { ...node, expression: this.rewrite(ctx[0], ctx[1], ctx[2]) } : node;
      }
    }
  }

  /** A sequence with each run of adjacent unobserved recognisers (starting with one worth it) as one scan. */
  rewriteSequence(node, isUsed, isSilent) {
    const contexts = childContexts(node, isUsed, isSilent);
    const compilable = contexts.map(([e, u, s]) => !u && s && this.isRecogniser(e));
    const elements = [];
    for (let i = 0; i < contexts.length; ) {
      let j = i;
      if (compilable[i] && this.worthCompiling(contexts[i][0]))
        while (j + 1 < contexts.length && compilable[j + 1]) j++;
      if (j > i) {
        const run = contexts.slice(i, j + 1).map(([e]) => e);
        elements.push(this.scanNode({ type: 'sequence', elements: run, location: run[0].location }));
      } else {
        const [e, u, s] = contexts[i];
        elements.push(this.rewrite(e, u, s));
      }
      i = j + 1;
    }
    return { ...node, elements };
  }

  /** A semantic predicate that runs the scan of `node` and moves the parser's position to its end. */
  scanNode(node) {
    const steps = this.gen(node, 'return -1;');
    const body = `${steps.includes('c = ') ? 'let c;\n' : ''}${steps}\nreturn p;`;
    let name = this.scanIndex.get(body);
    if (name === undefined) {
      name = `${PREFIX}${this.scanIndex.size}`;
      this.scanIndex.set(body, name);
      this.scans.push(`/** ${describe(node)} */\nfunction ${name}(input, p) {\n${indent(body)}\n}`);
    }
    // A scan that cannot match empty is first tested on its first character, here in the predicate
    // (small enough for V8 to inline into the rule): most calls of Element's alternatives fail there.
    const first = this.firstChars(node);
    const precheck = first === null ? '' : ` let c; if (!${this.rangeTest(first, 'peg$currPos')}) return false;`;
    const code = this.canFail(node)
      ? `${precheck} const end = ${name}(input, peg$currPos); if (end < 0) return false; peg$currPos = end; return true; `
      : ` peg$currPos = ${name}(input, peg$currPos); return true; `;
    return { type: 'semantic_and', code, location: node.location };
  }

  /** True when `node` can match without consuming a character. */
  nullable(node) {
    switch (node.type) {
      case 'class':
      case 'any':
        return false;
      case 'literal':
        return node.value.length === 0;
      case 'sequence':
        return node.elements.every((e) => this.nullable(e));
      case 'choice':
        return node.alternatives.some((a) => this.nullable(a));
      case 'optional':
      case 'zero_or_more':
      case 'simple_and':
      case 'simple_not':
        return true;
      case 'rule_ref':
        return this.nullable(this.byName.get(node.name).expression);
      default:
        return this.nullable(node.expression);
    }
  }

  /**
   * The code-unit ranges a match of `node` can start with (a superset: lookaheads are ignored),
   * or null when it can match empty or start with almost anything (no test would pay).
   */
  firstChars(node) {
    const ranges = this.firstRanges(node);
    if (ranges === null) return null;
    const size = ranges.reduce((n, [a, b]) => n + b - a + 1, 0);
    return size > 0xff00 ? null : ranges;
  }

  firstRanges(node) {
    switch (node.type) {
      case 'class':
        return classRanges(node);
      case 'any':
        return [[0, 0xffff]];
      case 'literal':
        return node.value.length === 0 ? null : [[node.value.charCodeAt(0), node.value.charCodeAt(0)]];
      case 'sequence': {
        const out = [];
        for (const e of node.elements) {
          if (e.type === 'simple_and' || e.type === 'simple_not') continue; // consumes nothing; ignoring it only widens the set
          const r = this.firstRanges(e);
          if (r === null) return null;
          out.push(...r);
          if (!this.nullable(e)) return out;
        }
        return null;
      }
      case 'choice': {
        const out = [];
        for (const a of node.alternatives) {
          const r = this.firstRanges(a);
          if (r === null) return null;
          out.push(...r);
        }
        return out;
      }
      case 'one_or_more':
      case 'named':
      case 'text':
      case 'group':
      case 'labeled':
        return this.firstRanges(node.expression);
      case 'rule_ref':
        return this.firstRanges(this.byName.get(node.name).expression);
      default:
        return null; // optional, zero_or_more, lookaheads: can match empty
    }
  }

  /**
   * An expression, true when the character at `pos` is in one of `ranges` (false at the end). It
   * sets `c`. The end is tested first and the table only read below 128, so the loads stay
   * in bounds and `c` a small integer (a NaN or an out-of-bounds index makes V8's code slower).
   */
  rangeTest(ranges, pos) {
    const ascii = [];
    for (let c = 0; c < 128; c++) if (ranges.some(([a, b]) => c >= a && c <= b)) ascii.push(c);
    const high = ranges
      .filter(([, b]) => b >= 128)
      .map(([a, b]) => {
        const lo = Math.max(a, 128);
        if (lo === b) return `c === ${b}`;
        const tests = [...(lo > 128 ? [`c >= ${lo}`] : []), ...(b < 0xffff ? [`c <= ${b}`] : [])];
        return tests.length === 0 ? 'true' : tests.length === 1 ? tests[0] : `(${tests.join(' && ')})`;
      });
    const low = ascii.length === 0 ? 'false' : ascii.length === 128 ? 'true' : `${this.table(ascii)}[c] === 1`;
    const highTest = high.length === 0 ? 'false' : high.includes('true') ? 'true' : high.join(' || ');
    return `(${pos} < input.length && ((c = input.charCodeAt(${pos})) < 128 ? ${low} : ${highTest}))`;
  }

  canFail(node) {
    switch (node.type) {
      case 'optional':
      case 'zero_or_more':
        return false;
      case 'sequence':
        return node.elements.some((e) => this.canFail(e));
      case 'choice':
        return node.alternatives.every((a) => this.canFail(a));
      case 'text':
      case 'group':
      case 'named':
      case 'labeled':
        return this.canFail(node.expression);
      case 'rule_ref':
        return this.canFail(this.byName.get(node.name).expression);
      case 'literal':
        return node.value.length > 0;
      default:
        return true;
    }
  }

  label() {
    return `l${this.names++}`;
  }

  /** Statements that match `node` at `p` (moving `p` past it) or run `onFail` (leaving `p` anywhere). */
  gen(node, onFail) {
    switch (node.type) {
      case 'class':
        return `if (${this.classTest(node)}) p++; else ${onFail}`;
      case 'any':
        return `if (p < input.length) p++; else ${onFail}`;
      case 'literal': {
        if (node.value.length === 0) return '';
        return `if (${literalTest(node.value)}) p += ${node.value.length}; else ${onFail}`;
      }
      case 'sequence':
        return node.elements
          .map((e) => this.gen(e, onFail))
          .filter(Boolean)
          .join('\n');
      case 'labeled':
      case 'named':
      case 'text':
      case 'group':
        return this.gen(node.expression, onFail);
      case 'rule_ref':
        return this.gen(this.byName.get(node.name).expression, onFail);
      case 'choice': {
        const done = this.label();
        const start = this.label();
        const alternatives = node.alternatives.map((a) => {
          const next = this.label();
          return `${next}: {\n${indent(this.gen(a, `break ${next};`))}\n  break ${done};\n}\np = ${start};`;
        });
        return `${done}: {\nconst ${start} = p;\n${alternatives.join('\n')}\n${onFail}\n}`;
      }
      case 'optional': {
        const out = this.label();
        const start = this.label();
        return `${out}: {\nconst ${start} = p;\n${this.gen(node.expression, `{ p = ${start}; break ${out}; }`)}\n}`;
      }
      case 'zero_or_more':
        return this.star(node.expression);
      case 'one_or_more':
        return `${this.gen(node.expression, onFail)}\n${this.star(node.expression)}`;
      case 'simple_and': {
        const start = this.label();
        return `{\nconst ${start} = p;\n${this.gen(node.expression, onFail)}\np = ${start};\n}`;
      }
      case 'simple_not': {
        const out = this.label();
        const start = this.label();
        return `{\nconst ${start} = p;\n${out}: {\n${this.gen(node.expression, `break ${out};`)}\n${onFail}\n}\np = ${start};\n}`;
      }
      default:
        throw new Error(`not a recogniser: ${node.type}`); // isRecogniser said it was
    }
  }

  /** A greedy loop over `node` (a class runs by table, `[^x]*` by indexOf, `.*` to the end). */
  star(node) {
    const inner = unwrap(node, this.byName);
    if (inner.type === 'any') return 'p = input.length;';
    if (inner.type === 'class') {
      const single =
        inner.inverted && inner.parts.length === 1 && !Array.isArray(inner.parts[0]) ? inner.parts[0] : null;
      if (single !== null) return `p = input.indexOf(${JSON.stringify(single)}, p);\nif (p < 0) p = input.length;`;
      return `while (${this.classTest(inner)}) p++;`;
    }
    const loop = this.label();
    const start = this.label();
    return `${loop}: for (;;) {\nconst ${start} = p;\n${indent(this.gen(node, `{ p = ${start}; break ${loop}; }`))}\n}`;
  }

  /** An expression, true when the character at `p` is in the class (false at the end). */
  classTest(node) {
    return this.rangeTest(classRanges(node), 'p');
  }

  /** The name of a 128-entry table with 1 at each of `codes` (shared by equal tables). */
  table(codes) {
    const key = codes.join(',');
    let name = this.tableIndex.get(key);
    if (name === undefined) {
      name = `${PREFIX}t${this.tableIndex.size}`;
      this.tableIndex.set(key, name);
      this.tables.push(`const ${name} = ${PREFIX}table([${key}]); // ${JSON.stringify(String.fromCharCode(...codes))}`);
    }
    return name;
  }

  /** The module-scope code: the tables and the scan functions. */
  moduleCode() {
    return [
      '// Added by grammar/scan-compiler.mjs: the tables and scans its predicates call.',
      `function ${PREFIX}table(codes) {\n  const t = new Uint8Array(128);\n  for (const c of codes) t[c] = 1;\n  return t;\n}`,
      ...this.tables,
      ...this.scans,
    ].join('\n');
  }
}

/** The code-unit ranges a simple class matches. */
function classRanges(node) {
  const code = (ch) => ch.charCodeAt(0);
  const ranges = node.parts.map((p) => (Array.isArray(p) ? [code(p[0]), code(p[1])] : [code(p), code(p)]));
  return node.inverted ? complement(ranges) : ranges;
}

/** The code units 0 to 0xFFFF not in `ranges`. */
function complement(ranges) {
  const sorted = ranges.map(([a, b]) => [a, b]).sort((x, y) => x[0] - y[0]);
  const out = [];
  let next = 0;
  for (const [a, b] of sorted) {
    if (a > next) out.push([next, a - 1]);
    next = Math.max(next, b + 1);
  }
  if (next <= 0xffff) out.push([next, 0xffff]);
  return out;
}

/** `node` without the wrappers that do not change what it matches. */
function unwrap(node, byName) {
  for (;;) {
    if (
      node.type === 'group' ||
      node.type === 'text' ||
      node.type === 'named' ||
      (node.type === 'labeled' && node.label === null)
    )
      node = node.expression;
    else if (node.type === 'rule_ref') node = byName.get(node.name).expression;
    else return node;
  }
}

/** An expression, true when `value` is at `p` (the length is tested first: in-bounds loads only). */
function literalTest(value) {
  if (value.length > 4) return `input.startsWith(${JSON.stringify(value)}, p)`;
  const end = value.length === 1 ? 'p < input.length' : `p + ${value.length} <= input.length`;
  return [
    end,
    ...[...value].map((ch, i) => `input.charCodeAt(p${i === 0 ? '' : ` + ${i}`}) === ${ch.charCodeAt(0)}`),
  ].join(' && ');
}

function indent(code) {
  return code
    .split('\n')
    .map((line) => (line === '' ? line : `  ${line}`))
    .join('\n');
}

/** A one-line summary of what a scan matches, for the generated code's reader. */
function describe(node) {
  const d = (n) => {
    switch (n.type) {
      case 'class':
        return `[${n.inverted ? '^' : ''}${n.parts.map((p) => (Array.isArray(p) ? `${esc(p[0])}-${esc(p[1])}` : esc(p))).join('')}]`;
      case 'literal':
        return JSON.stringify(n.value);
      case 'any':
        return '.';
      case 'sequence':
        return n.elements.map(d).join(' ');
      case 'choice':
        return `(${n.alternatives.map(d).join(' / ')})`;
      case 'optional':
        return `${inner(n.expression)}?`;
      case 'zero_or_more':
        return `${inner(n.expression)}*`;
      case 'one_or_more':
        return `${inner(n.expression)}+`;
      case 'simple_and':
        return `&${inner(n.expression)}`;
      case 'simple_not':
        return `!${inner(n.expression)}`;
      case 'text':
        return `$${inner(n.expression)}`;
      case 'rule_ref':
        return n.name;
      default:
        return d(n.expression);
    }
  };
  const inner = (n) => (n.type === 'sequence' && n.elements.length > 1 ? `(${d(n)})` : d(n));
  return d(node).replaceAll('*/', '*\\/');
}

function esc(ch) {
  const c = ch.charCodeAt(0);
  if (ch === ']' || ch === '\\' || ch === '^' || ch === '-') return `\\${ch}`;
  return c < 32 || c > 126 ? `\\u${c.toString(16).padStart(4, '0')}` : ch;
}

// ----- The passes -----

/** The transform pass: replaces the compilable nodes and adds the scans to the module. */
function compileScans(ast, options) {
  checkAst(ast);
  const { used, loud, byName } = analyseRules(ast, startRules(ast, options));
  const compiler = new Compiler(byName);
  // Rules are rewritten as the rewritten rules reach them, from the start rules: a rule that is
  // now read only inside scans is left as it was (removeUnusedRules drops it) and adds no scan.
  const rewritten = new Map();
  const pending = [...startRules(ast, options)];
  while (pending.length > 0) {
    const name = pending.pop();
    if (rewritten.has(name)) continue;
    const rule = byName.get(name);
    const expression = compiler.rewrite(rule.expression, used.has(name), !loud.has(name));
    rewritten.set(name, { ...rule, expression });
    pending.push(...ruleRefs(expression));
  }
  ast.rules = ast.rules.map((rule) => rewritten.get(rule.name) ?? rule);
  if (compiler.scans.length === 0) return;
  const code = compiler.moduleCode();
  const top = ast.topLevelInitializer;
  const target = Array.isArray(top) ? top[0] : top;
  if (target) target.code = `${target.code}\n${code}\n`;
  else ast.topLevelInitializer = { type: 'top_level_initializer', code, location: ast.location };
  ast.scanCompiler = { scans: compiler.scans.length };
}

function startRules(ast, options) {
  return options.allowedStartRules ?? [ast.rules[0].name];
}

/** The names of the rules `node` calls (not those inside scans: they are predicates now). */
function ruleRefs(node, out = []) {
  if (node.type === 'rule_ref') out.push(node.name);
  for (const child of children(node)) ruleRefs(child, out);
  if (node.type === 'repeated' && node.delimiter != null) ruleRefs(node.delimiter, out);
  return out;
}

/** The generate pass after Peggy's: checks that the generated code is what the predicates expect. */
export function checkGenerated(ast) {
  if (!ast.scanCompiler) return;
  const code = ast.code.toString();
  if (!/function peg\$parse\(input, options\)/.test(code)) fail('the generated parse function no longer takes `input`');
  if (!/\blet peg\$currPos\b/.test(code))
    fail('the generated parser no longer keeps its position in `let peg$currPos`');
  for (let i = 0; i < ast.scanCompiler.scans; i++) {
    if (!code.includes(`${PREFIX}${i}(input, peg$currPos)`))
      fail(`the predicate calling ${PREFIX}${i} is missing from the generated code`);
  }
}

/** The plugin: `plugins: [scanCompiler]` in a peggy config (or `peggy.generate(text, { plugins })`). */
const scanCompiler = {
  use(config) {
    checkPeggy(peggy.VERSION, config.passes);
    const transform = config.passes.transform;
    // After mergeCharacterClasses (which joins `[a] / [b]`), before removeUnusedRules (which drops
    // rules only the scans used) and inferenceMatchResult (which must see the new predicates).
    transform.splice(
      transform.findIndex((p) => p.name === 'removeUnusedRules'),
      0,
      compileScans,
    );
    config.passes.generate.push(checkGenerated);
  },
};

export default scanCompiler;
