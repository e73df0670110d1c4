/**
 * `validate(game)`: every header, SetUp/FEN, syntax and move problem of a game, without stopping at
 * the first. Adds the consistency checks that replay alone skips because they cost a check test per
 * ply: `#` on a move that does not mate, `+` that gives no check, a missing `+`, moves after mate,
 * the Result tag against the termination marker, and PlyCount against the real count.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { isCheck, isCheckmate } from '../core/index.js';
import { isNullMove } from '../core/index.js';
import { checkGame, type Game } from '../pgn/index.js';
import { placeInGame, replay, type PlyRecord } from './replay.js';
import { findTag } from './start.js';

/** All problems of one game, sorted by position in the file. O(plies, variations included). */
export function validate(game: Game): readonly Diagnostic[] {
  checkGame('validate', game);
  const out: Diagnostic[] = [...game.diagnostics];
  const replayed = replay(game, { variations: true });
  let mainPlies = 0;
  let missingChecks = 0;
  let firstMissing: PlyRecord | undefined;
  const lenient = new LenientSan(game);
  for (const record of replayed) {
    if (record.onMainLine) mainPlies = record.ply;
    const problem = suffixProblem(record);
    if (problem) out.push(placeInGame(game, problem));
    lenient.check(record, out);
    if (record.before && isCheckmate(record.before) && record.node) {
      out.push(
        placeInGame(
          game,
          diagnostic('REPLAY_MOVE_AFTER_END', `"${record.san}" is played after checkmate`, {
            offset: record.node.offset,
            length: record.node.length,
            hint: 'the game ended at the mate; delete the moves after it',
          }),
        ),
      );
    }
    if (record.node && record.node.check === '' && isCheck(record.position)) {
      missingChecks++;
      firstMissing ??= record;
    }
  }
  // A FEN tag the replay repaired to play on is still wrong: report its errors as written.
  const fenErrors = replayed.start.fenErrors;
  if (fenErrors) {
    out.push(
      ...replayed.diagnostics.filter((d) => d.code !== 'SETUP_FEN_REPAIRED'),
      ...fenErrors.map((d) => placeInGame(game, d)),
    );
  } else {
    out.push(...replayed.diagnostics);
  }
  if (firstMissing?.node) {
    const more = missingChecks > 1 ? ` (and ${missingChecks - 1} more moves in this game)` : '';
    out.push(
      placeInGame(
        game,
        diagnostic('REPLAY_MISSING_CHECK', `"${firstMissing.san}" gives check but is written without "+"${more}`, {
          offset: firstMissing.node.offset,
          length: firstMissing.node.length,
          hint: `write "${firstMissing.canonicalSan}"`,
        }),
      ),
    );
  }
  lenient.finish(out);
  out.push(...headerConsistency(game, mainPlies, replayed.start.position !== undefined));
  return out.sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0));
}

/** SAN as written by the standard with no disambiguation: nothing to compare (most plies). */
const PLAIN_SAN = /^(?:[a-h][1-8]|[a-h]x[a-h][1-8](?:=[NBRQ])?|[a-h][18]=[NBRQ]|[NBRQK]x?[a-h][1-8]|O-O|O-O-O)$/;

/** At most this many REPLAY_LENIENT_SAN per game; the last one says how many more there were. */
const MAX_LENIENT_PER_GAME = 5;

/**
 * REPLAY_LENIENT_SAN: a move replay accepts but the standard does not spell that way (`0-0`,
 * `e2-e4`, `Ng1f3`, `e2e4`, `Nbd2` when one knight can go), with the canonical SAN as the hint.
 * Only moves that are not plain SAN are compared, so most plies cost one regex test.
 */
class LenientSan {
  private readonly reported: Diagnostic[] = [];
  private more = 0;

  constructor(private readonly game: Game) {}

