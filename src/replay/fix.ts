/**
 * `fixGame(game)`: the canonicalisation behind `forsyth export --fix`. Adds `[SetUp "1"]` where a FEN
 * tag needs it, makes the Result tag agree with the termination marker, and rewrites every move of
 * the main line and the variations in canonical SAN (with `+`/`#` as the position says), keeping
 * comments, NAGs and variations. Joins the replayer and the PGN tree; no Node, never prints.
 *
 * Key decision: the tree is rebuilt, never mutated: the lines are collected with an explicit stack
 * (parents before children), then rebuilt in reverse order, so every child line is finished before
 * the node that holds it, and nesting depth never touches the call stack.
 */
import type { Diagnostic } from '../diagnostics.js';
import { isNullMove } from '../core/index.js';
import { makeFen } from '../core/index.js';
import { checkGame, splitCheck, type Game, type MoveLine, type MoveNode, type Tag } from '../pgn/index.js';
import { replay } from './replay.js';
import { findTag, type StartingPosition } from './start.js';

export interface FixedGame {
  readonly game: Game;
  /** One line per change, for the user: `[SetUp "1"] added: …`, `12. Nge2 → Ne2`. */
  readonly changes: readonly string[];
  /** The replay's problems that fixing leaves (illegal or ambiguous moves, a bad FEN tag), placed in the file. */
  readonly diagnostics: readonly Diagnostic[];
}

const REPAIRED: ReadonlySet<string> = new Set([
  'SETUP_MISSING',
  'SETUP_CONTRADICTS_FEN',
  'SETUP_TAG_CASE',
  'SETUP_FEN_REPAIRED',
]);

/** The last tag that `matches` (the one a reader uses when a name is repeated). */
function lastTag(tags: readonly Tag[], matches: (tag: Tag) => boolean): Tag | undefined {
  for (let i = tags.length - 1; i >= 0; i--) if (matches(tags[i] as Tag)) return tags[i];
  return undefined;
}

/**
 * The start tags as other programs need them: `[fen "…"]`, `[setup "1"]` renamed to the standard's
 * spelling (when that spelling is absent), and a FEN tag the replay had to repair replaced by the
 * FEN it played from.
 */
function fixStartTags(game: Game, start: StartingPosition, changes: string[]): Game {
  let tags = [...game.tags];
  for (const name of ['Variant', 'SetUp', 'FEN']) {
    if (findTag(game, name)) continue;
    const odd = lastTag(tags, (t) => t.name.toLowerCase() === name.toLowerCase());
    if (!odd) continue;
    tags = tags.map((t) => (t === odd ? { ...t, name } : t));
    changes.push(`[${odd.name} …] → [${name} …]: tag names are case-sensitive`);
  }
  const fen = lastTag(tags, (t) => t.name === 'FEN');
  if (fen && start.fenErrors && start.position) {
    const played = makeFen(start.position);
    tags = tags.map((t) => (t === fen ? { ...t, value: played } : t));
    changes.push(`[FEN "${fen.value}"] → [FEN "${played}"]: the FEN the game is played from`);
  }
  return changes.length === 0 ? game : { ...game, tags };
}

/** A tag that exists only in the rewritten tree: it points at the start of the game. */
function newTag(game: Game, name: string, value: string): Tag {
  return { name, value, offset: game.offset, length: 0, valueOffset: game.offset };
}

