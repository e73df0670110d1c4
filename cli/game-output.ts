/**
 * One game's output as the per-game functions of `fens` and `positions` return it (on the main
 * thread or in a worker), and the --columns form both commands share.
 */
import { replay, type Diagnostic, type Game, type PlyRecord, type ReplayOptions } from '../src/index.js';
import {
  columnSpecs,
  GameRows,
  PlyIndex,
  type CellValue,
  type ColumnCells,
  type ColumnRunSettings,
} from './columns.js';
import { asciiCells, concatCells } from './output/ascii-cells.js';
import { encodeTable } from './output/table-bytes.js';
import { makeColumnFormatter } from './output/column-formats.js';
import { RowBytes } from './output/row-bytes.js';
import { isColumnTextFormat, type PositionFormat } from './output/formats.js';

/** One game's output: its rows as text (whole lines), how many rows, and all its diagnostics. */
export interface GameOutput {
  readonly text: string;
  readonly rows: number;
  readonly diagnostics: readonly Diagnostic[];
  /** Parquet: the rows' values, column by column (with --jobs, encoded in `bytes`: see ColumnRunSettings). */
  readonly table?: readonly ColumnCells[];
  /** A later part of a game's rows (see GamePart): no game break goes before it. */
  readonly breakIncluded?: boolean;
  /**
   * The rows as UTF-8 bytes instead of `text` (then ''): `fens` text writes its FENs straight into
   * output bytes (fens-game.ts). With `breakIncluded`, they begin with the game break. For Parquet
   * with --jobs, the values as `encodeTable` writes them.
   */
  readonly bytes?: Uint8Array;
}

/**
 * Where a huge game's rows can go as they are formatted, a few thousand at a time, before the
 * per-game function returns the rest: the game's output then never exists whole (on one 4 MB game,
 * `--columns all` is some 250 MB of text). Parts come in order and carry no diagnostics.
 */
export type GamePart = (part: GameOutput) => void;

export type GameFormatter = (game: Game, file: string, number: number, part?: GamePart) => GameOutput;

/** Rows formatted at a time: each part is one flat string, and the records behind it are garbage at once. */
export const ROWS_PER_PART = 1024;

/**
 * Which plies of a game get rows. When the choice depends on the whole game (`needsAll`: --last,
 * --match), `see` is shown every record of a first replay and `any` then says whether the game
 * has rows at all; `keep` picks the rows from the records of the replay that formats them.
 */
export interface RowChoice {
  readonly needsAll: boolean;
  see(record: PlyRecord): void;
  any(): boolean;
  keep(record: PlyRecord): boolean;
}

/** Every ply. */
export const EVERY_PLY = (): RowChoice => ({ needsAll: false, see: () => {}, any: () => true, keep: () => true });

/**
 * The --columns form, shared with `positions`: text formats get their lines, parquet the values
 * column by column. Nothing of the game is kept whole beyond its tree: when the choice or a column
 * (next_uci, emt) looks at other plies, a first replay records what they need (PlyIndex: a move
 * and a clock per ply); the rows are then formatted from a second replay, ROWS_PER_PART at a
 * time, and handed to `part` when given (so the records, their FENs and positions, and the text
 * of a huge game are never all held at once).
 */
export function tableOfGame(
  settings: { readonly format: PositionFormat; readonly replay: ReplayOptions; readonly textAsBytes?: boolean },
  table: ColumnRunSettings,
  choose: (game: Game) => RowChoice,
): GameFormatter {
  const specs = columnSpecs(table.columns);
  const formatter =
    settings.format === 'parquet' ? undefined : makeColumnFormatter(columnFormat(settings.format), specs, false);
  const needsIndex = specs.some((s) => s.otherPlies === true);
  // Text rows as bytes (GameOutput.bytes); a huge game's parts still go out as text.
  const bytes = formatter && settings.textAsBytes === true ? new RowBytes() : undefined;
  return (game, file, _number, part) => {
    const index = needsIndex ? new PlyIndex() : undefined;
    const rows = new GameRows(game, file, table, index);
    const see = index ? (record: PlyRecord) => index.add(record) : undefined;
    if (formatter && bytes && !part)
      return bytesOfGame(
        game,
        settings.replay,
        choose(game),
        see,
        (chunk) => formatter.writeRows(chunk, rows, bytes),
        bytes,
      );
    const format = (chunk: readonly PlyRecord[]): GameOutput => {
      if (formatter) return { text: formatter.rows(chunk, rows), rows: chunk.length, diagnostics: [] };
      // FENs go into Parquet as page bytes.
      const values = specs.map((s): ColumnCells => {
        if (s.perGame) return new Array<CellValue>(chunk.length).fill(s.value(chunk[0] as PlyRecord, rows));
        if (s.writeAscii) return asciiCells(chunk, s.writeAscii);
        return chunk.map((r) => s.value(r, rows));
      });
      // Parquet with --jobs: a part's values as bytes (decodeTable reads each part).
      return part && table.valuesAsBytes
        ? { text: '', bytes: encodeTable(values), rows: chunk.length, diagnostics: [] }
        : { text: '', rows: chunk.length, diagnostics: [], table: values };
    };
    const { kept, diagnostics } = rowsInParts(game, settings.replay, choose(game), see, format, part);
    return part ? { text: '', rows: 0, diagnostics } : joinedOutput(kept, table.valuesAsBytes === true, diagnostics);
  };
}

/**
 * The common loop of the per-game functions: a first replay when the choice (or `index`) needs
 * the whole game, then the rows of a second one, `format`ted ROWS_PER_PART at a time, each part
 * handed to `part` (the parts after the first marked as continuing the game: no game break) or,
 * without it, kept and returned. Rows are formatted one record behind the replay, like
 * fens-game.ts: a check with a move played after it is then known to be no mate.
 */
