/**
 * The game filters of `forsyth export`: which games are written (--match, --player, --plies,
 * --checkmate, --stalemate, --broken, --clean). Each filter is a predicate over one game; a game
 * is selected when it passes all of them. Replays happen only for the filters that need one.
 */
import { findTag, isCheckmate, isStalemate, replay, validate, type Diagnostic, type Game, type PlyRecord } from '../src/index.js';
import type { PlyRange } from './options.js';
import { positionMatcher, type PositionMatcher } from './position-filters.js';

export interface GameFilterOptions {
  readonly match?: string;
  readonly player?: string;
  readonly plies?: PlyRange;
  readonly checkmate?: boolean;
  readonly stalemate?: boolean;
  readonly broken?: boolean;
  readonly clean?: boolean;
}

/** What a filter may ask of a game: computed once per game, on first use. */
export class GameFacts {
  private problemList: readonly Diagnostic[] | undefined;

  constructor(readonly game: Game) {}

  /** Every problem of the game (`validate`: syntax, replay, consistency). */
  get problems(): readonly Diagnostic[] {
    return (this.problemList ??= validate(this.game));
  }

  get broken(): boolean {
    return this.problems.some((d) => d.severity === 'error');
  }
}

export type GameFilter = (facts: GameFacts) => boolean;

/** The filters the options ask for, or an error message for one that cannot be used. */
export function gameFilters(options: GameFilterOptions): GameFilter[] | string {
  const filters: GameFilter[] = [];
  if (options.match !== undefined) {
    const matcher = positionMatcher(options.match, { ep: 'legal' });
    if (typeof matcher === 'string') return matcher;
    filters.push((facts) => reaches(facts.game, matcher));
  }
  if (options.player !== undefined) {
    const wanted = options.player.toLowerCase();
    filters.push(({ game }) => ['White', 'Black'].some((name) => (findTag(game, name)?.value ?? '').toLowerCase().includes(wanted)));
  }
  if (options.plies !== undefined) {
    const { from, to } = options.plies;
    filters.push(({ game }) => game.moves.length >= from && game.moves.length <= to);
  }
  if (options.checkmate === true || options.stalemate === true) {
    const mate = options.checkmate === true;
    const stalemate = options.stalemate === true;
    filters.push(({ game }) => {
      const end = ending(game);
      return (mate && end === 'checkmate') || (stalemate && end === 'stalemate');
    });
  }
  if (options.broken === true) filters.push((facts) => facts.broken);
  if (options.clean === true) filters.push((facts) => !facts.broken);
  return filters;
}

/** True when some main-line position, the start included, matches. */
function reaches(game: Game, matcher: PositionMatcher): boolean {
  for (const record of replay(game, { includeStart: true, ep: 'legal' })) if (matcher(record)) return true;
  return false;
}

/** How the main line ends, when every move of it could be played. */
function ending(game: Game): 'checkmate' | 'stalemate' | undefined {
  let last: PlyRecord | undefined;
  for (const record of replay(game, { includeStart: true })) last = record;
  if (last === undefined || last.ply !== game.moves.length) return undefined;
  if (isCheckmate(last.position)) return 'checkmate';
  return isStalemate(last.position) ? 'stalemate' : undefined;
}
