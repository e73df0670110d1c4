/**
 * Options shared by several commands, and the parsers behind them. A parser throws commander's
 * InvalidArgumentError, which commander turns into a usage error (exit 2) naming the option.
 */
import { availableParallelism } from 'node:os';
import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  CASTLING_NOTATIONS,
  EP_MODES,
  isTagName,
  whereString,
  type CastlingNotation,
  type EpMode,
} from '../src/index.js';
import { parseColumnList } from './columns.js';
import { POSITION_FORMATS, type PositionFormat } from './output/formats.js';
import { parseShard, type Shard } from './shard.js';
import { INPUT_FORMATS, type InputFormat } from './inputs.js';

/** Options every command that reads PGN accepts. */
export interface InputOptions {
  readonly encoding?: string;
  /** --zstd-window-max, in MiB. */
  readonly zstdWindowMax?: number;
  readonly shard?: Shard;
  readonly inputFormat?: InputFormat;
  readonly output?: string;
  readonly quiet?: boolean;
  readonly verbose?: boolean;
  /** The --where filter expression (compiled by openSession). */
  readonly where?: string;
}

/** Options of the commands that print positions (`fens`, `positions`). */
export interface PositionOptions extends InputOptions {
  readonly format: PositionFormat;
  readonly variations?: boolean;
  readonly ep: EpMode;
  readonly castling?: CastlingNotation;
  readonly tags?: readonly string[];
  /** --columns (checked names). */
  readonly columns?: readonly string[];
  /** --game-id TAG. */
  readonly gameId?: string;
  /** False with --no-header. */
  readonly header?: boolean;
}

export function addInputOptions(cmd: Command): Command {
  return cmd
    .option(
      '--encoding <name>',
      'decode the input with this encoding instead of detecting it (utf-8, windows-1252, latin1, …)',
    )
    .option(
      '--zstd-window-max <n>',
      'largest zstd window to accept, in MiB (default 128, as zstd -d; zstd --long=30 files need 1024)',
      parsePositiveInt,
    )
    .option('-o, --output <file>', 'write to FILE instead of standard output')
    .option('-q, --quiet', 'show errors only: no warnings, summary or progress bar')
    .option('-v, --verbose', 'also show info diagnostics (which encoding was used, escape lines, null moves)')
    .option(
      '--where <expr>',
      'only games whose tags pass EXPR, e.g. \'WhiteElo >= 2000 && tc_class == "blitz"\' (see README: Choosing games)',
    )
    .addOption(
      new Option(
        '--input-format <fmt>',
        'pgn, or ndjson: one game per line, a JSON object with "movetext" and tag fields (lichess Parquet rows)',
      )
        .choices(INPUT_FORMATS)
        .default('pgn'),
    )
    .option(
      '--shard <K/N>',
      'only the games that start in the K-th of N equal byte ranges of the inputs; shards 1..N concatenated = the whole output',
      parseShard,
    );
}

export function addPositionOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('-f, --format <format>', 'output format').choices(POSITION_FORMATS).default('text'))
    .option('--variations', 'also walk every variation (adds a `path` column)')
    .addOption(
      new Option(
        '--ep <mode>',
        'which en-passant squares to write: after every double push, when a pawn can take, or when the capture is legal',
      )
        .choices(EP_MODES)
        .default('always'),
    )
    .addOption(
      new Option(
        '--castling <notation>',
        'castling letters: KQkq, Shredder-FEN (HAha) or X-FEN (default: KQkq, X-FEN for Chess960)',
      ).choices(CASTLING_NOTATIONS),
    )
    .option(
      '--tags <names>',
      'add these tag values to each record (ndjson, csv, tsv, parquet), e.g. White,Black,Date',
      parseNameList,
    )
    .option(
      '--columns <list>',
      'the columns of each row, in order (ndjson, csv, tsv, parquet), e.g. game,ply,fen,san,clock,eval_cp; "all" for all (see README: Columns)',
      parseColumnList,
    )
    .option(
      '--game-id <tag>',
      'the `game` column from this tag (lichess Site: the game code) instead of FILE#N',
      parseTagName,
    )
    .option('--no-header', 'csv and tsv: leave out the header row (so that shards concatenate)');
}

