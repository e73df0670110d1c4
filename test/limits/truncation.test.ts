/**
 * A file cut short — at any byte, or a compressed file whose stream dies — never crashes the
 * reader, and every game that was complete before the cut comes out with exactly its FENs.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { constants, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/pgn/ast.js';
import { splitGames } from '../../src/pgn/split.js';
import { fensOf, fixtureGame, readBytes, timedAsync } from '../support/robustness.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));

/**
 * Three real games: Kasparov–Deep Blue (LF), Colle–Van Nüss (CRLF, a comment, and "ü" written in
 * UTF-8 here so that cuts fall inside a character), and a Loyd study from a FEN with variations.
 */
const TEXT = [
  fixtureGame('kasparov-deep-blue-1997.pgn', 5),
  readFileSync(`${FIXTURES}cli/dortmund-1928-latin1.pgn`, 'latin1').trimEnd() + '\r\n\r\n',
  fixtureGame('charles-xii-setup.pgn', 3),
].join('');
const BYTES = Buffer.from(TEXT, 'utf8');

interface Reference {
  /** Byte offset where the game's last token ends: a cut at or after it leaves the game complete. */
  readonly completeAt: number;
  readonly tags: string;
  readonly fens: string[];
}

const REFERENCE: Reference[] = [...splitGames(TEXT)].map((chunk, i) => {
  const end = chunk.offset + chunk.text.trimEnd().length;
  return { completeAt: Buffer.byteLength(TEXT.slice(0, end), 'utf8'), tags: '', fens: [], index: i };
});

function tagsOf(game: Game): string {
  return game.tags.map((t) => `${t.name}=${t.value}`).join('|');
}

describe('a file cut at every byte offset', () => {
  it('the reference: three games, one with variations and a FEN start, "ü" as two bytes', async () => {
    const { games } = await readBytes(BYTES);
    expect(games).toHaveLength(3);
    REFERENCE.forEach((r, i) => {
      const game = games[i] as Game;
      Object.assign(r, { tags: tagsOf(game), fens: fensOf(game) });
    });
    // Start + plies: 37 (PlyCount), 124 (PlyCount) + 18 in variations, 5 with the variations.
    expect(REFERENCE.map((r) => r.fens.length)).toEqual([38, 143, 6]);
    expect(tagsOf(games[1] as Game)).toContain('Black=Van Nüss, Alfred');
    expect(BYTES.length).toBeGreaterThan(TEXT.length); // multi-byte characters are there to be cut
  });

  it('never fails, and keeps every game that was complete before the cut', async () => {
    let cutGames = 0;
    const { ms } = await timedAsync(async () => {
      for (let cut = 0; cut <= BYTES.length; cut++) {
        // Two chunks: the cut point itself is also a chunk boundary for the decoder half the time.
        const { games, diagnostics } = await readBytes(BYTES.subarray(0, cut), cut % 2 === 0 ? [cut >> 1] : []);
        const complete = REFERENCE.filter((r) => r.completeAt <= cut).length;
        const where = `cut at byte ${cut}`;
        expect(
          diagnostics.filter((d) => d.severity === 'error'),
          where,
        ).toEqual([]);
        expect(games.length, where).toBeGreaterThanOrEqual(complete);
        expect(games.length, where).toBeLessThanOrEqual(complete + 1);
        for (let i = 0; i < complete; i++) {
          const game = games[i] as Game;
          expect(tagsOf(game), where).toBe(REFERENCE[i]?.tags);
          expect(fensOf(game), where).toEqual(REFERENCE[i]?.fens);
        }
        const partial = games[complete];
        if (partial === undefined) continue;
        cutGames++;
        // The game being cut: its plies before the last token are the original's (the last token
        // may have been cut into another legal move, e.g. O-O-O into O-O); it is reported.
        const fens = fensOf(partial);
        const reference = REFERENCE[complete]?.fens ?? [];
        expect(fens.slice(0, -1), where).toEqual(reference.slice(0, Math.max(0, fens.length - 1)));
        const codes = partial.diagnostics.map((d) => d.code);
        expect(
          codes.some((c) => c === 'PGN_TRUNCATED' || c === 'PGN_MISSING_RESULT'),
          `${where}: ${codes.join(',')}`,
        ).toBe(true);
      }
    });
    expect(cutGames).toBeGreaterThan(BYTES.length * 0.9);
    // About 2,500 reads; a generous bound that still catches a quadratic reader.
    expect(ms).toBeLessThan(15_000);
  }, 30_000);
});

describe('a compressed stream that dies', () => {
  const whole = readFileSync(`${FIXTURES}cli/kasparov-deep-blue-1997.pgn`, 'utf8').repeat(3);
  const gz = gzipSync(whole);

  it.each([0.4, 0.6, 0.8, 0.95])(
    'a .gz cut at %f of its bytes and read in 100-byte chunks gives every character that could be decompressed',
    async (fraction) => {
      const cut = gz.subarray(0, Math.floor(gz.length * fraction));
      // What zlib can get out of the cut stream when told not to insist on its end.
      const readable = gunzipSync(cut, { finishFlush: constants.Z_SYNC_FLUSH }).toString('utf8');
      const chunks = Array.from({ length: Math.ceil(cut.length / 100) }, (_, i) => i * 100);
      const { games, diagnostics } = await readBytes(cut, chunks);
      expect(games.map((g) => g.text).join('')).toBe(readable);
      expect(diagnostics.map((d) => d.code)).toContain('IO_UNREADABLE');
      const complete = [...splitGames(readable)].length - 1;
      expect(complete).toBeGreaterThan(0);
    },
  );
});
