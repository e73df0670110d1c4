/**
 * `forsyth games [files…]`: one record per game (ndjson, or parquet with -o FILE), the shape of
 * lichess's own Parquet rows: the game id, tag columns, the start FEN, the main line as SAN and UCI
 * arrays, the clocks and evals of every ply, the result, the movetext and the problem count.
 * Filters (--where) apply as everywhere.
 */
import { Option, type Command } from 'commander';
import { makeFen, replay, writePgn, type Diagnostic, type Game } from '../../src/index.js';
import { gameCode } from '../columns.js';
import { jsonText } from '../output/escape.js';
import { ParquetSink, type ParquetType, type ParquetValue } from '../output/parquet.js';
import { addInputOptions, parseNameList, type InputOptions } from '../options.js';
import { openSession, usageError } from '../usage.js';
import { gamesDone } from '../big-games.js';
import { basename } from 'node:path';

interface GamesOptions extends InputOptions {
  readonly format: 'ndjson' | 'parquet';
  readonly tags?: readonly string[];
  readonly gameId?: string;
  readonly movetext: boolean;
}

/** The tag columns of lichess's Parquet shards, the default of --tags. */
export const LICHESS_TAGS = [
  'Event',
  'Site',
  'White',
  'Black',
  'Result',
  'WhiteTitle',
  'BlackTitle',
  'WhiteElo',
  'BlackElo',
  'WhiteRatingDiff',
  'BlackRatingDiff',
  'UTCDate',
  'UTCTime',
  'ECO',
  'Opening',
  'Termination',
  'TimeControl',
] as const;

const EXAMPLES = `
Examples:
  $ forsyth games lichess.pgn.zst > games.ndjson                one JSON object per game
  $ forsyth games --format parquet -o games.parquet --where 'tc_class == "blitz"' lichess.pgn.zst
  $ forsyth games --tags White,Black,Date,Round --no-movetext tournament.pgn
`;

export function registerGames(program: Command): void {
  const cmd = program
    .command('games')
    .description('one record per game: tags, start FEN, SAN and UCI arrays, clocks, evals, result, problems')
    .argument(
      '[files...]',
      'PGN files (.pgn, .pgn.gz, .pgn.zst) and directories of them; none or - reads standard input',
    )
    .addOption(
      new Option('-f, --format <format>', 'output format (parquet needs -o FILE)')
        .choices(['ndjson', 'parquet'])
        .default('ndjson'),
    )
    .option('--tags <names>', `the tag columns (default: lichess's ${LICHESS_TAGS.join(',')})`, parseNameList)
    .option('--game-id <tag>', 'the `game` column from this tag (lichess Site: the game code) instead of FILE#N')
    .option('--no-movetext', 'leave out the movetext column');
  addInputOptions(cmd);
  cmd.addHelpText('after', EXAMPLES).action(async (files: string[], options: GamesOptions, self: Command) => {
    process.exitCode = await runGamesCommand(files, options, self);
  });
}

/** One game's record, before formatting. */
interface GameRecord {
  readonly game: Game;
  readonly id: string;
  readonly startFen: string | null;
  readonly san: string[];
  readonly uci: string[];
  readonly clocks: (number | null)[];
  readonly evalCp: (number | null)[];
  readonly evalMate: (number | null)[];
  readonly diagnostics: readonly Diagnostic[];
}

interface GameColumn {
  readonly name: string;
  readonly type: ParquetType;
  readonly plain?: boolean;
  readonly value: (g: GameRecord) => ParquetValue;
}

/** What a game's row depends on; structured-cloneable (sent to the big-game thread). */
export interface GamesSettings {
  readonly tags?: readonly string[];
  readonly gameId?: string;
  readonly movetext: boolean;
}

/** A game's row: each column's value, and the game's diagnostics. */
export interface GameRow {
  readonly values: readonly ParquetValue[];
  readonly diagnostics: readonly Diagnostic[];
}

/** The per-game work of `games` (replay, movetext), the same on the main thread and in the big-game thread. */
export function gameRowOf(settings: GamesSettings): (game: Game, file: string) => GameRow {
  const columns = gameColumns(settings);
  return (game, file) => {
    const record = recordOf(game, file, settings.gameId);
    return { values: columns.map((c) => c.value(record)), diagnostics: record.diagnostics };
  };
}

