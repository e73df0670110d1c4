/**
 * Duplicate detection for `forsyth export --dedupe`: a game is a duplicate when an earlier game of
 * the run (any input file) has the same starting position and main line (the library's
 * `gameHash`: start FEN fields + UCI moves, 64 bits). Memory: one hash per distinct game kept, in
 * a `GameHashSet` (8 bytes a slot, at most half full: 16–32 bytes a game): 10 million games take
 * 2^25 slots, 268 MB (400 MB for a moment while the table doubles).
 *
 * `--drop-truncated` also drops a game whose main line is a proper prefix of another game's
 * (an adjourned or cut-off copy), wherever that other game stands in the input. That needs the
 * whole input before the first game is written, so it reads the inputs twice more beforehand,
 * still with one hash per game (two more sets): pass 1 collects every game's hash; pass 2 walks
 * each game's prefix hashes and marks the ones pass 1 saw as "a prefix of a longer game". Games without moves and
 * games with a move that cannot be played are never taken for truncated copies (nor for the longer
 * game another is cut from).
 */
import { GameHashSet, gameHashes, parseGame, type Game, type GameHashes } from '../src/index.js';
import { readInput, type InputFile } from './inputs.js';

export type DedupeVerdict = 'first' | 'duplicate' | 'truncated';

export class Deduper {
  private readonly seen = new GameHashSet();

  /** `truncated`: the hashes of games that are a proper prefix of another (from `truncatedCopies`). */
  constructor(private readonly truncated: GameHashSet | undefined) {}

  /** Records the game (when it is the first of its kind) and says what it is. */
  verdict(hashes: GameHashes): DedupeVerdict {
    if (this.truncated?.has(hashes.hash) === true && hashes.plies > 0 && hashes.complete) return 'truncated';
    return this.seen.add(hashes.hash) ? 'first' : 'duplicate';
  }
}

async function* gamesOf(files: readonly InputFile[], encoding: string | undefined): AsyncGenerator<Game> {
  for (const file of files) {
    for await (const chunk of readInput(file, encoding).chunks) yield parseGame(chunk);
  }
}

/**
 * The two passes of `--drop-truncated` (see the module notes): the hashes of the games whose main
 * line is a proper prefix of another game's, among all `files`. Diagnostics are left to the main
 * pass, which reads the same games again.
 */
export async function truncatedCopies(files: readonly InputFile[], encoding: string | undefined): Promise<GameHashSet> {
  const all = new GameHashSet();
  for await (const game of gamesOf(files, encoding)) all.add(gameHashes(game).hash);
  const prefixes = new GameHashSet();
  for await (const game of gamesOf(files, encoding)) {
    const { prefixes: steps, complete } = gameHashes(game, { prefixes: true });
    if (!complete) continue;
    // The last step is the game itself: only proper prefixes count.
    for (let i = 1; i < steps.length - 1; i++) {
      const hash = steps[i] as string;
      if (all.has(hash)) prefixes.add(hash);
    }
  }
  return prefixes;
}
