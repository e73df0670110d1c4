/**
 * Random legal games written as PGN come back move for move: `writePgn → parsePgn → replay` gives
 * the FEN of every ply, variations included, that the chess core computed while generating the
 * game (the expected FENs never come from the replayer). pgn-never-throws only checks that the
 * writer's output parses to the same tree; this file checks the chess: standard and Chess960
 * starts (arbLegalGame), and set-up starts reached by a random walk and written with SetUp/FEN,
 * with comments (brace and `;`), NAGs, nested variations and awkward tag values, several games to a
 * file, through text and through the Node reader in UTF-8, CRLF and UTF-16. `buildGame`, the other
 * writer, is checked the same way from SAN and UCI tokens.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeFen } from '../../src/core/index.js';
import { INITIAL_FEN, type Position } from '../../src/core/index.js';
import type { NormalMove } from '../../src/core/types.js';
import { makeSan } from '../../src/core/index.js';
import { makeUci } from '../../src/core/index.js';
import type { Comment, Game, MoveLine, MoveNode, ResultToken, Tag } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { writePgn } from '../../src/pgn/write.js';
import { buildGame } from '../../src/replay/build.js';
import { replay } from '../../src/replay/replay.js';
import { arbLegalGame, positionsOf, walk } from '../support/arbitraries.js';
import { fuzzRuns, fuzzTimeout, readBytes } from '../support/robustness.js';

const NUM_RUNS = fuzzRuns(60);
const FEN_OPTIONS = { ep: 'always', castling: 'shredder' } as const;

// ---------------------------------------------------------------------------------------------
// A game plan: a start, a main line and variations, all legal by construction
// ---------------------------------------------------------------------------------------------

/** Text a comment may hold. Brace comments cannot hold `}`; those go out as `;` comments, one line. */
const COMMENT_PIECES = [
  ' ',
  'a',
  'Good move',
  '!?',
  '(',
  ')',
  '{',
  ';',
  '%',
  '"',
  '\\',
  '[',
  ']',
  '$1',
  '1-0',
  '*',
  'e4',
  '12.',
  'é',
  '😀',
  '\t',
  '[%clk 0:01:02]',
  '[%eval -1.5]',
];
const arbBraceText = fc
  .array(fc.oneof(fc.constantFrom(...COMMENT_PIECES), fc.constant('\n')), { maxLength: 8 })
  .map((p) => p.join(''));
const arbLineText = fc
  .array(fc.constantFrom(...COMMENT_PIECES, '}'), { minLength: 1, maxLength: 6 })
  .map((p) => `${p.join('')}}`);
const arbComment = fc.oneof({ weight: 4, arbitrary: arbBraceText }, { weight: 1, arbitrary: arbLineText });
const arbComments = fc.array(arbComment, { maxLength: 2 });

/** Tag values with quotes, backslashes, brackets, braces and non-ASCII: everything but a line end. */
const arbTagValue = fc.string({
  unit: fc.constantFrom('a', ' ', '"', '\\', ']', '[', '{', '}', ';', '%', 'é', 'ß', '😀', '1', '-', '?'),
  maxLength: 12,
});
const arbTagName = fc
  .string({
    unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_'),
    minLength: 1,
    maxLength: 10,
  })
  .filter(
    (name) => !['FEN', 'SetUp', 'Variant', 'Result', 'Event', 'Site', 'Date', 'Round', 'White', 'Black'].includes(name),
  );

interface Annotation {
  readonly nags: readonly number[];
  readonly before: readonly string[];
  readonly after: readonly string[];
}

const arbAnnotation: fc.Arbitrary<Annotation> = fc.record({
  nags: fc.array(fc.integer({ min: 0, max: 255 }), { maxLength: 2 }),
  before: arbComments,
  after: arbComments,
});

/** A line: move choices (modulo the legal moves), annotations, and variations hung on its plies. */
interface LineSpec {
  readonly choices: readonly number[];
  readonly notes: readonly Annotation[];
  readonly variations: readonly { readonly at: number; readonly line: LineSpec }[];
}

/** A line with variations nested up to `depth` levels below it. */
function arbLineOf(depth: number): fc.Arbitrary<LineSpec> {
  return fc.record({
    choices: fc.array(fc.nat(1000), { maxLength: 30 }),
    notes: fc.array(arbAnnotation, { maxLength: 6 }),
    variations:
      depth === 0
        ? fc.constant([])
        : fc.array(fc.record({ at: fc.nat(), line: arbLineOf(depth - 1) }), { maxLength: 3 - Math.min(2, 3 - depth) }),
  });
}

const arbLine = arbLineOf(3);

type StartKind = 'standard-or-960' | 'set-up';

interface GamePlan {
  readonly start: Position;
  readonly kind: StartKind;
  readonly xfen: boolean;
  readonly line: LineSpec;
  readonly tags: readonly [string, string][];
  readonly gameComments: readonly string[];
  readonly finalComments: readonly string[];
  readonly result: ResultToken;
}

