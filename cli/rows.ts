/**
 * From replayed plies to printed rows, shared by `fens` and `positions`: builds a PositionRow from a
 * PlyRecord (reading the lazy SAN/UCI strings only when the format prints them) and prints rows with
 * the format's header: a whole game's formatted rows at once, after a game break (`printGame`, on
 * the main thread or from worker threads), or single rows that belong to no one game (`print`:
 * `positions --unique`).
 */
import { findTag, type Game, type PlyRecord } from '../src/index.js';
import {
  FORMAT_CAPABILITIES,
  makeFormatter,
  makeGameRows,
  type ColumnSettings,
  type GameRowsWriter,
  type DefaultColumnsFormat,
  type PositionFormat,
  type PositionRow,
  type RowFormatter,
} from './output/formats.js';
import type { BufferedWriter } from './output/writer.js';

/** How a shard's output continues an earlier shard's (see RowPrinter). */
export interface ShardContinuation {
  readonly rowsBefore: boolean;
}

export class RowPrinter {
  /** Rows printed so far. */
  written = 0;
  private readonly formatter: Pick<RowFormatter, 'header' | 'gameBreak'> & Partial<Pick<RowFormatter, 'row'>>;
  private gamesWithRows = 0;

  /**
   * Rows of the default columns in `format`, or (`--columns`) whole games' lines after `header`.
   * `continues`: the output goes on from an earlier shard's (--shard K/N, K > 1): no header, and a
   * game break before the first game when an earlier game printed rows.
   */
  constructor(
    writer: BufferedWriter,
    format: DefaultColumnsFormat,
    columns: ColumnSettings,
    continues?: ShardContinuation,
  );
  constructor(
    writer: BufferedWriter,
    lines: { readonly header: string | undefined },
    columns?: undefined,
    continues?: ShardContinuation,
  );
  constructor(
    private readonly writer: BufferedWriter,
    format: DefaultColumnsFormat | { readonly header: string | undefined },
    columns?: ColumnSettings,
    continues?: ShardContinuation,
  ) {
    this.formatter =
      typeof format === 'string'
        ? makeFormatter(format, columns as ColumnSettings)
        : { header: format.header, gameBreak: undefined };
    if (continues?.rowsBefore) this.gamesWithRows = 1;
    if (this.formatter.header !== undefined && !continues) writer.line(this.formatter.header);
  }

  /** Prints one row, with no game break: for rows that belong to no one game (`--unique`). */
  print(row: PositionRow): void {
    if (!this.formatter.row) throw new Error('RowPrinter.print needs the default columns');
    this.written++;
    this.writer.line(this.formatter.row(row));
  }

  /** Counts rows written elsewhere (parquet). */
  count(rows: number): void {
    this.written += rows;
  }

  /**
   * Prints a whole game's rows, already formatted (`rows` lines, each ending in a newline).
   * `breakIncluded`: the text begins with the game break already (a worker's bytes, never the first
   * game with rows of the run).
   */
  printGame(text: string | Uint8Array, rows: number, breakIncluded = false): void {
    if (rows === 0) return;
    this.startGame(breakIncluded);
    this.written += rows;
    this.writer.lines(text);
  }

  /** The game break before a game's first row, unless it is the first game with rows. */
  private startGame(breakIncluded: boolean): void {
    const gameBreak = this.formatter.gameBreak;
    if (this.gamesWithRows > 0 && gameBreak !== undefined && !breakIncluded) this.writer.line(gameBreak);
    this.gamesWithRows++;
  }
}

/** Text and EPD never print the move, so its SAN is not even computed for them. */
export function needsMoves(format: PositionFormat): boolean {
  return FORMAT_CAPABILITIES[format].moves;
}

/** The row for one ply of game `number` of `file`. */
export function positionRow(
  record: PlyRecord,
  file: string,
  number: number,
  tags: PositionRow['tags'],
  moves: boolean,
): PositionRow {
  return {
    file,
    game: number,
    ply: record.ply,
    move: moves ? record.canonicalSan : '',
    uci: moves ? record.uci : '',
    fen: record.fen,
    path: record.path,
    tags,
  };
}

/** The values of the --tags names for one game (null where the game lacks the tag). */
export function tagValues(game: Game, names: readonly string[]): Readonly<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const name of names) out[name] = findTag(game, name)?.value ?? null;
  return out;
}

/**
 * The default columns' text of some rows of one game: the whole-game writer where the format has
 * one (`makeGameRows`), else each row's line.
 */
export function makeRowsWriter(format: DefaultColumnsFormat, columns: ColumnSettings): GameRowsWriter {
  const gameRows = makeGameRows(format, columns);
  if (gameRows) return gameRows;
  const formatter = makeFormatter(format, columns);
  const moves = needsMoves(format);
  return (records, file, number, tags) =>
    records.length === 0
      ? ''
      : `${records.map((r) => formatter.row(positionRow(r, file, number, tags, moves))).join('\n')}\n`;
}
