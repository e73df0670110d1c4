/**
 * grammar/scan-compiler.mjs, the build's Peggy plugin: the grammar compiled WITH it (what the build
 * ships) must parse exactly as the same grammar compiled by plain Peggy (the reference), on the
 * corpus and on random text; on other grammars, failed parses must report the same errors; and a
 * Peggy other than the pinned one must stop the build.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import peggy from 'peggy';
import { describe, expect, it } from 'vitest';
import scanCompiler, { checkAst, checkGenerated, checkPeggy, PEGGY_VERSION } from '../../grammar/scan-compiler.mjs';
import { splitGames } from '../../src/pgn/split.js';
import { decodeLikeOracle, FIXTURES, hasSharedCorpus, readMaybeGzip, SHARED_CORPUS } from '../support/corpus.js';
import { fuzzRuns, fuzzTimeout } from '../support/robustness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const GRAMMAR = readFileSync(join(ROOT, 'grammar/pgn.peggy'), 'utf8');
const OPTIONS = { allowedStartRules: ['Game'] };

const plain = peggy.generate(GRAMMAR, OPTIONS);
const fast = peggy.generate(GRAMMAR, { ...OPTIONS, plugins: [scanCompiler] });

/** What a parser gives for `text`: its result, or the error it throws (message and location). */
function outcome(parser: peggy.Parser, text: string): unknown {
  try {
    return { ok: parser.parse(text) };
  } catch (e) {
    const err = e as peggy.parser.SyntaxError;
    return { error: err.message, location: err.location, expected: err.expected, found: err.found };
  }
}

function pgnFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.pgn(\.gz)?$/.test(f))
    .map((f) => join(dir, f))
    .sort();
}

describe('grammar/pgn.peggy', () => {
  it('is plain Peggy: no name of the generated code, character classes and repetitions instead', () => {
    expect(GRAMMAR).not.toContain('peg$');
    expect(GRAMMAR).toMatch(/\[A-Za-z0-9_\]/);
    expect(GRAMMAR).toContain('= [ \\t\\n\\r\\f\\v\\u00a0\\ufeff]*');
  });

  it('is built with the plugin: the shipped parser calls its scans', () => {
    const built = readFileSync(join(ROOT, 'src/pgn/generated/pgn-parser.js'), 'utf8');
    expect(built).toMatch(/^function scan\$0\(input, p\)/m);
    expect(built).toContain('scan$0(input, peg$currPos)');
    const source = peggy.generate(GRAMMAR, { ...OPTIONS, output: 'source', plugins: [scanCompiler] });
    expect(source).toContain('scan$0(input, peg$currPos)');
    expect(peggy.generate(GRAMMAR, { ...OPTIONS, output: 'source' })).not.toContain('scan$');
  });
});

describe('the grammar with the plugin parses as without it', () => {
  const files = hasSharedCorpus ? pgnFiles(SHARED_CORPUS) : pgnFiles(FIXTURES);

  // The first games of every file: the plain parser is slow, and the files differ more than their games.
  const PER_FILE = 400;

  it(`on the first ${PER_FILE} games of every file of ${hasSharedCorpus ? 'the shared corpus' : 'test/fixtures'} (${files.length} files)`, () => {
    let games = 0;
    for (const file of files) {
      const text = decodeLikeOracle(readMaybeGzip(file));
      for (const game of splitGames(text)) {
        if (game.index >= PER_FILE) break;
        const want = plain.parse(game.text);
        const got = fast.parse(game.text);
        if (JSON.stringify(got) !== JSON.stringify(want))
          expect({ file, game: game.index, got }).toEqual({ file, game: game.index, got: want });
        games++;
      }
    }
    expect(games).toBeGreaterThan(hasSharedCorpus ? 5_000 : 10);
  }, 300_000);

  it('on the fixtures whole (each file as one text: tags, moves and junk anywhere)', () => {
    for (const file of pgnFiles(FIXTURES)) {
      const text = decodeLikeOracle(readMaybeGzip(file)).slice(0, 100_000);
      expect(fast.parse(text)).toEqual(plain.parse(text));
    }
  });

  // Pieces of PGN and of what breaks it, glued at random: tokens split, merged and left unclosed.
  const PIECES = [
    '1.',
    '12...',
    '3. ...',
    '\u2026',
    ' ',
    '\n',
    '\r\n',
    '\t',
    '\u00a0',
    '\ufeff',
    '\f',
    '\v',
    'e4',
    'Nf3',
    'exd6',
    'e.p.',
    ' e.p.',
    '.p.',
    'e8(Q)',
    '(Q)+',
    'Nbd7#',
    'O-O-O',
    '0-0',
    '0-0-0+!',
    '(',
    ')',
    '{',
    '}',
    '{ a comment }',
    ';',
    '; rest\n',
    '%',
    '\n%esc',
    '[',
    ']',
    '"',
    '\\',
    '\\"',
    '[Event "x"]',
    '[A "b \\" c"]',
    '[%clk 1:00]',
    '[White "',
    'Event',
    '"v"',
    '1-0',
    '0-1',
    '1/2-1/2',
    '*',
    '\u00bd',
    '\u00bd-\u00bd',
    '1\u20130',
    '0\u20130',
    'O\u2013O',
    '\u2212',
    '\u2010',
    '\u2015',
    '--',
    'Z0',
    '$',
    '$12',
    '$300',
    '!',
    '?',
    '!?',
    '??',
    '+',
    '#',
    '=',
    '@',
    '/',
    ':',
    'x',
    'a',
    '1',
    '0',
    '.',
    '_',
    '\u00e9',
    '\u0000',
    '\ud83d\ude00',
    '\ud800',
  ];
  const text = fc
    .array(
      fc.oneof(
        { weight: 9, arbitrary: fc.constantFrom(...PIECES) },
        { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 3 }) },
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));
  const runs = fuzzRuns(3000);

  it(
    `on random text (${runs} cases)`,
    () => {
      fc.assert(
        fc.property(text, (t) => {
          expect(fast.parse(t)).toEqual(plain.parse(t));
        }),
        { numRuns: runs, seed: 15 },
      );
    },
    fuzzTimeout(runs, 5),
  );
});

