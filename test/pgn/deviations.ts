/** Deliberate differences from python-chess, with the reason for each. */

const COMMENT_THEN_BLANK =
  'a game comment followed by a blank line, then the moves: python-chess ends a game at any blank ' +
  'line in the movetext, so the comment becomes a game of its own and the moves a game without tags';

/**
 * Files where forsyth counts a different number of games than python-chess, on purpose, keyed by
 * their path under shared/corpus/ (the boundary rule is in src/pgn/split.ts). Shared by the edge
 * fixture test and the corpus conformance suite.
 */
export const GAME_COUNT_DEVIATIONS: Readonly<Record<string, { readonly games: number; readonly why: string }>> = {
  'edge/pgn-extract__barnes-horton.pgn': { games: 1, why: COMMENT_THEN_BLANK },
  'edge/pgn-extract__test-C.pgn': { games: 1, why: COMMENT_THEN_BLANK },
  'edge/pgn-extract__test-F-text.pgn': { games: 1, why: COMMENT_THEN_BLANK },
  'edge/pgn-extract__test-Ta.pgn': { games: 1, why: COMMENT_THEN_BLANK },
  'edge/pgn-extract__test-checkmate.pgn': { games: 2, why: COMMENT_THEN_BLANK },
  'edge/pgn-extract__test-nochecks.pgn': { games: 2, why: COMMENT_THEN_BLANK },
  'edge/pgn-extract__test-stalemate.pgn': { games: 3, why: COMMENT_THEN_BLANK },
  'edge/chessops__leading-whitespace.pgn': {
    games: 4,
    why:
      'four games without a termination marker; the fourth has no tags and starts at `1.` after a blank line, past move 3 ' +
      'of the third (src/pgn/split.ts, rule 4): python-chess drops the game whose tag and moves share a line and so reads 3',
  },
  'edge/pgn-extract__test-nobadresults.pgn': {
    games: 9,
    why: 'nine one-line games (`[Result "1-0"] e4 *`) with no blank line between them: python-chess needs a blank line to end a game',
  },
  'edge/pgn-read__Little_01.pgn': {
    games: 3,
    why: 'HTML: every tag line ends in `<br>`, which is movetext, so the next tag line starts a game',
  },
  'edge/pgn-read__crafty06_01.pgn': {
    games: 2,
    why: 'mail headers between two games: python-chess reads them as a game, here they are text after the first result',
  },
  'edge/pgn-read__crafty06_03.pgn': {
    games: 1,
    why: 'an HTML newsletter with no tag pair at all: python-chess makes a game of each paragraph',
  },
  'games/online/scalachess__FWWRC-headers-only.pgn': {
    games: 605,
    why: '605 header-only games separated by blank lines: python-chess merges them into one game whose tags overwrite each other',
  },
  'games/human/pgn-extract__eco.pgn': {
    games: 2014,
    why: 'a file comment before the first tag pair belongs to the first game here; python-chess makes it a game without tags',
  },
};
