// chessops 0.15.1: its streaming PgnParser (what its parsePgn wraps), then parseSan + play + makeFen.
// makeFen(pos.toSetup()) writes the e.p. square only when the capture is legal (our `legal`).
import { createReadStream } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { Chess } from 'chessops/chess';
import { perft } from 'chessops/debug';
import { makeFen } from 'chessops/fen';
import { PgnParser, startingPosition } from 'chessops/pgn';
import { parseSan } from 'chessops/san';
import { args, bareSan, Fnv, report, skip, timed } from './common.mjs';

const { file, job, depth } = args();

/** Feeds the file to PgnParser chunk by chunk, calling onGame for each finished game. */
function stream(path, onGame) {
  const parser = new PgnParser((game, err) => {
    if (err) throw err; // budget exceeded: a corpus problem worth seeing
    onGame(game);
  });
  return new Promise((resolve, reject) => {
    createReadStream(path, { encoding: 'utf8' })
      .on('data', (chunk) => parser.parse(chunk, { stream: true }))
      .on('error', reject)
      .on('close', () => {
        parser.parse('');
        resolve();
      });
  });
}

/** Shared with pgn-parser.mjs: replays one game's mainline SANs, hashing each FEN. */
export function replaySans(headers, sans, fnv) {
  const start = startingPosition(headers);
  if (start.isErr) return 1;
  const pos = start.value;
  for (const san of sans) {
    const move = parseSan(pos, san);
    if (!move) return 1; // illegal or ambiguous: the rest of the line is dropped, as python-chess does
    pos.play(move);
    fnv.add(makeFen(pos.toSetup()));
  }
  return 0;
}

async function main() {
  if (job === 'perft') {
    const r = await timed(() => ({ nodes: perft(Chess.default(), depth, false) }));
    return report({ ...r, checksum: String(r.nodes) });
  }
  if (job !== 'replay' && job !== 'parse') skip(`no ${job} job`);
  const r = await timed(async () => {
    const fnv = new Fnv();
    let games = 0;
    let plies = 0;
    let errors = 0;
    await stream(file, (game) => {
      games++;
      const sans = [...game.moves.mainline()].map((d) => d.san);
      plies += sans.length;
      if (job === 'parse') for (const san of sans) fnv.add(bareSan(san));
      else errors += replaySans(game.headers, sans, fnv);
    });
    return { games, plies, fens: job === 'replay' ? fnv.count : undefined, errors, checksum: fnv.hex() };
  });
  report(r);
}

// Run only as a child process, not when pgn-parser.mjs imports replaySans.
if (import.meta.url === pathToFileURL(process.argv[1]).href) await main();
