/**
 * Snapshots back to a game record, the library half of `forsyth build`: a start position plus move
 * tokens (SAN or UCI), or a list of consecutive FENs between which the one legal move is found, and
 * out comes PGN text with the Seven Tag Roster (and SetUp/FEN tags when the start is not standard).
 * Depends on the core (positions, FEN, SAN, UCI) and the PGN writer; no Node.
 *
 * Key decision: two positions are compared on what a FEN means, not on how it was written, so FENs
 * from any tool connect: piece placement, side to move, castling rights as rook squares (`KQkq`,
 * X-FEN and Shredder-FEN agree), and the en passant square only where an en passant capture is
 * legal (a FEN that writes the square after every double push and one that writes it only when a
 * capture is possible then agree). Move counters do not connect positions, but counters that do not
follow from the move between two FENs are reported (BUILD_COUNTERS, a warning).
 */
import { checkObject } from '../arguments.js';
import { diagnostic, type Diagnostic } from '../diagnostics.js';
import { err, ok, type Checked, type Result } from '../result.js';
import { makeBoardFen, makeFen, parseFen } from '../core/index.js';
import { hasLegalEnPassant, initialPosition, INITIAL_FEN, legalMoves, play, type Position } from '../core/index.js';
import { makeSan, parseSan } from '../core/index.js';
import { parseUci } from '../core/index.js';
import { isNullMove, squareName, type NormalMove } from '../core/index.js';
import {
  SEVEN_TAG_DEFAULTS,
  SEVEN_TAG_ROSTER,
  isTagName,
  splitCheck,
  writePgn,
  type Game,
  type MoveNode,
  type ResultToken,
} from '../pgn/index.js';

/** Why `findMoveBetween` found no move. */
export interface NoMoveError {
  /**
   * - `same-turn`: both positions have the same side to move (`path` is set when two plies connect them);
   * - `rights`: a move reaches the placement, but castling rights or the en passant square differ;
   * - `no-move`: no legal move reaches the placement.
   */
  readonly reason: 'same-turn' | 'rights' | 'no-move';
  /** One sentence, lowercase, no final period. */
  readonly message: string;
  readonly hint: string;
  /** For `same-turn`: a two-ply path (SAN) that does lead there, if there is one. */
  readonly path?: readonly string[];
}

/** The en passant square as the `legal` convention writes it (undefined when no capture is legal). */
function legalEp(pos: Position): number | undefined {
  return pos.epSquare !== undefined && hasLegalEnPassant(pos) ? pos.epSquare : undefined;
}

function sameRights(a: Position, b: Position): boolean {
  return a.castlingRooks.join(',') === b.castlingRooks.join(',') && legalEp(a) === legalEp(b);
}

/** Same placement, side to move, castling rights and (legal) en passant square. */
function isSamePosition(a: Position, b: Position): boolean {
  return a.turn === b.turn && makeBoardFen(a.board) === makeBoardFen(b.board) && sameRights(a, b);
}

/** Squares whose contents differ, by name, in board order. */
function changedSquares(a: Position, b: Position): string[] {
  const out: string[] = [];
  for (let sq = 0; sq < 64; sq++) if (a.board[sq] !== b.board[sq]) out.push(squareName(sq));
  return out;
}

/** A pair of moves from `before` that reaches `after` (same side to move), as SAN. */
function twoPlyPath(before: Position, after: Position): string[] | undefined {
  for (const first of legalMoves(before)) {
    const middle = play(before, first);
    for (const second of legalMoves(middle)) {
      if (isSamePosition(play(middle, second), after)) return [makeSan(before, first), makeSan(middle, second)];
    }
  }
  return undefined;
}

function quoted(pos: Position): string {
  return `"${makeFen(pos)}"`;
}

/**
 * The legal move that turns `before` into `after`, compared as described in the module doc.
 * Fails with `same-turn`, `rights` or `no-move` (see `NoMoveError`), each with a hint.
 * Cost: one generation and one `play` per legal move; for `same-turn`, up to one per two-ply line
 * (about a thousand) to look for the path the hint names.
 *
 * @example findMoveBetween(initialPosition(), parseFen('… b KQkq - 0 1').value) // ok({ from: 12, to: 28 })
 */
