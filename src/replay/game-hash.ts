/**
 * Game identity for duplicate detection: a 64-bit hash of the starting position (first four FEN
 * fields) and the main line in UCI, so that two copies of a game with different tags, comments,
 * clocks or SAN spellings (`Ngf3` / `Nf3`) hash the same, and two different games do not.
 *
 * Key decisions:
 * - 64 bits (two 32-bit lanes of the cyrb53 mixing, public domain): among 100 million games the
 *   chance of one false duplicate is about 1 in 3,700; 32 bits would collide after ~77,000 games.
 * - Incremental: `LineHash` gives the hash after every ply at O(1) each, which is what finding
 *   truncated copies (a game whose line is a prefix of another's) needs.
 * - A game with a move that cannot be played hashes its playable plies, then the rest of the main
 *   line as written, so a broken copy is a duplicate only of the same broken text.
 * - `GameHashSet` keeps the hashes in two typed arrays (open addressing): 8 bytes a game, about
 *   16 with the free slots, instead of ~60 for a Set of strings.
 */
import type { Game } from '../pgn/ast.js';
import { replay } from './replay.js';

/** A running hash of a start position and moves; `digest()` may be read after every `add`. */
export class LineHash {
  private h1 = 0xdeadbeef;
  private h2 = 0x41c6ce57;

  constructor(start: string) {
    this.add(start);
  }

  /** Adds one token (a UCI move, or the start key); tokens are separated so `e2e4`+`e7` ≠ `e2`+`e4e7`. */
  add(token: string): this {
    let { h1, h2 } = this;
    for (let i = 0; i < token.length; i++) {
      const c = token.charCodeAt(i);
      h1 = Math.imul(h1 ^ c, 2654435761);
      h2 = Math.imul(h2 ^ c, 1597334677);
    }
    h1 = Math.imul(h1 ^ 0x20, 2654435761);
    h2 = Math.imul(h2 ^ 0x20, 1597334677);
    this.h1 = h1;
    this.h2 = h2;
    return this;
  }

  /** The hash of everything added so far: 16 hex digits. */
  digest(): string {
    let h1 = this.h1;
    let h2 = this.h2;
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    return hex8(h2) + hex8(h1);
  }
}

function hex8(n: number): string {
  return (n >>> 0).toString(16).padStart(8, '0');
}

/** A game's main-line hashes: `prefixes[k]` after k plies (index 0: the start), `hash` for the whole line. */
export interface GameHashes {
  readonly hash: string;
  /** Plies played (the main line up to its first unplayable move). */
  readonly plies: number;
  /** False when a move could not be played (the hash then also covers the rest as written). */
  readonly complete: boolean;
  /** The hash after each played ply, the start included; only with `{ prefixes: true }`. */
  readonly prefixes: readonly string[];
}

/** The start key and UCI main line of `game`, hashed; see the module notes. O(plies). */
export function gameHashes(game: Game, options: { readonly prefixes?: boolean } = {}): GameHashes {
  const run = replay(game, { includeStart: true, ep: 'legal' });
  const prefixes: string[] = [];
  let hash: LineHash | undefined;
  let plies = 0;
  for (const record of run) {
    if (hash === undefined) hash = new LineHash(firstFourFields(record.fen));
    else {
      hash.add(record.uci);
      plies = record.ply;
    }
    if (options.prefixes === true) prefixes.push(hash.digest());
  }
  // No start position (a bad FEN tag, an unsupported variant): the written tag and moves stand in.
  const line = hash ?? new LineHash(`?${game.tags.find((t) => t.name === 'FEN')?.value ?? ''}`);
  const rest = game.moves.slice(plies);
  const complete = hash !== undefined && rest.length === 0;
  if (!complete) {
    line.add('!');
    for (const node of rest) line.add(node.san);
  }
  return { hash: line.digest(), plies, complete, prefixes };
}

/** The game's hash (16 hex digits): start position and main line; see `gameHashes`. */
export function gameHash(game: Game): string {
  return gameHashes(game).hash;
}

function firstFourFields(fen: string): string {
  return fen.split(' ').slice(0, 4).join(' ');
}

/**
 * A set of game hashes (16 hex digits each) in typed arrays: 8 bytes per hash, the table kept at
 * most half full (so 16–32 bytes per game, growing by doubling).
 */
export class GameHashSet {
  private hi = new Uint32Array(1024);
  private lo = new Uint32Array(1024);
  private used = new Uint8Array(1024);
  private count = 0;

  get size(): number {
    return this.count;
  }

  has(hash: string): boolean {
    const [h, l] = split(hash);
    return this.slot(h, l) < 0;
  }

  /** Adds the hash; true when it was not there yet. */
  add(hash: string): boolean {
    const [h, l] = split(hash);
    const slot = this.slot(h, l);
    if (slot < 0) return false;
    this.hi[slot] = h;
    this.lo[slot] = l;
    this.used[slot] = 1;
    if (++this.count * 2 > this.used.length) this.grow();
    return true;
  }

  /** The free slot for (h, l), or -1 when it is already in the table. */
  private slot(h: number, l: number): number {
    const mask = this.used.length - 1;
    for (let i = l & mask; ; i = (i + 1) & mask) {
      if (this.used[i] === 0) return i;
      if (this.hi[i] === h && this.lo[i] === l) return -1;
    }
  }

  private grow(): void {
    const { hi, lo, used } = this;
    this.hi = new Uint32Array(used.length * 2);
    this.lo = new Uint32Array(used.length * 2);
    this.used = new Uint8Array(used.length * 2);
    for (let i = 0; i < used.length; i++) {
      if (used[i] === 0) continue;
      const slot = this.slot(hi[i] as number, lo[i] as number);
      this.hi[slot] = hi[i] as number;
      this.lo[slot] = lo[i] as number;
      this.used[slot] = 1;
    }
  }
}

function split(hash: string): [number, number] {
  return [Number.parseInt(hash.slice(0, 8), 16) >>> 0, Number.parseInt(hash.slice(8, 16), 16) >>> 0];
}
