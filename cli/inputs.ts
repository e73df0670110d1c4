/**
 * Command-line inputs → the files to read: `-` (or no argument) is standard input, a directory
 * stands for its `*.pgn`, `*.pgn.gz`, `*.pgn.zst` and `*.parquet` files (sorted by name, not recursive), and
 * anything else is a file. Reading, decompression and decoding are left to `src/node` (readPgnChunks);
 * this module only adds the names, sizes and the expansion.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Diagnostic } from '../src/index.js';
import { createDecoder, readPgnChunks, type PgnChunkReader } from '../src/node/index.js';
import { isParquetPath, readParquetGames } from './parquet-input.js';

export interface InputFile {
  /** The name shown in diagnostics: the path as given (joined for directory entries), or '<stdin>'. */
  readonly name: string;
  /** The path to open, or '-' for standard input. */
  readonly source: string;
  /** Bytes on disk (compressed, for .gz/.zst); undefined for standard input. */
  readonly size: number | undefined;
}

export interface Expanded {
  readonly files: InputFile[];
  /** Problems found while expanding (a directory with no PGN files). */
  readonly problems: { readonly name: string; readonly diagnostic: Diagnostic }[];
}

const PGN_FILE = /\.(?:pgn(\.gz|\.zst|\.zstd)?|parquet)$/i;

export async function expandInputs(args: readonly string[]): Promise<Expanded> {
  const files: InputFile[] = [];
  const problems: Expanded['problems'] = [];
  for (const arg of args.length === 0 ? ['-'] : args) {
    if (arg === '-') {
      files.push({ name: '<stdin>', source: '-', size: undefined });
      continue;
    }
    const info = await stat(arg).catch(() => undefined);
    if (!info?.isDirectory()) {
      // A missing or unreadable file is reported by the reader, in input order.
      files.push({ name: arg, source: arg, size: info?.isFile() ? info.size : undefined });
      continue;
    }
    const inDir = await directoryFiles(arg).catch((error: Error) => error);
    if (inDir instanceof Error) {
      problems.push({ name: arg, diagnostic: { code: 'IO_UNREADABLE', severity: 'error', message: `cannot read directory '${arg}': ${inDir.message}` } });
    } else if (inDir.length === 0) {
      const message = `directory '${arg}' holds no .pgn, .pgn.gz or .pgn.zst files`;
      problems.push({ name: arg, diagnostic: { code: 'USAGE', severity: 'warning', message, hint: 'name the files themselves' } });
    }
    if (Array.isArray(inDir)) files.push(...inDir);
  }
  return { files, problems };
}

async function directoryFiles(dir: string): Promise<InputFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  // Code-unit order, not locale order: the same output on every machine.
  const names = entries.filter((e) => e.isFile() && PGN_FILE.test(e.name)).map((e) => e.name).sort();
  const out: InputFile[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const info = await stat(path).catch(() => undefined);
    out.push({ name: path, source: path, size: info?.size });
  }
  return out;
}

/**
 * Starts reading one input (lazily: nothing is opened before the first game is asked for). The
 * games come unparsed, so that `--jobs` can parse them in worker threads.
 */
export function readInput(file: InputFile, encoding: string | undefined): PgnChunkReader {
  // A Parquet file of games (lichess's shards, `forsyth games` output) reads as the PGN of its rows.
  if (file.source !== '-' && isParquetPath(file.source)) return readParquetGames(file.source, file.name);
  return readPgnChunks(file.source, encoding === undefined ? {} : { encoding });
}

/** Undefined when `encoding` is usable (or not given); otherwise the message saying why not. */
export function encodingProblem(encoding: string | undefined): string | undefined {
  if (encoding === undefined) return undefined;
  const created = createDecoder({ encoding });
  return created.ok ? undefined : created.error.message;
}