function gameColumns(options: GamesSettings): GameColumn[] {
  const tags: readonly string[] = options.tags ?? LICHESS_TAGS;
  const columns: GameColumn[] = [
    { name: 'game', type: 'string', value: (g) => g.id },
    ...tags.map((name): GameColumn => ({ name, type: 'string', value: (g) => tagOf(g.game, name) })),
    { name: 'start_fen', type: 'string', plain: true, value: (g) => g.startFen },
    { name: 'plies', type: 'int', value: (g) => g.san.length },
    { name: 'san', type: 'strings', value: (g) => g.san },
    { name: 'uci', type: 'strings', value: (g) => g.uci },
    { name: 'clocks', type: 'doubles', value: (g) => g.clocks },
    { name: 'eval_cp', type: 'nullable-ints', value: (g) => g.evalCp },
    { name: 'eval_mate', type: 'nullable-ints', value: (g) => g.evalMate },
    // `result` (the tag, else the marker) unless the Result tag is a column already.
    ...(tags.includes('Result')
      ? []
      : [
          {
            name: 'result',
            type: 'string',
            value: (g: GameRecord) => tagOf(g.game, 'Result') ?? g.game.result?.value ?? null,
          } as const,
        ]),
    // Errors and warnings (info diagnostics, such as the encoding used, are not problems).
    { name: 'problems', type: 'int', value: (g) => g.diagnostics.filter((d) => d.severity !== 'info').length },
  ];
  if (options.movetext) columns.push({ name: 'movetext', type: 'string', value: (g) => movetextOf(g.game) });
  return columns;
}

function tagOf(game: Game, name: string): string | null {
  for (let i = game.tags.length - 1; i >= 0; i--) if (game.tags[i]?.name === name) return game.tags[i]?.value ?? null;
  return null;
}

/** The movetext as one line, the way lichess's Parquet `movetext` column holds it. */
function movetextOf(game: Game): string {
  const pgn = writePgn(game, { lineWidth: Number.MAX_SAFE_INTEGER });
  const blank = pgn.indexOf('\n\n');
  return (blank < 0 ? pgn : pgn.slice(blank + 2)).trim();
}

function recordOf(game: Game, file: string, idTag: string | undefined): GameRecord {
  const replayed = replay(game, { ep: 'legal' });
  const san: string[] = [];
  const uci: string[] = [];
  const clocks: (number | null)[] = [];
  const evalCp: (number | null)[] = [];
  const evalMate: (number | null)[] = [];
  for (const r of replayed) {
    san.push(r.canonicalSan);
    uci.push(r.uci);
    clocks.push(r.clock ?? null);
    const e = r.eval;
    evalCp.push(e?.pawns === undefined ? null : Math.round(e.pawns * 100));
    evalMate.push(e?.mate ?? null);
  }
  const diagnostics = [...game.diagnostics, ...replayed.diagnostics];
  const byTag = idTag === undefined ? null : tagOf(game, idTag);
  const start = replayed.start.position;
  return {
    game,
    id: byTag !== null && byTag !== '' && byTag !== '?' ? gameCode(byTag) : `${basename(file)}#${game.index + 1}`,
    startFen: start ? makeFen(start, { ep: 'legal' }) : null,
    san,
    uci,
    clocks,
    evalCp,
    evalMate,
    diagnostics,
  };
}

async function runGamesCommand(files: string[], options: GamesOptions, cmd: Command): Promise<number> {
  const parquet = options.format === 'parquet';
  if (parquet && (options.output === undefined || options.output === '-'))
    usageError(cmd, '--format parquet writes a file: give it with -o FILE');
  const session = await openSession(cmd, files, parquet ? { ...options, output: '-' } : options);
  const columns = gameColumns(options);
  let sink: ParquetSink | undefined;
  if (parquet) {
    try {
      sink = new ParquetSink(options.output as string, columns, 'forsyth');
    } catch (error) {
      usageError(cmd, `cannot write '${options.output}': ${(error as Error).message}`);
    }
    const opened = sink;
    process.once('exit', () => opened.abandon());
  }
  const keys = columns.map((c, i) => `${i === 0 ? '{' : ','}${jsonText(c.name)}:`);
  const settings: GamesSettings = {
    movetext: options.movetext,
    ...(options.tags && { tags: options.tags }),
    ...(options.gameId !== undefined && { gameId: options.gameId }),
  };
  for await (const { item, result } of gamesDone(session, { command: 'games', settings }, gameRowOf(settings))) {
    if (sink) sink.add(result.values.map((v) => [v]));
    else session.writer.line(result.values.map((v, i) => `${keys[i]}${json(v)}`).join('') + '}');
    session.reportAll(result.diagnostics, item.file.name);
    await session.writer.flushIfFull();
  }
  sink?.close();
  return session.finish();
}

function json(v: ParquetValue): string {
  if (v === null) return 'null';
  if (typeof v === 'string') return jsonText(v);
  if (typeof v === 'number') return String(v);
  return `[${v.map((x) => (x === null ? 'null' : typeof x === 'string' ? jsonText(x) : String(x))).join(',')}]`;
}
