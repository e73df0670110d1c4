// forsyth's Node streaming reader (forsyth/node): games arrive one at a time from the file, so
// memory stays flat however large the file is. Same replay as forsyth.mjs.
import { args, bareSan, Fnv, report, skip, timed } from './common.mjs';
import { load, replayGame } from './forsyth.mjs';

const { file, job } = args();
if (job !== 'replay' && job !== 'parse') skip(`no ${job} job`);

// The reader's name was not settled when this was written: take the first of these that exists.
const CANDIDATES = ['readGames', 'readPgnFile', 'readPgn', 'streamGames', 'gamesFromFile'];
// parse needs only forsyth/node, so it runs even while the main entry does not load.
const f = job === 'replay' ? await load('dist/src/index.js', ['replay'], 'replay API') : undefined;
const node = await load('dist/src/node/index.js', [], 'node reader');
const reader = CANDIDATES.find((n) => typeof node[n] === 'function');
if (!reader) skip(`forsyth node reader not built (dist/src/node/index.js has none of ${CANDIDATES.join(', ')})`);

const r = await timed(async () => {
  const fnv = new Fnv();
  let games = 0;
  let plies = 0;
  let errors = 0;
  // `for await` takes both a sync and an async iterable of games.
  for await (const game of node[reader](file)) {
    games++;
    plies += game.moves.length;
    if (job === 'parse') for (const n of game.moves) fnv.add(bareSan(n.san));
    else errors += replayGame(f, game, fnv);
  }
  return { games, plies, fens: job === 'replay' ? fnv.count : undefined, errors, checksum: fnv.hex() };
});
report({ ...r, reader });
