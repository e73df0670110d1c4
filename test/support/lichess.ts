/**
 * The real lichess exports the filter, column and CLI tests run over: the committed fixture
 * (test/fixtures/lichess: a few dozen games copied byte for byte from the shared corpus, see its
 * README) always, and the shared corpus's full exports as well when ../shared exists. Each export
 * comes with its python-chess records; counts a test asserts are worked out from those records or
 * from the PGN text, so the same test holds for both.
 */
import { join } from 'node:path';
import {
  decodeLikeOracle,
  FIXTURES,
  hasSharedCorpus,
  loadExpected,
  readMaybeGzip,
  SHARED_CORPUS,
  type ExpectedGame,
} from './corpus.js';

/** One export file and its expected python-chess records. */
export interface LichessFile {
  /** The PGN (`.pgn` in the fixture, `.pgn.gz` in the shared corpus). */
  readonly pgn: string;
  /** The same bytes zstd-compressed, where the source has such a twin. */
  readonly zst?: string;
  readonly expected: string;
}

/** The clocked and the clockless export of one source. */
export interface LichessSource {
  /** For test names. */
  readonly label: 'fixture' | 'shared corpus';
  /** The full shared-corpus exports (thousands of games), not the fixture. */
  readonly full: boolean;
  /** The directory of the PGN files. */
  readonly dir: string;
  readonly clk: LichessFile;
  readonly noclk: LichessFile;
}

export const LICHESS_FIXTURE_DIR = join(FIXTURES, 'lichess');
export const LICHESS_SHARED_DIR = join(SHARED_CORPUS, 'games/lichess');

export const LICHESS_FIXTURE: LichessSource = {
  label: 'fixture',
  full: false,
  dir: LICHESS_FIXTURE_DIR,
  clk: { pgn: join(LICHESS_FIXTURE_DIR, 'clk.pgn'), expected: join(LICHESS_FIXTURE_DIR, 'clk.expected.jsonl.gz') },
  noclk: {
    pgn: join(LICHESS_FIXTURE_DIR, 'noclk.pgn'),
    expected: join(LICHESS_FIXTURE_DIR, 'noclk.expected.jsonl.gz'),
  },
};

export const LICHESS_SHARED: LichessSource = {
  label: 'shared corpus',
  full: true,
  dir: LICHESS_SHARED_DIR,
  clk: {
    pgn: join(LICHESS_SHARED_DIR, 'lichess-exports-clk.pgn.gz'),
    zst: join(LICHESS_SHARED_DIR, 'lichess-exports-clk.pgn.zst'),
    expected: join(SHARED_CORPUS, 'expected/games__lichess__lichess-exports-clk.jsonl.gz'),
  },
  noclk: {
    pgn: join(LICHESS_SHARED_DIR, 'lichess-exports-noclk.pgn.gz'),
    zst: join(LICHESS_SHARED_DIR, 'lichess-exports-noclk.pgn.zst'),
    expected: join(SHARED_CORPUS, 'expected/games__lichess__lichess-exports-noclk.jsonl.gz'),
  },
};

/** The fixture, then the shared corpus when it is there. */
export const LICHESS_SOURCES: readonly LichessSource[] = [
  LICHESS_FIXTURE,
  ...(hasSharedCorpus ? [LICHESS_SHARED] : []),
];

const texts = new Map<string, string>();
const records = new Map<string, ExpectedGame[]>();

/** The text of an export, decoded as the oracle decodes it (read once per test file). */
export function lichessText(file: LichessFile | string): string {
  const path = typeof file === 'string' ? file : file.pgn;
  let text = texts.get(path);
  if (text === undefined) texts.set(path, (text = decodeLikeOracle(readMaybeGzip(path))));
  return text;
}

/** The python-chess records of an export, one per game in file order (read once per test file). */
export function lichessExpected(file: LichessFile): ExpectedGame[] {
  let games = records.get(file.expected);
  if (games === undefined) records.set(file.expected, (games = loadExpected(file.expected)));
  return games;
}

/** How often `needle` occurs in `text` (a plain count, independent of the tests' regular expressions). */
export function occurrences(text: string, needle: string): number {
  let n = 0;
  for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + needle.length)) n++;
  return n;
}
