/**
 * The SAN and UCI a record writes from the replay log (Line.san, Line.uci in src/core/line.ts) are those the
 * Position API writes (makeSan, makeUci on the position before the move), ply for ply, on real
 * games: lichess exports, human games with disambiguations and promotions, Chess960 castling,
 * edge cases (checkmates, en passant, null moves), variations included.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makeSan, makeUci, parsePgn, replay, type Game } from '../../src/index.js';
import { decodeLikeOracle, hasSharedCorpus, readMaybeGzip, SHARED_CORPUS } from '../support/corpus.js';
import { LICHESS_FIXTURE, lichessExpected, lichessText } from '../support/lichess.js';

/**
 * Each record's SAN and UCI against makeSan and makeUci. By default read after the whole replay, as
 * the CLI does (a check with a move after it is then known to be no mate); `asItGoes` reads each
 * record when it is yielded, before the next move is played, as a library loop does.
 */
function mismatches(games: Iterable<Game>, asItGoes = false): { plies: number; wrong: string[] } {
  const wrong: string[] = [];
  let plies = 0;
  for (const game of games) {
    const records = replay(game, { variations: true });
    for (const r of asItGoes ? records : [...records]) {
      const { before, move } = r;
      if (!before || !move) continue;
      plies++;
      const san = 'null' in move ? '--' : makeSan(before, move);
      const uci = 'null' in move ? '0000' : makeUci(before, move);
      if (r.canonicalSan !== san || r.uci !== uci)
        wrong.push(`game ${game.index} ${r.path}: ${r.canonicalSan}/${r.uci}, expected ${san}/${uci}`);
    }
  }
  return { plies, wrong };
}

describe('SAN and UCI from the replay log', () => {
  it('matches makeSan and makeUci on hand-made cases', () => {
    const pgn = [
      '1. e4 d5 2. exd5 e5 3. dxe6 Bd6 4. exf7+ Ke7 5. fxg8=N+ Rxg8 6. Nf3 Nc6 7. Ng5 Nb4 8. Ng5f3 *',
      '1. f3 e5 2. g4 Qh4# 0-1',
      // A move after the mate is illegal: the mate must still be found (no move was played from it).
      '1. f3 e5 2. g4 Qh4 3. a3 *',
      '1. e4 -- 2. d4 *',
      '[Variant "Chess960"]\n[SetUp "1"]\n[FEN "r4k1r/8/8/8/8/8/8/R4K1R w HAha - 0 1"]\n\n1. O-O-O O-O *',
      '1. Nf3 Nf6 2. Nc3 Nc6 3. Nb5 Nb4 4. Nbd4 Nbd5 5. d3 d6 6. Be3 Be6 7. Qd2 Qd7 8. O-O-O O-O-O 9. Kb1 Kb8 *',
      '[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/R6R/4K3 w - - 0 1"]\n\n1. Rad2 Ke7 2. Rhe2+ Kf6 3. Rd6+ Kf5 4. R2e5+ Kf4 *',
      // Written with more than SAN needs: a pinned knight is no rival (Ne4), a freed one is (Nce4).
      '[SetUp "1"]\n[FEN "4k3/8/8/8/1b6/2N3N1/8/4K3 w - - 0 1"]\n\n1. Nge4 Kd8 2. Ng5 Ke8 3. Kf1 Kd8 4. Nc3e4 *',
      // Rivals on the file: the rank (R2a3); both ways written for a move with no rival (Rh1h2+).
      '[SetUp "1"]\n[FEN "6k1/8/8/8/R7/8/R7/4K2R w - - 0 1"]\n\n1. Ra2a3 Kg7 2. Rh1h7+ Kxh7 *',
    ].join('\n\n');
    const { plies, wrong } = mismatches(parsePgn(pgn));
    expect(wrong).toEqual([]);
    expect(plies).toBe(15 + 4 + 4 + 3 + 2 + 18 + 8 + 7 + 4);
  });

  it('finds mates and checks when each record is read as the replay yields it', () => {
    const pgn = [
      '1. f3 e5 2. g4 Qh4# 0-1',
      '1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0',
      // The only answer to the check is an en passant capture: b4+, not b4#.
      '[SetUp "1"]\n[FEN "8/1R1Q4/8/N1k5/p7/8/1P6/4K3 w - - 0 1"]\n\n1. b4+ axb3 *',
      // Checks answered by a block, a capture and a king move.
      '1. e4 d5 2. Bb5+ c6 3. Bxc6+ Nxc6 4. Qh5 e6 5. Qxf7+ Kxf7 *',
    ].join('\n\n');
    const { plies, wrong } = mismatches(parsePgn(pgn), true);
    expect(wrong).toEqual([]);
    expect(plies).toBe(4 + 7 + 2 + 10);
    // Array.from's map reads each record as it is yielded.
    const sans = [...parsePgn(pgn)].map((game) => Array.from(replay(game), (r) => r.canonicalSan).join(' '));
    expect(sans).toEqual([
      'f3 e5 g4 Qh4#',
      'e4 e5 Bc4 Nc6 Qh5 Nf6 Qxf7#',
      'b4+ axb3',
      'e4 d5 Bb5+ c6 Bxc6+ Nxc6 Qh5 e6 Qxf7+ Kxf7',
    ]);
  });

  it('matches them on every ply of the lichess fixture (test/fixtures/lichess)', () => {
    for (const file of [LICHESS_FIXTURE.clk, LICHESS_FIXTURE.noclk]) {
      const { plies, wrong } = mismatches(parsePgn(lichessText(file)));
      expect(wrong.slice(0, 5), file.pgn).toEqual([]);
      const asItGoes = mismatches(parsePgn(lichessText(file)), true);
      expect(asItGoes.wrong.slice(0, 5), file.pgn).toEqual([]);
      expect(asItGoes.plies).toBe(plies);
      // The exports have no variations: every ply is one of python-chess's main-line plies.
      expect(plies).toBe(lichessExpected(file).reduce((n, g) => n + g.fens.length, 0));
    }
  });

  it.skipIf(!hasSharedCorpus)(
    'matches them on every ply of the corpus games',
    () => {
      let total = 0;
      for (const dir of ['games/lichess', 'games/human', 'chess960', 'edge']) {
        for (const name of readdirSync(`${SHARED_CORPUS}${dir}`).filter((n) => /\.pgn(\.gz)?$/.test(n))) {
          const { plies, wrong } = mismatches(
            parsePgn(decodeLikeOracle(readMaybeGzip(`${SHARED_CORPUS}${dir}/${name}`))),
          );
          expect(wrong.slice(0, 5), `${dir}/${name}`).toEqual([]);
          total += plies;
        }
      }
      expect(total).toBeGreaterThan(500_000);
    },
    120_000,
  );
});
