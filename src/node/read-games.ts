/**
 * Games from a file, stdin or a stream: `openInput` (bytes, decompressed) → `createDecoder`
 * (text) → the PGN layer's incremental `GameSplitter` → `parseGame`, one game at a time, so memory
 * holds one read chunk and one game, however large the file.
 *
 * Design: `readPgn` returns a reader whose `games` is a lazy async iterable, with the file-level
 * diagnostics beside it rather than mixed into the stream of games. A game carries its own syntax
 * diagnostics (`game.diagnostics`); what belongs to the file as a whole — IO_UNREADABLE,
 * IO_TRAILING_DATA, IO_ENCODING, IO_DECODE, IO_BINARY, USAGE for an unknown encoding name — is in `diagnostics()`,
 * which grows while the games are read and is complete once the iteration has ended. This keeps
 * the common loop `for await (const game of reader.games)` free of a union to unwrap, and no IO
 * problem is thrown: a file that cannot be opened gives no games and one IO_UNREADABLE.
 * Aborting `signal` rejects the iteration with `signal.reason`.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { GameSplitter, parseGame, type Game, type GameChunk } from '../pgn/index.js';
import { createDecoder, type Decoder } from './decode.js';
import { openInput, type Input } from './input.js';
import { readRange, type ByteRange } from './range.js';

export interface ReadOptions {
  /** Force this encoding (any iconv-lite name) instead of BOM / UTF-8 / Windows-1252 detection. */
  readonly encoding?: string;
  /** Stops reading; the iteration then rejects with `signal.reason`. */
  readonly signal?: AbortSignal;
  /** The stream read for `-` (default `process.stdin`). */
  readonly stdin?: NodeJS.ReadableStream;
  /** The name of a stream source in messages (default '<stdin>' or '<stream>'). */
  readonly name?: string;
  /** Largest zstd window accepted, in bytes (default 128 MiB, the limit of `zstd -d`). */
  readonly zstdWindowMax?: number;
  /**
   * Only the games that start in this byte range of a file (cut at game starts by the resync rule,
   * see `readRange`): ranges that meet, read one after the other, give the games of the whole file,
   * with the same `index`, `line` and `offset`. Files that cannot be cut (compressed, UTF-16) are
   * one range: all their games belong to the range that holds offset 0.
   */
  readonly range?: ByteRange;
}

export interface PgnReader {
  /** The games in file order. Iterate once; reading starts with the first `next()`. */
  readonly games: AsyncIterable<Game>;
  /** File-level diagnostics found so far, in the order found; complete after iteration. */
  diagnostics(): readonly Diagnostic[];
  /** The encoding used (see `Decoder.encoding`); undefined until decoding has started. */
  encoding(): string | undefined;
  /** Bytes taken from the source so far, as stored (compressed for .gz/.zst). */
  bytesRead(): number;
}

/**
 * Reads the games of a PGN file (`-` for stdin) or stream, decompressing and decoding it.
 * O(file size) time; memory bounded by one chunk plus the largest game.
 *
 * @example
 * const reader = readPgn('games.pgn.gz');
 * for await (const game of reader.games) console.log(game.tags.length, game.diagnostics.length);
 * for (const d of reader.diagnostics()) console.error(formatDiagnostic(d, 'games.pgn.gz'));
 */
export function readPgn(source: string | NodeJS.ReadableStream, options: ReadOptions = {}): PgnReader {
  const reader = readPgnChunks(source, options);
  async function* games(): AsyncGenerator<Game> {
    for await (const chunk of reader.chunks) {
      options.signal?.throwIfAborted();
      yield parseGame(chunk);
    }
  }
  const iterator = games();
  return {
    games: { [Symbol.asyncIterator]: () => iterator },
    diagnostics: reader.diagnostics,
    encoding: reader.encoding,
    bytesRead: reader.bytesRead,
  };
}

/** Like `PgnReader`, with the games still unparsed (see `readPgnChunks`). */
export interface PgnChunkReader extends Omit<PgnReader, 'games'> {
  /** Each game's text and place in the file, in file order, for `parseGame`. Iterate once. */
  readonly chunks: AsyncIterable<GameChunk>;
  /**
   * The same games in batches: those cut from one read of the input (never empty), for a caller
   * that looks at most games only briefly (a filter that leaves 90% out): one asynchronous step a
   * batch instead of one a game. Iterate either this or `chunks`, once.
   */
  readonly batches: AsyncIterable<readonly GameChunk[]>;
}

