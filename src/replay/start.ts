/**
 * The starting position of a game, from its SetUp, FEN and Variant tags, with every header problem
 * located at its tag. Joins the chess core (FEN) and the PGN tree (tags); knows nothing of moves.
 *
 * Rules (PGN standard 9.7 and what real files do): `[FEN]` with `[SetUp "1"]` starts there; a FEN
 * without SetUp is honoured with a warning (python-chess and lichess do the same); SetUp "1" without
 * FEN is an error and the standard position is used; SetUp "0" with a FEN contradicts itself (warn,
 * honour the FEN, which is the more specific claim). Tag names are matched exactly first, then
 * regardless of case with a warning (`[fen "…"]`): a start position ignored is a game read wrong.
 * A FEN that is invalid only in ways with one obvious fix (`repairFen`: a contradicted castling
 * right, an impossible en-passant square, missing fields) is repaired and the game played from
 * there, each change a located SETUP_FEN_REPAIRED warning; `fenErrors` keeps the FEN's errors as
 * written for `validate`. A start no reader could agree on (no king, two kings, a pawn on a back
 * rank, the side not to move in check) skips the game.
 */
import { diagnostic, excerptOf, type Diagnostic } from '../diagnostics.js';
import { parseFen, repairFen } from '../core/index.js';
import { initialPosition, type Position } from '../core/index.js';
import type { Game, Tag } from '../pgn/index.js';

export type VariantKind = 'standard' | 'chess960' | 'unsupported';

export interface StartingPosition {
  /** Undefined when the game cannot be replayed (bad FEN, unsupported variant). */
  readonly position: Position | undefined;
  readonly chess960: boolean;
  readonly diagnostics: readonly Diagnostic[];
  /**
   * When the game is played from a repaired FEN: the errors of the FEN tag as written (located in
   * the file), which `validate` reports instead of the SETUP_FEN_REPAIRED warnings.
   */
  readonly fenErrors?: readonly Diagnostic[];
}

/** Positions are immutable: every game without a FEN tag starts from this one. */
const INITIAL = initialPosition();

const STANDARD_NAMES = new Set(['', 'standard', 'chess', 'normal', 'fromposition', 'orthodox', 'classical']);
const CHESS960_NAMES = new Set(['chess960', 'fischerandom', 'fischerrandom', '960', 'frc']);

/** `Variant` tag value → kind; spellings seen in real files (`chess 960`, `Fischerandom`, …). */
export function variantKind(value: string | undefined): VariantKind {
  const key = (value ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  if (STANDARD_NAMES.has(key)) return 'standard';
  if (CHESS960_NAMES.has(key)) return 'chess960';
  return 'unsupported';
}

/** The last tag of that name (duplicates: the last one wins, as in python-chess). */
export function findTag(game: Game, name: string): Tag | undefined {
  for (let i = game.tags.length - 1; i >= 0; i--) {
    const tag = game.tags[i];
    if (tag?.name === name) return tag;
  }
  return undefined;
}

/**
 * The tag `name` for the start position: the exact name, else one whose name differs only in case
 * (`[fen "…"]`, `[setup "1"]`), with a SETUP_TAG_CASE warning.
 */
function startTag(game: Game, name: string, out: Diagnostic[]): Tag | undefined {
  const exact = findTag(game, name);
  if (exact) return exact;
  let found: Tag | undefined;
  for (const tag of game.tags) if (sameLetters(tag.name, name)) found = tag;
  if (found) {
    out.push(
      diagnostic('SETUP_TAG_CASE', `the tag "${found.name}" is read as "${name}"; tag names are case-sensitive`, {
        ...tagSpan(found),
        hint: `write [${name} "${found.value.slice(0, 61)}"]; other programs ignore "${found.name}"`,
      }),
    );
  }
  return found;
}

/**
 * Whether `a` and `b` differ only in the case of ASCII letters (what `toLowerCase` equality means
 * for the tag names asked for here), without making strings: every game asks for three tags.
 */
function sameLetters(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y && ((x | 32) !== (y | 32) || (x | 32) < 97 || (x | 32) > 122)) return false;
  }
  return true;
}

function tagSpan(tag: Tag): { offset: number; length: number; excerpt: string } {
  return { offset: tag.offset, length: tag.length, excerpt: excerptOf(`[${tag.name} "${tag.value.slice(0, 61)}"]`) };
}

