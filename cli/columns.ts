/**
 * The columns of `--columns` (fens, positions): each one's name, type and how its value comes from
 * a replayed ply and its game. A run asks for a list of them; only those are computed (a column not
 * asked for costs nothing), and the formats (ndjson, csv, tsv, parquet) print the values.
 *
 * Values are a string, a number, a list of numbers (`nags`) or null (missing: no clock comment, no
 * such tag, ply 0 has no move). The README's "Columns" table documents the same list.
 */
import { basename } from 'node:path';
import { InvalidArgumentError } from 'commander';
import {
  classifyOpening,
  findTag,
  ratingOf,
  timeControlClassOf,
  timeControlOf,
  type Comment,
  type FenOptions,
  type Game,
  type OpeningMatch,
  type PlyRecord,
} from '../src/index.js';
import type { AsciiCells } from './output/ascii-cells.js';

export type ColumnType = 'string' | 'int' | 'double' | 'ints';
export type CellValue = string | number | null | readonly number[];

/** One column's values for some rows. */
export type ColumnCells = readonly CellValue[] | AsciiCells;

export interface ColumnSpec {
  readonly name: string;
  readonly type: ColumnType;
  /** True when no value can hold a character that JSON, CSV or TSV would have to escape. */
  readonly plain?: boolean;
  readonly value: (record: PlyRecord, game: GameRows) => CellValue;
  /**
   * The same value, ASCII, written into `out` from `at`: where it ends, or -1 when `out` is too
   * short (nothing written). Parquet takes such a column as `AsciiCells`.
   */
  readonly writeAscii?: (record: PlyRecord, out: Uint8Array, at: number) => number;
  /** True when the value reads other plies of the game (`GameRows.at`): they are indexed first. */
  readonly otherPlies?: boolean;
  /** True when the value is the game's (its id, a tag): the same on all its rows, so computed once per game. */
  readonly perGame?: boolean;
}

/** What a column reads of another ply: its move and its clock. */
export interface PlyFacts {
  readonly uci: string;
  readonly clock: number | undefined;
}

/**
 * The move and clock of every ply of a game by path, from a first replay: a few dozen bytes a ply,
 * where keeping the records would keep their FENs and positions too. Main-line plies (path `"N"`)
 * sit in arrays by ply number; variations in a map.
 */
export class PlyIndex {
  private readonly mainUci: string[] = [];
  private readonly mainClock: (number | undefined)[] = [];
  private readonly variations = new Map<string, PlyFacts>();

  add(record: PlyRecord): void {
    const path = record.path;
    if (path.includes('.')) this.variations.set(path, { uci: record.uci, clock: record.clock });
    else {
      const ply = Number(path);
      this.mainUci[ply] = record.uci;
      this.mainClock[ply] = record.clock;
    }
  }

  at(path: string): PlyFacts | undefined {
    if (path.includes('.')) return this.variations.get(path);
    const ply = Number(path);
    const uci = this.mainUci[ply];
    return uci === undefined ? undefined : { uci, clock: this.mainClock[ply] };
  }
}

/** Everything a column reads of the game beside the ply: computed once per game, when first asked. */
export class GameRows {
  private idText: string | undefined;
  private tcRead = false;
  private tc: { base: number; increment: number } | undefined;
  private openingFound: OpeningMatch | undefined | null = null;

  constructor(
    readonly game: Game,
    private readonly file: string,
    private readonly settings: ColumnRunSettings,
    /** The game's plies by path (for next_uci and emt), when a column asked for them. */
    private readonly plies: PlyIndex | undefined,
  ) {}

  tag(name: string): string | undefined {
    return findTag(this.game, name)?.value;
  }

  /** `FILE#N` (N the 1-based place of the game in its file), or the --game-id tag's value. */
  get id(): string {
    if (this.idText !== undefined) return this.idText;
    const byTag = this.settings.gameIdTag === undefined ? undefined : this.tag(this.settings.gameIdTag);
    this.idText =
      byTag !== undefined && byTag !== '' && byTag !== '?'
        ? gameCode(byTag)
        : `${basename(this.file)}#${this.game.index + 1}`;
    return this.idText;
  }

  get fenOptions(): FenOptions {
    return this.settings.fen;
  }

  get timeControl(): { base: number; increment: number } | undefined {
    if (!this.tcRead) {
      this.tc = timeControlOf(this.tag('TimeControl'));
      this.tcRead = true;
    }
    return this.tc;
  }

  /** The opening the game's main line reaches (classified once per game, when first asked). */
  get opening(): OpeningMatch | undefined {
    if (this.openingFound === null) this.openingFound = classifyOpening(this.game);
    return this.openingFound;
  }

