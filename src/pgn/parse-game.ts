/**
 * One game: runs the generated Peggy parser on a game's text (from `split.ts`), shifts every
 * offset to the file, and hands the flat elements to `tree.ts`. Also places any file offset inside
 * a game on its line and column (`locate`), so later layers (the replayer) can locate their own
 * diagnostics from the `Game` alone. Knows no chess.
 *
 * The grammar is total, so the parser should never throw; if it does (a bug in the grammar), the
 * error becomes a PGN_SYNTAX diagnostic and the game comes back empty rather than the call
 * throwing. The "never throws" property test looks for this.
 */
import { checkObject, checkString } from '../arguments.js';
import type { Game } from './ast.js';
import { parse } from './generated/pgn-parser.js';
import { DiagnosticSink, locateIn } from './location.js';
import type { RawGame } from './raw.js';
import type { GameChunk } from './split.js';
import { buildTree, MAX_VARIATION_DEPTH, type GameBody } from './tree.js';

export interface GameOptions {
  /**
   * Deepest variation kept (default 100, `MAX_VARIATION_DEPTH`); deeper ones are dropped with
   * PGN_VARIATION_TOO_DEEP. Raise it (even to Infinity) only for trusted input: output with
   * variation paths grows with the square of the depth.
   */
  readonly maxVariationDepth?: number;
}

/**
 * Parses one game's text. Never throws on any input: problems come back in `game.diagnostics`
 * (PGN_UNCLOSED_COMMENT, PGN_UNCLOSED_VARIATION, PGN_UNMATCHED_PAREN, PGN_EMPTY_VARIATION,
 * PGN_VARIATION_AT_START, PGN_INVALID_TOKEN, PGN_BAD_TAG, PGN_UNCLOSED_TAG, PGN_DUPLICATE_TAG,
 * PGN_BAD_NAG, PGN_ESCAPE_LINE, PGN_TEXT_AFTER_RESULT, PGN_MISSING_RESULT, PGN_TRUNCATED,
 * PGN_LOOKALIKE, PGN_VARIATION_TOO_DEEP, PGN_GAME_TOO_COMPLEX, PGN_SYNTAX), each with offset,
 * line, column, gameIndex and excerpt; at most 100 of one code, then one DIAGNOSTICS_OMITTED.
 * O(text length); a game is read up to MAX_GAME_ELEMENTS elements (the work budget).
 *
 * @example
 * const game = parseGame({ text: '1. e4 e5 *', offset: 0, line: 1, column: 1, index: 0 });
 * game.moves.map((m) => m.san); // ['e4', 'e5']
 */
export function parseGame(chunk: GameChunk, options: GameOptions = {}): Game {
  checkObject('parseGame', 'a GameChunk (from splitGames or GameSplitter)', chunk);
  checkString('parseGame', "the chunk's text", chunk.text);
  if (options !== undefined) checkObject('parseGame', 'options', options);
  const text = ownCopy(chunk.text);
  const origin = { text, offset: chunk.offset, line: chunk.line, column: chunk.column };
  const sink = new DiagnosticSink(origin, chunk.index);
  let elements: RawGame = [];
  try {
    elements = parse(text);
  } catch (error) {
    sink.add('PGN_SYNTAX', `internal: the PGN grammar failed on this game (${String(error)})`, 0, 0, {
      hint: 'this is a bug in forsyth; please report it with the game',
    });
  }
  const body: GameBody = buildTree(
    elements,
    text,
    chunk.offset,
    sink,
    options.maxVariationDepth ?? MAX_VARIATION_DEPTH,
  );
  sink.close();
  const diagnostics = chunk.diagnostics ? [...chunk.diagnostics, ...sink.list] : sink.list;
  const { index, offset, line, column } = chunk;
  const { tags, comments, moves, finalComments, result } = body;
  // Object literals rather than spreads: no copying loop, and few object shapes.
  return result === undefined
    ? { index, offset, line, column, text, tags, comments, moves, finalComments, diagnostics }
    : { index, offset, line, column, text, tags, comments, moves, finalComments, result, diagnostics };
}

/**
 * `text` as a string of its own. A chunk's text is usually a slice of a larger string (`split.ts`),
 * which V8 keeps as a view: every `charCodeAt` on it goes through the parent (the grammar ran ~15%
 * slower on such texts, 10,000 TCEC games), and a `Game` kept would keep the parent alive. V8
 * copies a join of two parts into a new flat string.
 */
function ownCopy(text: string): string {
  if (text.length < 2) return text;
  return [text.slice(0, 1), text.slice(1)].join('');
}

/**
 * The 1-based line and column (in code points; CR, LF and CRLF end lines) of a file offset that
 * lies inside `game.text`, computed from the game alone. Offsets outside the game are clamped to
 * its start or end. O(log lines + column) after an O(game length) first call per game.
 *
 * @example locate(game, game.moves[0].offset) // { line: 12, column: 4 }
 */
export function locate(game: Game, offset: number): { line: number; column: number } {
  return locateIn(game, offset);
}
