/**
 * Variations nested 10,000 deep, the whole way (with the depth cap lifted: `maxVariationDepth`):
 * parse, replay with variations, write, parse again; and with the default cap (MAX_VARIATION_DEPTH
 * levels kept, the deeper ones dropped with one report), through parsePgn and the streaming reader. Not the "ten thousand alternatives to one move" shape
 * of tree/replay/write tests: here each variation goes one ply further than its parent and hangs
 * the next one on its second move, so paths, ply numbers and positions change at every level
 * (`1.1.2.1.2.1.…`). Each stage must finish without recursion and in well under a second or two.
 */
import { describe, expect, it } from 'vitest';
import { makeFen } from '../../src/core/index.js';
import { initialPosition, play, type Position } from '../../src/core/index.js';
import { parseSan } from '../../src/core/index.js';
import type { Game } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { MAX_VARIATION_DEPTH } from '../../src/pgn/tree.js';
import { writePgn } from '../../src/pgn/write.js';
import { replay } from '../../src/replay/replay.js';
import { readBytes, timed } from '../support/robustness.js';

const DEPTH = 10_000;
const CYCLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8'] as const;

/** The move of ply `p` (1-based) of the knight shuffle, with its number when it needs one. */
function move(p: number, numbered: boolean): string {
  const san = CYCLE[(p - 1) % 4] as string;
  if (p % 2 === 1) return `${(p + 1) / 2}. ${san}`;
  return numbered ? `${p / 2}... ${san}` : san;
}

/** `1. Nf3 (1. Nf3 Nf6 (1... Nf6 2. Ng1 (2. Ng1 Ng8 (… ) ) ) ) 1... Nf6 *` */
function staircase(depth: number): string {
  const parts: string[] = ['[Event "staircase"]\n\n', move(1, true), ' '];
  for (let d = 1; d <= depth; d++) parts.push('(', move(d, true), ' ', move(d + 1, false), ' ');
  parts.push(')'.repeat(depth), ' ', move(2, true), ' *\n');
  return parts.join('');
}

/** The FEN after `p` plies of the shuffle, from the core alone. */
const FEN_AFTER: string[] = [];
let position: Position = initialPosition();
FEN_AFTER.push(makeFen(position));
for (let p = 1; p <= DEPTH + 2; p++) {
  const parsed = parseSan(position, CYCLE[(p - 1) % 4] as string);
  if (!parsed.ok) throw new Error(parsed.error.message);
  position = play(position, parsed.value);
  FEN_AFTER.push(makeFen(position));
}

/**
 * Each ply's path length (a path is O(depth) long: reading every path in full would be quadratic
 * work for the test, not for the library, which builds them as shared prefixes), ply and FEN.
 */
function records(game: Game): { pathLength: number; ply: number; fen: string; path: string }[] {
  return [...replay(game, { variations: true })].map((r) => ({
    pathLength: r.path.length,
    ply: r.ply,
    fen: r.fen,
    path: r.path,
  }));
}

const summary = (list: ReturnType<typeof records>): string =>
  list.map((r) => `${r.pathLength}:${r.ply}:${r.fen}`).join('\n');

/** Levels of nesting: follow the variation of the last move of each line. */
function depthOf(game: Game): number {
  let levels = 0;
  let line = game.moves;
  for (;;) {
    const next = line.find((node) => node.variations.length > 0)?.variations[0];
    if (next === undefined) return levels;
    levels++;
    line = next;
  }
}

const UNCAPPED = { maxVariationDepth: Infinity } as const;

describe(`variations nested ${DEPTH.toLocaleString('en')} deep, each one ply further`, () => {
  const text = staircase(DEPTH);

  it('parses, replays every ply of every level to the right position, writes and reads back (cap lifted)', () => {
    const parsed = timed(() => [...parsePgn(text, UNCAPPED)]);
    const [game, ...rest] = parsed.value;
    expect(rest).toEqual([]);
    expect(game?.diagnostics).toEqual([]);
    expect(depthOf(game as Game)).toBe(DEPTH);

    const replayed = timed(() => records(game as Game));
    const all = replayed.value;
    expect(all).toHaveLength(2 * DEPTH + 2);
    expect(all.filter((r) => r.fen !== FEN_AFTER[r.ply]).map((r) => r.ply)).toEqual([]);
    // The deepest ply: ten thousand levels of `.2.1` in its path, ply DEPTH + 1.
    const deepest = all.filter((r) => r.ply === DEPTH + 1);
    expect(deepest).toHaveLength(1);
    // (compared as a boolean: a failing 40,000-character path would flood the report)
    expect(deepest[0]?.path === `1.1${'.2.1'.repeat(DEPTH - 1)}.2`).toBe(true);
    expect(all.at(-1)).toEqual({ pathLength: 1, path: '2', ply: 2, fen: FEN_AFTER[2] });

    const written = timed(() => writePgn(game as Game));
    expect(written.value.split('(').length - 1).toBe(DEPTH);
    const again = timed(() => [...parsePgn(written.value, UNCAPPED)]);
    expect(again.value).toHaveLength(1);
    expect(summary(records(again.value[0] as Game)) === summary(all)).toBe(true);

    console.info(
      `nesting ${DEPTH}: ${text.length} chars; parse ${parsed.ms.toFixed(0)} ms, replay ${replayed.ms.toFixed(0)} ms (${all.length} plies), ` +
        `write ${written.ms.toFixed(0)} ms, parse again ${again.ms.toFixed(0)} ms`,
    );
    for (const ms of [parsed.ms, replayed.ms, written.ms, again.ms]) expect(ms).toBeLessThan(5_000);
  }, 30_000);

  it('by default keeps MAX_VARIATION_DEPTH levels, reports the rest once, and the paths stay short (parsePgn and readPgn)', async () => {
    const bytes = Buffer.from(text, 'utf8');
    const cuts = Array.from({ length: Math.floor(bytes.length / 4096) }, (_, i) => (i + 1) * 4096);
    const { games, diagnostics } = await readBytes(bytes, cuts);
    expect(diagnostics.map((d) => d.code)).toEqual(['IO_ENCODING']);
    expect(games).toHaveLength(1);
    for (const game of [games[0] as Game, [...parsePgn(text)][0] as Game]) {
      expect(depthOf(game)).toBe(MAX_VARIATION_DEPTH);
      expect(game.diagnostics.map((d) => d.code)).toEqual(['PGN_VARIATION_TOO_DEEP']);
      const plies = records(game);
      expect(plies).toHaveLength(2 * MAX_VARIATION_DEPTH + 2);
      expect(plies.every((r) => r.fen === FEN_AFTER[r.ply])).toBe(true);
      // What `fens --variations` prints grows with the input, not with its square.
      const pathChars = plies.reduce((sum, r) => sum + r.pathLength, 0);
      expect(pathChars).toBeLessThan(10 * text.length);
    }
  }, 30_000);

  it('an unclosed staircase: every level reported open, the plies inside still replayed', () => {
    const open = staircase(DEPTH).replace(/\)+/, '');
    const [game] = [...parsePgn(open, UNCAPPED)];
    const codes = game?.diagnostics.map((d) => d.code) ?? [];
    expect(codes.filter((c) => c === 'PGN_UNCLOSED_VARIATION').length).toBeGreaterThan(0);
    const all = records(game as Game);
    expect(all.length).toBeGreaterThanOrEqual(2 * DEPTH);
    expect(all.every((r) => r.fen === FEN_AFTER[r.ply])).toBe(true);
  }, 30_000);
});
