/**
 * Loading the shared corpus and the reference (python-chess) per-ply FENs for conformance tests.
 * Test-side decoding follows the oracle's rule (BOM stripped; UTF-8 if valid, else Windows-1252),
 * so the tests do not depend on the code under test to read their inputs.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import iconv from 'iconv-lite';

export const SHARED_CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
export const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
export const hasSharedCorpus = existsSync(SHARED_CORPUS);

export interface ExpectedGame {
  readonly index: number;
  readonly headers: Record<string, string>;
  readonly start_fen: string | null;
  readonly fens: readonly string[];
  readonly errors: readonly string[];
  readonly chess960: boolean;
  readonly variant: string;
  readonly oracle_error?: string;
}

export function readMaybeGzip(path: string): Buffer {
  const bytes = readFileSync(path);
  return path.endsWith('.gz') ? gunzipSync(bytes) : bytes;
}

export function decodeLikeOracle(bytes: Buffer): string {
  let body = bytes;
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) body = body.subarray(3);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return iconv.decode(body, 'win1252');
  }
}

export function loadExpected(path: string): ExpectedGame[] {
  return readMaybeGzip(path)
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as ExpectedGame);
}

/** Every `<dir>[/<sub>]/<name>.pgn[.gz]` that has `expected/<dir>[__<sub>]__<name>.jsonl[.gz]`. */
export function corpusPairs(root: string): { pgn: string; expected: string; name: string }[] {
  const pairs: { pgn: string; expected: string; name: string }[] = [];
  const walk = (rel: string): void => {
    for (const entry of readdirSync(`${root}${rel}`, { withFileTypes: true })) {
      const path = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.isDirectory()) {
        if (path !== 'expected') walk(path);
        continue;
      }
      const m = /^(.*)\.pgn(\.gz)?$/.exec(path);
      if (!m?.[1]) continue;
      const name = m[1].replaceAll('/', '__');
      for (const ext of ['.jsonl', '.jsonl.gz']) {
        const expected = `${root}expected/${name}${ext}`;
        if (existsSync(expected)) pairs.push({ pgn: `${root}${path}`, expected, name });
      }
    }
  };
  walk('');
  return pairs.sort((a, b) => a.name.localeCompare(b.name));
}
