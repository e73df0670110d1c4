/**
 * The game filters of `forsyth export`: which games are written (--match FEN, placement pattern
 * or Polyglot key, --player, --plies,
 * --checkmate, --stalemate, --broken, --clean). Each filter is a predicate over one game; a game
 * is selected when it passes all of them. Replays happen only for the filters that need one.
 */
import {
  findTag,
  isCheckmate,
  isStalemate,
  polyglotHex,
  replay,
  validate,
  type Diagnostic,
  type Game,
  type PlyRecord,
} from '../src/index.js';
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
    const matcher = polyglotMatcher(options.match) ?? positionMatcher(options.match, { ep: 'legal' });
    if (typeof matcher === 'string') return matcher;
    filters.push((facts) => reaches(facts.game, matcher));
  }
  if (options.player !== undefined) {
    const wanted = options.player.toLowerCase();
    filters.push(({ game }) =>
      ['White', 'Black'].some((name) => (findTag(game, name)?.value ?? '').toLowerCase().includes(wanted)),
    );
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

/** `--match 463b96181691fc9c` (or `0x…`): a Polyglot key, 16 hex digits; undefined for anything else. */
function polyglotMatcher(pattern: string): PositionMatcher | undefined {
  const match = /^(?:0x)?([0-9a-f]{16})$/i.exec(pattern.trim());
  if (!match) return undefined;
  const key = (match[1] as string).toLowerCase();
  return (record) => polyglotHex(record.position) === key;
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
