/**
 * Replay: plays a parsed game from its starting position and yields one record per ply, with the
 * FEN after the move. Joins the chess core and the PGN tree; this is where a move becomes legal or
 * not.
 *
 * Key decisions:
 * - Lazy: records are produced by an iterator, and `fen`, `uci` and `canonicalSan` are computed on
 *   first read, so a caller that wants ply 20 or the final position pays for no strings it skips.
 * - Failures keep what they had: an illegal, ambiguous or unreadable move ends its line with a
 *   diagnostic (position, candidates, hint); plies before it are still yielded, and other
 *   variations and games go on.
 * - Variations are walked with an explicit stack, so nesting depth never touches the call stack.
 */
import {
  checkGame,
  moveTreeError,
  locate,
  type Comment,
  type Evaluation,
  type Game,
  type MoveLine,
  type MoveNode,
} from '../pgn/index.js';
import { DiagnosticCap, diagnostic, excerptOf, type Diagnostic, type DiagnosticCode } from '../diagnostics.js';
import {
  Line,
  makeFen,
  makeSan,
  type FenCastlingMode,
  type FenEpMode,
  type Move,
  type NormalMove,
  type Position,
  type SanError,
} from '../core/index.js';
import { startingPosition, type StartingPosition } from './start.js';

export type EpMode = FenEpMode;
export type CastlingNotation = FenCastlingMode;

export interface FenOptions {
  /** Which en-passant squares to write: after every double push (the standard), when a pawn
   * stands ready to take, or when the capture is legal (chess.js, python-chess). */
  readonly ep?: EpMode;
  /** Castling letters: `KQkq` (standard), X-FEN (default for Chess960), Shredder-FEN (`HAha`). */
  readonly castling?: CastlingNotation;
}

export interface ReplayOptions extends FenOptions {
  /** Also replay every variation, each from the position before the move it replaces. */
  readonly variations?: boolean;
  /** Yield the starting position first, as ply 0. */
  readonly includeStart?: boolean;
}

/** Set by `PlyRecord`'s static block: how `replay` makes records (the constructor is private). */
let logged: (
  ply: number,
  pathPrefix: string,
  pathIndex: number,
  node: MoveNode | undefined,
  log: Line,
  entry: number,
  beforeEntry: number,
) => PlyRecord;

/**
 * One ply (or the start, ply 0). `path` names where the ply stands: `"12"` is main-line ply 12;
 * `"12.2.3"` is the third ply of the second variation that replaces main-line ply 12; nesting
 * appends further `.variation.ply` pairs (`"12.2.3.1.1"`).
 *
 * Records made by `replay` hold only entry numbers into the replay's log: the positions, the move
 * and the FEN are built when first read.
 */
export class PlyRecord {
  private pathText: string | undefined;
  private fenText: string | undefined;
  private moveValue: Move | undefined;

  /**
   * The record of logged `entry` of `log`, reached from `beforeEntry` (-1 for ply 0) by the move
   * `log` keeps for `entry`. Records come from `replay` only.
   */
  private constructor(
    /** Plies since the starting position (0 for the start itself). */
    readonly ply: number,
    /** `path` in two parts, joined when first read (a string per ply cost more than the record). */
    private readonly pathPrefix: string,
    private readonly pathIndex: number,
    /** The tree node the move came from (undefined for ply 0). */
    readonly node: MoveNode | undefined,
    private readonly log: Line,
    private readonly entry: number,
    private readonly beforeEntry: number,
  ) {}

  static {
    logged = (ply, pathPrefix, pathIndex, node, log, entry, beforeEntry) =>
      new PlyRecord(ply, pathPrefix, pathIndex, node, log, entry, beforeEntry);
  }

  /** Where the ply stands in the move tree (see the class comment): `"12"`, `"12.2.3"`. */
  get path(): string {
    this.pathText ??= this.pathPrefix + String(this.pathIndex);
    return this.pathText;
  }

  /** Whether the ply is on the main line (its `path` has no dot). */
  get onMainLine(): boolean {
    return this.pathPrefix === '';
  }

  /** The position after the move (built on first read; the next ply's `before` is the same object). */
  get position(): Position {
    return this.log.position(this.entry);
  }

  /** The position before the move (undefined for ply 0). */
  get before(): Position | undefined {
    return this.beforeEntry < 0 ? undefined : this.log.position(this.beforeEntry);
  }

