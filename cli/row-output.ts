/**
 * Where `fens` and `positions` rows go: the default columns or `--columns` lines through a
 * RowPrinter (text, ndjson, csv, tsv, epd), or a Parquet file (`--format parquet -o FILE`). Checks
 * the option combinations first, so a run that would ignore an option never starts.
 */
import type { Command } from 'commander';
import { columnSpecs, type ColumnRunSettings } from './columns.js';
import { makeColumnFormatter } from './output/column-formats.js';
import { FORMAT_CAPABILITIES, type ColumnSettings, type DefaultColumnsFormat } from './output/formats.js';
import type { ParquetSink } from './output/parquet.js';
import { decodeTable } from './output/table-bytes.js';
import type { PositionOptions } from './options.js';
import { RowPrinter, type ShardContinuation } from './rows.js';
import type { Session } from './session.js';
import { usageError } from './usage.js';
import type { GameResult } from './workers/pool.js';

/** Parquet's columns when --columns is not given. */
export const DEFAULT_TABLE_COLUMNS = ['game', 'ply', 'move_number', 'side', 'fen', 'san', 'uci'] as const;

/** The --columns list of this run (with the --tags as `tag.NAME` after it), or undefined for the default columns. */
export function tableSettings(
  cmd: Command,
  options: PositionOptions & { readonly unique?: boolean },
): ColumnRunSettings | undefined {
  const { format } = options;
  if (options.tags && !FORMAT_CAPABILITIES[format].columns) {
    usageError(cmd, `--tags adds columns to --format ndjson, csv, tsv or parquet, not to ${format}`);
  }
  if (options.header === false && !FORMAT_CAPABILITIES[format].header)
    usageError(cmd, `--no-header applies to csv and tsv, not to ${format}`);
  if (FORMAT_CAPABILITIES[format].file && (options.output === undefined || options.output === '-')) {
    usageError(cmd, '--format parquet writes a file: give it with -o FILE');
  }
  if (options.columns === undefined && format !== 'parquet') {
    if (options.gameId !== undefined) usageError(cmd, '--game-id names the `game` column of --columns (or parquet)');
    return undefined;
  }
  if (!FORMAT_CAPABILITIES[format].columns)
    usageError(cmd, `--columns applies to ndjson, csv, tsv and parquet, not to ${format}`);
  if (options.unique) usageError(cmd, '--columns and parquet do not combine with --unique (use the default columns)');
  const listed = options.columns ?? [...DEFAULT_TABLE_COLUMNS];
  const tags = (options.tags ?? []).map((t) => `tag.${t}`).filter((t) => !listed.includes(t));
  return {
    columns: [...listed, ...tags],
    gameIdTag: options.gameId,
    fen: { ep: options.ep, ...(options.castling ? { castling: options.castling } : {}) },
  };
}

export interface RowOutput {
  /** Prints (or stores) one game's rows. */
  emit(output: GameResult): void;
  /** Rows written so far. */
  readonly written: number;
  /** Finishes the output (the Parquet footer; the file is put in place). */
  close(): void;
  readonly printer: RowPrinter | undefined;
}

/**
 * The encoded Parquet values of a game's output (`ColumnRunSettings.valuesAsBytes`): from a worker
 * they are its text's bytes, from a per-game function its `bytes`.
 */
function encodedTable(output: GameResult): Uint8Array {
  if ('bytes' in output && output.bytes) return output.bytes;
  if (typeof output.text !== 'string') return output.text;
  throw new Error('internal: Parquet values came as text, not as their bytes');
}

/** The table settings for a run on `jobs` threads: Parquet values travel from workers as bytes. */
export function withJobs(table: ColumnRunSettings, format: string, jobs: number): ColumnRunSettings {
  return format === 'parquet' && jobs > 1 ? { ...table, valuesAsBytes: true } : table;
}

/** Opens the rows' output for a session (the Parquet writer is loaded only for parquet: most runs need none). */
export async function openRowOutput(
  cmd: Command,
  session: Session,
  options: PositionOptions,
  columns: ColumnSettings,
  table: ColumnRunSettings | undefined,
  continues?: ShardContinuation,
): Promise<RowOutput> {
  if (options.format === 'parquet') {
    const { ParquetSink } = await import('./output/parquet.js');
    const specs = columnSpecs((table as ColumnRunSettings).columns);
    let sink: ParquetSink;
    try {
      sink = new ParquetSink(options.output as string, specs, 'forsyth');
    } catch (error) {
      usageError(cmd, `cannot write '${options.output}': ${(error as Error).message}`);
    }
    process.once('exit', () => sink.abandon());
    return {
      emit: (output) => {
        if ('table' in output && output.table) sink.add(output.table);
        else if (output.rows > 0) sink.add(decodeTable(encodedTable(output)));
      },
      get written() {
        return sink.written;
      },
      close: () => sink.close(),
      printer: undefined,
    };
  }
  const format = options.format as DefaultColumnsFormat;
  const printer = table
    ? new RowPrinter(
        session.writer,
        {
          header: makeColumnFormatter(
            format as 'ndjson' | 'csv' | 'tsv',
            columnSpecs(table.columns),
            options.header !== false,
          ).header,
        },
        undefined,
        continues,
      )
    : new RowPrinter(session.writer, format, columns, continues);
  return {
    emit: (output) =>
      printer.printGame(output.text, output.rows, 'breakIncluded' in output && output.breakIncluded === true),
    get written() {
      return printer.written;
    },
    close: () => {},
    printer,
  };
}
