/**
 * `forsyth export [files…]`: rewrites PGN in the standard's export format (Seven Tag Roster first,
 * one blank line between sections and games, wrapped movetext) with the library's `writePgn`, and
 * does the everyday jobs of a database keeper (pgn-extract's):
 *
 * - select games (--match, --player, --plies, --checkmate, --stalemate, --broken, --clean,
 *   --first), the others going to `--rest FILE` if asked;
 * - drop duplicates (--dedupe, --drop-truncated), to `--duplicates FILE` if asked;
 * - split the output (--split N, --split-by TAG);
 * - add tags (--add-eco, --add-plycount, --add-hashcode) and change the movetext (--moves,
 *   --fencomments, --strip, --fix).
 *
 * Every input game ends in exactly one place: the output (or a split file), the duplicates file or
 * the rest file; a game for which no file was named is counted in the summary, never silently lost.
 * Tags and movetext styles change the selected games only: --rest and --duplicates get the games
 * in plain export format.
 */
import { InvalidArgumentError, Option, type Command } from 'commander';
import {
  classifyOpening,
  findTag,
  fixGame,
  gameHash,
  compileWhere,
  gameHashes,
  openingSubject,
  writePgn,
  writeStyledPgn,
  type Diagnostic,
  type Game,
  type GameHashes,
  type MoveStyle,
  type Tag,
} from '../../src/index.js';
import { Deduper, truncatedCopies } from '../dedupe.js';
import { GameFacts, gameFilters, type GameFilter, type GameFilterOptions } from '../game-filters.js';
import { addInputOptions, parseNameList, parsePlyRange, parsePositiveInt, type InputOptions } from '../options.js';
import { GameFile, MAX_SPLIT_FILES, RefusedOutput, SplitFiles, type SplitRule } from '../output/game-files.js';
import type { Session } from '../session.js';
import { expandInputs, outputClash } from '../inputs.js';
import { interruptExitCode } from '../interrupt.js';
import { gamesDone } from '../big-games.js';
import { fsMessage, openSession, usageError, whereFilter } from '../usage.js';

const STRIP_PARTS = ['comments', 'variations', 'nags', 'clocks'] as const;
type StripPart = (typeof STRIP_PARTS)[number];
const MOVE_STYLES: readonly MoveStyle[] = ['san', 'lan', 'uci'];

interface ExportOptions extends InputOptions, GameFilterOptions {
  readonly strip?: readonly StripPart[];
  readonly fix?: boolean;
  readonly first?: number;
  readonly rest?: string;
  readonly dedupe?: boolean;
  readonly duplicates?: string;
  readonly dropTruncated?: boolean;
  readonly split?: number;
  readonly splitBy?: string;
  readonly addEco?: boolean;
  readonly overwriteEco?: boolean;
  readonly addPlycount?: boolean;
  readonly addHashcode?: boolean;
  readonly moves?: MoveStyle;
  readonly fencomments?: boolean;
}

const EXAMPLES = `
Examples:
  $ forsyth export games.pgn -o clean.pgn                  export format: roster first, wrapped movetext
  $ forsyth export --fix --strip clocks lichess.pgn.gz     canonical SAN, SetUp/Result fixed, no [%clk]
  $ forsyth export --strip comments,variations,nags a.pgn b.pgn > mainlines.pgn
  $ forsyth export --fix -v game.pgn                       also list every change on stderr
  $ forsyth export --player Carlsen --rest others.pgn db.pgn -o carlsen.pgn
  $ forsyth export --match "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR" db.pgn   games reaching 1. e4 e5
  $ forsyth export --match 0844931a6ef4b9a0 db.pgn        the same, by the position's Polyglot key
  $ forsyth export --dedupe --duplicates dups.pgn a.pgn b.pgn -o merged.pgn
  $ forsyth export --where 'eco >= "B20" && eco <= "B99"' db.pgn -o sicilians.pgn
  $ forsyth export --add-eco --split-by ECO db.pgn -o by-eco.pgn            by-eco-B20.pgn, by-eco-C42.pgn, …
  $ forsyth export --moves uci --first 10 db.pgn           UCI move lists of the first ten games

Selection: a game is written when it passes every filter given (--where included: its fields
eco and opening are the ECO and Opening tags, else the opening the game's positions reach); --first N stops after N written
games (the later ones go to --rest if given). --plies counts the main-line moves as written.
--player matches White or Black, ignoring case, anywhere in the name. --broken / --clean: games
with / without an error (syntax, illegal move, bad FEN; warnings do not count).
Duplicates: same starting position and main line (a 64-bit hash of the start FEN and the UCI
moves), in any input file; the first is kept. Memory: one hash per game (16-32 bytes in the hash
table). --drop-truncated also drops games that are the beginning of another game; it
reads the inputs three times (files only, not standard input).
--fix changes: [SetUp "1"] added where a FEN tag lacks it; the Result tag set from the termination
marker; every move rewritten in canonical SAN (with + and #), variations included, comments and
NAGs kept. Moves that cannot be played are kept as written and reported.
Exit codes: 0 exported; 1 problems in the input (the games are still written); 2 usage or I/O error.
`;

