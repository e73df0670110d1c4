/**
 * One game per line: ndjson input, each line an object holding the game's `movetext` and its tags
 * as fields — the shape of lichess's Parquet rows (`{"Event": "Rated Blitz game", "Site": …,
 * "WhiteElo": 1500, …, "movetext": "1. e4 e5 … 1-0"}`), which Spark's `RDD.pipe` and Hadoop
 * Streaming hand to a program line by line.
 *
 * Each line that is not blank is one game: its PGN form `[Name "value"] … movetext` on one line,
 * so messages name the input line; columns count in that form. Fields whose name is not a tag name
 * (letters, digits, `_`) or whose value is null, an object or an array are left out; numbers and
 * booleans are written as text. A line that is not a JSON object with a string `movetext` is still
 * a game (its number is kept), with no moves and an IO_NDJSON_ROW error.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import type { GameChunk } from '../pgn/index.js';
import { createDecoder } from './decode.js';
import { openInput } from './input.js';
import { chunksAndBatches, type PgnChunkReader, type ReadOptions } from './read-games.js';

const TAG_NAME = /^[A-Za-z0-9_]+$/;

/** The PGN form of one row, or a message saying why the row is not a game. */
export function gameTextOfRow(row: unknown): { text: string } | { problem: string } {
  if (typeof row !== 'object' || row === null || Array.isArray(row))
    return { problem: 'the line is not a JSON object' };
  const fields = row as Record<string, unknown>;
  const movetext = fields['movetext'];
  if (typeof movetext !== 'string') return { problem: 'the object has no "movetext" string' };
  const tags: string[] = [];
  for (const [name, value] of Object.entries(fields)) {
    if (name === 'movetext' || !TAG_NAME.test(name)) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') continue;
    tags.push(`[${name} "${String(value).replace(/[\\"]/g, (c) => `\\${c}`)}"]`);
  }
  return { text: `${[...tags, movetext].join(' ')}\n` };
}

/** `readPgnChunks` for ndjson input: the same reader, one game per line (see the module doc). */
export function readNdjsonChunks(source: string | NodeJS.ReadableStream, options: ReadOptions = {}): PgnChunkReader {
  const found: Diagnostic[] = [];
  let bytesRead = (): number => 0;
  let encoding: string | undefined;

  async function* batches(): AsyncGenerator<readonly GameChunk[]> {
    const created = createDecoder(options.encoding === undefined ? {} : { encoding: options.encoding });
    if (!created.ok) return void found.push(created.error);
    const decoder = created.value;
    const opened = await openInput(source, {
      reuseChunks: true, // the decoder copies what it keeps
      ...(options.signal && { signal: options.signal }),
      ...(options.stdin && { stdin: options.stdin }),
      ...(options.name !== undefined && { name: options.name }),
    });
    if (!opened.ok) return void found.push(opened.error);
    const input = opened.value;
    bytesRead = () => input.bytesRead();
    let pending = '';
    let offset = 0; // of `pending` in the decoded text
    let line = 1;
    let index = 0;
    let reported = 0;
    const collect = (): void => {
      const all = decoder.diagnostics();
      for (; reported < all.length; reported++) found.push(all[reported] as Diagnostic);
    };
    function lines(text: string, last: boolean): GameChunk[] {
      const games: GameChunk[] = [];
      pending += text;
      let start = 0;
      for (;;) {
        const lf = pending.indexOf('\n', start);
        if (lf < 0 && !(last && start < pending.length)) break;
        const end = lf < 0 ? pending.length : lf;
        const content = pending.slice(start, end).replace(/\r$/, '');
        if (content.trim() !== '') games.push(rowChunk(content, offset + start, line, index++));
        line++;
        start = end + 1;
      }
      offset += Math.min(start, pending.length);
      pending = pending.slice(start);
      return games;
    }
    for await (const bytes of input) {
      options.signal?.throwIfAborted();
      const text = decoder.push(bytes);
      collect();
      const games = lines(text, false);
      if (games.length > 0) yield games;
    }
    const failure = input.failure();
    if (failure) found.push(failure);
    const rest = decoder.end();
    encoding = decoder.encoding;
    collect();
    const games = lines(rest, true);
    if (games.length > 0) yield games;
  }

  return {
    ...chunksAndBatches(batches()),
    diagnostics: () => found,
    encoding: () => encoding,
    bytesRead: () => bytesRead(),
  };
}

function rowChunk(content: string, offset: number, line: number, index: number): GameChunk {
  let row: unknown;
  let problem: string;
  try {
    row = JSON.parse(content);
    const made = gameTextOfRow(row);
    if ('text' in made) return { text: made.text, offset, line, column: 1, index };
    problem = made.problem;
  } catch (error) {
    problem = `the line is not JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const excerpt = content.length > 60 ? `${content.slice(0, 57)}...` : content;
  const bad = diagnostic('IO_NDJSON_ROW', `game ${index + 1} is not a game row: ${problem}`, {
    offset,
    line,
    column: 1,
    gameIndex: index,
    excerpt,
    hint: 'each line must be one JSON object with a "movetext" string and tag fields, e.g. {"White": "a", "movetext": "1. e4 *"}',
  });
  return { text: '', offset, line, column: 1, index, diagnostics: [bad] };
}
