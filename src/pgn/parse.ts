/**
 * `parsePgn`: a whole PGN text → its games, lazily (split, then parse each game when asked).
 * Synchronous and browser-safe; for files and streams, `GameSplitter` takes chunks and
 * `parseGame` parses each game it returns.
 */
import { checkObject, checkString } from '../arguments.js';
import type { Game } from './ast.js';
import { parseGame, type GameOptions } from './parse-game.js';
import { splitGames, type SplitOptions } from './split.js';

export type ParseOptions = SplitOptions & GameOptions;

/**
 * The games of `text`, parsed one at a time as the iterable is consumed (each new iteration
 * starts again from the first game). Never throws on any text; every problem is a diagnostic on
 * its game (see `parseGame` for the codes). Memory holds one game at a time besides `text`
 * itself. O(text length) per iteration. Throws a TypeError at once when `text` is not a string.
 *
 * @example
 * for (const game of parsePgn(text)) console.log(getTag(game, 'White'), game.moves.length);
 * const games = [...parsePgn(text)];
 */
export function parsePgn(text: string, options: ParseOptions = {}): Iterable<Game> {
  // Checked now, not when the games are first asked for, so the mistake shows where it is made.
  checkString(
    'parsePgn',
    'the PGN text',
    text,
    'decode bytes first, or read files and streams with readPgn from forsyth/node',
  );
  if (options !== undefined) checkObject('parsePgn', 'options', options);
  return {
    *[Symbol.iterator]() {
      for (const chunk of splitGames(text, options)) yield parseGame(chunk, options);
    },
  };
}