const arbGamePlan: fc.Arbitrary<GamePlan> = fc
  .record({
    // A set-up start is where a random legal walk (standard or Chess960) ended.
    start: fc.oneof(
      arbLegalGame(0).map((g) => ({ position: g.start, kind: 'standard-or-960' as StartKind })),
      arbLegalGame(40).map((g) => ({ position: positionsOf(g).at(-1) ?? g.start, kind: 'set-up' as StartKind })),
    ),
    xfen: fc.boolean(),
    line: arbLine,
    tags: fc.array(fc.tuple(arbTagName, arbTagValue), { maxLength: 4 }),
    roster: fc.record({ Event: arbTagValue, White: arbTagValue, Black: arbTagValue }),
    gameComments: arbComments,
    finalComments: arbComments,
    result: fc.constantFrom<ResultToken>('1-0', '0-1', '1/2-1/2', '*'),
  })
  .map(({ start, xfen, line, tags, roster, gameComments, finalComments, result }) => ({
    start: start.position,
    kind: start.kind,
    xfen,
    line,
    tags: [...Object.entries(roster), ...tags],
    gameComments,
    finalComments,
    result,
  }));

// ---------------------------------------------------------------------------------------------
// Plan → Game tree, and the FENs the core says each ply reaches
// ---------------------------------------------------------------------------------------------

const SPAN = { offset: 0, length: 0 };

function comments(texts: readonly string[]): Comment[] {
  return texts.map((text) => ({ ...SPAN, text }));
}

/** `path fen` for every ply, in any order: what replay must give back. */
type Expected = string[];

interface Pending {
  readonly spec: LineSpec;
  readonly from: Position;
  readonly moves: readonly NormalMove[];
  readonly prefix: string;
  readonly out: MoveNode[];
}

/**
 * Plays a plan's line and its variations (an explicit worklist), filling the tree with move nodes
 * and `expected` with each ply's path and FEN as computed by the core. A variation whose walk has
 * no move (mate or stalemate before it) is left out: `()` cannot be written.
 */
