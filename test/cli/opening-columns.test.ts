/**
 * The `eco` and `opening` columns of `positions`/`fens --columns`: the tag where written, else the
 * opening the game's positions reach (test/fixtures/keepers/dupes.pgn: game 1 has an ECO tag, its
 * copies none; game 4 reaches the Nimzo-Indian; the stalemate study names no opening).
 */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lines, ROOT, run } from './helpers.js';

const DUPES = join(ROOT, 'test/fixtures/keepers/dupes.pgn');

describe('--columns eco,opening', { timeout: 60_000 }, () => {
  it('gives each game its ECO code and opening name, on every row', async () => {
    const r = await run(['positions', '--last', '--columns', 'game,eco,opening', '--format', 'tsv', DUPES]);
    expect(lines(r.stdout)).toEqual([
      'game\teco\topening',
      "dupes.pgn#1\tC42\tPetrov's Defense",
      "dupes.pgn#2\tC42\tPetrov's Defense",
      "dupes.pgn#3\tC42\tPetrov's Defense",
      'dupes.pgn#4\tE46\tNimzo-Indian Defense: Normal Variation',
      "dupes.pgn#5\tC20\tKing's Pawn Game",
      "dupes.pgn#6\tA00\tBarnes Opening: Fool's Mate",
      'dupes.pgn#7\t\t',
      'dupes.pgn#8\t\t',
    ]);
  });

  it('is the same on every ply of a game (the game is classified once)', async () => {
    const r = await run(['fens', '--columns', 'ply,eco', '--format', 'csv', '-'], {
      input: '1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *\n',
    });
    expect(lines(r.stdout)).toEqual(['ply,eco', ...[1, 2, 3, 4, 5, 6].map((p) => `${p},E20`)]);
  });
});
