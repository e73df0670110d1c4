/**
 * Reads perft reference data in the shared corpus's JSON-lines form:
 * `{"fen": "...", "perft": {"1": 20, "2": 400}, "chess960": false, ...}` per line.
 */
import { readFileSync } from 'node:fs';

export interface PerftCase {
  readonly fen: string;
  readonly chess960: boolean;
  /** [depth, expected nodes], ascending by depth. */
  readonly counts: readonly (readonly [number, number])[];
  /** Where the case came from, for test names. */
  readonly label: string;
}

function toCase(line: string, index: number): PerftCase {
  const data = JSON.parse(line) as {
    fen: string;
    chess960?: boolean;
    perft: Record<string, number>;
    id?: string;
    line?: number;
  };
  const counts = Object.entries(data.perft)
    .map(([depth, nodes]) => [Number(depth), nodes] as const)
    .sort((a, b) => a[0] - b[0]);
  const label = data.id ?? `line ${data.line ?? index + 1}`;
  return { fen: data.fen, chess960: data.chess960 === true, counts, label };
}

/** Every case of a `.perft.jsonl` file. */
export function readPerftCases(url: URL): PerftCase[] {
  return readFileSync(url, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(toCase);
}

/** The deepest [depth, nodes] whose node count is at most `limit` (the first entry if none is). */
export function deepestWithin(c: PerftCase, limit: number): readonly [number, number] {
  let best = c.counts[0] ?? ([0, 1] as const);
  for (const entry of c.counts) if (entry[1] <= limit) best = entry;
  return best;
}
