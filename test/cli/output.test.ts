/**
 * Unit tests for the CLI's output helpers, where an end-to-end run would not reach every case
 * (CSV quoting of quotes and newlines, the progress bar, which diagnostics each verbosity shows).
 */
import { describe, expect, it, vi } from 'vitest';
import type { Diagnostic } from '../../src/index.js';
import { DiagnosticReporter, diagnosticJson, summaryLine } from '../../cli/output/diagnostics.js';
import { csvField, makeFormatter } from '../../cli/output/formats.js';
import {
  EXPECTED_SECONDS_FOR_BAR,
  EXPECTED_TEXT_BYTES_PER_SECOND,
  LATE_BAR_MS,
  ProgressBar,
  expectedSeconds,
  expectedTextBytes,
} from '../../cli/output/progress.js';

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
    expect(Object.keys(JSON.parse(f.row(row)) as object)).toEqual([
      'file',
      'game',
      'ply',
      'move',
      'uci',
      'fen',
      'path',
      'tags',
      'count',
    ]);
  });

  it('epd uses the tree path in the id with --variations, and c0 for the count', () => {
    const f = makeFormatter('epd', all);
    expect(f.row(row)).toBe(
      'rnbqkbnr/pppppppp/8/8/8/5N2/PPPPPPPP/RNBQKB1R b KQkq - hmvc 1; fmvn 1; id "g3p12.2.3"; c0 "7";',
    );
  });

  it('text prints the count before the FEN', () => {
    expect(makeFormatter('text', all).row(row)).toBe(`7 ${row.fen}`);
    expect(makeFormatter('text', { ...all, count: false }).row(row)).toBe(row.fen);
  });
});

describe('ProgressBar', () => {
  const tty = {
    isTTY: true,
    columns: 120,
    written: [] as string[],
    write(t: string) {
      this.written.push(t);
    },
  };
  const MB = 1024 * 1024;
  /** Bytes on disk that take `seconds` to read at the expected speed, for a file named `name`. */
  const sized = (name: string, seconds: number, ratio = 1) => ({
    name,
    size: (seconds * EXPECTED_TEXT_BYTES_PER_SECOND) / ratio,
  });

  it('appears only on a terminal, without --quiet', () => {
    const inputs = [sized('a.pgn', 10)];
    expect(ProgressBar.maybe(inputs, false, tty)).toBeInstanceOf(ProgressBar);
    expect(ProgressBar.maybe(inputs, true, tty)).toBeUndefined();
    expect(ProgressBar.maybe(inputs, false, { ...tty, isTTY: false })).toBeUndefined();
  });

  it('expects a compressed file to hold several times its size in text', () => {
    expect(expectedTextBytes({ name: 'a.pgn', size: 7 * MB })).toBe(7 * MB);
    expect(expectedTextBytes({ name: 'a.pgn.gz', size: 7 * MB })).toBe(24.5 * MB);
    expect(expectedTextBytes({ name: 'a.PGN.ZST', size: 7 * MB })).toBe(35 * MB);
    expect(expectedTextBytes({ name: '<stdin>', size: undefined })).toBeUndefined();
    // The 7 MB tcec-standard.pgn.gz (26 MB of text) is a run of several seconds.
    expect(expectedSeconds([{ name: 'tcec-standard.pgn.gz', size: 7.2 * MB }])).toBeGreaterThan(4);
    expect(
      expectedSeconds([
        { name: 'a.pgn', size: 1 },
        { name: '<stdin>', size: undefined },
      ]),
    ).toBeUndefined();
  });

  /** What the bar has drawn after one update at `afterMs` from its start. */
  function drawnAfter(inputs: { name: string; size: number | undefined }[], afterMs: number): string[] {
    const sink = { ...tty, written: [] as string[] };
    const bar = ProgressBar.maybe(inputs, false, sink);
    const now = Date.now();
    const spy = vi.spyOn(Date, 'now').mockReturnValue(now + afterMs);
    try {
      bar?.update(1000, 3);
    } finally {
      spy.mockRestore();
    }
    return sink.written;
  }

  it('draws at once when the run should take two seconds or more, by the text it holds', () => {
    expect(drawnAfter([sized('big.pgn.gz', EXPECTED_SECONDS_FOR_BAR, 3.5)], 0)).toHaveLength(1);
    expect(
      drawnAfter([sized('a.pgn', EXPECTED_SECONDS_FOR_BAR / 2), sized('b.pgn', EXPECTED_SECONDS_FOR_BAR / 2)], 0),
    ).toHaveLength(1);
  });

  it('draws a shorter run, or standard input, only once it has lasted a second', () => {
    const short = [sized('small.pgn.gz', EXPECTED_SECONDS_FOR_BAR / 2, 3.5)];
    expect(drawnAfter(short, 0)).toEqual([]);
    expect(drawnAfter(short, LATE_BAR_MS - 50)).toEqual([]);
    expect(drawnAfter(short, LATE_BAR_MS + 50)).toHaveLength(1);
    const stdin = [{ name: '<stdin>', size: undefined }];
    expect(drawnAfter(stdin, 0)).toEqual([]);
    expect(drawnAfter(stdin, LATE_BAR_MS + 50)[0]).toMatch(/^\r0\.0 MB read {2}3 games {2}\d+ games\/s\x1b\[K$/);
  });

  it('shows bytes of total, games, games/s and time left', () => {
    const bar = new ProgressBar(100 * MB, tty, 1_000_000);
    const text = bar.render(25 * MB, 5000, 1_010_000);
    expect(text).toMatch(/^\[####-{12}\] 25% 25\.0\/100\.0 MB {2}5000 games {2}500 games\/s {2}00:30 left$/);
  });

  it('shows the bytes read when the total is unknown (standard input)', () => {
    const bar = new ProgressBar(undefined, tty, 1_000_000);
    expect(bar.render(12.5 * MB, 3000, 1_010_000)).toBe('12.5 MB read  3000 games  300 games/s');
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
  const d = (severity: Diagnostic['severity']): Diagnostic => ({
    code: 'IO_ENCODING',
    severity,
    message: 'm',
    line: 2,
    column: 5,
    gameIndex: 0,
  });

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
    expect(summaryLine(1, { errors: 1, warnings: 2, infos: 0 }, 1)).toBe(
      '1 game read, 1 position written, 1 error, 2 warnings',
    );
    expect(summaryLine(0, { errors: 0, warnings: 0, infos: 3 })).toBe('0 games read, 0 errors, 0 warnings');
  });
});