  /** The move played (undefined for ply 0). */
  get move(): Move | undefined {
    if (this.beforeEntry < 0) return undefined;
    return (this.moveValue ??= this.log.move(this.entry));
  }

  /** The fullmove number of the move (of the position, for ply 0). */
  get moveNumber(): number {
    return this.log.fullmovesAt(this.beforeEntry >= 0 ? this.beforeEntry : this.entry);
  }

  /** Who made the move (for ply 0: who is to move). */
  get color(): 'white' | 'black' {
    return this.log.turnAt(this.beforeEntry >= 0 ? this.beforeEntry : this.entry);
  }

  /** The move as written in the file, without check or annotation suffixes. */
  get san(): string {
    return this.node?.san ?? '';
  }

  get canonicalSan(): string {
    return this.beforeEntry < 0 ? '' : this.log.san(this.beforeEntry, this.entry, this.node?.san ?? '');
  }

  get uci(): string {
    return this.beforeEntry < 0 ? '' : this.log.uci(this.entry);
  }

  get fen(): string {
    this.fenText ??= this.log.fen(this.entry);
    return this.fenText;
  }

  /**
   * Writes `fen` as ASCII bytes into `out` from index `at`, without making the string (for output
   * that is bytes anyway). Returns the index after the last byte, or -1 when the FEN does not fit
   * before `out.length` (nothing is written then).
   *
   * @example const bytes = new Uint8Array(100); const end = record.writeFen(bytes, 0); // bytes[0, end) = record.fen
   */
  writeFen(out: Uint8Array, at: number): number {
    const text = this.fenText;
    if (text === undefined) {
      const end = this.log.writeFen(this.entry, out, at);
      if (end >= 0) return end;
      // Too little room, or a FEN too long for the byte form (huge counters): the string says which.
      return this.writeFenText(this.fen, out, at);
    }
    return this.writeFenText(text, out, at);
  }

  private writeFenText(text: string, out: Uint8Array, at: number): number {
    if (at + text.length > out.length) return -1;
    for (let i = 0; i < text.length; i++) out[at + i] = text.charCodeAt(i);
    return at + text.length;
  }

  /**
   * The EPD position: the first four FEN fields, the en-passant square only when a capture onto it
   * is legal (whatever the replay's `ep` option), castling letters as in `fen`. The key of lichess's
   * evaluation datasets; no `Position` is built for it.
   *
   * @example [...replay([...parsePgn('1. e4 *')][0])][0].epd // 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq -'
   */
  get epd(): string {
    return this.log.epd(this.entry);
  }

  /** `epd` as ASCII bytes into `out` from `at`, as `writeFen` writes `fen`: the end, or -1 when it does not fit. */
  writeEpd(out: Uint8Array, at: number): number {
    return this.log.writeEpd(this.entry, out, at);
  }

  /**
   * The position's Polyglot key as 16 hex digits, as `polyglotHex(record.position)` gives it,
   * without building the `Position`.
   */
  get polyglotHex(): string {
    return this.log.polyglotHex(this.entry);
  }

  get comments(): readonly Comment[] {
    return this.node?.commentsAfter ?? [];
  }

  get nags(): readonly number[] {
    return this.node?.nags ?? [];
  }

  /** Seconds left on the clock after the move, from `[%clk …]`. */
  get clock(): number | undefined {
    return this.comments.find((c) => c.clock !== undefined)?.clock;
  }

  get eval(): Evaluation | undefined {
    return this.comments.find((c) => c.eval !== undefined)?.eval;
  }
}

/** A lazy replay: iterate it for the records; `diagnostics` is complete once iteration ends. */
export interface GameReplay extends Iterable<PlyRecord> {
  readonly start: StartingPosition;
  readonly diagnostics: readonly Diagnostic[];
}

interface Frame {
  readonly line: MoveLine;
  index: number;
  /** The log entry of the position this line has reached. */
  entry: number;
  ply: number;
  /** The path of this line's parent variation, '' for the main line. */
  readonly prefix: string;
}

/**
 * Replays `game`. Cost: O(plies) with one candidate-only SAN resolution and one move made on a
 * private board per ply; positions and FEN strings are built only when read.
 */
