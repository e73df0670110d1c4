/**
 * Messages between the page and the engine (a Web Worker, or the page itself when a worker cannot be
 * made). Plain data only, so they pass `postMessage` unchanged.
 */
import type { CastlingNotation, EpMode } from 'forsyth';

export interface EngineOptions {
  readonly ep: EpMode;
  readonly castling: CastlingNotation;
  readonly variations: boolean;
}

/** One row of the game list. */
export interface GameSummary {
  readonly index: number;
  readonly white: string;
  readonly black: string;
  readonly result: string;
  readonly event: string;
  readonly date: string;
  readonly plies: number;
  readonly errors: number;
  readonly warnings: number;
}

export interface ProblemView {
  readonly code: string;
  readonly severity: string;
  readonly message: string;
  readonly hint?: string;
  readonly line?: number;
  readonly column?: number;
  /** Offset and length inside the game's own text (not the whole input), for highlighting. */
  readonly start?: number;
  readonly length?: number;
  /** The diagnostic as the CLI prints it: `FILE:LINE:COL: error[CODE]: message`. */
  readonly formatted: string;
}

export interface PlyView {
  readonly ply: number;
  readonly path: string;
  readonly label: string;
  readonly san: string;
  readonly uci: string;
  readonly fen: string;
  readonly lastMove?: { readonly from: string; readonly to: string };
}

export interface GameDetail {
  readonly index: number;
  readonly text: string;
  /** Offset of the game's text in the whole input. */
  readonly offset: number;
  /** 1-based line of the game's first character in the whole input. */
  readonly line: number;
  readonly plies: readonly PlyView[];
  readonly problems: readonly ProblemView[];
}

export interface FenCheck {
  readonly line: number;
  readonly input: string;
  readonly ok: boolean;
  /** The FEN as forsyth writes it back (repaired spacing, order, counters), when it could be read. */
  readonly normalized?: string;
  readonly problems: readonly ProblemView[];
}

export type Request =
  | { readonly type: 'load'; readonly id: number; readonly text: string; readonly options: EngineOptions }
  | { readonly type: 'game'; readonly id: number; readonly index: number; readonly options: EngineOptions }
  | { readonly type: 'export'; readonly id: number; readonly format: ExportFormat; readonly options: EngineOptions };

export type ExportFormat = 'csv' | 'ndjson' | 'fixed-pgn';

export type Reply =
  | { readonly type: 'progress'; readonly id: number; readonly games: number; readonly done: number; readonly total: number }
  | { readonly type: 'games'; readonly id: number; readonly games: readonly GameSummary[] }
  | { readonly type: 'fens'; readonly id: number; readonly fens: readonly FenCheck[] }
  | { readonly type: 'loaded'; readonly id: number; readonly games: number; readonly millis: number }
  | { readonly type: 'game'; readonly id: number; readonly detail: GameDetail }
  | { readonly type: 'export'; readonly id: number; readonly format: ExportFormat; readonly text: string }
  | { readonly type: 'error'; readonly id: number; readonly message: string };
