/**
 * Opening classification by position, with lichess's CC0 table (`table.ts`, 3,807 named lines).
 *
 * The rule is the table's own (data/chess-openings/README.md): play the game, and the latest
 * position of it that the table names gives the opening. Positions are compared by the first four
 * FEN fields, with the en-passant square only when the capture is legal, so a game that reaches a
 * named position by another move order (a transposition) gets that name.
 *
 * Key decisions:
 * - The index (position key → entries) is built on first use, once per process: about 3,800
 *   positions, each played from the entry it extends, so a few milliseconds.
 * - A game's plies are looked up by piece placement first (the FEN text the replay builds anyway),
 *   and the position and its key are built only for a placement the table has. Pawns and men cannot
 *   come back, so the walk stops once the game's material is below that of every named position:
 *   the cost is bounded by the opening phase of the game, not its length.
 * - When several entries name the same position, the one whose moves are the game's own moves wins;
 *   otherwise the one with the shortest line, then the first in table order (A00 … E99).
 */
import { makeBoardFen, makeFen } from '../core/index.js';
import { initialPosition, play, type Position } from '../core/index.js';
import { parseSan } from '../core/index.js';
import { gameSubject } from '../filter/subjects.js';
import type { WhereSubject } from '../filter/where.js';
import type { Game } from '../pgn/index.js';
import { replay, type PlyRecord } from '../replay/replay.js';
import { OPENING_LINES } from './table.js';

/** One named line of the table. */
export interface Opening {
  /** ECO code, A00–E99. */
  readonly eco: string;
  /** "Family: Variation, Subvariation". */
  readonly name: string;
  /** The SAN moves from the standard start that reach the named position. */
  readonly moves: readonly string[];
}

/** A game's opening: the table entry and the ply of the game at which its position was reached. */
export interface OpeningMatch extends Opening {
  readonly ply: number;
}

interface Index {
  readonly openings: readonly Opening[];
  /** Position key (first four FEN fields, legal ep) → entry numbers, best first. */
  readonly byKey: ReadonlyMap<string, readonly number[]>;
  readonly placements: ReadonlySet<string>;
  /** The material of the named positions (see `Material`), each tuple once. */
  readonly materials: readonly Material[];
  readonly maxPly: number;
}

/**
 * White pawns, black pawns, white men, black men (pawns included). None of the four can grow
 * during a game (a promotion turns a pawn into a piece), so a game whose material is below a named
 * position's in any of them can never reach it.
 */
type Material = readonly [number, number, number, number];

let built: Index | undefined;

/** The key two positions share when they are the same position (the table's `epd` convention). */
export function openingKey(position: Position): string {
  const fen = makeFen(position, { ep: 'legal' });
  let spaces = 0;
  for (let i = 0; i < fen.length; i++) if (fen.charCodeAt(i) === 32 && ++spaces === 4) return fen.slice(0, i);
  return fen;
}

/** The material of a FEN's placement field (the text up to the first space). */
function materialOf(fen: string): Material {
  let wp = 0;
  let bp = 0;
  let w = 0;
  let b = 0;
  for (let i = 0; i < fen.length; i++) {
    const c = fen.charCodeAt(i);
    if (c === 32) break;
    if (c >= 65 && c <= 90) {
      w++;
      if (c === 80) wp++; // P
    } else if (c >= 97 && c <= 122) {
      b++;
      if (c === 112) bp++; // p
    }
  }
  return [wp, bp, w, b];
}

/** True when some named position has no more material than `m` in any of the four counts. */
function reachable(m: Material, materials: readonly Material[]): boolean {
  return materials.some((t) => t[0] <= m[0] && t[1] <= m[1] && t[2] <= m[2] && t[3] <= m[3]);
}

function placementOf(fen: string): string {
  const space = fen.indexOf(' ');
  return space < 0 ? fen : fen.slice(0, space);
}

