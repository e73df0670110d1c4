/**
 * Perft against reference counts copied from the shared corpus (Ethereal's standard and Chess960
 * suites, python-chess's tricky positions) into test/fixtures/perft. Each case runs at the deepest
 * depth whose reference count stays under a node limit, keeping the suite to a few seconds.
 */
import { describe, expect, it } from 'vitest';
import { perft } from '../../src/core/index.js';
import { deepestWithin, readPerftCases } from '../support/perft-file.js';
import { fen } from '../support/positions.js';

const NODE_LIMIT = 600_000;
const FILES = [
  'ethereal__standard.perft.jsonl',
  'python-chess__tricky.perft.jsonl',
  'ethereal__fischer-part1-lines1-768.perft.jsonl',
];

describe.each(FILES)('perft %s', (file) => {
  const cases = readPerftCases(new URL(`../fixtures/perft/${file}`, import.meta.url));
  it.each(cases.map((c) => [c.label, c] as const))('%s', (_label, c) => {
    // Reference suites include positions unreachable in a game; the generator must count them too.
    const pos = fen(c.fen, c.chess960, false);
    const [depth, nodes] = deepestWithin(c, NODE_LIMIT);
    const shallow = c.counts.filter(([d]) => d < depth);
    for (const [d, n] of shallow) expect(perft(pos, d), `depth ${d}`).toBe(n);
    expect(perft(pos, depth), `depth ${depth}`).toBe(nodes);
  });
});