/** Reads the starting position; O(tags + FEN length). */
export function startingPosition(game: Game): StartingPosition {
  const diagnostics: Diagnostic[] = [];
  const variant = startTag(game, 'Variant', diagnostics);
  const kind = variantKind(variant?.value);
  if (variant && kind === 'unsupported') {
    diagnostics.push(
      diagnostic('VARIANT_UNSUPPORTED', `variant "${variant.value}" is not supported; the game is skipped`, {
        ...tagSpan(variant),
        hint: 'forsyth plays standard chess and Chess960 (Variant "Chess960"); convert this game with a variant-aware tool',
      }),
    );
    return { position: undefined, chess960: false, diagnostics };
  }
  const setUp = startTag(game, 'SetUp', diagnostics);
  const fen = startTag(game, 'FEN', diagnostics);
  checkSetUp(setUp, fen, diagnostics);
  if (!fen) return { position: INITIAL, chess960: kind === 'chess960', diagnostics };

  const chess960 = kind === 'chess960';
  const parsed = parseFen(fen.value, { chess960 });
  // FEN offsets count from the first character of the value, so add the value's file offset.
  const inFile = (d: Diagnostic): Diagnostic => ({
    ...d,
    offset: fen.valueOffset + (d.offset ?? 0),
    excerpt: d.excerpt ?? excerptOf(fen.value.slice(0, 61)),
  });
  if (parsed.ok) {
    for (const d of parsed.diagnostics) diagnostics.push(inFile(d));
    return { position: parsed.value, chess960: parsed.value.chess960, diagnostics };
  }
  const repaired = repairFen(fen.value, { chess960 });
  if (repaired) {
    for (const d of parsed.diagnostics) if (d.severity !== 'error') diagnostics.push(inFile(d));
    for (const change of repaired.changes) {
      const { problem } = change;
      diagnostics.push(
        diagnostic('SETUP_FEN_REPAIRED', `${problem.message}: ${change.action}`, {
          offset: fen.valueOffset + (problem.offset ?? 0),
          length: problem.length ?? 0,
          excerpt: excerptOf(fen.value.slice(0, 61)),
          hint: `the game is played from "${repaired.fen}"; write that FEN in the tag`,
        }),
      );
    }
    const fenErrors = parsed.diagnostics.filter((d) => d.severity === 'error').map(inFile);
    return { position: repaired.position, chess960: repaired.position.chess960, diagnostics, fenErrors };
  }
  for (const d of parsed.diagnostics) diagnostics.push(inFile(d));
  diagnostics.push(
    diagnostic('SETUP_BAD_FEN', `the FEN tag "${fen.value}" is not a legal position; the game is skipped`, {
      ...tagSpan(fen),
      hint: 'fix the FEN (see the problems above); `forsyth fen "<FEN>"` explains each one',
    }),
  );
  return { position: undefined, chess960, diagnostics };
}

function checkSetUp(setUp: Tag | undefined, fen: Tag | undefined, out: Diagnostic[]): void {
  if (setUp && setUp.value !== '0' && setUp.value !== '1') {
    out.push(
      diagnostic('SETUP_BAD_VALUE', `SetUp must be "0" or "1", not "${setUp.value}"`, {
        ...tagSpan(setUp),
        hint: fen ? 'write [SetUp "1"] since the game has a FEN tag' : 'write [SetUp "0"] or remove the tag',
      }),
    );
    return;
  }
  if (fen && !setUp) {
    out.push(
      diagnostic('SETUP_MISSING', 'the game has a FEN tag but no SetUp tag; the FEN is used', {
        ...tagSpan(fen),
        hint: 'add [SetUp "1"] before the FEN tag, as the PGN standard requires',
      }),
    );
  } else if (setUp?.value === '1' && !fen) {
    out.push(
      diagnostic(
        'SETUP_WITHOUT_FEN',
        'SetUp "1" says the game starts from a set-up position, but there is no FEN tag',
        {
          ...tagSpan(setUp),
          hint: 'add the starting position as [FEN "…"], or remove SetUp; the standard position is used',
        },
      ),
    );
  } else if (setUp?.value === '0' && fen) {
    out.push(
      diagnostic(
        'SETUP_CONTRADICTS_FEN',
        'SetUp "0" says the standard start, but a FEN tag is present; the FEN is used',
        {
          ...tagSpan(setUp),
          hint: 'write [SetUp "1"] if the FEN is the real start, or remove the FEN tag',
        },
      ),
    );
  }
}