export function replay(game: Game, options: ReplayOptions = {}): GameReplay {
  checkGame('replay', game);
  const start = startingPosition(game);
  const diagnostics: Diagnostic[] = [];
  const fenOptions: FenOptions = {
    ep: options.ep ?? 'always',
    ...(options.castling ? { castling: options.castling } : {}),
  };
  return {
    start,
    diagnostics,
    [Symbol.iterator]: () => new ReplayWalk(game, options, fenOptions, start, diagnostics),
  };
}

/**
 * The iterator behind `replay`: walks the move tree one ply per `next()`. A class rather than a
 * generator, because resuming a generator per ply cost more than this method call (measured).
 * Like a generator, it does nothing until the first `next()`.
 */
class ReplayWalk implements Iterator<PlyRecord> {
  private board: Line | undefined;
  private readonly stack: Frame[] = [];
  /** The lines walked so far (with variations on): each may be entered once. Made at the first variation. */
  private entered: Set<MoveLine> | undefined;
  /** The log entry the live board stands on. */
  private live = 0;
  private started = false;
  /** Whether this walk has reported a null move: once per game, so the list stays short. */
  private reportedNull = false;
  /** Bounds the move diagnostics (one per failing line: a game can have a million variations). */
  private cap: DiagnosticCap | undefined;
  private closed = false;

  constructor(
    private readonly game: Game,
    private readonly options: ReplayOptions,
    private readonly fenOptions: FenOptions,
    private readonly start: StartingPosition,
    private readonly diagnostics: Diagnostic[],
  ) {}

  [Symbol.iterator](): this {
    return this;
  }

  /** Ends the walk early (`break` out of a `for…of`), as a generator's `return` would. */
  return(): IteratorResult<PlyRecord> {
    this.started = true;
    this.stack.length = 0;
    return { done: true, value: undefined };
  }

  next(): IteratorResult<PlyRecord> {
    if (!this.started) {
      this.started = true;
      const first = this.begin();
      if (first !== undefined) return { done: false, value: first };
    }
    const board = this.board;
    const stack = this.stack;
    while (board !== undefined && stack.length > 0) {
      const frame = stack[stack.length - 1] as Frame;
      const node = frame.line[frame.index];
      if (!node) {
        stack.pop();
        continue;
      }
      const beforeEntry = frame.entry;
      if (this.live !== beforeEntry) {
        board.restore(beforeEntry);
        this.live = beforeEntry;
      }
      const entry = board.play(node.san);
      if (typeof entry !== 'number') {
        // No move: the error, with its hint, ends this line.
        const cap = (this.cap ??= new DiagnosticCap());
        const kept = cap.admit(codeOf(entry));
        if (kept || cap.wantsFirst(codeOf(entry))) {
          const d = placeInGame(this.game, moveDiagnostic(node, board.position(beforeEntry), entry));
          if (kept) this.diagnostics.push(d);
          else cap.omitted(d);
        }
        stack.pop();
        continue;
      }
      if (!this.reportedNull && board.isNullAt(entry)) this.reportNull(node);
      this.live = entry;
      frame.index++;
      frame.ply++;
      frame.entry = entry;
      if (this.options.variations && node.variations.length > 0) {
        const path = frame.prefix + String(frame.index);
        // Pushed last-first so the first variation is walked first, as it reads in the file.
        for (let v = node.variations.length - 1; v >= 0; v--) {
          const line = node.variations[v] as MoveLine;
          // A hand-made tree may lead back into a line already walked: it would never end.
          const entered = (this.entered ??= new Set([this.game.moves]));
          if (entered.has(line)) throw moveTreeError('replay');
          entered.add(line);
          stack.push({ line, index: 0, entry: beforeEntry, ply: frame.ply - 1, prefix: `${path}.${v + 1}.` });
        }
      }
      return { done: false, value: logged(frame.ply, frame.prefix, frame.index, node, board, entry, beforeEntry) };
    }
    if (!this.closed) {
      this.closed = true;
      if (this.cap) for (const note of this.cap.notes()) this.diagnostics.push(note);
    }
    return { done: true, value: undefined };
  }

  private reportNull(node: MoveNode): void {
    this.reportedNull = true;
    const message = `"${node.san}" is a null move: the side to move passes (not a legal chess move)`;
    const hint = 'null moves mark analysis lines; later null moves in this game are not reported again';
    this.diagnostics.push(
      placeInGame(
        this.game,
        diagnostic('SAN_NULL_MOVE', message, { offset: node.offset, length: node.length, excerpt: node.san, hint }),
      ),
    );
  }

