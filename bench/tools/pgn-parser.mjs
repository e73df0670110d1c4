// @mliebelt/pgn-parser 1.4.19 (a Peggy grammar, like forsyth's): `parse` is its parseGames alone;
// `replay` feeds its mainline SANs to chessops, since it has no move generator of its own.
import pgnParser from '@mliebelt/pgn-parser';
import { replaySans } from './chessops.mjs';
import { args, bareSan, Fnv, readText, report, skip, timed } from './common.mjs';

const { file, job } = args();
if (job !== 'parse' && job !== 'replay') skip(`no ${job} job`);

/** chessops' startingPosition reads only these tags, as strings. */
function headers(tags = {}) {
  const map = new Map();
  for (const name of ['SetUp', 'FEN', 'Variant']) if (typeof tags[name] === 'string') map.set(name, tags[name]);
  return map;
}

const r = await timed(() => {
  const games = pgnParser.parseGames(readText(file));
  const fnv = new Fnv();
  let plies = 0;
  let errors = 0;
  for (const game of games) {
    const sans = game.moves.map((m) => m.notation.notation);
    plies += sans.length;
    if (job === 'parse') for (const san of sans) fnv.add(bareSan(san));
    else errors += replaySans(headers(game.tags), sans, fnv);
  }
  return { games: games.length, plies, fens: job === 'replay' ? fnv.count : undefined, errors, checksum: fnv.hex() };
});
report(r);
