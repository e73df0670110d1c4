/**
 * From replayed plies to printed rows, shared by `fens` and `positions`: builds a PositionRow from a
 * PlyRecord (reading the lazy SAN/UCI strings only when the format prints them) and prints rows with
 * the format's header and game breaks.
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
    // Text and EPD never print the move, so its SAN is not even computed.
    this.needsMoves = format === 'ndjson' || format === 'csv';
    if (this.formatter.header !== undefined) writer.line(this.formatter.header);
  }

  /** The row for one ply of a game. */
  rowOf(record: PlyRecord, item: GameItem, tags: PositionRow['tags']): PositionRow {
    return {
      file: item.file.name,
      game: item.number,
      ply: record.ply,
      move: this.needsMoves ? record.canonicalSan : '',
      uci: this.needsMoves ? record.uci : '',
      fen: record.fen,
      path: record.path,
      tags,
    };
  }

  print(row: PositionRow): void {
    const gameBreak = this.options.gameBreaks === false ? undefined : this.formatter.gameBreak;
    if (this.rowsInGame === 0 && this.gamesWithRows > 0 && gameBreak !== undefined) {
      this.writer.line(gameBreak);
    }
    if (this.rowsInGame === 0) this.gamesWithRows++;
    this.rowsInGame++;
    this.written++;
    this.writer.line(this.formatter.row(row));
  }

  /** Marks the end of a game, so the next row of another game gets a game break before it. */
  endGame(): void {
    this.rowsInGame = 0;
  }
}

/** The values of the --tags names for one game (null where the game lacks the tag). */
export function tagValues(game: Game, names: readonly string[]): Readonly<Record<string, string | null>> {
  const out: Record<string, string | null> = {};
  for (const name of names) out[name] = findTag(game, name)?.value ?? null;
  return out;
}
