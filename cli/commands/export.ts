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
  gameHashes,
  openingSubject,
  writePgn,
  writeStyledPgn,
  type Diagnostic,
  type Game,
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
  const parts = value.split(',').map((s) => s.trim()).filter((s) => s !== '');
  const bad = parts.find((p) => !(STRIP_PARTS as readonly string[]).includes(p));
  if (bad !== undefined || parts.length === 0) {
    throw new InvalidArgumentError(`expected a list of ${STRIP_PARTS.join(', ')}${bad === undefined ? '' : `, not "${bad}"`}`);
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
    .option('--match <fen|key>', 'only games whose main line reaches this position: a FEN, a placement with ? for any square, or a Polyglot key (16 hex digits)')
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
    .addOption(new Option('--split <n>', 'write N games per file: -o games.pgn gives games-1.pgn, games-2.pgn, …').argParser(parsePositiveInt).conflicts('splitBy'))
    .option('--split-by <tag>', 'one file per value of TAG: -o games.pgn gives games-<value>.pgn', parseTagName)
    .option('--add-eco', 'add ECO and Opening tags from the position the game reaches (kept where present)')
    .option('--overwrite-eco', 'with --add-eco: replace ECO and Opening tags already there')
    .option('--add-plycount', 'add (or correct) a PlyCount tag: the number of main-line moves')
    .option('--add-hashcode', 'add a HashCode tag: the game hash of --dedupe (16 hex digits)')
    .addOption(new Option('--moves <style>', 'movetext: canonical SAN, long algebraic (e2e4, a7a8Q) or UCI (main line only)').choices(MOVE_STYLES))
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
  return game.tags.length === 0 && game.comments.length === 0 && game.moves.length === 0 && game.finalComments.length === 0 && game.result === undefined;
}

class Tally {
  readonly counts: Record<Destination, number> = { written: 0, duplicate: 0, truncated: 0, rest: 0 };

  line(options: ExportOptions, split: SplitFiles | undefined): string {
    const { written, duplicate, truncated, rest } = this.counts;
    const parts = [`${written} written${split ? ` to ${split.paths.length} files` : ''}`];
    if (options.dedupe === true || options.duplicates !== undefined || options.dropTruncated === true) {
      parts.push(`${duplicate} duplicates${options.dropTruncated === true ? `, ${truncated} truncated copies` : ''}${options.duplicates ? ` (to ${options.duplicates})` : ' (dropped)'}`);
    }
    if (rest > 0 || options.rest !== undefined) parts.push(`${rest} not selected${options.rest ? ` (to ${options.rest})` : ' (dropped)'}`);
    return `export: ${parts.join(', ')}`;
  }
}

function checkUsage(cmd: Command, files: readonly string[], options: ExportOptions): void {
  if ((options.split !== undefined || options.splitBy !== undefined) && (options.output === undefined || options.output === '-')) {
    usageError(cmd, '--split and --split-by name their files after -o FILE (e.g. -o games.pgn)');
  }
  if (options.dropTruncated === true && (files.length === 0 || files.includes('-'))) {
    usageError(cmd, '--drop-truncated reads the inputs three times: name files, not standard input');
  }
  if (options.overwriteEco === true && options.addEco !== true) usageError(cmd, '--overwrite-eco goes with --add-eco');
  const outputs = [options.output, options.rest, options.duplicates].filter((p): p is string => p !== undefined && p !== '-');
  if (new Set(outputs).size < outputs.length) usageError(cmd, '-o, --rest and --duplicates must name different files');
}

function openGameFile(cmd: Command, path: string | undefined, refuse: (path: string) => string | undefined): GameFile | undefined {
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
  const filters = [...found];
  // --where: the session skips the games it leaves out before parsing them, unless --rest must
  // get them; then it is one more filter here.
  const where = options.rest !== undefined && options.where !== undefined ? whereFilter(cmd, options.where) : undefined;
  if (where !== undefined) filters.push((facts) => where.test(openingSubject(facts.game)));
  const splitting = options.split !== undefined || options.splitBy !== undefined;
  const session = await openSession(cmd, files, sessionSettings(options, splitting, where !== undefined));
  const inputs = await expandInputs(files);
  const refuse = (path: string) => outputClash(path, inputs);
  const rest = openGameFile(cmd, options.rest, refuse);
  const duplicates = openGameFile(cmd, options.duplicates, refuse);
  const split = splitting ? new SplitFiles(options.output as string, splitRule(options), refuse) : undefined;
  const closeAll = (commit: boolean) => Promise.all([rest?.close(commit), duplicates?.close(commit), split?.close(commit)]);
  const dedupe = options.dedupe === true || options.duplicates !== undefined || options.dropTruncated === true;
  const deduper = dedupe ? new Deduper(options.dropTruncated === true ? await truncatedCopies(session.files, options.encoding) : undefined) : undefined;
  const tally = new Tally();
  const needsProblems = options.broken === true || options.clean === true;
  let warnedOverflow = false;
  try {
    for await (const item of session.games()) {
      // A game skipped by the reader (too large): only its diagnostics are shown.
      if (isEmpty(item.game)) {
        session.reportAll(item.game.diagnostics, item.file.name);
        continue;
      }
      const facts = new GameFacts(item.game);
      const destination = route(facts, filters, deduper, options, tally);
      tally.counts[destination]++;
      const problems: Diagnostic[] = [...(needsProblems ? facts.problems : item.game.diagnostics)];
      if (destination === 'written') {
        const tellChange = (change: string) => process.stderr.write(`${item.file.name}: game ${item.number}: ${change}\n`);
        const { game, text } = selectedPgn(item.game, options, problems, tellChange);
        if (split === undefined) writeToSession(session, text, tally.counts.written > 1 || continuesShard(session, item.number));
        else {
          // Split by the tags as written (after --add-eco, --fix).
          const file = split.fileFor(options.splitBy === undefined ? undefined : findTag(game, options.splitBy)?.value);
          await file.write(text);
          if (split.overflowed && !warnedOverflow) {
            warnedOverflow = true;
            session.report({ code: 'USAGE', severity: 'warning', message: `--split-by ${options.splitBy}: more than ${MAX_SPLIT_FILES} values; the games of further values go to ${file.path}` }, item.file.name);
          }
        }
      } else {
        const target = destination === 'rest' ? rest : duplicates;
        if (target !== undefined) await target.write(writePgn(item.game));
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
    process.stderr.write(`forsyth: ${error instanceof RefusedOutput ? error.message : `cannot write: ${fsMessage(error as Error)}`}\n`);
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
  return options.split !== undefined ? { kind: 'count', size: options.split } : { kind: 'tag', name: options.splitBy as string };
}

/** Which output a game goes to: filters first, then --first, then duplicates. */
function route(facts: GameFacts, filters: readonly GameFilter[], deduper: Deduper | undefined, options: ExportOptions, tally: Tally): Destination {
  if (!filters.every((f) => f(facts))) return 'rest';
  if (options.first !== undefined && tally.counts.written >= options.first) return 'rest';
  if (deduper === undefined) return 'written';
  const verdict = deduper.verdict(gameHashes(facts.game));
  return verdict === 'first' ? 'written' : verdict;
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
function selectedPgn(original: Game, options: ExportOptions, problems: Diagnostic[], tellChange: (change: string) => void): { game: Game; text: string } {
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
function addedTags(game: Game, options: ExportOptions): Game {
  const set = new Map<string, string>();
  if (options.addEco === true) {
    const opening = classifyOpening(game);
    const keep = (name: string) => options.overwriteEco !== true && !['', '?'].includes((findTag(game, name)?.value ?? '').trim());
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