  /** The start of a walk: diagnostics reset, the board set up; returns the ply 0 record if asked for. */
  private begin(): PlyRecord | undefined {
    const { game, diagnostics } = this;
    const placed = (d: Diagnostic): Diagnostic => placeInGame(game, d);
    diagnostics.length = 0;
    this.reportedNull = false;
    this.cap = undefined;
    for (const d of this.start.diagnostics) diagnostics.push(placed(d));
    const first = this.start.position;
    if (!first) return undefined;
    checkFirstMoveNumber(game.moves[0], first, diagnostics, placed);
    const board = new Line(first, game.moves.length, this.fenOptions);
    this.board = board;
    this.entered = undefined;
    this.stack.push({ line: game.moves, index: 0, entry: 0, ply: 0, prefix: '' });
    return this.options.includeStart ? logged(0, '', 0, undefined, board, 0, -1) : undefined;
  }
}

/** Fills in line, column and game index from the diagnostic's file offset. */
export function placeInGame(game: Game, d: Diagnostic): Diagnostic {
  if (d.offset === undefined) return { ...d, gameIndex: game.index };
  return { ...d, ...locate(game, d.offset), gameIndex: game.index };
}

const SIDE = { white: 'White', black: 'Black' } as const;

function codeOf(error: SanError): DiagnosticCode {
  return error.kind === 'illegal'
    ? 'REPLAY_ILLEGAL_MOVE'
    : error.kind === 'ambiguous'
      ? 'REPLAY_AMBIGUOUS_MOVE'
      : 'REPLAY_BAD_MOVE';
}

function moveDiagnostic(node: MoveNode, before: Position, error: SanError): Diagnostic {
  const code = codeOf(error);
  const where = `move ${before.fullmoves}${before.turn === 'white' ? '.' : '...'} (${SIDE[before.turn]} to move)`;
  const what = error.kind === 'illegal' ? 'illegal move' : error.kind === 'ambiguous' ? 'ambiguous move' : 'not a move';
  // A token can be megabytes long (junk in the movetext): quote and excerpt it short.
  const shown = excerptOf(node.san.slice(0, 61));
  // "illegal move" says it all; the core's reason matters for ambiguity and syntax.
  const reason = error.kind === 'illegal' ? '' : `: ${error.message}`;
  return diagnostic(code, `${what} "${shown}" at ${where}${reason}; the rest of this line is skipped`, {
    offset: node.offset,
    length: node.length,
    excerpt: shown,
    fen: makeFen(before),
    hint: moveHint(before, error),
  });
}

function moveHint(before: Position, error: SanError): string {
  const names = error.candidates.slice(0, 6).map((m: NormalMove) => makeSan(before, m));
  if (error.kind === 'ambiguous') return `several moves match; write one of ${names.join(', ')}`;
  if (names.length > 0) return `did you mean ${names.join(' or ')}?`;
  if (error.kind === 'null') return 'null moves (--) are only allowed where the caller accepts them';
  return `position before the move: ${makeFen(before)}`;
}

function checkFirstMoveNumber(
  node: MoveNode | undefined,
  start: Position,
  out: Diagnostic[],
  placed: (d: Diagnostic) => Diagnostic,
): void {
  const number = node?.number;
  if (!number) return;
  const black = start.turn === 'black';
  if (number.value === start.fullmoves && number.black === black) return;
  const expected = `${start.fullmoves}${black ? '...' : '.'}`;
  // Same side, another number: the FEN's fullmove number is the likelier slip (often advanced after
  // White's move instead of Black's), so offer the FEN with the movetext's number too.
  const sameSide = number.black === black && number.value >= 1;
  const slip =
    sameSide && black && number.value === start.fullmoves - 1
      ? "; the FEN's fullmove number looks advanced after White's move (it grows after Black's)"
      : '';
  const fenHint = sameSide
    ? `, or if the movetext is right, the FEN is [FEN "${makeFen({ ...start, board: start.board, fullmoves: number.value })}"]`
    : ", or fix the FEN's side to move and fullmove number";
  out.push(
    placed(
      diagnostic(
        'REPLAY_MOVE_NUMBER',
        `the movetext starts at "${number.value}${number.black ? '...' : '.'}" but the starting position is move ${start.fullmoves} with ${SIDE[start.turn]} to move${slip}; the position is followed`,
        { offset: number.offset, length: number.length, hint: `write "${expected}" before the first move${fenHint}` },
      ),
    ),
  );
}