function fixTags(game: Game, changes: string[]): readonly Tag[] {
  let tags = [...game.tags];
  const fen = findTag(game, 'FEN');
  const setUp = findTag(game, 'SetUp');
  if (fen && !setUp) {
    const at = tags.indexOf(fen);
    tags.splice(at, 0, newTag(game, 'SetUp', '1'));
    changes.push('[SetUp "1"] added: the game has a FEN tag');
  } else if (fen && setUp && setUp.value !== '1') {
    tags = tags.map((t) => (t === setUp ? { ...t, value: '1' } : t));
    changes.push(`[SetUp "${setUp.value}"] → [SetUp "1"]: the game has a FEN tag`);
  }
  const marker = game.result?.value;
  const result = findTag(game, 'Result');
  if (marker !== undefined && result?.value !== marker) {
    if (result) {
      tags = tags.map((t) => (t === result ? { ...t, value: marker } : t));
      changes.push(`[Result "${result.value}"] → [Result "${marker}"]: the termination marker says ${marker}`);
    } else {
      tags.push(newTag(game, 'Result', marker));
      changes.push(`[Result "${marker}"] added from the termination marker`);
    }
  }
  return tags;
}

/** Every line of the tree (main line first), parents before their variations. */
function allLines(main: MoveLine): MoveLine[] {
  const out: MoveLine[] = [];
  const stack: MoveLine[] = [main];
  while (stack.length > 0) {
    const line = stack.pop() as MoveLine;
    out.push(line);
    for (const node of line) for (const variation of node.variations) stack.push(variation);
  }
  return out;
}

/** Rebuilds the tree with `rewrite` applied to every (original) node. */
function mapTree(main: MoveLine, rewrite: (node: MoveNode) => MoveNode): MoveLine {
  const lines = allLines(main);
  const rebuilt = new Map<MoveLine, MoveLine>();
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = lines[i] as MoveLine;
    rebuilt.set(
      line,
      line.map((node) => {
        const base = rewrite(node);
        return node.variations.length > 0
          ? { ...base, variations: node.variations.map((v) => rebuilt.get(v) ?? v) }
          : base;
      }),
    );
  }
  return rebuilt.get(main) ?? main;
}

function moveLabel(moveNumber: number, color: 'white' | 'black', text: string): string {
  return `${moveNumber}${color === 'white' ? '.' : '...'} ${text}`;
}

/**
 * Returns the fixed game and a list of the changes made (empty when nothing changed; the game is
 * then returned as given). Moves that cannot be replayed (an illegal move and the rest of its line)
 * are kept as written, and the change list says so. Cost: one replay with variations, O(plies).
 *
 * @example fixGame(parsed).changes // ['[SetUp "1"] added: the game has a FEN tag', '3. Nge2 → Ne2']
 */
export function fixGame(game: Game): FixedGame {
  checkGame('fixGame', game);
  const changes: string[] = [];
  const replayed = replay(game, { variations: true });
  const tags = fixTags(fixStartTags(game, replayed.start, changes), changes);
  const canonical = new Map<MoveNode, { san: string; check: string }>();
  for (const record of replayed) {
    const node = record.node;
    if (!node || !record.move || isNullMove(record.move)) continue;
    const fixed = splitCheck(record.canonicalSan) ?? { san: record.canonicalSan, check: '' };
    if (fixed.san === node.san && fixed.check === node.check) continue;
    canonical.set(node, fixed);
    changes.push(`${moveLabel(record.moveNumber, record.color, node.san + node.check)} → ${fixed.san}${fixed.check}`);
  }
  for (const d of replayed.diagnostics) {
    if (d.code.startsWith('REPLAY_') && d.severity === 'error') {
      changes.push(
        `not fixed: "${d.excerpt ?? ''}" cannot be played (${d.code}); it and the rest of its line are kept as written`,
      );
    }
  }
  if (!replayed.start.position)
    changes.push('not fixed: the starting position cannot be read, so the moves are kept as written');
  // The SetUp problems were just repaired; the rest (illegal moves, a bad FEN) still stand.
  const diagnostics = replayed.diagnostics.filter((d) => !REPAIRED.has(d.code));
  if (changes.length === 0) return { game, changes, diagnostics };
  const moves =
    canonical.size === 0
      ? game.moves
      : mapTree(game.moves, (node) => {
          const fixed = canonical.get(node);
          return fixed ? { ...node, ...fixed } : node;
        });
  return { game: { ...game, tags, moves }, changes, diagnostics };
}