function parseTagName(value: string): string {
  const name = value.trim();
  if (!/^[A-Za-z0-9_]+$/.test(name))
    throw new InvalidArgumentError(`"${value}" is not a tag name (letters, digits and _ only)`);
  return name;
}

/** `White,Black` → ['White', 'Black']; tag names per PGN standard 8.1.1 (letters, digits, `_`). */
export function parseNameList(value: string): string[] {
  const names = value.split(',').map((s) => s.trim());
  const bad = names.find((n) => !isTagName(n));
  if (bad !== undefined) throw new InvalidArgumentError(`"${bad}" is not a tag name (letters, digits and _ only)`);
  return names;
}

export interface PlyRange {
  readonly from: number;
  readonly to: number;
}

/** `12` → 12..12, `10-40` → 10..40, `30-` → 30..∞. */
export function parsePlyRange(value: string): PlyRange {
  const match = /^(\d+)(?:(-)(\d*))?$/.exec(value.trim());
  if (!match) throw new InvalidArgumentError('expected a ply N or a range A-B, e.g. 20 or 10-40');
  const from = Number(match[1]);
  const to = match[2] === undefined ? from : match[3] ? Number(match[3]) : Number.POSITIVE_INFINITY;
  if (to < from) throw new InvalidArgumentError(`the range ${value} is empty (${from} > ${to})`);
  return { from, to };
}

export function parsePositiveInt(value: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1)
    throw new InvalidArgumentError('expected a whole number of 1 or more');
  return Number(value);
}

/** `-j, --jobs <n>` of the commands that can hand their games to worker threads (`fens`, `positions`). */
export function addJobsOption(cmd: Command): void {
  cmd.option(
    '-j, --jobs <n>',
    'replay the games in N worker threads (0 or auto: one per CPU core; at most twice the number of cores, as more only costs memory); the output is the same, in the same order',
    (value: string) => parseJobs(value, availableParallelism),
    1,
  );
}

/**
 * `--jobs`: a whole number of 1 or more, or 0 / `auto` for `cores()` (one per core). Capped at
 * twice the number of cores: the work is CPU-bound, so more threads gain nothing and each costs
 * some 25 MB (64 workers took 1.5 GB).
 */
export function parseJobs(value: string, cores: () => number): number {
  const text = value.trim();
  if (text === 'auto' || text === '0') return cores();
  if (!/^\d+$/.test(text))
    throw new InvalidArgumentError(
      'expected a number of worker threads (1 or more), or 0 or auto for one per CPU core',
    );
  return Math.min(Number(text), maxJobs(cores()));
}

export function maxJobs(cores: number): number {
  return Math.max(2, 2 * cores);
}

export interface TagFilter {
  readonly name: string;
  readonly value: string;
}

/**
 * `--tag` filters as a `--where` expression (they are its shorthand): names ANDed, the values of
 * one name ORed. Undefined for none.
 */
export function tagFiltersAsWhere(filters: readonly TagFilter[]): string | undefined {
  const byName = new Map<string, string[]>();
  for (const f of filters) byName.set(f.name, [...(byName.get(f.name) ?? []), f.value]);
  const terms = [...byName].map(
    ([name, values]) => `(${values.map((v) => `tag.${name} == ${whereString(v)}`).join(' || ')})`,
  );
  return terms.length === 0 ? undefined : terms.join(' && ');
}

/** Both filters (ANDed), either one, or none. */
export function bothFilters(a: string | undefined, b: string | undefined): string | undefined {
  return a === undefined ? b : b === undefined ? a : `(${a}) && (${b})`;
}

/** Repeatable `--tag NAME=VALUE`: collects into a list. */
export function collectTagFilter(value: string, previous: readonly TagFilter[] = []): TagFilter[] {
  const eq = value.indexOf('=');
  const name = eq > 0 ? value.slice(0, eq).trim() : '';
  if (!isTagName(name)) throw new InvalidArgumentError('expected NAME=VALUE, e.g. White=Carlsen, Magnus');
  return [...previous, { name, value: value.slice(eq + 1) }];
}
