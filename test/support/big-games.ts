/**
 * Legal games of any length, for the tests of huge games: knight shuffles (`Nf3 Nf6 Ng1 Ng8`, over
 * and over; neither the fifty-move rule nor repetition ends a game in PGN), plain or dressed as
 * an annotated game (clocks, evals, words, NAGs, a variation now and then).
 */

const CYCLE = ['Nf3', 'Nf6', 'Ng1', 'Ng8'] as const;

export interface ShuffleOptions {
  /** A `{ [%clk …] [%eval …] words }` comment after every move. */
  readonly comments?: boolean;
  /** Every 50th white move gets `$1` and a variation (`Nc3 Nc6 Nb1 Nb8`) in its place. */
  readonly variations?: boolean;
  readonly tags?: string;
}

/** One game of at least `bytes` characters (whole cycles of four plies, back at the start position; ten moves to a line). */
export function shuffleGame(bytes: number, options: ShuffleOptions = {}): string {
  const head =
    options.tags ??
    '[Event "shuffle"]\n[Site "https://lichess.org/abcdEFGH"]\n[White "A"]\n[Black "B"]\n[Result "1/2-1/2"]\n[WhiteElo "2000"]\n[BlackElo "2100"]\n[TimeControl "60+1"]\n\n';
  const parts = [head];
  let length = head.length;
  for (let p = 1; length < bytes || (p - 1) % 4 !== 0; p++) {
    const number = (p + 1) / 2;
    let text = p % 2 === 1 ? `${number}. ` : '';
    text += CYCLE[(p - 1) % 4] as string;
    if (options.comments)
      text += ` { [%clk 0:${String(Math.floor((p % 3600) / 60)).padStart(2, '0')}:${String(p % 60).padStart(2, '0')}] [%eval 0.${p % 10}] words }`;
    if (options.variations && p % 100 === 1) text += ` $1 (${number}. Nc3 Nc6 ${number + 1}. Nb1 Nb8)`;
    text += p % 20 === 0 ? '\n' : ' ';
    parts.push(text);
    length += text.length;
  }
  parts.push('1/2-1/2\n');
  return parts.join('');
}

/** A short game that ends in mate, for the games around a big one. */
export const SMALL_GAME =
  '[Event "small"]\n[White "C"]\n[Black "D"]\n[Result "1-0"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0\n';