/** `comments,nags` → ['comments', 'nags']. */
export function parseStrip(value: string): StripPart[] {
  const parts = value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const bad = parts.find((p) => !(STRIP_PARTS as readonly string[]).includes(p));
  if (bad !== undefined || parts.length === 0) {
    throw new InvalidArgumentError(
      `expected a list of ${STRIP_PARTS.join(', ')}${bad === undefined ? '' : `, not "${bad}"`}`,
    );
  }
  return parts as StripPart[];
}

function parseTagName(value: string): string {
  const [name, ...more] = parseNameList(value);
  if (name === undefined || more.length > 0) throw new InvalidArgumentError('expected one tag name, e.g. ECO');
  return name;
}

export function registerExport(program: Command): void {
  const cmd = program
    .command('export')
    .description('write games as PGN: select (--match, --player, …), dedupe, split, classify (--add-eco), restyle')
    .argument('[files...]', 'PGN files (.pgn, .pgn.gz, .pgn.zst), directories, or - for standard input', [])
    .option('--strip <parts>', `leave out some of: ${STRIP_PARTS.join(',')} (comma-separated)`, parseStrip)
    .option('--fix', 'add a missing SetUp tag, set Result from the termination marker, write canonical SAN')
    .option(
      '--match <fen|key>',
      'only games whose main line reaches this position: a FEN, a placement with ? for any square, or a Polyglot key (16 hex digits)',
    )
    .option('--player <name>', 'only games with NAME in the White or Black tag (either colour, any case)')
    .option('--plies <range>', 'only games with this many main-line moves: N, A-B or A-', parsePlyRange)
    .option('--checkmate', 'only games ending in checkmate')
    .option('--stalemate', 'only games ending in stalemate (with --checkmate: either)')
    .addOption(new Option('--broken', 'only games with an error (syntax, illegal move, bad FEN)').conflicts('clean'))
    .option('--clean', 'only games without an error')
    .option('--first <n>', 'stop after N written games', parsePositiveInt)
    .option('--rest <file>', 'write the games not selected (and past --first) to FILE')
    .option('--dedupe', 'drop games with the same start position and main line as an earlier one')
    .option('--duplicates <file>', 'write the dropped duplicates to FILE (implies --dedupe)')
    .option('--drop-truncated', 'also drop games whose main line is the beginning of another game (implies --dedupe)')
    .addOption(
      new Option('--split <n>', 'write N games per file: -o games.pgn gives games-1.pgn, games-2.pgn, …')
        .argParser(parsePositiveInt)
        .conflicts('splitBy'),
    )
    .option('--split-by <tag>', 'one file per value of TAG: -o games.pgn gives games-<value>.pgn', parseTagName)
    .option('--add-eco', 'add ECO and Opening tags from the position the game reaches (kept where present)')
    .option('--overwrite-eco', 'with --add-eco: replace ECO and Opening tags already there')
    .option('--add-plycount', 'add (or correct) a PlyCount tag: the number of main-line moves')
    .option('--add-hashcode', 'add a HashCode tag: the game hash of --dedupe (16 hex digits)')
    .addOption(
      new Option(
        '--moves <style>',
        'movetext: canonical SAN, long algebraic (e2e4, a7a8Q) or UCI (main line only)',
      ).choices(MOVE_STYLES),
    )
    .option('--fencomments', 'add a { FEN } comment after every move');
  addInputOptions(cmd);
  cmd.addHelpText('after', EXAMPLES).action(async (files: string[], options: ExportOptions, self: Command) => {
    process.exitCode = await runExport(files, options, self);
  });
}

/** Where a game went. */
type Destination = 'written' | 'duplicate' | 'truncated' | 'rest';

/** A game the reader skipped (too large) holds nothing of the input: writing it would invent one. */
function isEmpty(game: Game): boolean {
  return (
    game.tags.length === 0 &&
    game.comments.length === 0 &&
    game.moves.length === 0 &&
    game.finalComments.length === 0 &&
    game.result === undefined
  );
}

