/**
 * Helpers for the robustness tests (test/property/robustness.prop.test.ts, roundtrip.prop.test.ts,
 * test/limits/): how many fuzz cases to run, a small file of real games, the per-ply FENs of a game,
 * reading bytes through the Node streaming reader in chosen chunks, and the check that a
 * diagnostic points inside the text it came from.
 */
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import type { Diagnostic } from '../../src/diagnostics.js';
import type { Game } from '../../src/pgn/ast.js';
import { splitGames } from '../../src/pgn/split.js';
import { replay, type ReplayOptions } from '../../src/replay/replay.js';
import { readPgn, type ReadOptions } from '../../src/node/index.js';

/**
 * Cases per property: `FORSYTH_FUZZ_RUNS` when set (`npm run fuzz` sets 20,000), else `fallback`,
 * small enough that `npm test` stays fast.
 */
export function fuzzRuns(fallback: number): number {
  const runs = Number(process.env['FORSYTH_FUZZ_RUNS'] ?? fallback);
  return Number.isFinite(runs) && runs > 0 ? Math.floor(runs) : fallback;
}

/** A test timeout that grows with the number of runs (`msPerRun` is a generous per-case bound). */
export function fuzzTimeout(runs: number, msPerRun: number): number {
  return Math.max(20_000, runs * msPerRun);
}

const CLI_FIXTURES = fileURLToPath(new URL('../fixtures/cli/', import.meta.url));

/** The text of game `index` (0-based) of a file in test/fixtures/cli/, as the splitter cuts it. */
export function fixtureGame(file: string, index: number): string {
  const text = readFileSync(`${CLI_FIXTURES}${file}`, 'utf8');
  const game = [...splitGames(text)][index];
  if (game === undefined) throw new Error(`${file} has no game ${index}`);
  // Every game of the file ends with one blank line, whatever the file's last line did.
  return `${game.text.trimEnd()}\n\n`;
}

/**
 * Four real games in one file: a short Kasparov–Deep Blue game, a Loyd study from a FEN with
 * comments and variations, a Chess960 engine game with a comment after every move, and a longer
 * Kasparov–Deep Blue game. Each ends with a blank line.
 */
export function realGames(): string[] {
  return [
    fixtureGame('kasparov-deep-blue-1997.pgn', 5),
    fixtureGame('charles-xii-setup.pgn', 0),
    fixtureGame('cutechess-fischerrandom.pgn', 2),
    fixtureGame('kasparov-deep-blue-1997.pgn', 0),
  ];
}

/**
 * The positions a game gives: the start (ply 0) and every ply of the main line and of every
 * variation, each as `path fen`, in replay order. Two games with the same list replay the same.
 */
export function fensOf(game: Game, options: ReplayOptions = {}): string[] {
  return [...replay(game, { includeStart: true, variations: true, ...options })].map((r) => `${r.path} ${r.fen}`);
}

/** A byte stream that delivers `bytes` cut at the given points (each taken modulo the length). */
export function byteStream(bytes: Uint8Array, cuts: readonly number[] = []): Readable {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Buffer[] = [];
  let from = 0;
  for (const point of [...points, bytes.length]) {
    if (point > from) chunks.push(Buffer.from(bytes.subarray(from, point)));
    from = point;
  }
  return Readable.from(chunks, { objectMode: false });
}

export interface ReadResult {
  readonly games: Game[];
  /** File-level diagnostics (IO_*). */
  readonly diagnostics: readonly Diagnostic[];
  readonly encoding: string | undefined;
}

/** Reads every game of `bytes` through `readPgn` on a stream cut at `cuts`. */
export async function readBytes(
  bytes: Uint8Array,
  cuts: readonly number[] = [],
  options: ReadOptions = {},
): Promise<ReadResult> {
  const reader = readPgn(byteStream(bytes, cuts), options);
  const games: Game[] = [];
  for await (const game of reader.games) games.push(game);
  return { games, diagnostics: reader.diagnostics(), encoding: reader.encoding() };
}

/**
 * Why `d` does not point inside `text` (or undefined when it does): its offset must lie in the
 * text, its line and column must exist, and when it has both they must agree (the column counts
 * code points; lines end at CR, LF or CRLF). `requireLocation` also demands all three.
 */
export function outsideReason(
  d: Diagnostic,
  text: string,
  index: (offset: number) => { line: number; column: number },
  lineLengths: readonly number[],
  requireLocation = false,
): string | undefined {
  const label = `${d.code} at offset ${String(d.offset)}, ${String(d.line)}:${String(d.column)}`;
  if (requireLocation && (d.offset === undefined || d.line === undefined || d.column === undefined))
    return `${label}: not located`;
  if (d.offset !== undefined && (d.offset < 0 || d.offset > text.length || !Number.isInteger(d.offset)))
    return `${label}: offset outside the text`;
  if (d.offset !== undefined && d.length !== undefined && d.offset + d.length > text.length)
    return `${label}: span runs past the end`;
  if (d.line !== undefined) {
    if (d.line < 1 || d.line > lineLengths.length) return `${label}: no such line (${lineLengths.length} lines)`;
    const column = d.column ?? 1;
    if (column < 1 || column > (lineLengths[d.line - 1] ?? 0) + 1) return `${label}: no such column`;
  }
  if (d.offset !== undefined && d.line !== undefined && d.column !== undefined) {
    const at = index(d.offset);
    if (at.line !== d.line || at.column !== d.column) return `${label}: the offset is at ${at.line}:${at.column}`;
  }
  return undefined;
}

/** Line lengths of `text` in code points, with lines ending at CR, LF or CRLF (as LineIndex). */
export function lineLengths(text: string): number[] {
  return text.split(/\r\n|\r|\n/).map((line) => [...line].length);
}

/**
 * Line and column of `offset` computed the slow, obvious way (not with the library's LineIndex,
 * which caches): lines end at CR, LF or CRLF; columns count UTF-16 units that are not low
 * surrogates (LineIndex's rule: code points, except that a lone low surrogate counts nothing).
 */
export function slowLocate(text: string, offset: number): { line: number; column: number } {
  const lines = text.slice(0, offset).split(/\r\n|\r|\n/);
  const last = lines.at(-1) ?? '';
  return { line: lines.length, column: last.replace(/[\udc00-\udfff]/g, '').length + 1 };
}

/** Every diagnostic of the list that does not point inside `text`, explained (empty when all do). */
export function misplaced(diagnostics: readonly Diagnostic[], text: string, requireLocation = false): string[] {
  const index = (offset: number): { line: number; column: number } => slowLocate(text, offset);
  const lengths = lineLengths(text);
  const out: string[] = [];
  for (const d of diagnostics) {
    const reason = outsideReason(d, text, index, lengths, requireLocation);
    if (reason !== undefined) out.push(reason);
  }
  return out;
}

/** Runs `fn` and returns its result with the wall time it took, in milliseconds. */
export function timed<T>(fn: () => T): { value: T; ms: number } {
  const start = performance.now();
  const value = fn();
  return { value, ms: performance.now() - start };
}

/** `timed` for async functions. */
export async function timedAsync<T>(fn: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const start = performance.now();
  const value = await fn();
  return { value, ms: performance.now() - start };
}
