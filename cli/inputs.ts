/**
 * Command-line inputs → the files to read: `-` (or no argument) is standard input, a directory
 * stands for its `*.pgn`, `*.pgn.gz`, `*.pgn.zst` and `*.parquet` files (sorted by name, not recursive), and
 * anything else is a file. Reading, decompression and decoding are left to `src/node` (readPgnChunks);
 * this module only adds the names, sizes and the expansion.
 */
import { realpathSync, statSync } from 'node:fs';
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, isAbsolute } from 'node:path';
import type { Diagnostic } from '../src/index.js';
import {
  createDecoder,
  readNdjsonChunks,
  readPgnChunks,
  type ByteRange,
  type PgnChunkReader,
} from '../src/node/index.js';
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
  /** The directories given as inputs, as given. */
  readonly directories: string[];
}

const PGN_FILE = /\.(?:pgn(\.gz|\.zst|\.zstd)?|parquet)$/i;

export async function expandInputs(args: readonly string[]): Promise<Expanded> {
  const files: InputFile[] = [];
  const problems: Expanded['problems'] = [];
  const directories: string[] = [];
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
    directories.push(arg);
    const inDir = await directoryFiles(arg, problems).catch((error: Error) => error);
    if (inDir instanceof Error) {
      problems.push({
        name: arg,
        diagnostic: {
          code: 'IO_UNREADABLE',
          severity: 'error',
          message: `cannot read directory '${arg}': ${inDir.message}`,
        },
      });
    } else if (inDir.length === 0) {
      const message = `directory '${arg}' holds no .pgn, .pgn.gz or .pgn.zst files`;
      problems.push({
        name: arg,
        diagnostic: { code: 'USAGE', severity: 'warning', message, hint: 'name the files themselves' },
      });
    }
    if (Array.isArray(inDir)) files.push(...inDir);
  }
  return { files, problems, directories };
}

/**
 * The PGN files of a directory. A symbolic link is followed to what it names: a file is read, a
 * directory is not (the expansion is not recursive); a link that loops or leads nowhere is
 * reported, not skipped silently.
 */
async function directoryFiles(dir: string, problems: Expanded['problems']): Promise<InputFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  // Code-unit order, not locale order: the same output on every machine.
  const candidates = entries
    .filter((e) => (e.isFile() || e.isSymbolicLink()) && PGN_FILE.test(e.name))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: InputFile[] = [];
  for (const entry of candidates) {
    const path = join(dir, entry.name);
    const info = await stat(path).catch((error: NodeJS.ErrnoException) => error);
    if (info instanceof Error) {
      const why =
        info.code === 'ELOOP'
          ? 'its symbolic links form a loop'
          : info.code === 'ENOENT'
            ? 'it is a symbolic link to nothing'
            : info.message;
      problems.push({
        name: path,
        diagnostic: { code: 'IO_UNREADABLE', severity: 'error', message: `cannot read '${path}': ${why}` },
      });
      continue;
    }
    if (!info.isFile()) continue;
    out.push({ name: path, source: path, size: info.size });
  }
  return out;
}

/**
 * Why writing `output` would destroy an input, or undefined when it is safe: the output is one
 * of the input files (the same file through any path, symbolic link or hard link: same device
 * and inode), or lies inside an input directory.
 */
export function outputClash(output: string | undefined, expanded: Expanded): string | undefined {
  if (output === undefined || output === '-') return undefined;
  const target = statSync(output, { throwIfNoEntry: false });
  if (target?.isFile()) {
    for (const file of expanded.files) {
      if (file.source === '-') continue;
      const input = statSync(file.source, { throwIfNoEntry: false });
      if (input && input.dev === target.dev && input.ino === target.ino) {
        return `refusing to write '${output}': it is the input '${file.name}' (write to another file, then rename it)`;
      }
    }
  }
  const real = realOutputPath(output);
  if (real === undefined) return undefined;
  for (const dir of expanded.directories) {
    const realDir = realpathOrUndefined(dir);
    if (realDir === undefined) continue;
    const rel = relative(realDir, real);
    if (rel !== '' && !rel.startsWith('..') && !isAbsolute(rel)) {
      return `refusing to write '${output}': it lies inside the input directory '${dir}' (write it elsewhere)`;
    }
  }
  return undefined;
}

/** The output's real path (its directory resolved when the file does not exist yet). */
function realOutputPath(output: string): string | undefined {
  return (
    realpathOrUndefined(output) ?? mapDefined(realpathOrUndefined(dirname(output)), (d) => join(d, basename(output)))
  );
}

function realpathOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

function mapDefined<T, U>(value: T | undefined, f: (v: T) => U): U | undefined {
  return value === undefined ? undefined : f(value);
}

/** How to read an input: its byte range (--shard, --jobs blocks), format, interrupt and zstd limit. */
export interface ReadHow {
  readonly range?: ByteRange;
  readonly format?: InputFormat;
  readonly signal?: AbortSignal;
  /** --zstd-window-max, in MiB. */
  readonly zstdWindowMaxMiB?: number;
}

/**
 * Starts reading one input (lazily: nothing is opened before the first game is asked for). The
 * games come unparsed, so that `--jobs` can parse them in worker threads.
 */
export function readInput(file: InputFile, encoding: string | undefined, how: ReadHow = {}): PgnChunkReader {
  // A Parquet file of games (lichess's shards, `forsyth games` output) reads as the PGN of its rows.
  if (file.source !== '-' && isParquetPath(file.source)) return readParquetGames(file.source, file.name);
  const options = {
    ...(encoding !== undefined && { encoding }),
    ...(how.range && { range: how.range }),
    ...(how.signal && { signal: how.signal }),
    ...(how.zstdWindowMaxMiB !== undefined && { zstdWindowMax: how.zstdWindowMaxMiB * 1024 * 1024 }),
  };
  return how.format === 'ndjson' ? readNdjsonChunks(file.source, options) : readPgnChunks(file.source, options);
}

/** `--input-format`: PGN, or one game per line as ndjson (`movetext` plus tag fields). */
export const INPUT_FORMATS = ['pgn', 'ndjson'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** Undefined when `encoding` is usable (or not given); otherwise the message saying why not. */
export function encodingProblem(encoding: string | undefined): string | undefined {
  if (encoding === undefined) return undefined;
  const created = createDecoder({ encoding });
  return created.ok ? undefined : created.error.message;
}