/**
 * The reader of `chunks` and `batches` (see `PgnChunkReader`) over one generator of batches: both
 * draw on it, so whichever is iterated reads the input.
 */
export function chunksAndBatches(
  batches: AsyncGenerator<readonly GameChunk[]>,
): Pick<PgnChunkReader, 'chunks' | 'batches'> {
  async function* chunks(): AsyncGenerator<GameChunk> {
    for await (const batch of batches) yield* batch;
  }
  const iterator = chunks();
  return {
    chunks: { [Symbol.asyncIterator]: () => iterator },
    batches: { [Symbol.asyncIterator]: () => batches },
  };
}

/**
 * `readPgn` without the parsing: the games' texts as cut by `GameSplitter`, for callers that parse
 * elsewhere (the CLI's `--jobs` hands them to worker threads). `parseGame(chunk)` gives exactly the
 * game `readPgn` would have given, and `diagnostics()` grows at the same points of the iteration.
 */
export function readPgnChunks(source: string | NodeJS.ReadableStream, options: ReadOptions = {}): PgnChunkReader {
  if (options.range) return readRangeChunks(source, options.range, options);
  const found: Diagnostic[] = [];
  let input: Input | undefined;
  let decoder: Decoder | undefined;

  async function* batches(): AsyncGenerator<readonly GameChunk[]> {
    const created = createDecoder(options.encoding === undefined ? {} : { encoding: options.encoding });
    if (!created.ok) {
      found.push(created.error);
      return;
    }
    const opened = await openInput(source, inputOptions(options));
    if (!opened.ok) {
      found.push(opened.error);
      return;
    }
    input = opened.value;
    const active = (decoder = created.value);
    const splitter = new GameSplitter();
    let reported = 0;
    const collect = (): void => {
      const all = active.diagnostics();
      for (; reported < all.length; reported++) found.push(all[reported] as Diagnostic);
    };
    for await (const bytes of input) {
      const cut = splitter.push(active.push(bytes));
      collect();
      if (cut.length > 0) yield cut;
    }
    options.signal?.throwIfAborted();
    found.push(...input.warnings());
    const failure = input.failure();
    if (failure) found.push(failure);
    const last = [...splitter.push(active.end()), ...splitter.end()];
    collect();
    if (last.length > 0) yield last;
  }

  return {
    ...chunksAndBatches(batches()),
    diagnostics: () => found,
    encoding: () => decoder?.encoding,
    bytesRead: () => input?.bytesRead() ?? 0,
  };
}

/**
 * Just the games; file-level diagnostics are dropped. Use `readPgn` to see why a file gave no
 * games (IO_UNREADABLE) or how it was decoded.
 */
export function readGames(source: string | NodeJS.ReadableStream, options: ReadOptions = {}): AsyncIterable<Game> {
  return readPgn(source, options).games;
}

function inputOptions(options: ReadOptions): Parameters<typeof openInput>[1] {
  return {
    reuseChunks: true, // the decoder copies what it keeps
    ...(options.signal && { signal: options.signal }),
    ...(options.stdin && { stdin: options.stdin }),
    ...(options.name !== undefined && { name: options.name }),
    ...(options.zstdWindowMax !== undefined && { zstdWindowMax: options.zstdWindowMax }),
  };
}

function readRangeChunks(
  source: string | NodeJS.ReadableStream,
  range: ByteRange,
  options: ReadOptions,
): PgnChunkReader {
  if (typeof source !== 'string' || source === '-') {
    const found = [
      diagnostic('USAGE', 'a byte range can only be read from a file, not from a stream', {
        hint: 'save the stream to a file first',
      }),
    ];
    return {
      ...chunksAndBatches((async function* () {})()),
      diagnostics: () => found,
      encoding: () => undefined,
      bytesRead: () => 0,
    };
  }
  const { range: _whole, ...rest } = options;
  const reading = readRange(source, range, () => readPgnChunks(source, rest), {
    ...(options.encoding !== undefined && { encoding: options.encoding }),
    ...(options.signal && { signal: options.signal }),
  });
  return {
    ...chunksAndBatches(reading.batches),
    diagnostics: () => reading.found,
    encoding: reading.encoding,
    bytesRead: reading.bytesRead,
  };
}
