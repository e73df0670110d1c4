/**
 * The raw nodes the generated Peggy parser returns (`grammar/pgn.peggy`): one flat list of
 * elements per game, in source order, each with `start`/`end` offsets into the game's text.
 * `tree.ts` turns the list into the `Game` tree of `ast.ts`; nothing else should read these.
 *
 * Key decision: almost every node has the same four fields (`kind`, `text`, `start`, `end`), so
 * the tree builder's hot loop sees one object shape. What a node means beyond its text (a move
 * number is for Black, a NAG's value) is derived in `tree.ts`, which keeps the grammar's actions
 * one line long; only tags (their value) and comments (closed or not) carry one more field.
 *
 * The compiler cannot check that the grammar's actions build these shapes (`returnTypes` is a
 * promise, not a proof); `test/pgn/grammar.test.ts` compares whole nodes for every construct.
 */

/** Kinds of element whose meaning is all in `text`. */
export type RawTokenKind =
  /** A SAN-shaped token, check suffix and `e.p.` included (`Nf3+`, `e8=Q`, `e8(Q)`, `O-O`, `--`). */
  | 'san'
  /** `12.`, `12...`, `12…`, `1. ...`: digits then dots (`text` is empty: read the offsets). */
  | 'moveNumber'
  /** Dots with no number before them (`...`), which carry no information. */
  | 'dots'
  /** `;…`: `text` is the rest of the line after `;`. */
  | 'lineComment'
  /** `%…` at column 1: `text` is the rest of the line after `%`. */
  | 'escape'
  /** `$12`: `text` is the digits. */
  | 'nag'
  /** `!`, `?`, `!!`, `??`, `!?`, `?!` (or any other run of `!`/`?`, which `tree.ts` rejects). */
  | 'suffix'
  | 'open'
  | 'close'
  /** `1-0`, `0-1`, `1/2-1/2` or `*`. */
  | 'result'
  /** `[` that does not start a well-formed tag pair: `text` is the rest up to `]` or the line end. */
  | 'badTag'
  /** Anything else, up to the next whitespace or delimiter (or a single stray `]` or `}`). */
  | 'invalid'
  /**
   * A move, result or castling spelt with a look-alike (`O–O`, `1–0`, `½-½`, `0–0`): `text` is what
   * it stands for (`O-O`, `1-0`, `1/2-1/2`, `0-0`); the source is at `start`…`end`.
   */
  | 'lookalike'
  /** The rest of a game past MAX_GAME_ELEMENTS, not read (`text` is empty; the span covers it). */
  | 'overflow';

/**
 * The per-game work budget of the grammar (the bound of `Element|..1000000, Gap|` in
 * grammar/pgn.peggy, the same number):
 * a game is read up to this many elements, and the rest of its text becomes one `overflow` node.
 */
export const MAX_GAME_ELEMENTS = 1_000_000;

export interface RawToken {
  readonly kind: RawTokenKind;
  readonly text: string;
  /** Offset of the first character in the game text. */
  readonly start: number;
  /** Offset just after the last character in the game text. */
  readonly end: number;
}

/** `[Name "value"]`: `text` is the name and `value` the raw value (escapes not yet decoded). */
export interface RawTag {
  readonly kind: 'tag';
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly value: string;
}

/** `{…}`: `text` is what lies between the braces; `closed` is false when the game ends first. */
export interface RawComment {
  readonly kind: 'comment';
  readonly text: string;
  readonly start: number;
  readonly end: number;
  readonly closed: boolean;
}

export type RawElement = RawToken | RawTag | RawComment;

/** What the generated parser returns for one game: its elements in source order. */
export type RawGame = readonly RawElement[];