class Tally {
  readonly counts: Record<Destination, number> = { written: 0, duplicate: 0, truncated: 0, rest: 0 };

  line(options: ExportOptions, split: SplitFiles | undefined): string {
    const { written, duplicate, truncated, rest } = this.counts;
    const parts = [`${written} written${split ? ` to ${split.paths.length} files` : ''}`];
    if (options.dedupe === true || options.duplicates !== undefined || options.dropTruncated === true) {
      parts.push(
        `${duplicate} duplicates${options.dropTruncated === true ? `, ${truncated} truncated copies` : ''}${options.duplicates ? ` (to ${options.duplicates})` : ' (dropped)'}`,
      );
    }
    if (rest > 0 || options.rest !== undefined)
      parts.push(`${rest} not selected${options.rest ? ` (to ${options.rest})` : ' (dropped)'}`);
    return `export: ${parts.join(', ')}`;
  }
}

function checkUsage(cmd: Command, files: readonly string[], options: ExportOptions): void {
  if (
    (options.split !== undefined || options.splitBy !== undefined) &&
    (options.output === undefined || options.output === '-')
  ) {
    usageError(cmd, '--split and --split-by name their files after -o FILE (e.g. -o games.pgn)');
  }
  if (options.dropTruncated === true && (files.length === 0 || files.includes('-'))) {
    usageError(cmd, '--drop-truncated reads the inputs three times: name files, not standard input');
  }
  if (options.overwriteEco === true && options.addEco !== true) usageError(cmd, '--overwrite-eco goes with --add-eco');
  const outputs = [options.output, options.rest, options.duplicates].filter(
    (p): p is string => p !== undefined && p !== '-',
  );
  if (new Set(outputs).size < outputs.length) usageError(cmd, '-o, --rest and --duplicates must name different files');
}

function openGameFile(
  cmd: Command,
  path: string | undefined,
  refuse: (path: string) => string | undefined,
): GameFile | undefined {
  if (path === undefined) return undefined;
  const why = refuse(path);
  if (why !== undefined) usageError(cmd, why);
  try {
    return GameFile.open(path);
  } catch (error) {
    usageError(cmd, `cannot write '${path}': ${fsMessage(error as Error)}`);
  }
}

async function runExport(files: string[], options: ExportOptions, cmd: Command): Promise<number> {
  checkUsage(cmd, files, options);
  const found = gameFilters(options);
  if (typeof found === 'string') usageError(cmd, found);
  // --where: the session skips the games it leaves out before parsing them, unless --rest must
  // get them; then it is one more filter of exportOfGame.
  const where = options.rest !== undefined && options.where !== undefined ? whereFilter(cmd, options.where) : undefined;
  const splitting = options.split !== undefined || options.splitBy !== undefined;
  const session = await openSession(cmd, files, sessionSettings(options, splitting, where !== undefined));
  const inputs = await expandInputs(files);
  const refuse = (path: string) => outputClash(path, inputs);
  const rest = openGameFile(cmd, options.rest, refuse);
  const duplicates = openGameFile(cmd, options.duplicates, refuse);
  const split = splitting ? new SplitFiles(options.output as string, splitRule(options), refuse) : undefined;
  const closeAll = (commit: boolean) =>
    Promise.all([rest?.close(commit), duplicates?.close(commit), split?.close(commit)]);
  const dedupe = options.dedupe === true || options.duplicates !== undefined || options.dropTruncated === true;
  const deduper = dedupe
    ? new Deduper(options.dropTruncated === true ? await truncatedCopies(session.files, options.encoding) : undefined)
    : undefined;
  const tally = new Tally();
  const settings: ExportSettings = {
    options: plainOptions(options),
    ...(where !== undefined && { where: options.where as string }),
    plain: rest !== undefined || duplicates !== undefined,
  };
  let warnedOverflow = false;
  try {
    for await (const { item, result } of gamesDone(session, { command: 'export', settings }, exportOfGame(settings))) {
      // A game skipped by the reader (too large): only its diagnostics are shown.
      if (result.kind === 'empty') {
        session.reportAll(result.diagnostics, item.file.name);
        continue;
      }
      const destination = route(result, deduper, options, tally);
      tally.counts[destination]++;
      let problems = result.problems;
      if (destination === 'written') {
        const selected = result.selected as SelectedGame;
        problems = selected.problems;
        for (const change of selected.changes)
          process.stderr.write(`${item.file.name}: game ${item.number}: ${change}\n`);
        if (split === undefined)
          writeToSession(session, selected.text, tally.counts.written > 1 || continuesShard(session, item.number));
        else {
          // Split by the tags as written (after --add-eco, --fix).
          const file = split.fileFor(selected.splitValue);
          await file.write(selected.text);
          if (split.overflowed && !warnedOverflow) {
            warnedOverflow = true;
            session.report(
              {
                code: 'USAGE',
                severity: 'warning',
                message: `--split-by ${options.splitBy}: more than ${MAX_SPLIT_FILES} values; the games of further values go to ${file.path}`,
              },
              item.file.name,
            );
          }
        }
      } else {
        const target = destination === 'rest' ? rest : duplicates;
        if (target !== undefined) await target.write(result.plain as string);
      }
      session.reportAll(problems, item.file.name);
      await session.writer.flushIfFull();
      if (options.first !== undefined && tally.counts.written >= options.first && rest === undefined) break;
    }
  } catch (error) {
    // A split file that cannot be created, or would overwrite an input: the run fails (exit 2)
    // and no output replaces anything.
    const code = (error as { code?: unknown } | null)?.code;
    if (!(error instanceof RefusedOutput) && typeof code !== 'string') throw error;
    await closeAll(false);
    process.stderr.write(
      `forsyth: ${error instanceof RefusedOutput ? error.message : `cannot write: ${fsMessage(error as Error)}`}\n`,
    );
    await session.finish();
    return 2;
  }
  // The extra outputs replace their targets on the same terms as -o: the run succeeded.
  await closeAll(interruptExitCode() === undefined && session.exitCode() < 2);
  if (options.quiet !== true) process.stderr.write(`${tally.line(options, split)}\n`);
  return session.finish();
}

