/**
 * Unit tests for the CLI's output helpers, where an end-to-end run would not reach every case
 * (CSV quoting of quotes and newlines, the progress bar, which diagnostics each verbosity shows).
 */
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/index.js';
import { DiagnosticReporter, diagnosticJson, summaryLine } from '../../cli/output/diagnostics.js';
import { csvField, makeFormatter } from '../../cli/output/formats.js';
import { PROGRESS_THRESHOLD_BYTES, ProgressBar } from '../../cli/output/progress.js';

describe('csvField (RFC 4180)', () => {
  it.each([
    ['plain', 'plain'],
    ['Colle, Edgar', '"Colle, Edgar"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\rhere', '"cr\rhere"'],
    ['', ''],
  ])('%j → %j', (value, quoted) => {
    expect(csvField(value)).toBe(quoted);
  });
});

describe('makeFormatter', () => {
  const row = {
    file: 'a.pgn',
    game: 3,
    ply: 12,
    move: 'Nf3',
    uci: 'g1f3',
    fen: 'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - 1 1',
    path: '12.2.3',
    tags: { White: 'Colle, Edgar', Round: null },
    count: 7,
  };
  const all = { file: true, path: true, tags: ['White', 'Round'], count: true };

  it('csv with every optional column', () => {
    const f = makeFormatter('csv', all);
    expect(f.header).toBe('file,game,ply,move,uci,fen,path,White,Round,count');
    expect(f.row(row)).toBe(`a.pgn,3,12,Nf3,g1f3,${row.fen},12.2.3,"Colle, Edgar",,7`);
  });

  it('ndjson with every optional column keeps the documented key order', () => {
    const f = makeFormatter('ndjson', all);
    expect(Object.keys(JSON.parse(f.row(row)) as object)).toEqual(['file', 'game', 'ply', 'move', 'uci', 'fen', 'path', 'tags', 'count']);
  });

  it('epd uses the tree path in the id with --variations, and c0 for the count', () => {
    const f = makeFormatter('epd', all);
    expect(f.row(row)).toBe('rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - hmvc 1; fmvn 1; id "g3p12.2.3"; c0 "7";');
  });

  it('text prints the count before the FEN', () => {
    expect(makeFormatter('text', all).row(row)).toBe(`7 ${row.fen}`);
    expect(makeFormatter('text', { ...all, count: false }).row(row)).toBe(row.fen);
  });
});

describe('ProgressBar', () => {
  const tty = { isTTY: true, columns: 120, written: [] as string[], write(t: string) { this.written.push(t); } };

  it('appears only on a terminal, for big inputs, without --quiet', () => {
    const big = PROGRESS_THRESHOLD_BYTES + 1;
    expect(ProgressBar.maybe(big, false, tty)).toBeInstanceOf(ProgressBar);
    expect(ProgressBar.maybe(big, true, tty)).toBeUndefined();
    expect(ProgressBar.maybe(PROGRESS_THRESHOLD_BYTES, false, tty)).toBeUndefined();
    expect(ProgressBar.maybe(big, false, { ...tty, isTTY: false })).toBeUndefined();
  });

  it('shows bytes of total, games, games/s and time left', () => {
    const bar = new ProgressBar(100 * 1024 * 1024, tty, 1_000_000);
    const text = bar.render(25 * 1024 * 1024, 5000, 1_010_000);
    expect(text).toMatch(/^\[####-{12}\] 25% 25\.0\/100\.0 MB {2}5000 games {2}500 games\/s {2}00:30 left$/);
  });

  it('clears its line', () => {
    const sink = { ...tty, written: [] as string[] };
    const bar = new ProgressBar(1, sink);
    bar.update(0, 0);
    bar.clear();
    expect(sink.written.at(-1)).toBe('\r\x1b[K');
  });
});

describe('DiagnosticReporter', () => {
  const d = (severity: Diagnostic['severity']): Diagnostic => ({ code: 'IO_ENCODING', severity, message: 'm', line: 2, column: 5, gameIndex: 0 });

  it.each([
    [{}, ['error', 'warning']],
    [{ verbose: true }, ['error', 'warning', 'info']],
    [{ quiet: true }, ['error']],
  ] as const)('with %j shows %j, and counts everything', (options, shown) => {
    const printed: string[] = [];
    const reporter = new DiagnosticReporter((t) => printed.push(t), options);
    for (const s of ['error', 'warning', 'info'] as const) reporter.report(d(s), 'f.pgn');
    expect(printed.map((t) => /: (\w+)\[/.exec(t)?.[1])).toEqual(shown);
    expect(reporter.counts).toEqual({ errors: 1, warnings: 1, infos: 1 });
  });

  it('json lines have exactly the documented keys', () => {
    expect(JSON.parse(diagnosticJson({ ...d('error'), hint: 'h' }, 'f.pgn'))).toEqual({
      file: 'f.pgn',
      game: 1,
      line: 2,
      column: 5,
      severity: 'error',
      code: 'IO_ENCODING',
      message: 'm',
      hint: 'h',
    });
  });

  it('summaryLine uses singular and plural', () => {
    expect(summaryLine(1, { errors: 1, warnings: 2, infos: 0 }, 1)).toBe('1 game read, 1 position written, 1 error, 2 warnings');
    expect(summaryLine(0, { errors: 0, warnings: 0, infos: 3 })).toBe('0 games read, 0 errors, 0 warnings');
  });
});
