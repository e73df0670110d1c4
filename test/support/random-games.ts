/**
 * Games of random legal moves (a seeded generator, so every run makes the same file): many
 * distinct positions in little PGN, for the memory tests of `positions --unique`.
 */
import { initialPosition, isCheckmate, isStalemate, legalMoves } from '../../src/core/index.js';
import { makeUci } from '../../src/core/index.js';

/** `games` games of up to `plies` random moves each, as one PGN text (moves in UCI, which the reader takes as SAN). */
export function randomGames(games: number, plies: number, seed = 1): string {
  let state = seed >>> 0 || 1;
  const next = (n: number): number => {
    // xorshift32
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % n;
  };
  const out: string[] = [];
  for (let g = 1; g <= games; g++) {
    let pos = initialPosition();
    const moves: string[] = [];
    for (let p = 0; p < plies && !isCheckmate(pos) && !isStalemate(pos); p++) {
      const legal = legalMoves(pos);
      const move = legal[next(legal.length)];
      if (move === undefined) break;
      if (p % 2 === 0) moves.push(`${p / 2 + 1}.`);
      moves.push(makeUci(pos, move));
      pos = pos.play(move);
    }
    out.push(`[Event "random ${g}"]\n[Result "*"]\n\n${moves.join(' ')} *\n\n`);
  }
  return out.join('');
}
