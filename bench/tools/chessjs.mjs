// chess.js 1.4.0: it parses one game per loadPgn call, so games are split here first (the split is
// timed too). fen() writes the e.p. square only when the capture is legal (our `legal`).
import { Chess } from 'chess.js';
import { gameStarts } from '../corpus.mjs';
import { args, Fnv, readText, report, skip, timed } from './common.mjs';

const { file, job, depth } = args();

if (job === 'perft') {
  const r = await timed(() => ({ nodes: new Chess().perft(depth) }));
  report({ ...r, checksum: String(r.nodes) });
} else if (job === 'replay') {
  const r = await timed(() => {
    const text = readText(file);
    const starts = gameStarts(text);
    const fnv = new Fnv();
    const chess = new Chess();
    let errors = 0;
    for (let i = 0; i < starts.length; i++) {
      try {
        chess.loadPgn(text.slice(starts[i], starts[i + 1]));
      } catch {
        errors++; // chess.js rejects the whole game on an illegal move
        continue;
      }
      for (const move of chess.history({ verbose: true })) fnv.add(move.after);
    }
    return { games: starts.length, plies: fnv.count, fens: fnv.count, errors, checksum: fnv.hex() };
  });
  report(r);
} else {
  skip(`chess.js has no ${job}-only mode`);
}