describe('the plugin on other grammars (where parses fail)', () => {
  // Each compiles something in a different place; only `loud` has no named rule, where nothing
  // may be compiled because Peggy reports its expectations.
  const GRAMMARS = {
    words: `start = w:Word|.., Sep| { return w; }
      Sep "separator" = [ ,]+
      Word "word" = $([a-z]+ ("-" [a-z]+)*) / $[0-9]+ / "<" $[^>]* ">"`,
    loud: `start = a:$[a-z]+ [ \\t]* b:[0-9]* "!"? .* { return [a, b]; }`,
    lookahead: `start = x:(!("end" [a-z]*) $[a-z]+ / " ")+ "end"? { return x; }`,
    picks: `start = "(" @$[a-z]* ")" / @Pair
      Pair "pair" = [a-c] [0-9]? &[x-z] @[x-z]+`,
  };
  const INPUT = fc.string({
    unit: fc.constantFrom('a', 'b', 'z', '-', '0', '9', ' ', ',', '<', '>', '!', '(', ')', 'x', 'e', 'n', 'd', '\t'),
    maxLength: 12,
  });

  for (const [name, grammar] of Object.entries(GRAMMARS)) {
    it(`gives the same results and errors: ${name}`, () => {
      const reference = peggy.generate(grammar);
      const compiled = peggy.generate(grammar, { plugins: [scanCompiler] });
      fc.assert(
        fc.property(INPUT, (t) => {
          expect(outcome(compiled, t)).toEqual(outcome(reference, t));
        }),
        { numRuns: 2000, seed: 15 },
      );
    });
  }

  it('compiles the named rules and lookaheads, and leaves a grammar without them to Peggy', () => {
    expect(peggy.generate(GRAMMARS.words, { output: 'source', plugins: [scanCompiler] })).toContain('scan$');
    expect(peggy.generate(GRAMMARS.loud, { output: 'source', plugins: [scanCompiler] })).not.toContain('scan$');
  });
});

describe('the plugin stops the build on a Peggy it was not written for', () => {
  const passes = (): Record<string, ((...args: never[]) => unknown)[]> => {
    const copy: Record<string, ((...args: never[]) => unknown)[]> = {};
    for (const [stage, list] of Object.entries(peggy.compiler.passes))
      copy[stage] = [...(list as ((...args: never[]) => unknown)[])];
    return copy;
  };

  it('accepts the pinned version with its passes', () => {
    expect(peggy.VERSION).toBe(PEGGY_VERSION);
    expect(() => checkPeggy(peggy.VERSION, passes())).not.toThrow();
  });

  it('refuses another version', () => {
    expect(() => checkPeggy('5.2.0', passes())).toThrow(/peggy is 5\.2\.0.*written for peggy 5\.1\.0/);
  });

  it('refuses a changed list of compiler passes', () => {
    const renamed = passes();
    renamed['transform']?.splice(1, 1);
    expect(() => checkPeggy(PEGGY_VERSION, renamed)).toThrow(/compiler passes are/);
    const moved = passes();
    moved['generate']?.reverse();
    expect(() => checkPeggy(PEGGY_VERSION, moved)).toThrow(/compiler passes are/);
    expect(() =>
      scanCompiler.use({ passes: renamed } as unknown as peggy.Config, {} as peggy.BuildOptionsBase),
    ).toThrow(/compiler passes are/);
  });

  it('refuses an AST node type or field it does not know', () => {
    const ast = peggy.parser.parse('start = [a-z]+ "x"', {
      grammarSource: 'test',
      reservedWords: [...peggy.RESERVED_WORDS],
    });
    expect(() => checkAst(ast)).not.toThrow();
    const seq = JSON.parse(JSON.stringify(ast));
    seq.rules[0].expression.elements[0].type = 'many';
    expect(() => checkAst(seq)).toThrow(/unknown AST node "many" in rule start/);
    const cls = JSON.parse(JSON.stringify(ast));
    delete cls.rules[0].expression.elements[0].expression.inverted;
    expect(() => checkAst(cls)).toThrow(/AST node class in rule start has no boolean field inverted/);
  });

  it('refuses generated code that does not keep the position where its predicates move it', () => {
    const good = peggy.generate('start "start" = "a" x:$[a-z]+', { output: 'source', plugins: [scanCompiler] });
    expect(() => checkGenerated({ code: good, scanCompiler: { scans: 1 } })).not.toThrow();
    expect(() =>
      checkGenerated({ code: good.replaceAll('let peg$currPos', 'let peg$pos'), scanCompiler: { scans: 1 } }),
    ).toThrow(/let peg\$currPos/);
    expect(() =>
      checkGenerated({ code: good.replaceAll('(input, peg$currPos)', '(input, pos)'), scanCompiler: { scans: 1 } }),
    ).toThrow(/scan\$0 is missing/);
  });
});
