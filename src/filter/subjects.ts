/**
 * What a `--where` filter reads, from the two places a game's tags can come from: the tag pairs
 * scanned off a game's text before it is parsed (`chunkSubject`: a game left out costs no parse),
 * or a parsed `Game` (`gameSubject`, which also knows the main line for `plies`).
 */
import { tagReader, getTag, type Game, type GameChunk } from '../pgn/index.js';
import type { WhereSubject } from './where.js';

/** A parsed game as a filter's subject. */
export function gameSubject(game: Game): WhereSubject {
  return { tag: (name) => getTag(game, name), plies: () => game.moves.length };
}

/**
 * A game's text as a filter's subject, from its tag section alone. `plies` is not known without
 * parsing: use `gameSubject` for a filter that `needsMoves`.
 */
export function chunkSubject(chunk: Pick<GameChunk, 'text'>): WhereSubject {
  return {
    tag: tagReader(chunk.text),
    plies: () => {
      throw new Error('chunkSubject: this filter needs the moves; test it on gameSubject(parseGame(chunk))');
    },
  };
}
