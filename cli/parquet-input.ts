/**
 * A Parquet file of games as PGN input: lichess's database shards (one row per game, the tags as
 * columns beside a `movetext` string) and `forsyth games --format parquet` files. Each row becomes
 * the PGN text of one game (its tag columns as tag pairs, a blank line, the movetext), streamed into
 * the same reader as a .pgn file, so every PGN command reads Parquet. Rows are read a slice at a
 * time through hyparquet, so memory holds one slice, not the file.
 *
 * Line and column numbers in diagnostics count in that PGN text (the game's tag pairs first).
 */
import { Readable } from 'node:stream';
import { readPgnChunks, type PgnChunkReader } from '../src/node/index.js';

const SLICE_ROWS = 2_000;

/** The columns of `forsyth games` that are not tags. */
const NOT_TAGS = new Set([
  'game',
  'start_fen',
  'plies',
  'san',
  'uci',
  'clocks',
  'eval_cp',
  'eval_mate',
  'result',
  'problems',
  'movetext',
]);

export function isParquetPath(path: string): boolean {
  return /\.parquet$/i.test(path);
}

/** Reads a Parquet file of games like a PGN file (see the module comment). */
export function readParquetGames(path: string, name: string): PgnChunkReader {
  return readPgnChunks(Readable.from(pgnTexts(path)), { name });
}

async function* pgnTexts(path: string): AsyncGenerator<Buffer> {
  // Loaded here, not at start-up: most runs read no Parquet.
  const { asyncBufferFromFile, parquetMetadataAsync, parquetReadObjects, parquetSchema } = await import('hyparquet');
  const file = await asyncBufferFromFile(path);
  const metadata = await parquetMetadataAsync(file);
  const top = parquetSchema(metadata).children;
  const movetext = top.find((c) => c.element.name === 'movetext');
  if (!movetext)
    throw new ParquetInputError(
      `a Parquet file of games needs a \`movetext\` column (this one has ${top.map((c) => c.element.name).join(', ')})`,
    );
  // Tag columns: every top-level column of plain values whose name can be a tag name.
  const tags = top
    .filter((c) => c.children.length === 0 && !NOT_TAGS.has(c.element.name) && /^[A-Za-z0-9_]+$/.test(c.element.name))
    .map((c) => c.element.name);
  const columns = [...tags, 'movetext'];
  const rows = Number(metadata.num_rows);
  for (let start = 0; start < rows; start += SLICE_ROWS) {
    const slice = (await parquetReadObjects({
      file,
      metadata,
      columns,
      rowStart: start,
      rowEnd: Math.min(rows, start + SLICE_ROWS),
    })) as Record<string, unknown>[];
    yield Buffer.from(slice.map((row) => pgnOf(row, tags)).join(''));
  }
}

/** One row → the PGN text of its game, ending with two newlines. */
function pgnOf(row: Record<string, unknown>, tags: readonly string[]): string {
  let text = '';
  for (const name of tags) {
    const value = tagText(row[name]);
    if (value !== undefined) text += `[${name} "${value.replace(/["\\]/g, '\\$&')}"]\n`;
  }
  const moves = typeof row['movetext'] === 'string' ? row['movetext'].trim() : '';
  const result = tagText(row['Result']);
  // A movetext without its result token gets the Result column's.
  const ends = /(?:1-0|0-1|1\/2-1\/2|\*)$/.test(moves);
  return `${text}\n${moves}${ends ? '' : `${moves === '' ? '' : ' '}${result ?? '*'}`}\n\n`;
}

/** A cell as a tag value: strings as they are, numbers as digits, dates as PGN dates; null → none. */
function tagText(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  if (value instanceof Date) {
    const iso = value.toISOString();
    return iso.endsWith('T00:00:00.000Z') ? iso.slice(0, 10).replace(/-/g, '.') : iso.slice(11, 19);
  }
  return String(value);
}

/** A Parquet file that is no file of games; the session reports it as an unreadable input. */
export class ParquetInputError extends Error {}
