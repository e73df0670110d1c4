/**
 * From replayed plies to printed rows, shared by `fens` and `positions`: builds a PositionRow from a
 * PlyRecord (reading the lazy SAN/UCI strings only when the format prints them) and prints rows with
 * the format's header and game breaks, one row at a time or a whole game's formatted rows at once
 * (`printGame`: what `fens` does, on the main thread or in worker threads).
 */
import { findTag, type Game, type PlyRecord } from '../src/index.js';
import type { GameItem } from './session.js';
import { makeFormatter, type ColumnSettings, type PositionFormat, type PositionRow, type RowFormatter } from './output/formats.js';
import type { BufferedWriter } from './output/writer.js';

export class RowPrinter {
  /** Rows printed so far. */
  written = 0;
  private readonly formatter: RowFormatter;
  private readonly needsMoves: boolean;
  private rowsInGame = 0;
  private gamesWithRows = 0;

  constructor(
    private readonly writer: BufferedWriter,
    format: PositionFormat,
    readonly columns: ColumnSettings,
    private readonly options: { readonly gameBreaks?: boolean } = {},
  ) {
    this.formatter = makeFormatter(format, columns);
    this.needsMoves = needsMoves(format);
    if (this.formatter.header !== undefined) writer.line(this.formatter.header);
  }

  /** The row for one ply of a game. */
  rowOf(record: PlyRecord, item: GameItem, tags: PositionRow['tags']): PositionRow {
    return positionRow(record, item.file.name, item.number, tags, this.needsMoves);
  }

  print(row: PositionRow): void {
    if (this.rowsInGame === 0) this.startGame();
    this.rowsInGame++;
    this.written++;
    this.writer.line(this.formatter.row(row));
  }

  /** Prints a whole game's rows, already formatted (`rows` lines, each ending in a newline). */
  printGame(text: string | Uint8Array, rows: number): void {
    if (rows === 0) return;
    this.startGame();
    this.written += rows;
    this.writer.lines(text);
  }

  /** The game break before a game's first row, unless it is the first game with rows. */
  private startGame(): void {
    const gameBreak = this.options.gameBreaks === false ? undefined : this.formatter.gameBreak;
    if (this.gamesWithRows > 0 && gameBreak !== undefined) this.writer.line(gameBreak);
    this.gamesWithRows++;
  }

  /** Marks the end of a game, so the next row of another game gets a game break before it. */
  endGame(): void {
    this.rowsInGame = 0;
  }
}

/** Text and EPD never print the move, so its SAN is not even computed for them. */
export function needsMoves(format: PositionFormat): boolean {
  return format === 'ndjson' || format === 'csv';
}

/** The row for one ply of game `number` of `file`. */
export function positionRow(record: PlyRecord, file: string, number: number, tags: PositionRow['tags'], moves: boolean): PositionRow {
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
