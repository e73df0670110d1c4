/**
 * The edge-case files of the shared corpus (copied to test/fixtures/edge/): for each file, the
 * number of games and the diagnostics that can be justified by reading it. Game counts are
 * python-chess 1.11.2's (one line per game in shared/corpus/expected/edge__*.jsonl), except for the
 * deliberate deviations listed with their reasons (the boundary rule is in src/pgn/split.ts).
 * Files that are not UTF-8 are decoded as Latin-1 here, as the decoding layer would.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { GAME_COUNT_DEVIATIONS as DEVIATIONS } from './deviations.js';

const EDGE = new URL('../fixtures/edge/', import.meta.url);

function read(name: string): string {
  const bytes = readFileSync(new URL(name, EDGE));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/** python-chess's game count per file. */
const PYTHON_CHESS_GAMES: Readonly<Record<string, number>> = {
  'chessjs__1.pgn': 1,
  'chessjs__2.pgn': 1,
  'chessops__leading-whitespace.pgn': 3,
  'pgn-extract__barnes-horton.pgn': 2,
  'pgn-extract__fools-mate.pgn': 1,
  'pgn-extract__test-7.pgn': 1,
  'pgn-extract__test-C.pgn': 2,
  'pgn-extract__test-F-text.pgn': 2,
  'pgn-extract__test-P.pgn': 11,
  'pgn-extract__test-Ta.pgn': 2,
  'pgn-extract__test-checkmate.pgn': 3,
  'pgn-extract__test-e.pgn': 6,
  'pgn-extract__test-fifty.pgn': 2,
  'pgn-extract__test-fixresulttags-in.pgn': 5,
  'pgn-extract__test-matchplylimit.pgn': 1,
  'pgn-extract__test-nobadresults.pgn': 1,
  'pgn-extract__test-nochecks.pgn': 3,
  'pgn-extract__test-repetition.pgn': 12,
  'pgn-extract__test-s.pgn': 3,
  'pgn-extract__test-setup-in.pgn': 2,
  'pgn-extract__test-stalemate.pgn': 4,
  'pgn-extract__test-startply.pgn': 10,
  'pgn-extract__test-t.pgn': 6,
  'pgn-parser__benko.pgn': 2,
  'pgn-parser__sampleGame.pgn': 1,
  'pgn-parser__sampleGames.pgn': 9,
  'pgn-read__4ncl_96-97_01.pgn': 1,
  'pgn-read__4ncl_96-97_02.pgn': 1,
  'pgn-read__4ncl_96-97_03.pgn': 1,
  'pgn-read__4ncl_96-97_04.pgn': 1,
  'pgn-read__4ncl_96-97_05.pgn': 1,
  'pgn-read__4ncl_96-97_06.pgn': 1,
  'pgn-read__Little_01.pgn': 1,
  'pgn-read__Little_02.pgn': 1,
  'pgn-read__Little_03.pgn': 1,
  'pgn-read__Little_04.pgn': 1,
  'pgn-read__Little_05.pgn': 1,
  'pgn-read__Little_06.pgn': 1,
  'pgn-read__Little_07.pgn': 1,
  'pgn-read__Little_08.pgn': 1,
  'pgn-read__Little_09.pgn': 1,
  'pgn-read__all_4ncl_1996_2010_08.pgn': 1,
  'pgn-read__all_4ncl_1996_2010_09.pgn': 1,
  'pgn-read__break_pgn_0_8_1_a.pgn': 1,
  'pgn-read__calgames_01.pgn': 1,
  'pgn-read__calgames_02.pgn': 1,
  'pgn-read__calgames_03.pgn': 1,
  'pgn-read__calgames_04.pgn': 1,
  'pgn-read__calgames_05.pgn': 1,
  'pgn-read__calgames_06.pgn': 1,
  'pgn-read__calgames_07.pgn': 1,
  'pgn-read__calgames_08.pgn': 1,
  'pgn-read__calgames_10.pgn': 1,
  'pgn-read__crafty06_01.pgn': 3,
  'pgn-read__crafty06_03.pgn': 35,
  'pgn-read__twic92n_01.pgn': 1,
  'pgn-read__twic92n_02.pgn': 1,
  'pgn-read__twic92n_03.pgn': 1,
  'pgn-read__twic92n_04.pgn': 1,
  'pgn-read__twic92n_05.pgn': 1,
  'pgn-read__twic92n_06.pgn': 1,
  'pgn-read__twic92n_08.pgn': 1,
  'pgn-read__twic92n_09.pgn': 1,
  'pgn-read__twic92n_11.pgn': 1,
  'pychess__50.pgn': 1,
  'pychess__a.pgn': 1,
  'pychess__atomic.pgn': 10,
  'pychess__b.pgn': 1,
  'pychess__bilbao.pgn': 1,
  'pychess__black.pgn': 1,
  'pychess__c.pgn': 1,
  'pychess__d.pgn': 1,
  'pychess__draw.pgn': 1,
  'pychess__e.pgn': 1,
  'pychess__f.pgn': 1,
  'pychess__insufficient_material.pgn': 1,
  'pychess__mate.pgn': 1,
  'pychess__material.pgn': 1,
  'pychess__promotion.pgn': 1,
  'pychess__sittuyin.pgn': 3,
  'pychess__threefold.pgn': 1,
  'pychess__zh.pgn': 83,
  'python-chess__antichess-programfox.pgn': 2,
  'python-chess__chessbase-empty-line.pgn': 1,
  'python-chess__knightvuillaume-jannlee-zh-lichess.pgn': 1,
  'python-chess__molinari-bordais-1979.pgn': 1,
  'python-chess__stockfish-learning.pgn': 1,
  'python-chess__utf8-bom.pgn': 2,
};