function buildIndex(): Index {
  const openings: Opening[] = [];
  const positions: Position[] = [];
  const byKey = new Map<string, number[]>();
  const placements = new Set<string>();
  const materials = new Map<string, Material>();
  let maxPly = 0;
  for (const line of OPENING_LINES.split('\n')) {
    const [eco = '', rawName = '', parent = '', tail = ''] = line.split('\t');
    const from = parent === '' ? undefined : Number(parent);
    const base = from === undefined ? undefined : openings[from];
    let position = from === undefined ? initialPosition() : (positions[from] as Position);
    const added = tail === '' ? [] : tail.split(' ');
    for (const san of added) {
      const move = parseSan(position, san);
      if (!move.ok) throw new Error(`opening table: "${san}" is not legal in ${makeFen(position)}`);
      position = play(position, move.value);
    }
    const name = rawName.startsWith('^') ? `${base?.name ?? ''}${rawName.slice(1)}` : rawName;
    const index = openings.length;
    openings.push({ eco, name, moves: [...(base?.moves ?? []), ...added] });
    positions.push(position);
    const key = openingKey(position);
    const list = byKey.get(key);
    if (list === undefined) byKey.set(key, [index]);
    else list.push(index);
    const board = makeBoardFen(position.board);
    placements.add(board);
    const material = materialOf(board);
    materials.set(material.join(','), material);
    maxPly = Math.max(maxPly, openings[index]?.moves.length ?? 0);
  }
  // Shortest line first; the sort is stable, so table order breaks ties.
  for (const list of byKey.values())
    list.sort((a, b) => (openings[a]?.moves.length ?? 0) - (openings[b]?.moves.length ?? 0));
  return { openings, byKey, placements, materials: [...materials.values()], maxPly };
}

function index(): Index {
  return (built ??= buildIndex());
}

/** Every entry of the table, in table order (A00 … E99). */
export function openingTable(): readonly Opening[] {
  return index().openings;
}

/** The table's entry for this exact position (transpositions included), or undefined. */
export function openingOfPosition(position: Position): Opening | undefined {
  const { byKey, openings } = index();
  const first = byKey.get(openingKey(position))?.[0];
  return first === undefined ? undefined : openings[first];
}

/**
 * The opening of `game`'s main line: the latest position of it that the table names, with the ply
 * it was reached at; undefined when none is named (or the game is Chess960 or cannot start).
 * O(plies of the opening phase): see the module notes.
 *
 * @example
 * classifyOpening(game) // { eco: 'C42', name: "Petrov's Defense", moves: ['e4', 'e5', 'Nf3', 'Nf6'], ply: 4 }
 */
export function classifyOpening(game: Game): OpeningMatch | undefined {
  const run = replay(game, { includeStart: true });
  if (run.start.chess960 || run.start.position === undefined) return undefined;
  const { byKey, openings, placements, materials, maxPly } = index();
  // The game's records up to the longest table line: enough to compare move orders.
  const line: PlyRecord[] = [];
  let found: { entries: readonly number[]; ply: number } | undefined;
  let lastMaterial = -1;
  for (const record of run) {
    if (record.ply > 0 && record.ply <= maxPly) line.push(record);
    // The FEN text is cheaper than the Position object, which is built only for a known placement.
    const fen = record.fen;
    if (!placements.has(placementOf(fen))) {
      const material = materialOf(fen);
      // Material changes only on a capture or a promotion: test again only then.
      const signature = (material[2] + material[3]) * 32 + material[0] + material[1];
      if (signature !== lastMaterial) {
        if (!reachable(material, materials)) break;
        lastMaterial = signature;
      }
      continue;
    }
    const entries = byKey.get(openingKey(record.position));
    if (entries !== undefined) found = { entries, ply: record.ply };
  }
  if (found === undefined) return undefined;
  const { entries, ply } = found;
  const played = (n: number): boolean => {
    const moves = openings[n]?.moves ?? [];
    return (
      moves.length === ply &&
      moves.every((san, i) => line[i]?.canonicalSan.replace(/[+#]$/, '') === san.replace(/[+#]$/, ''))
    );
  };
  const best = (entries.length > 1 ? entries.find(played) : undefined) ?? (entries[0] as number);
  const opening = openings[best] as Opening;
  return { ...opening, ply };
}

/**
 * A parsed game as a `--where` subject that also knows its opening (the fields `eco` and
 * `opening`), classified once, on first use.
 */
export function openingSubject(game: Game): WhereSubject {
  let found: OpeningMatch | undefined | null = null;
  return {
    ...gameSubject(game),
    opening: () => (found === null ? (found = classifyOpening(game)) : found),
  };
}
