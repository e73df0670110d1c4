/** The real lichess exports of the shared corpus, for the filter and column tests. */
import { join } from 'node:path';
import { decodeLikeOracle, readMaybeGzip, SHARED_CORPUS } from '../support/corpus.js';

export const LICHESS = join(SHARED_CORPUS, 'games/lichess');
export const LICHESS_CLK = join(LICHESS, 'lichess-exports-clk.pgn.gz');
export const LICHESS_NOCLK = join(LICHESS, 'lichess-exports-noclk.pgn.gz');

export function lichessText(path: string): string {
  return decodeLikeOracle(readMaybeGzip(path));
}