/** Split runs write no -o file of their own (-o only names the parts); see runExport for --where. */
function sessionSettings(options: ExportOptions, splitting: boolean, ownWhere: boolean): InputOptions {
  const { output, where, ...others } = options;
  return {
    ...others,
    ...(splitting || output === undefined ? {} : { output }),
    ...(ownWhere || where === undefined ? {} : { where }),
  };
}

function splitRule(options: ExportOptions): SplitRule {
  return options.split !== undefined
    ? { kind: 'count', size: options.split }
    : { kind: 'tag', name: options.splitBy as string };
}

/** Which output a game goes to: filters first, then --first, then duplicates. */
function route(
  game: ExportedGame & { kind: 'game' },
  deduper: Deduper | undefined,
  options: ExportOptions,
  tally: Tally,
): Destination {
  if (!game.passes) return 'rest';
  if (options.first !== undefined && tally.counts.written >= options.first) return 'rest';
  if (deduper === undefined) return 'written';
  const verdict = deduper.verdict(game.hashes as GameHashes);
  return verdict === 'first' ? 'written' : verdict;
}

/** What export needs of one game's options: plain data (sent to the big-game thread). */
type ExportGameOptions = Omit<ExportOptions, 'where' | 'output' | 'rest' | 'duplicates'>;

/** What a game's export depends on; structured-cloneable. */
export interface ExportSettings {
  readonly options: ExportGameOptions;
  /** --where as one more filter (with --rest, which gets the games it leaves out). */
  readonly where?: string;
  /** True when --rest or --duplicates names a file: games not written there are written plain. */
  readonly plain: boolean;
}

/** A written game: its text, the --split-by tag's value, --fix's changes (for -v) and the problems to report. */
interface SelectedGame {
  readonly text: string;
  readonly splitValue?: string;
  readonly changes: readonly string[];
  readonly problems: readonly Diagnostic[];
}

/**
 * One game's export, worked out in advance of where it goes (which depends on the games before:
 * --first, --dedupe): whether it passes the filters, its hashes, and its texts as it would be
 * written (if it passes) and as --rest or --duplicates would get it. A game the reader skipped
 * is `empty`.
 */
export type ExportedGame =
  | { readonly kind: 'empty'; readonly diagnostics: readonly Diagnostic[] }
  | {
      readonly kind: 'game';
      readonly passes: boolean;
      readonly hashes?: GameHashes;
      readonly problems: readonly Diagnostic[];
      readonly selected?: SelectedGame;
      readonly plain?: string;
    };

