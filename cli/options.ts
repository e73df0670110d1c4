/**
 * Options shared by several commands, and the parsers behind them. A parser throws commander's
 * InvalidArgumentError, which commander turns into a usage error (exit 2) naming the option.
 */
import { availableParallelism } from 'node:os';
import { InvalidArgumentError, Option, type Command } from 'commander';
import { POSITION_FORMATS, type PositionFormat } from './output/formats.js';
import { parseShard, type Shard } from './shard.js';
import { INPUT_FORMATS, type InputFormat } from './inputs.js';

/** Options every command that reads PGN accepts. */
export interface InputOptions {
  readonly encoding?: string;
  readonly shard?: Shard;
  readonly inputFormat?: InputFormat;
  readonly output?: string;
  readonly quiet?: boolean;
  readonly verbose?: boolean;
}

/** Options of the commands that print positions (`fens`, `positions`). */
export interface PositionOptions extends InputOptions {
  readonly format: PositionFormat;
  readonly variations?: boolean;
  readonly ep: 'always' | 'pseudo' | 'legal';
  readonly castling?: 'kq' | 'shredder' | 'xfen';
  readonly tags?: readonly string[];
}

export function addInputOptions(cmd: Command): Command {
  return cmd
    .option('--encoding <name>', 'decode the input with this encoding instead of detecting it (utf-8, windows-1252, latin1, …)')
    .option('-o, --output <file>', 'write to FILE instead of standard output')
    .option('-q, --quiet', 'show errors only: no warnings, summary or progress bar')
    .option('-v, --verbose', 'also show info diagnostics (which encoding was used, escape lines, null moves)')
    .addOption(
      new Option('--input-format <fmt>', 'pgn, or ndjson: one game per line, a JSON object with "movetext" and tag fields (lichess Parquet rows)')
        .choices(INPUT_FORMATS)
        .default('pgn'),
    )
    .option('--shard <K/N>', 'only the games that start in the K-th of N equal byte ranges of the inputs; shards 1..N concatenated = the whole output', parseShard);
}

export function addPositionOptions(cmd: Command): Command {
  return cmd
    .addOption(new Option('-f, --format <format>', 'output format').choices(POSITION_FORMATS).default('text'))
    .option('--variations', 'also walk every variation (adds a `path` column)')
    .addOption(
      new Option('--ep <mode>', 'which en-passant squares to write: after every double push, when a pawn can take, or when the capture is legal')
        .choices(['always', 'pseudo', 'legal'])
        .default('always'),
    )
    .addOption(
      new Option('--castling <notation>', 'castling letters: KQkq, Shredder-FEN (HAha) or X-FEN (default: KQkq, X-FEN for Chess960)').choices([
        'kq',
        'shredder',
        'xfen',
      ]),
    )
    .option('--tags <names>', 'add these tag values to each record (ndjson and csv), e.g. White,Black,Date', parseNameList);
}

/** `White,Black` → ['White', 'Black']; tag names per PGN standard 8.1.1 (letters, digits, `_`). */
export function parseNameList(value: string): string[] {
  const names = value.split(',').map((s) => s.trim());
  const bad = names.find((n) => !/^[A-Za-z0-9_]+$/.test(n));
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
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1) throw new InvalidArgumentError('expected a whole number of 1 or more');
  return Number(value);
}

/** `-j, --jobs <n>` of the commands that can hand their games to worker threads (`fens`, `positions`). */
export function addJobsOption(cmd: Command): void {
  cmd.option(
    '-j, --jobs <n>',
    'replay the games in N worker threads (0 or auto: one per CPU core); the output is the same, in the same order',
    (value: string) => parseJobs(value, availableParallelism),
    1,
  );
}

/** `--jobs`: a whole number of 1 or more, or 0 / `auto` for `auto()` (one per core). */
export function parseJobs(value: string, auto: () => number): number {
  const text = value.trim();
  if (text === 'auto' || text === '0') return auto();
  if (!/^\d+$/.test(text)) throw new InvalidArgumentError('expected a number of worker threads (1 or more), or 0 or auto for one per CPU core');
  return Number(text);
}

export interface TagFilter {
  readonly name: string;
  readonly value: string;
}

/** Repeatable `--tag NAME=VALUE`: collects into a list. */
export function collectTagFilter(value: string, previous: readonly TagFilter[] = []): TagFilter[] {
  const eq = value.indexOf('=');
  const name = eq > 0 ? value.slice(0, eq).trim() : '';
  if (!/^[A-Za-z0-9_]+$/.test(name)) throw new InvalidArgumentError('expected NAME=VALUE, e.g. White=Carlsen, Magnus');
  return [...previous, { name, value: value.slice(eq + 1) }];
}