export function findMoveBetween(before: Position, after: Position): Result<NormalMove, NoMoveError> {
  const message = `no legal move leads from ${quoted(before)} to ${quoted(after)}`;
  if (before.turn === after.turn) {
    const path = twoPlyPath(before, after);
    const side = `side to move is the same in both (${before.turn})`;
    const hint = path
      ? `${side}; two plies apart? "${path.join(' ')}" leads there: is a position missing between them?`
      : `${side}; is a position missing between them, or is one side to move written wrong?`;
    return err({ reason: 'same-turn', message, hint, ...(path ? { path } : {}) });
  }
  const target = makeBoardFen(after.board);
  for (const move of legalMoves(before)) {
    const next = play(before, move);
    if (makeBoardFen(next.board) !== target) continue;
    if (sameRights(next, after)) return ok(move);
    const rights = (pos: Position): string => makeFen(pos, { ep: 'legal' }).split(' ').slice(2, 4).join(' ');
    const hint = `${makeSan(before, move)} gives this placement, but then the castling rights and en passant square are written "${rights(next)}", not "${rights(after)}"`;
    return err({ reason: 'rights', message, hint });
  }
  const changed = changedSquares(before, after);
  const hint =
    changed.length === 0
      ? 'the placements are the same and only the side to move differs: a null move, or a wrong side to move?'
      : `${changed.length} squares differ (${changed.slice(0, 8).join(', ')}${changed.length > 8 ? ', …' : ''}); one move changes 2 to 4 squares: are positions missing in between?`;
  return err({ reason: 'no-move', message, hint });
}

/** What `buildGame` works from: `moves` (from `start`, default the standard position) or `fens`. */
export interface BuildInput {
  readonly start?: Position;
  /** SAN or UCI tokens; move numbers (`12.`, `12...`, `12.e4`) are skipped. */
  readonly moves?: readonly string[];
  /** One FEN per entry (a line of a file; blank entries are skipped but keep their line number). */
  readonly fens?: readonly string[];
  /** Extra or overriding tags, written after the Seven Tag Roster in the order given. */
  readonly tags?: Readonly<Record<string, string>>;
  /** Read every FEN as Chess960 (detected from Shredder/X-FEN castling anyway). */
  readonly chess960?: boolean;
}

interface Built {
  readonly start: Position;
  readonly sans: string[];
  readonly diagnostics: Diagnostic[];
}

const MOVE_NUMBER = /^\d+(\.|\.\.\.|…)/;

/** Move tokens → SAN, stopping at the first token that is not a legal move. */
function fromMoves(start: Position, tokens: readonly string[]): Built {
  const sans: string[] = [];
  const diagnostics: Diagnostic[] = [];
  let pos = start;
  let count = 0;
  for (const raw of tokens) {
    const token = raw.trim().replace(MOVE_NUMBER, '').replace(/^\.+/, '');
    if (token === '') continue;
    count++;
    const uci = /^[a-h][1-8][a-h][1-8][qrbnQRBN]?$/.test(token) ? parseUci(pos, token) : undefined;
    const san = uci?.ok ? uci : parseSan(pos, token);
    if (!san.ok || isNullMove(san.value)) {
      const where = `${pos.fullmoves}${pos.turn === 'white' ? '.' : '...'}`;
      const reason = san.ok ? 'a null move cannot be built' : san.error.message;
      const candidates = san.ok ? [] : san.error.candidates.map((m) => makeSan(pos, m));
      diagnostics.push(
        diagnostic('BUILD_BAD_MOVE', `move ${count} "${raw.trim()}" (at ${where}) is not a legal move: ${reason}`, {
          excerpt: raw.trim(),
          fen: makeFen(pos),
          hint: badMoveHint(token, candidates, pos),
        }),
      );
      break;
    }
    sans.push(makeSan(pos, san.value));
    pos = play(pos, san.value);
  }
  return { start, sans, diagnostics };
}

function badMoveHint(token: string, candidates: readonly string[], pos: Position): string {
  if (['1-0', '0-1', '1/2-1/2', '*'].includes(token))
    return `a result is a tag, not a move: set it with the tag Result=${token}`;
  if (candidates.length > 0) return `did you mean ${candidates.join(' or ')}?`;
  return `position before the move: ${makeFen(pos)}`;
}

/** Parses one FEN line; a failure becomes one BUILD_BAD_FEN at that line, warnings keep their code. */
function fenAt(text: string, line: number, chess960: boolean, out: Diagnostic[]): Position | undefined {
  const lead = text.length - text.trimStart().length;
  const parsed = parseFen(text.trim(), chess960 ? { chess960 } : {});
  const at = (offset: number | undefined): { line: number; column: number } => ({
    line,
    column: lead + (offset ?? 0) + 1,
  });
  const errors = parsed.diagnostics.filter((d) => d.severity === 'error');
  for (const d of parsed.diagnostics) if (d.severity !== 'error') out.push({ ...d, ...at(d.offset) });
  if (parsed.ok) return parsed.value;
  const first = errors[0];
  const more = errors.length > 1 ? ` (and ${errors.length - 1} more problems)` : '';
  out.push(
    diagnostic('BUILD_BAD_FEN', `line ${line} is not a valid FEN: ${first?.message ?? 'unreadable'}${more}`, {
      ...at(first?.offset),
      excerpt: text.trim(),
      hint: first?.hint ?? 'check it with `forsyth fen "<FEN>"`',
    }),
  );
  return undefined;
}

