/**
 * What `forsyth positions` does with one game, as plain data in and plain data out, so the same code
 * runs on the main thread (`--jobs 1`) and in worker threads (`--jobs N`), like `fens-game.ts`:
 * replay the game (the session's --where/--tag filter chose it already), select its plies and format their rows. With --unique the rows
 * themselves come back (`records`), because which of them get printed depends on every game before.
 */
import { polyglotHex, type FenOptions, type Game, type PlyRecord, type ReplayOptions } from '../../src/index.js';
import type { ColumnSettings, PositionFormat } from '../output/formats.js';
import { isSelected, positionMatcher, type PlySelection } from '../position-filters.js';
import { makeRowsWriter, needsMoves, positionRow, tagValues } from '../rows.js';
import type { ColumnRunSettings } from '../columns.js';
import type { KeyedRow } from '../unique-positions.js';
import {
  rowsInParts,
  tableOfGame,
  textOfGame,
  type GameOutput,
  type GamePart,
  type RowChoice,
} from '../game-output.js';

/** Everything the per-game work depends on; structured-cloneable (it is sent to the workers). */
export interface PositionsSettings {
  readonly format: PositionFormat;
  readonly columns: ColumnSettings;
  readonly fen: FenOptions;
  readonly variations: boolean;
  readonly selection: PlySelection;
  /** The --match pattern, already checked on the main thread. */
  readonly match: string | undefined;
  readonly unique: boolean;
  /** With --columns (and always for parquet): the columns asked for. */
  readonly table?: ColumnRunSettings;
}

/** A game's output; with --unique, `text` is empty and `records` holds the selected rows with their Polyglot keys. */
export interface PositionsOutput extends GameOutput {
  readonly records?: readonly KeyedRow[];
}

/** The per-game function for these settings: game `number` (1-based, run-wide) of `file` → its output. */
export function positionsOfGame(
  settings: PositionsSettings,
): (game: Game, file: string, number: number, part?: GamePart) => PositionsOutput {
  const matcher = settings.match === undefined ? undefined : positionMatcher(settings.match, settings.fen);
  if (typeof matcher === 'string') throw new Error(`--match was not checked before the run: ${matcher}`);
  const replayOptions: ReplayOptions = { ...settings.fen, variations: settings.variations, includeStart: true };
  if (settings.table) {
    return tableOfGame({ format: settings.format, replay: replayOptions }, settings.table, () =>
      selectionOf(settings.selection, matcher),
    );
  }
  if (settings.format === 'parquet') throw new Error('parquet output needs its columns (settings.table)');
  const write = makeRowsWriter(settings.format, settings.columns);
  const moves = needsMoves(settings.format);
  return (game, file, number, part) => {
    const tags = tagValues(game, settings.columns.tags);
    const choice = selectionOf(settings.selection, matcher);
    if (settings.unique) {
      // With --unique the rows come back (which of them print depends on every game before).
      const keyed: KeyedRow[] = [];
      const { diagnostics } = rowsInParts(
        game,
        replayOptions,
        choice,
        undefined,
        (chunk) => {
          for (const r of chunk)
            keyed.push({ key: polyglotHex(r.position), row: positionRow(r, file, number, tags, moves) });
          return { text: '', rows: 0, diagnostics: [] };
        },
        undefined,
      );
      return { text: '', rows: 0, diagnostics, records: keyed };
    }
    return textOfGame(game, replayOptions, choice, (chunk) => write(chunk, file, number, tags), part);
  };
}

/**
 * The plies --ply, --every, --last, --side and --match pick: --match and --last look at the whole
 * game first (whether any ply matches, which main-line ply is the last), from its paths alone.
 */
function selectionOf(selection: PlySelection, matcher: ((record: PlyRecord) => boolean) | undefined): RowChoice {
  let matched = matcher === undefined;
  let lastPath: string | undefined;
  return {
    needsAll: matcher !== undefined || selection.last === true,
    see(record) {
      if (!matched && matcher?.(record)) matched = true;
      if (record.onMainLine) lastPath = record.path;
    },
    any: () => matched,
    keep: (record) => isSelected(record, record.path === lastPath, selection),
  };
}