const MISSING_RESULT = { PGN_MISSING_RESULT: 1 };

/**
 * Diagnostic counts per file, checked by reading the file; every other file must have none.
 * Files of junk (HTML, mail) are checked by the codes they must contain instead.
 */
const DIAGNOSTICS: Readonly<Record<string, Readonly<Record<string, number>>>> = {
  // No termination marker anywhere in the file (one per game).
  'chessops__leading-whitespace.pgn': { PGN_MISSING_RESULT: 4 },
  'pychess__a.pgn': MISSING_RESULT,
  'pychess__b.pgn': MISSING_RESULT,
  'pychess__black.pgn': MISSING_RESULT,
  'pychess__c.pgn': MISSING_RESULT,
  'pychess__d.pgn': MISSING_RESULT,
  'pychess__draw.pgn': MISSING_RESULT,
  'pychess__e.pgn': MISSING_RESULT,
  'pychess__f.pgn': MISSING_RESULT,
  'pychess__promotion.pgn': MISSING_RESULT,
  // Games 1 and 2 end without a result; game 3 ends with 1/2-1/2.
  'pychess__sittuyin.pgn': { PGN_MISSING_RESULT: 2 },
  // [Event "LA CC Handicap Tour "C""]: quotes not escaped.
  'pgn-read__calgames_06.pgn': { PGN_BAD_TAG: 1 },
  // Mail headers after `1-0`.
  'pgn-read__crafty06_01.pgn': { PGN_TEXT_AFTER_RESULT: 1 },
};

/** Files of junk around long-algebraic moves: which codes must appear. */
const JUNK: Readonly<Record<string, readonly string[]>> = {
  'pgn-read__Little_01.pgn': ['PGN_INVALID_TOKEN', 'PGN_MISSING_RESULT'],
  'pgn-read__Little_02.pgn': ['PGN_INVALID_TOKEN', 'PGN_MISSING_RESULT'],
  'pgn-read__Little_03.pgn': ['PGN_INVALID_TOKEN', 'PGN_MISSING_RESULT'],
  'pgn-read__Little_04.pgn': ['PGN_INVALID_TOKEN', 'PGN_TEXT_AFTER_RESULT'],
  'pgn-read__Little_05.pgn': ['PGN_INVALID_TOKEN', 'PGN_TEXT_AFTER_RESULT'],
  'pgn-read__Little_06.pgn': ['PGN_INVALID_TOKEN', 'PGN_TEXT_AFTER_RESULT'],
  'pgn-read__Little_07.pgn': ['PGN_INVALID_TOKEN', 'PGN_TEXT_AFTER_RESULT'],
  'pgn-read__Little_08.pgn': ['PGN_INVALID_TOKEN', 'PGN_TEXT_AFTER_RESULT'],
  'pgn-read__Little_09.pgn': ['PGN_INVALID_TOKEN', 'PGN_TEXT_AFTER_RESULT'],
  'pgn-read__crafty06_03.pgn': ['PGN_INVALID_TOKEN'],
};

function codeCounts(games: readonly Game[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const game of games) for (const d of game.diagnostics) counts[d.code] = (counts[d.code] ?? 0) + 1;
  return counts;
}

const FILES = readdirSync(EDGE)
  .filter((f) => f.endsWith('.pgn'))
  .sort();

describe('edge fixtures', () => {
  it('has every file of the table, and only those', () => {
    expect(FILES).toEqual(Object.keys(PYTHON_CHESS_GAMES).sort());
  });

  it.each(FILES)('%s: game count', (file) => {
    const expected = DEVIATIONS[`edge/${file}`]?.games ?? PYTHON_CHESS_GAMES[file];
    expect([...parsePgn(read(file))].length).toBe(expected);
  });

  it.each(FILES)('%s: diagnostics', (file) => {
    const games = [...parsePgn(read(file))];
    const junk = JUNK[file];
    if (junk) expect(Object.keys(codeCounts(games)).sort()).toEqual(expect.arrayContaining([...junk]));
    else expect(codeCounts(games)).toEqual(DIAGNOSTICS[file] ?? {});
    for (const game of games) for (const d of game.diagnostics) expect(d.gameIndex).toBe(game.index);
  });

  it('reads the BOM file as two games with their tags', () => {
    const games = [...parsePgn(read('python-chess__utf8-bom.pgn'))];
    expect(games.map((g) => g.tags[0]?.value)).toEqual(['A', 'B']);
  });

  it('reads tags split by a blank line as one game (ChessBase)', () => {
    const [game] = [...parsePgn(read('python-chess__chessbase-empty-line.pgn'))];
    expect(game?.tags.map((t) => t.name).slice(0, 3)).toEqual(['Event', 'Date', 'Round']);
    expect(game?.moves.length).toBe(134);
  });
});
