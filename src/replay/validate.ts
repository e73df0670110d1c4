/**
 * `validate(game)`: every header, SetUp/FEN, syntax and move problem of a game, without stopping at
 * the first. Adds the consistency checks that replay alone skips because they cost a check test per
 * ply: `#` on a move that does not mate, `+` that gives no check, a missing `+`, moves after mate,
 * the Result tag against the termination marker, and PlyCount against the real count.
 */
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { isCheck, isCheckmate } from '../core/position.js';
import type { Game } from '../pgn/index.js';
import { placeInGame, replay, type PlyRecord } from './replay.js';
import { findTag } from './start.js';

/** All problems of one game, sorted by position in the file. O(plies, variations included). */
export function validate(game: Game): readonly Diagnostic[] {
  const out: Diagnostic[] = [...game.diagnostics];
  const replayed = replay(game, { variations: true });
  let mainPlies = 0;
  let missingChecks = 0;
  let firstMissing: PlyRecord | undefined;
  for (const record of replayed) {
    if (!record.path.includes('.')) mainPlies = record.ply;
    const problem = suffixProblem(record);
    if (problem) out.push(placeInGame(game, problem));
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
  out.push(...replayed.diagnostics);
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
  out.push(...headerConsistency(game, mainPlies, replayed.start.position !== undefined));
  return out.sort((a, b) => (a.offset ?? 0) - (b.offset ?? 0));
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
        diagnostic('REPLAY_RESULT_MISMATCH', `the Result tag says "${resultTag.value}" but the movetext ends with "${game.result.value}"`, {
          offset: game.result.offset,
          length: game.result.length,
          hint: 'make the Result tag and the termination marker agree (`forsyth export --fix` uses the marker)',
        }),
      ),
    );
  }
  const plyCount = findTag(game, 'PlyCount');
  if (replayed && plyCount && /^\d+$/.test(plyCount.value) && Number(plyCount.value) !== mainPlies) {
    out.push(
      placeInGame(
        game,
        diagnostic('REPLAY_PLYCOUNT_MISMATCH', `PlyCount says ${plyCount.value} but the main line has ${mainPlies} plies`, {
          offset: plyCount.offset,
          length: plyCount.length,
          hint: `write [PlyCount "${mainPlies}"]`,
        }),
      ),
    );
  }
  return out;
}
