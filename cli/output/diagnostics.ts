/**
 * How the CLI shows diagnostics: the library's compiler-style `FILE:LINE:COL: error[CODE]: message`
 * with an indented `hint:` line (formatDiagnostic), or one JSON object per line; plus the counts
 * behind the summary line and the exit code.
 *
 * Policy (DESIGN.md 7.4): info diagnostics (which encoding was used, escape lines, null moves) are
 * shown only with --verbose; --quiet shows errors only. Every diagnostic is counted either way.
 */
import { escapeControls, formatDiagnostic, type Diagnostic } from '../../src/index.js';

export interface ReporterOptions {
  readonly verbose?: boolean | undefined;
  readonly quiet?: boolean | undefined;
  /** 'json' prints one object per line instead of the compiler-style text. */
  readonly format?: 'text' | 'json';
}

export interface Counts {
  errors: number;
  warnings: number;
  infos: number;
}

export class DiagnosticReporter {
  readonly counts: Counts = { errors: 0, warnings: 0, infos: 0 };

  constructor(
    private readonly print: (text: string) => void,
    private readonly options: ReporterOptions = {},
  ) {}

  /** Counts `d` and prints it if the verbosity allows. `file` is the name the user gave. */
  report(d: Diagnostic, file: string): void {
    this.count(d);
    if (!this.shows(d)) return;
    this.print(this.options.format === 'json' ? diagnosticJson(d, file) : formatDiagnostic(d, file));
  }

  /** Counts `d` without printing it (`stats` reports counts by code instead). */
  count(d: Diagnostic): void {
    if (d.severity === 'error') this.counts.errors++;
    else if (d.severity === 'warning') this.counts.warnings++;
    else this.counts.infos++;
  }

  shows(d: Diagnostic): boolean {
    if (d.severity === 'info') return this.options.verbose === true;
    if (d.severity === 'warning') return this.options.quiet !== true;
    return true;
  }
}

/**
 * One diagnostic as a JSON line (control characters escaped) with a fixed key set: file, game (1-based, null for file-level
 * problems), line, column (null when unknown), severity, code, message, hint (null when none).
 */
export function diagnosticJson(d: Diagnostic, file: string): string {
  // JSON.stringify escapes C0 controls; the rest (C1, bidirectional controls) too, for terminals.
  return escapeControls(jsonLine(d, file), true);
}

function jsonLine(d: Diagnostic, file: string): string {
  return JSON.stringify({
    file,
    game: d.gameIndex === undefined ? null : d.gameIndex + 1,
    line: d.line ?? null,
    column: d.column ?? null,
    severity: d.severity,
    code: d.code,
    message: d.message,
    hint: d.hint ?? null,
  });
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * `3 games read, 240 positions written, 1 error, 0 warnings` (positions left out when undefined);
 * with a filter, `3 games read, 2 selected, …`.
 */
export function summaryLine(games: number, counts: Counts, positions?: number, selected?: number): string {
  const parts = [`${plural(games, 'game')} read`];
  if (selected !== undefined) parts.push(`${selected} selected`);
  if (positions !== undefined) parts.push(`${plural(positions, 'position')} written`);
  parts.push(plural(counts.errors, 'error'), plural(counts.warnings, 'warning'));
  return parts.join(', ');
}