  /** The move and clock of the ply at a tree path (`"12"`, `"12.2.3"`), or undefined. */
  at(path: string): PlyFacts | undefined {
    if (!this.plies) throw new Error('a column read other plies without otherPlies in its spec');
    return this.plies.at(path);
  }
}

/** What the columns depend on beside the game: structured-cloneable (sent to the workers). */
export interface ColumnRunSettings {
  readonly columns: readonly string[];
  readonly gameIdTag: string | undefined;
  readonly fen: FenOptions;
  /**
   * Parquet with --jobs: each game's values come back as bytes (`encodeTable`: what a worker can
   * send), which the main thread reads back (`decodeTable`) and writes in input order.
   */
  readonly valuesAsBytes?: boolean;
}

/** `https://lichess.org/abcdEFGH` → `abcdEFGH`; any other value as it is. */
export function gameCode(value: string): string {
  const lichess = /^https?:\/\/(?:www\.)?lichess\.org\/([A-Za-z0-9]{8})(?:[/?#]|$)/.exec(value);
  return lichess ? (lichess[1] as string) : value;
}

/** The path of the ply `back` plies before `path` on its line ("0" for the start; undefined before it). */
export function pathBefore(path: string, back: number): string | undefined {
  const parts = path.split('.').map(Number);
  let last = (parts.pop() as number) - back;
  while (last < 1 && parts.length >= 2) {
    // Ply k of variation v of main ply m follows ply m - 1 of the line that holds m.
    parts.pop();
    last = (parts.pop() as number) - 1 + last;
  }
  if (last < 0) return undefined;
  return [...parts, last].join('.');
}

/** The next ply's path on the same line. */
function pathAfter(path: string): string {
  const dot = path.lastIndexOf('.');
  return `${path.slice(0, dot + 1)}${Number(path.slice(dot + 1)) + 1}`;
}

/** The comment text without its `[%…]` commands and with runs of white space made one; null if nothing is left. */
export function commentText(comments: readonly Comment[]): string | null {
  let out = '';
  for (const c of comments) {
    let text = c.text;
    if (text.includes('[%')) {
      let kept = '';
      let from = 0;
      for (;;) {
        const start = text.indexOf('[%', from);
        const end = start < 0 ? -1 : text.indexOf(']', start);
        if (end < 0) break;
        kept += `${text.slice(from, start)} `;
        from = end + 1;
      }
      text = kept + text.slice(from);
    }
    out += ` ${text}`;
  }
  const clean = out.replace(/\s+/g, ' ').trim();
  return clean === '' ? null : clean;
}

// `+ 0` makes -0 a 0: the same value whichever way it travels (JSON has no -0).
const round3 = (x: number): number => Math.round(x * 1000) / 1000 + 0;

function emtOf(record: PlyRecord, game: GameRows): number | null {
  if (record.ply === 0) return null;
  const written = record.comments.find((c) => c.emt !== undefined)?.emt;
  if (written !== undefined) return written;
  const clock = record.clock;
  const tc = game.timeControl;
  if (clock === undefined || tc === undefined) return null;
  const previousPath = pathBefore(record.path, 2);
  // A side's first move starts from the base time, and no increment is added to it (lichess
  // shows 3:00 after a first move at 3+2).
  if (previousPath === undefined || previousPath === '0') return round3(tc.base - clock);
  const previous = game.at(previousPath)?.clock;
  if (previous === undefined) return null;
  return round3(previous - clock + tc.increment);
}

/**
 * The side to move at the record, from who moved (the log knows it; `record.position` would build a
 * Position per row): the mover's opponent, or for ply 0 the side to move itself.
 */
function whiteToMove(record: PlyRecord): boolean {
  return (record.color === 'white') === (record.ply === 0);
}

function resultStm(result: string | undefined, record: PlyRecord): number | null {
  const white = whiteToMove(record);
  if (result === '1-0') return white ? 1 : 0;
  if (result === '0-1') return white ? 0 : 1;
  if (result === '1/2-1/2') return 0.5;
  return null;
}

function resultOf(game: GameRows): string | null {
  return game.tag('Result') ?? game.game.result?.value ?? null;
}

const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);

/** Every column but `tag.NAME`, in the documented order. */
export const COLUMNS: readonly ColumnSpec[] = [
  { name: 'game', perGame: true, type: 'string', value: (_r, g) => g.id },
  { name: 'ply', type: 'int', value: (r) => r.ply },
  { name: 'move_number', type: 'int', value: (r) => r.moveNumber },
  { name: 'side', type: 'string', plain: true, value: (r) => (whiteToMove(r) ? 'w' : 'b') },
  { name: 'fen', type: 'string', plain: true, value: (r) => r.fen, writeAscii: (r, out, at) => r.writeFen(out, at) },
  { name: 'epd', type: 'string', plain: true, value: (r) => r.epd, writeAscii: (r, out, at) => r.writeEpd(out, at) },
  { name: 'polyglot', type: 'string', plain: true, value: (r) => r.polyglotHex },
  { name: 'san', type: 'string', plain: true, value: (r) => (r.ply === 0 ? null : r.canonicalSan) },
  { name: 'uci', type: 'string', plain: true, value: (r) => (r.ply === 0 ? null : r.uci) },
  {
    name: 'next_uci',
    type: 'string',
    plain: true,
    otherPlies: true,
    value: (r, g) => orNull(g.at(pathAfter(r.path))?.uci),
  },
  { name: 'clock', type: 'double', value: (r) => orNull(r.clock) },
  { name: 'emt', type: 'double', otherPlies: true, value: emtOf },
  {
    name: 'eval_cp',
    type: 'int',
    value: (r) => {
      const pawns = r.eval?.pawns;
      return pawns === undefined ? null : Math.round(pawns * 100);
    },
  },
  { name: 'eval_mate', type: 'int', value: (r) => orNull(r.eval?.mate) },
  { name: 'nags', type: 'ints', value: (r) => r.nags },
  { name: 'comment', type: 'string', value: (r, g) => commentText(r.ply === 0 ? g.game.comments : r.comments) },
  { name: 'result', perGame: true, type: 'string', value: (_r, g) => resultOf(g) },
  { name: 'result_stm', type: 'double', value: (r, g) => resultStm(resultOf(g) ?? undefined, r) },
  { name: 'white_elo', perGame: true, type: 'int', value: (_r, g) => orNull(ratingOf(g.tag('WhiteElo'))) },
  { name: 'black_elo', perGame: true, type: 'int', value: (_r, g) => orNull(ratingOf(g.tag('BlackElo'))) },
  { name: 'tc_base', perGame: true, type: 'int', value: (_r, g) => orNull(g.timeControl?.base) },
  { name: 'tc_inc', perGame: true, type: 'int', value: (_r, g) => orNull(g.timeControl?.increment) },
  {
    name: 'tc_class',
    perGame: true,
    type: 'string',
    plain: true,
    value: (_r, g) => orNull(timeControlClassOf(g.tag('TimeControl'))),
  },
  { name: 'termination', perGame: true, type: 'string', value: (_r, g) => orNull(g.tag('Termination')) },
  // As `export --add-eco` and `--where eco`: the tag where written, else the position reached.
  {
    name: 'eco',
    perGame: true,
    type: 'string',
    plain: true,
    value: (_r, g) => orNull(writtenTag(g.tag('ECO')) ?? g.opening?.eco),
  },
  {
    name: 'opening',
    perGame: true,
    type: 'string',
    value: (_r, g) => orNull(writtenTag(g.tag('Opening')) ?? g.opening?.name),
  },
];

/** A tag value that says something: not missing, empty or `?`. */
function writtenTag(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v === undefined || v === '' || v === '?' ? undefined : v;
}

const BY_NAME = new Map(COLUMNS.map((c) => [c.name, c]));

/** The spec of a column name (`tag.NAME` included), or undefined for an unknown name. */
export function columnSpec(name: string): ColumnSpec | undefined {
  if (name.startsWith('tag.')) {
    const tagName = name.slice(4);
    return { name, type: 'string', perGame: true, value: (_r, g) => orNull(g.tag(tagName)) };
  }
  return BY_NAME.get(name);
}

/** `--columns game,ply,fen,tag.White` (or `all`) → the names, checked. */
export function parseColumnList(value: string): string[] {
  const names = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (names.length === 0)
    throw new InvalidArgumentError('expected a comma-separated list of columns, e.g. game,ply,fen,san');
  const out = names.flatMap((n) => (n === 'all' ? COLUMNS.map((c) => c.name) : [n]));
  const bad = out.find((n) => columnSpec(n) === undefined || (n.startsWith('tag.') && !/^tag\.[A-Za-z0-9_]+$/.test(n)));
  if (bad !== undefined) {
    throw new InvalidArgumentError(
      `unknown column "${bad}"; columns are ${COLUMNS.map((c) => c.name).join(', ')}, tag.NAME, or all`,
    );
  }
  const twice = out.find((n, i) => out.indexOf(n) !== i);
  if (twice !== undefined) throw new InvalidArgumentError(`column "${twice}" is listed twice`);
  return out;
}

/** The specs of a checked list. */
export function columnSpecs(names: readonly string[]): ColumnSpec[] {
  return names.map((n) => columnSpec(n) as ColumnSpec);
}