/** Consecutive FENs → SAN. Every pair is checked (so all breaks are reported); SAN stops at the first. */
function fromFens(lines: readonly string[], chess960: boolean): Built | Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const positions: { pos: Position | undefined; line: number }[] = [];
  lines.forEach((text, i) => {
    if (text.trim() !== '') positions.push({ pos: fenAt(text, i + 1, chess960, diagnostics), line: i + 1 });
  });
  const start = positions[0]?.pos;
  if (positions.length === 0)
    return [
      diagnostic('BUILD_BAD_FEN', 'no FEN given: the input is empty', {
        hint: 'give one FEN per line, the start first',
      }),
    ];
  const sans: string[] = [];
  const counters = new CounterCheck();
  let broken = start === undefined;
  for (let i = 1; i < positions.length; i++) {
    const a = positions[i - 1];
    const b = positions[i];
    if (!a?.pos || !b?.pos) {
      broken = true;
      continue;
    }
    const found = findMoveBetween(a.pos, b.pos);
    if (found.ok) {
      if (!broken) sans.push(makeSan(a.pos, found.value));
      counters.check(a.pos, found.value, b.pos, b.line);
      continue;
    }
    broken = true;
    diagnostics.push(
      diagnostic('BUILD_NO_MOVE', found.error.message, {
        line: b.line,
        column: 1,
        hint: found.error.hint,
        excerpt: makeFen(b.pos),
      }),
    );
  }
  const countersWrong = counters.diagnostic();
  if (countersWrong) diagnostics.push(countersWrong);
  return start ? { start, sans, diagnostics } : diagnostics;
}

/**
 * BUILD_COUNTERS: consecutive FENs whose move counters do not follow from the move between them
 * (the fullmove number grows after Black's move only; the halfmove clock resets on a pawn move or
 * a capture and grows by one otherwise). The first such pair is reported, with its corrected FEN
 * as the hint, and how many more there are; the moves are built all the same.
 */
class CounterCheck {
  private first: Diagnostic | undefined;
  private more = 0;

  check(before: Position, move: NormalMove, after: Position, line: number): void {
    const next = play(before, move);
    if (next.halfmoves === after.halfmoves && next.fullmoves === after.fullmoves) return;
    if (this.first) {
      this.more++;
      return;
    }
    const why: string[] = [];
    if (next.fullmoves !== after.fullmoves) {
      why.push(
        before.turn === 'white' && after.fullmoves === before.fullmoves + 1
          ? "the fullmove number grows after Black's move, not White's"
          : `the fullmove number after ${before.turn === 'white' ? "White's" : "Black's"} move is ${next.fullmoves}, not ${after.fullmoves}`,
      );
    }
    if (next.halfmoves !== after.halfmoves) {
      why.push(
        next.halfmoves === 0
          ? 'the halfmove clock resets to 0 on a pawn move or a capture'
          : `the halfmove clock grows by one to ${next.halfmoves} (no pawn move, no capture)`,
      );
    }
    const san = makeSan(before, move);
    this.first = diagnostic(
      'BUILD_COUNTERS',
      `line ${line} writes the counters "${after.halfmoves} ${after.fullmoves}" after ${san}, but ${why.join(', and ')}`,
      {
        line,
        column: 1,
        excerpt: makeFen(after),
        hint: `write "${makeFen({ ...after, board: after.board, halfmoves: next.halfmoves, fullmoves: next.fullmoves })}"`,
      },
    );
  }

  diagnostic(): Diagnostic | undefined {
    const first = this.first;
    if (!first || this.more === 0) return first;
    return { ...first, message: `${first.message} (and ${this.more} more lines whose counters do not follow)` };
  }
}