  check(record: PlyRecord, out: Diagnostic[]): void {
    const node = record.node;
    const move = record.move;
    if (!node || !move || isNullMove(move) || PLAIN_SAN.test(node.san)) return;
    const canonical = record.canonicalSan;
    const bare = canonical.replace(/[+#]$/, '');
    if (bare === node.san) return;
    if (this.reported.length >= MAX_LENIENT_PER_GAME) {
      this.more++;
      return;
    }
    const d = placeInGame(
      this.game,
      diagnostic('REPLAY_LENIENT_SAN', `"${node.san}" is read as "${bare}": ${whyLenient(node.san, bare)}`, {
        offset: node.offset,
        length: node.length,
        excerpt: node.san,
        hint: `write "${canonical}"`,
      }),
    );
    this.reported.push(d);
    out.push(d);
  }

  finish(out: Diagnostic[]): void {
    const last = this.reported.at(-1);
    if (!last || this.more === 0) return;
    const index = out.lastIndexOf(last);
    out[index] = { ...last, message: `${last.message} (and ${this.more} more moves like it in this game)` };
  }
}

function whyLenient(written: string, san: string): string {
  if (/^0-0(?:-0)?$/.test(written)) return 'castling is written with the letter O, not zeros';
  if (/^[a-h][1-8][a-h][1-8][qrbnQRBN]?$/.test(written)) return 'this is UCI notation, not SAN';
  if (written.includes('-')) return 'SAN names the destination square only, without a hyphen';
  if (san.includes('=') && !written.includes('=')) return "a promotion is written with '=' before the new piece";
  if (written.startsWith('P')) return "pawn moves are written without 'P'";
  if (written.toLowerCase() === san.toLowerCase()) return 'piece letters are capitals';
  if (/^[a-h][a-h][1-8]/.test(written)) return "a capture is written with 'x'";
  if (written.length > san.length) return 'SAN names the origin only as far as needed to tell the move apart';
  return 'that is how SAN writes this move';
}

function suffixProblem(record: PlyRecord): Diagnostic | undefined {
  const node = record.node;
  if (!node) return undefined;
  const span = { offset: node.offset, length: node.length, excerpt: node.san + node.check };
  if (node.check === '#' && !isCheckmate(record.position)) {
    return diagnostic('REPLAY_FALSE_MATE', `"${node.san}#" is marked as mate but does not mate`, {
      ...span,
      hint: `write "${record.canonicalSan}"`,
    });
  }
  if ((node.check === '+' || node.check === '++') && !isCheck(record.position)) {
    return diagnostic('REPLAY_FALSE_CHECK', `"${node.san}${node.check}" is marked as check but gives none`, {
      ...span,
      hint: `write "${record.canonicalSan}"`,
    });
  }
  return undefined;
}

function headerConsistency(game: Game, mainPlies: number, replayed: boolean): Diagnostic[] {
  const out: Diagnostic[] = [];
  const resultTag = findTag(game, 'Result');
  if (resultTag && game.result && resultTag.value !== game.result.value) {
    out.push(
      placeInGame(
        game,
        diagnostic(
          'REPLAY_RESULT_MISMATCH',
          `the Result tag says "${resultTag.value}" but the movetext ends with "${game.result.value}"`,
          {
            offset: game.result.offset,
            length: game.result.length,
            hint: 'make the Result tag and the termination marker agree (`forsyth export --fix` uses the marker)',
          },
        ),
      ),
    );
  }
  const plyCount = findTag(game, 'PlyCount');
  if (replayed && plyCount && /^\d+$/.test(plyCount.value) && Number(plyCount.value) !== mainPlies) {
    out.push(
      placeInGame(
        game,
        diagnostic(
          'REPLAY_PLYCOUNT_MISMATCH',
          `PlyCount says ${plyCount.value} but the main line has ${mainPlies} plies`,
          {
            offset: plyCount.offset,
            length: plyCount.length,
            hint: `write [PlyCount "${mainPlies}"]`,
          },
        ),
      ),
    );
  }
  return out;
}
