/**
 * Perft over the full reference files in ../shared/corpus/perft (skipped when the corpus is not
 * checked out next to the repository). By default every case stops at a per-case node limit;
 * FORSYTH_PERFT_FULL=1 runs every listed depth (hours for the deepest Ethereal entries).
 */
import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { perft } from '../../src/core/index.js';
import { deepestWithin, readPerftCases } from '../support/perft-file.js';
import { fen } from '../support/positions.js';

const CORPUS = new URL('../../../shared/corpus/perft/', import.meta.url);
const FULL = process.env['FORSYTH_PERFT_FULL'] === '1';
const NODE_LIMIT = FULL ? Number.POSITIVE_INFINITY : 5_000;
const present = existsSync(fileURLToPath(CORPUS));
const files = present
  ? readdirSync(CORPUS)
      .filter((name) => name.endsWith('.perft.jsonl'))
      .sort()
  : [];

describe.runIf(present)('perft on the shared corpus', () => {
  describe.each(files)('%s', (file) => {
    const cases = readPerftCases(new URL(file, CORPUS));
    it(
      `matches every reference count${FULL ? '' : ` up to ${NODE_LIMIT} nodes per case`}`,
      () => {
        const failures: string[] = [];
        for (const c of cases) {
          const pos = fen(c.fen, c.chess960, false);
          const [limitDepth] = deepestWithin(c, NODE_LIMIT);
          for (const [depth, nodes] of c.counts) {
            if (depth > limitDepth) break;
            const got = perft(pos, depth);
            if (got !== nodes) failures.push(`${c.label} ${c.fen} depth ${depth}: expected ${nodes}, got ${got}`);
          }
        }
        expect(failures).toEqual([]);
      },
      FULL ? 24 * 3_600_000 : 120_000,
    );
  });
});