/** The per-game function of export (the same on the main thread and in the big-game thread). */
export function exportOfGame(settings: ExportSettings): (game: Game) => ExportedGame {
  const { options } = settings;
  const found = gameFilters(options);
  if (typeof found === 'string') throw new Error(`export filters were not checked before the run: ${found}`);
  const filters: GameFilter[] = [...found];
  if (settings.where !== undefined) {
    const compiled = compileWhere(settings.where);
    if (!compiled.ok) throw new Error('--where was not checked before the run');
    const where = compiled.value;
    filters.push((facts) => where.test(openingSubject(facts.game)));
  }
  const dedupe = options.dedupe === true || options.dropTruncated === true;
  const needsProblems = options.broken === true || options.clean === true;
  return (game) => {
    if (isEmpty(game)) return { kind: 'empty', diagnostics: game.diagnostics };
    const facts = new GameFacts(game);
    const passes = filters.every((f) => f(facts));
    const problems = [...(needsProblems ? facts.problems : game.diagnostics)];
    const hashes = passes && dedupe ? gameHashes(game) : undefined;
    let selected: SelectedGame | undefined;
    if (passes) {
      const changes: string[] = [];
      const withFixes = [...problems];
      const written = selectedPgn(game, options, withFixes, (change) => changes.push(change));
      const splitValue = options.splitBy === undefined ? undefined : findTag(written.game, options.splitBy)?.value;
      selected = { text: written.text, changes, problems: withFixes, ...(splitValue !== undefined && { splitValue }) };
    }
    // The plain text only where it may be needed: a game that fails goes to --rest; one that
    // passes may still be a duplicate or past --first.
    const plain = settings.plain && (!passes || dedupe || options.first !== undefined) ? writePgn(game) : undefined;
    return {
      kind: 'game',
      passes,
      problems,
      ...(hashes && { hashes }),
      ...(selected && { selected }),
      ...(plain !== undefined && { plain }),
    };
  };
}

/** The options as plain data, without the output files (which the main thread alone writes). */
function plainOptions(options: ExportOptions): ExportGameOptions {
  const { where: _where, output: _output, rest: _rest, duplicates: _duplicates, ...others } = options;
  return { ...others, ...(options.duplicates !== undefined && { dedupe: true }) };
}

/** A later shard's first game follows the games of the shards before it (--shard K/N, K > 1). */
function continuesShard(session: Session, number: number): boolean {
  return session.shard !== undefined && session.shard.k > 1 && number > 1;
}

function writeToSession(session: Session, text: string, afterAnother: boolean): void {
  // Export format: one blank line between games (the text ends with a line end already).
  if (afterAnother) session.writer.line('');
  session.writer.line(text.trimEnd());
}

/** A selected game's PGN: fixed, tagged and styled as asked; `problems` gets --fix's diagnostics. */
function selectedPgn(
  original: Game,
  options: ExportGameOptions,
  problems: Diagnostic[],
  tellChange: (change: string) => void,
): { game: Game; text: string } {
  let game = original;
  if (options.fix) {
    const fixed = fixGame(game);
    game = fixed.game;
    // With --broken/--clean the game's problems are validate()'s, which include the replay's.
    const known = new Set(problems.map((d) => `${d.code}@${d.offset ?? ''}`));
    problems.push(...fixed.diagnostics.filter((d) => !known.has(`${d.code}@${d.offset ?? ''}`)));
    if (options.verbose) for (const change of fixed.changes) tellChange(change);
  }
  game = addedTags(game, options);
  const strip = options.strip ?? [];
  const text = writeStyledPgn(game, {
    ...(strip.length === 0 ? {} : { strip: Object.fromEntries(strip.map((p) => [p, true])) }),
    ...(options.moves === undefined ? {} : { moves: options.moves }),
    ...(options.fencomments === true ? { fenComments: true } : {}),
  });
  return { game, text };
}

/** --add-eco, --add-plycount, --add-hashcode: the game with those tags set. */
function addedTags(game: Game, options: ExportGameOptions): Game {
  const set = new Map<string, string>();
  if (options.addEco === true) {
    const opening = classifyOpening(game);
    const keep = (name: string) =>
      options.overwriteEco !== true && !['', '?'].includes((findTag(game, name)?.value ?? '').trim());
    if (opening !== undefined) {
      if (!keep('ECO')) set.set('ECO', opening.eco);
      if (!keep('Opening')) set.set('Opening', opening.name);
    }
  }
  if (options.addPlycount === true) set.set('PlyCount', String(game.moves.length));
  if (options.addHashcode === true) set.set('HashCode', gameHash(game));
  if (set.size === 0) return game;
  const tags: Tag[] = game.tags.filter((t) => !set.has(t.name));
  for (const [name, value] of set) tags.push({ name, value, offset: game.offset, length: 0, valueOffset: game.offset });
  return { ...game, tags };
}
