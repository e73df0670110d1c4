/**
 * `forsyth stats [files…]`: what a PGN collection holds: games, plies, results, Elo and length
 * histograms, ECO counts and problem counts by code, as text or as one JSON object. Constant
 * memory (see stats-collector.ts).
 *
 * By default every game is parsed and validated (problems, main-line plies; ECO from the tag, else
 * from the position reached). `--headers-only` is the fast path that needs no move: the tag pairs
 * are scanned off each game's text without parsing it, lengths come from PlyCount tags and ECO from
 * ECO tags, and problems are not counted.
 */
import { Option, type Command } from 'commander';
import { scanTags } from '../../src/index.js';
import { gamesDone } from '../big-games.js';
import { addInputOptions, type InputOptions } from '../options.js';
import { StatsCollector, statsOfGame, statsText } from '../stats-collector.js';
import { openSession } from '../usage.js';

interface StatsOptions extends InputOptions {
  readonly format: 'text' | 'json';
  readonly headersOnly?: boolean;
}

const EXAMPLES = `
Examples:
  $ forsyth stats games.pgn                       games, plies, results, Elo, lengths, ECO, problems
  $ forsyth stats --headers-only big.pgn.zst      the tags alone: no move is parsed (much faster)
  $ forsyth stats --format json db/ | jq .eco     one JSON object
  $ forsyth stats -v games.pgn                    also print every problem counted

ECO counts use the ECO tag where it is written, else the opening the game's positions reach
(--headers-only: the tag only). Elo buckets are 100 points, length buckets 10 plies (300+ last).
Exit codes: 0 done; 1 problems (errors) found in the games; 2 usage or I/O error.
`;

export function registerStats(program: Command): void {
  const cmd = program
    .command('stats')
    .description('count games, plies, results, Elo and lengths, ECO codes and problems')
    .argument('[files...]', 'PGN files (.pgn, .pgn.gz, .pgn.zst), directories, or - for standard input', [])
    .addOption(new Option('-f, --format <format>', 'report format').choices(['text', 'json']).default('text'))
    .option(
      '--headers-only',
      'read the tags alone (no move parsed): lengths from PlyCount, ECO from ECO tags, no problems',
    );
  addInputOptions(cmd);
  cmd.addHelpText('after', EXAMPLES).action(async (files: string[], options: StatsOptions, self: Command) => {
    process.exitCode = await runStats(files, options, self);
  });
}

async function runStats(files: string[], options: StatsOptions, cmd: Command): Promise<number> {
  const session = await openSession(cmd, files, options);
  const collector = new StatsCollector(options.headersOnly === true ? 'headers' : 'moves');
  if (options.headersOnly === true) {
    for await (const item of session.chunks()) {
      session.reportProblems(item);
      if (item.kind !== 'game') continue;
      const tags = scanTags(item.chunk.text);
      collector.addHeaders((name) => {
        for (let i = tags.length - 1; i >= 0; i--) if (tags[i]?.name === name) return tags[i]?.value;
        return undefined;
      });
    }
  } else {
    for await (const { item, result } of gamesDone(session, { command: 'stats' }, statsOfGame)) {
      collector.addGame(result);
      // Counted for the summary and exit code; printed only with -v (the report has them by code).
      for (const d of result.problems) {
        if (options.verbose === true) session.report(d, item.file.name);
        else session.count(d);
      }
    }
  }
  const stats = collector.result();
  session.writer.lines(options.format === 'json' ? `${JSON.stringify(stats)}\n` : statsText(stats));
  return session.finish();
}