export function rowsInParts(
  game: Game,
  options: ReplayOptions,
  choice: RowChoice,
  index: ((record: PlyRecord) => void) | undefined,
  format: (chunk: readonly PlyRecord[]) => GameOutput,
  part: GamePart | undefined,
): { kept: GameOutput[]; diagnostics: Diagnostic[] } {
  const kept: GameOutput[] = [];
  if ((index || choice.needsAll) && !part) return rowsOfOneReplay(game, options, choice, index, format);
  if (index || choice.needsAll) {
    const first = replay(game, options);
    for (const record of first) {
      index?.(record);
      choice.see(record);
    }
    if (!choice.any()) return { kept, diagnostics: [...game.diagnostics, ...first.diagnostics] };
  }
  let handedOver = 0;
  const flush = (chunk: readonly PlyRecord[]): void => {
    if (chunk.length === 0) return;
    const output = format(chunk);
    if (!part) return void kept.push(output);
    part(handedOver > 0 ? { ...output, breakIncluded: true } : output);
    handedOver++;
  };
  const replayed = replay(game, options);
  let chunk: PlyRecord[] = [];
  for (const record of replayed) {
    if (!choice.keep(record)) continue;
    if (chunk.length === ROWS_PER_PART) {
      flush(chunk);
      chunk = [];
    }
    chunk.push(record);
  }
  flush(chunk);
  return { kept, diagnostics: [...game.diagnostics, ...replayed.diagnostics] };
}

/**
 * `rowsInParts` without parts (a game not too big to hold): one replay, whose records stay
 * readable after it (each holds entry numbers into the replay's log), so the ones kept are
 * formatted once it has ended. Replaying again cost as much as the replay itself (`next_uci` or
 * `emt`: 1.6× the CPU of the run without them).
 */
function rowsOfOneReplay(
  game: Game,
  options: ReplayOptions,
  choice: RowChoice,
  index: ((record: PlyRecord) => void) | undefined,
  format: (chunk: readonly PlyRecord[]) => GameOutput,
): { kept: GameOutput[]; diagnostics: Diagnostic[] } {
  const replayed = replay(game, options);
  const records = [...replayed];
  for (const record of records) {
    index?.(record);
    choice.see(record);
  }
  const diagnostics = [...game.diagnostics, ...replayed.diagnostics];
  const kept: GameOutput[] = [];
  if (!choice.any()) return { kept, diagnostics };
  const rows = records.filter((r) => choice.keep(r));
  for (let from = 0; from < rows.length; from += ROWS_PER_PART)
    kept.push(format(rows.slice(from, from + ROWS_PER_PART)));
  return { kept, diagnostics };
}

/**
 * A game's rows as text, `write` making the text of each part: handed to `part` as they come, or
 * joined into the one output returned.
 */
export function textOfGame(
  game: Game,
  options: ReplayOptions,
  choice: RowChoice,
  write: (chunk: readonly PlyRecord[]) => string,
  part: GamePart | undefined,
): GameOutput {
  const format = (chunk: readonly PlyRecord[]): GameOutput => ({
    text: write(chunk),
    rows: chunk.length,
    diagnostics: [],
  });
  const { kept, diagnostics } = rowsInParts(game, options, choice, undefined, format, part);
  return part ? { text: '', rows: 0, diagnostics } : joinedOutput(kept, false, diagnostics);
}

/**
 * A game's rows as UTF-8 bytes, `write` appending the rows of each part to `out` (`RowBytes`): the
 * one output returned, whose `bytes` are a view of them (no parts: a huge game's go out as text).
 */
export function bytesOfGame(
  game: Game,
  options: ReplayOptions,
  choice: RowChoice,
  index: ((record: PlyRecord) => void) | undefined,
  write: (chunk: readonly PlyRecord[]) => void,
  out: RowBytes,
): GameOutput {
  out.discard(); // what a game that failed half-way left
  const format = (chunk: readonly PlyRecord[]): GameOutput => {
    write(chunk);
    return { text: '', rows: chunk.length, diagnostics: [] };
  };
  const { kept, diagnostics } = rowsInParts(game, options, choice, index, format, undefined);
  const rows = kept.reduce((n, p) => n + p.rows, 0);
  return rows > 0 ? { text: '', bytes: out.take(), rows, diagnostics } : { text: '', rows: 0, diagnostics };
}

/** The parts kept (no `part` callback) as one output, with the game's diagnostics. */
function joinedOutput(parts: readonly GameOutput[], valuesAsBytes: boolean, diagnostics: Diagnostic[]): GameOutput {
  return { ...joined(parts, valuesAsBytes), rows: parts.reduce((n, p) => n + p.rows, 0), diagnostics };
}

/** The parts kept (no `part` callback) as one output: the text joined, or the values column by column. */
function joined(
  parts: readonly GameOutput[],
  valuesAsBytes: boolean,
): { text: string; table?: readonly ColumnCells[]; bytes?: Uint8Array } {
  const first = parts[0];
  if (!first) return { text: '' };
  if (!first.table) return { text: parts.length === 1 ? first.text : parts.map((p) => p.text).join('') };
  const values = first.table.map((column, c) =>
    parts.length === 1 ? column : concatCells(parts.map((p) => p.table?.[c] ?? [])),
  );
  return valuesAsBytes ? { text: '', bytes: encodeTable(values) } : { text: '', table: values };
}

function columnFormat(format: PositionFormat): 'ndjson' | 'csv' | 'tsv' {
  if (isColumnTextFormat(format)) return format;
  throw new Error(`--columns does not apply to --format ${format}`);
}
