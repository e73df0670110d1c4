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
 * - `GameHashSet` keeps the hashes in two typed arrays (open addressing): 8 bytes a slot, 16–32
 *   bytes a game with the free slots, instead of ~60 for a Set of strings.
 */
import type { Game } from '../pgn/index.js';
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
 * A set of game hashes (16 hex digits each) in two typed arrays: 8 bytes per slot, the table kept
 * at most half full (so 16–32 bytes per game, growing by doubling). The all-zero hash marks a free
 * slot, so it is kept apart in a flag.
 */
export class GameHashSet {
  private hi = new Uint32Array(1024);
  private lo = new Uint32Array(1024);
  private count = 0;
  private hasZero = false;

  get size(): number {
    return this.count;
  }

  has(hash: string): boolean {
    const [h, l] = split(hash);
    if (h === 0 && l === 0) return this.hasZero;
    return this.slot(h, l) < 0;
  }

  /** Adds the hash; true when it was not there yet. */
  add(hash: string): boolean {
    const [h, l] = split(hash);
    if (h === 0 && l === 0) {
      if (this.hasZero) return false;
      this.hasZero = true;
      this.count++;
      return true;
    }
    const slot = this.slot(h, l);
    if (slot < 0) return false;
    this.hi[slot] = h;
    this.lo[slot] = l;
    if (++this.count * 2 > this.hi.length) this.grow();
    return true;
  }

  /** The free slot for (h, l), or -1 when it is already in the table. */
  private slot(h: number, l: number): number {
    const mask = this.hi.length - 1;
    for (let i = (l ^ h) & mask; ; i = (i + 1) & mask) {
      const sh = this.hi[i] as number;
      const sl = this.lo[i] as number;
      if (sh === 0 && sl === 0) return i;
      if (sh === h && sl === l) return -1;
    }
  }

  private grow(): void {
    const { hi, lo } = this;
    this.hi = new Uint32Array(hi.length * 2);
    this.lo = new Uint32Array(hi.length * 2);
    for (let i = 0; i < hi.length; i++) {
      const h = hi[i] as number;
      const l = lo[i] as number;
      if (h === 0 && l === 0) continue;
      const slot = this.slot(h, l);
      this.hi[slot] = h;
      this.lo[slot] = l;
    }
  }
}

function split(hash: string): [number, number] {
  return [Number.parseInt(hash.slice(0, 8), 16) >>> 0, Number.parseInt(hash.slice(8, 16), 16) >>> 0];
}
