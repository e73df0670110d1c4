/**
 * Movetext styles for export: `writeStyledPgn(game, { moves, fenComments })` replays the game (the
 * variations too) and hands `writePgn` the text of each move in the asked style, and, with
 * `fenComments`, the FEN after each move as a comment: what pgn-extract's `-Wuci`, `-Wlalg`, `-Wsan`
 * and `--fencomments` write.
 *
 * - `san`: canonical SAN with `+`/`#` from the position (`Ngf3` → `Nf3`).
 * - `lan`: long algebraic, from and to square, promotion piece in capitals, the check suffix
 *   (`g1f3`, `a7a8Q+`), move numbers, comments and variations kept (pgn-extract's `-Wlalg`).
 * - `uci`: UCI moves (`e1g1`, `a7a8q`), main line only, no numbers, comments or NAGs: a move list a
 *   UCI engine takes (`position startpos moves …`).
 * A move that cannot be played (and the rest of its line) is written as it stands in the file.
 */
import { writePgn, type Game, type MoveNode, type WriteOptions } from '../pgn/index.js';
import { replay } from './replay.js';

export type MoveStyle = 'san' | 'lan' | 'uci';

export interface StyledWriteOptions extends WriteOptions {
  /** How moves are written; undefined: as in the file. */
  readonly moves?: MoveStyle;
  /** A `{ FEN }` comment after every move, the FEN after it (en passant after every double push). */
  readonly fenComments?: boolean;
}

/** `writePgn` with a movetext style and FEN comments; see the module notes. O(plies). */
export function writeStyledPgn(game: Game, options: StyledWriteOptions = {}): string {
  const { moves, fenComments, ...write } = options;
  if (moves === undefined && fenComments !== true) return writePgn(game, write);
  const uci = moves === 'uci';
  const text = new Map<MoveNode, string>();
  const fens = new Map<MoveNode, string>();
  for (const record of replay(game, { variations: !uci })) {
    const node = record.node;
    if (node === undefined) continue;
    if (moves === 'uci') text.set(node, record.uci);
    else if (moves === 'lan') text.set(node, lanOf(record.uci) + node.check);
    else if (moves === 'san') text.set(node, record.canonicalSan);
    if (fenComments === true) fens.set(node, ` ${record.fen} `);
  }
  const strip = uci ? { ...write.strip, comments: true, variations: true, nags: true } : write.strip;
  return writePgn(game, {
    ...write,
    ...(strip === undefined ? {} : { strip }),
    ...(moves === undefined ? {} : { moveText: (node: MoveNode) => text.get(node) }),
    ...(fenComments === true ? { commentAfter: (node: MoveNode) => fens.get(node) } : {}),
    ...(uci ? { moveNumbers: false } : {}),
  });
}

/** UCI → long algebraic as pgn-extract writes it: the promotion piece in capitals; `0000` → `--`. */
function lanOf(uci: string): string {
  if (uci === '0000') return '--';
  return uci.length === 5 ? uci.slice(0, 4) + uci.charAt(4).toUpperCase() : uci;
}