/** Seven Tag Roster first (user values or `?` defaults), then SetUp/FEN/Variant, then the other tags. */
function tagList(start: Position, extra: Readonly<Record<string, string>>): [string, string][] {
  const tags: [string, string][] = SEVEN_TAG_ROSTER.map((name) => [name, extra[name] ?? SEVEN_TAG_DEFAULTS[name]]);
  const fen = makeFen(start);
  if (fen !== INITIAL_FEN) {
    if (start.chess960) tags.push(['Variant', 'Chess960']);
    tags.push(['SetUp', '1'], ['FEN', fen]);
  }
  const special = new Set<string>([
    ...SEVEN_TAG_ROSTER,
    'SetUp',
    'FEN',
    ...(fen !== INITIAL_FEN && start.chess960 ? ['Variant'] : []),
  ]);
  for (const [name, value] of Object.entries(extra)) if (!special.has(name)) tags.push([name, value]);
  return tags;
}

const RESULTS: readonly ResultToken[] = ['1-0', '0-1', '1/2-1/2', '*'];

/** Which user tags would break the record: the start position and the termination marker are ours. */
function badTags(extra: Readonly<Record<string, string>>): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const name of ['SetUp', 'FEN']) {
    if (extra[name] !== undefined) {
      out.push(
        diagnostic('USAGE', `the ${name} tag is written from the start position and cannot be set`, {
          hint: 'give the start with --fen (or as the first line of --fens)',
        }),
      );
    }
  }
  const result = extra['Result'];
  if (result !== undefined && !RESULTS.some((r) => r === result)) {
    out.push(
      diagnostic('USAGE', `Result must be 1-0, 0-1, 1/2-1/2 or *, not "${result}"`, { hint: 'write --tag Result=1-0' }),
    );
  }
  for (const name of Object.keys(extra)) {
    if (!isTagName(name)) out.push(diagnostic('USAGE', `"${name}" is not a tag name (letters, digits and _ only)`, {}));
  }
  return out;
}

/**
 * Builds the PGN text of one game from `moves` (SAN or UCI, from `start` or the standard position) or
 * from `fens` (consecutive positions; the first is the start). Errors: BUILD_BAD_MOVE (a token that is
 * not a legal move, with candidates in the hint), BUILD_BAD_FEN (a line that is not a legal FEN),
 * BUILD_NO_MOVE (a pair of FENs no single move connects; every pair is checked), USAGE (both or
 * neither of `moves`/`fens`, or a SetUp/FEN/bad Result tag). On failure `value` holds the game up
 * to the first problem. Cost: O(plies × legal moves) for `fens`, O(plies) for `moves`.
 *
 * @example buildGame({ moves: ['e4', 'e5', 'Nf3'] }).value // '[Event "?"]\n…\n1. e4 e5 2. Nf3 *\n'
 */
export function buildGame(input: BuildInput): Checked<string> {
  checkObject('buildGame', 'its input ({ start?, moves } or { fens })', input);
  const extra = input.tags ?? {};
  const usage = badTags(extra);
  if ((input.moves === undefined) === (input.fens === undefined)) {
    usage.push(
      diagnostic('USAGE', 'give either moves or FENs (exactly one of them)', {
        hint: 'forsyth build --moves "e4 e5" or --fens FILE',
      }),
    );
  } else if (input.fens !== undefined && input.start !== undefined) {
    usage.push(diagnostic('USAGE', 'a start position goes with moves; with FENs the first FEN is the start', {}));
  }
  if (usage.length > 0) return { ok: false, diagnostics: usage };
  const built = input.fens
    ? fromFens(input.fens, input.chess960 === true)
    : fromMoves(input.start ?? initialPosition(), input.moves ?? []);
  if (Array.isArray(built)) return { ok: false, diagnostics: built };
  const result = RESULTS.find((r) => r === extra['Result']) ?? '*';
  const text = writePgn(treeOf(tagList(built.start, extra), built.sans, result));
  const failed = built.diagnostics.some((d) => d.severity === 'error');
  return failed
    ? { ok: false, value: text, diagnostics: built.diagnostics }
    : { ok: true, value: text, diagnostics: built.diagnostics };
}

/** A parse tree for the built game, so `writePgn` prints it (numbers, wrapping, tags) like any other. */
function treeOf(tags: readonly (readonly [string, string])[], sans: readonly string[], result: ResultToken): Game {
  const span = { offset: 0, length: 0 };
  const moves: MoveNode[] = sans.map((text) => {
    const { san, check } = splitCheck(text) ?? { san: text, check: '' };
    return { ...span, san, check, nags: [], commentsBefore: [], commentsAfter: [], variations: [] };
  });
  return {
    index: 0,
    offset: 0,
    line: 1,
    column: 1,
    text: '',
    tags: tags.map(([name, value]) => ({ ...span, name, value, valueOffset: 0 })),
    comments: [],
    moves,
    finalComments: [],
    result: { ...span, value: result },
    diagnostics: [],
  };
}