function buildLines(spec: LineSpec, start: Position, expected: Expected): MoveLine {
  const root: MoveNode[] = [];
  const work: Pending[] = [{ spec, from: start, moves: walk(start, spec.choices).moves, prefix: '', out: root }];
  for (let item = work.pop(); item !== undefined; item = work.pop()) {
    const { moves } = item;
    const befores = positionsOf({ start: item.from, moves });
    moves.forEach((move, i) => {
      const before = befores[i] as Position;
      const after = befores[i + 1] as Position;
      const text = makeSan(before, move);
      const check = /[+#]$/.exec(text)?.[0] ?? '';
      const note = item.spec.notes[i];
      const variations: MoveNode[][] = [];
      for (const v of item.spec.variations.filter((x) => x.at % Math.max(1, moves.length) === i)) {
        const alternative = walk(before, v.line.choices).moves;
        if (alternative.length === 0) continue;
        const out: MoveNode[] = [];
        variations.push(out);
        work.push({
          spec: v.line,
          from: before,
          moves: alternative,
          prefix: `${item.prefix}${i + 1}.${variations.length}.`,
          out,
        });
      }
      item.out.push({
        ...SPAN,
        san: text.slice(0, text.length - check.length),
        check,
        nags: note?.nags ?? [],
        // Only the first move of a variation can carry comments before it (tree.ts placement rules).
        commentsBefore: comments(item.prefix !== '' && i === 0 ? (note?.before ?? []) : []),
        commentsAfter: comments(note?.after ?? []),
        variations,
      });
      expected.push(`${item.prefix}${i + 1} ${makeFen(after, FEN_OPTIONS)}`);
    });
  }
  return root;
}

function tagsOf(plan: GamePlan): Tag[] {
  const list: [string, string][] = [...plan.tags, ['Result', plan.result]];
  const fen = makeFen(plan.start, { castling: plan.start.chess960 ? (plan.xfen ? 'xfen' : 'shredder') : 'kq' });
  if (plan.start.chess960) list.push(['Variant', 'Chess960']);
  if (fen !== INITIAL_FEN || plan.kind === 'set-up') list.push(['SetUp', '1'], ['FEN', fen]);
  return list.map(([name, value]) => ({ ...SPAN, name, value, valueOffset: 0 }));
}

function gameOf(plan: GamePlan): { game: Game; expected: Expected } {
  const expected: Expected = [`0 ${makeFen(plan.start, FEN_OPTIONS)}`];
  const moves = buildLines(plan.line, plan.start, expected);
  const game: Game = {
    index: 0,
    ...SPAN,
    line: 1,
    column: 1,
    text: '',
    tags: tagsOf(plan),
    comments: comments(plan.gameComments),
    moves,
    finalComments: comments(plan.finalComments),
    result: { ...SPAN, value: plan.result },
    diagnostics: [],
  };
  return { game, expected: expected.sort() };
}

function replayed(game: Game): string[] {
  const r = replay(game, { ...FEN_OPTIONS, variations: true, includeStart: true });
  const out = [...r].map((record) => `${record.path} ${record.fen}`);
  expect(r.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  return out.sort();
}

/** What the writer must keep besides the moves: annotations and comments, everywhere in the tree. */
function shape(line: MoveLine, text: (c: Comment) => string = (c) => c.text): unknown[] {
  return line.map((m) => [
    m.san,
    m.check,
    m.nags,
    m.commentsBefore.map(text),
    m.commentsAfter.map(text),
    m.variations.map((v) => shape(v, text)),
  ]);
}

function lastTagValues(tags: readonly Tag[]): Record<string, string> {
  return Object.fromEntries(tags.map((t) => [t.name, t.value]));
}

type Transport = 'text' | 'crlf' | 'utf8-stream' | 'utf16-stream';

/** Sends PGN text through one transport and parses it back. */
async function reparse(text: string, transport: Transport): Promise<Game[]> {
  switch (transport) {
    case 'text':
      return [...parsePgn(text)];
    case 'crlf':
      return [...parsePgn(text.replace(/\n/g, '\r\n'))];
    case 'utf8-stream':
      return (await readBytes(Buffer.from(text, 'utf8'), [7, 300, 1000])).games;
    case 'utf16-stream':
      return (await readBytes(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), [1, 501]))
        .games;
  }
}

describe('writePgn → parsePgn → replay on random legal games', () => {
  it(
    'gives back every ply FEN (variations included), the annotations and the tags, several games to a file',
    async () => {
      let plies = 0;
      let variationPlies = 0;
      let setUps = 0;
      let chess960 = 0;
      await fc.assert(
        fc.asyncProperty(
          fc.array(arbGamePlan, { minLength: 1, maxLength: 3 }),
          fc.constantFrom<Transport>('text', 'crlf', 'utf8-stream', 'utf16-stream'),
          async (plans, transport) => {
            const built = plans.map(gameOf);
            const text = built.map(({ game }) => writePgn(game)).join('\n');
            const games = await reparse(text, transport);
            // CRLF transport turns the line ends inside comments into CRLF too; comments are verbatim.
            const read = (c: Comment): string => (transport === 'crlf' ? c.text.replace(/\r\n/g, '\n') : c.text);
            expect(
              games.map((g) => g.diagnostics.filter((d) => d.severity === 'error')),
              text,
            ).toEqual(built.map(() => []));
            expect(games).toHaveLength(built.length);
            built.forEach(({ game, expected }, i) => {
              const again = games[i] as Game;
              expect(replayed(again), text).toEqual(expected);
              expect(shape(again.moves, read)).toEqual(shape(game.moves));
              expect(again.comments.map(read)).toEqual(game.comments.map((c) => c.text));
              expect(again.finalComments.map(read)).toEqual(game.finalComments.map((c) => c.text));
              expect(again.result?.value).toBe(game.result?.value);
              expect(lastTagValues(again.tags)).toEqual({
                Site: '?',
                Date: '????.??.??',
                Round: '?',
                ...lastTagValues(game.tags),
              });
              plies += expected.length - 1;
              variationPlies += expected.filter((e) => e.slice(0, e.indexOf(' ')).includes('.')).length;
              if (plans[i]?.kind === 'set-up') setUps++;
              if (plans[i]?.start.chess960) chess960++;
            });
          },
        ),
        { numRuns: NUM_RUNS },
      );
      // The generators must reach what the property is about.
      expect(plies).toBeGreaterThan(NUM_RUNS * 10);
      expect(variationPlies).toBeGreaterThan(NUM_RUNS);
      expect(setUps).toBeGreaterThan(NUM_RUNS / 10);
      expect(chess960).toBeGreaterThan(NUM_RUNS / 10);
    },
    fuzzTimeout(NUM_RUNS, 60),
  );
});

const arbStart = fc.oneof(
  arbLegalGame(0).map((g) => g.start),
  arbLegalGame(40).map((g) => positionsOf(g).at(-1) ?? g.start),
);

describe('buildGame → parsePgn → replay on random legal games', () => {
  it(
    'gives back every main-line FEN, from SAN or UCI tokens, from any start',
    () => {
      fc.assert(
        fc.property(
          arbStart,
          fc.array(fc.nat(1000), { maxLength: 80 }),
          fc.constantFrom('san', 'uci', 'mixed'),
          (start, choices, notation) => {
            const line = walk(start, choices);
            const positions = positionsOf(line);
            const tokens = line.moves.map((m, i) => {
              const before = positions[i] as Position;
              const uci = notation === 'uci' || (notation === 'mixed' && i % 2 === 1);
              return uci ? makeUci(before, m) : makeSan(before, m);
            });
            const built = buildGame({ start, moves: tokens });
            expect(built.diagnostics).toEqual([]);
            const [parsed, ...rest] = [...parsePgn(built.value ?? '')];
            expect(rest).toEqual([]);
            const fens = [...replay(parsed as Game, { ...FEN_OPTIONS, includeStart: true })].map((r) => r.fen);
            expect(fens).toEqual(positions.map((p) => makeFen(p, FEN_OPTIONS)));
          },
        ),
        { numRuns: NUM_RUNS },
      );
    },
    fuzzTimeout(NUM_RUNS, 30),
  );
});
