/**
 * Sizes far past any real game, generated: a 10 MB comment, 1 MB tag values (closed, unclosed, and
 * as a FEN), a 10 MB line with no line end at all, and a long line full of problems. Each must be
 * read in a few seconds with the games around it intact, through parsePgn and the streaming reader.
 */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { replay } from '../../src/replay/replay.js';
import { fensOf, readBytes, realGames, timed, timedAsync } from '../support/robustness.js';

const MB = 1024 * 1024;
const [SHORT_GAME = '', STUDY = '', CHESS960 = ''] = realGames();
const REFERENCE = [...parsePgn(SHORT_GAME + STUDY + CHESS960)].map((g) => fensOf(g));

/** 64 KiB cuts, as a file is read. */
function fileChunks(length: number): number[] {
  return Array.from({ length: Math.floor(length / 65536) }, (_, i) => (i + 1) * 65536);
}

function report(what: string, size: number, ms: number): void {
  console.info(`${what}: ${(size / MB).toFixed(1)} MB in ${ms.toFixed(0)} ms`);
}

describe('a 10 MB comment', () => {
  // Words and line ends, as an annotator would write; the `}` comes 10 MB later.
  const words = 'a long annotation with [%clk 0:00:01] and ( ) inside\n';
  const comment = words.repeat(Math.ceil((10 * MB) / words.length)).slice(0, 10 * MB);
  const big = SHORT_GAME.replace('6.Bd3 e6', `6.Bd3 {${comment}} e6`);
  const text = big + STUDY + CHESS960;

  it('is one comment of exactly that text, and the games keep their FENs (parsePgn)', () => {
    const { value: games, ms } = timed(() => [...parsePgn(text)]);
    expect(games).toHaveLength(3);
    const node = games[0]?.moves.find((m) => m.commentsAfter.length > 0);
    expect(node?.san).toBe('Bd3');
    expect(node?.commentsAfter[0]?.text === comment).toBe(true);
    expect(games.map((g) => fensOf(g))).toEqual(REFERENCE);
    report('10 MB comment, parsePgn', text.length, ms);
    expect(ms).toBeLessThan(5_000);
  }, 30_000);

  it('the same through readPgn in 64 KiB chunks', async () => {
    const bytes = Buffer.from(text, 'utf8');
    const { value, ms } = await timedAsync(() => readBytes(bytes, fileChunks(bytes.length)));
    expect(value.games.map((g) => fensOf(g))).toEqual(REFERENCE);
    expect(value.games[0]?.diagnostics).toEqual([]);
    report('10 MB comment, readPgn', bytes.length, ms);
    expect(ms).toBeLessThan(8_000);
  }, 30_000);

  it('unclosed, it ends at the next game: the next games are intact', () => {
    const open = SHORT_GAME.replace('6.Bd3 e6', `6.Bd3 {${comment}`) + STUDY + CHESS960;
    const { value: games, ms } = timed(() => [...parsePgn(open)]);
    expect(games).toHaveLength(3);
    expect(games[0]?.diagnostics.map((d) => d.code)).toContain('PGN_UNCLOSED_COMMENT');
    expect(games.slice(1).map((g) => fensOf(g))).toEqual(REFERENCE.slice(1));
    expect(ms).toBeLessThan(5_000);
  }, 30_000);
});

describe('1 MB tag values', () => {
  const value = 'Grandmaster "Q" \\ of the long name, '.repeat(Math.ceil(MB / 36)).slice(0, MB);
  const escaped = value.replace(/[\\"]/g, '\\$&');

  it('a closed one is read whole (escapes decoded) and the game replays', () => {
    const text = SHORT_GAME.replace('[White "Deep Blue (Computer)"]', `[White "${escaped}"]`) + STUDY;
    const { value: games, ms } = timed(() => [...parsePgn(text)]);
    expect(games[0]?.tags.find((t) => t.name === 'White')?.value === value).toBe(true);
    expect(games.map((g) => fensOf(g))).toEqual(REFERENCE.slice(0, 2));
    report('1 MB tag value', text.length, ms);
    expect(ms).toBeLessThan(3_000);
  });

  it('an unclosed one costs that tag only; the moves and the next game are intact', () => {
    const text = SHORT_GAME.replace('[White "Deep Blue (Computer)"]', `[White "${escaped}`) + STUDY;
    const games = [...parsePgn(text)];
    expect(games.map((g) => fensOf(g))).toEqual(REFERENCE.slice(0, 2));
    expect(games[0]?.diagnostics.map((d) => d.code)).toEqual(['PGN_UNCLOSED_TAG']);
    expect(games[0]?.diagnostics[0]?.message.length).toBeLessThan(200);
  });

  it('a 1 MB FEN tag of junk is refused in bounded time and words, the next game intact', () => {
    const junk = `[Event "junk"]\n[SetUp "1"]\n[FEN "${'x/'.repeat(MB / 4)}${'y'.repeat(MB / 2)}"]\n\n1. e4 *\n\n`;
    const { value: games, ms } = timed(() => [...parsePgn(junk + STUDY)]);
    const replayed = replay(games[0] as Game);
    expect([...replayed]).toEqual([]);
    const codes = replayed.diagnostics.map((d) => d.code);
    expect(codes).toContain('SETUP_BAD_FEN');
    expect(codes.length).toBeLessThan(40);
    expect(fensOf(games[1] as Game)).toEqual(REFERENCE[1]);
    expect(ms).toBeLessThan(3_000);
    // The bound is the parse's, measured above; the rest (replay, reference FENs) may take longer on a loaded machine.
  }, 30_000);
});

describe('a 10 MB line with no line end', () => {
  // Line ends lost (a mangled copy): three games on one line, over and over, for 10 MB, no final line end.
  const unit = (SHORT_GAME + STUDY + CHESS960).replace(/\r?\n/g, ' ');
  const line = unit.repeat(Math.ceil((10 * MB) / unit.length)).trimEnd(); // just over 10 MB, ending with a result

  it("is one game (a game starts only at a line start): the first game's moves, the rest ignored once", async () => {
    const bytes = Buffer.from(line, 'utf8');
    const { value, ms } = await timedAsync(() => readBytes(bytes, fileChunks(bytes.length)));
    expect(value.games).toHaveLength(1);
    const game = value.games[0] as Game;
    // The first game's tags and moves, then everything after its result is text after the result.
    expect(fensOf(game)).toEqual(REFERENCE[0]);
    expect(game.diagnostics.map((d) => d.code)).toEqual(['PGN_TEXT_AFTER_RESULT']);
    expect(value.diagnostics.map((d) => d.code)).toEqual(['IO_ENCODING']);
    report('10 MB line, readPgn', bytes.length, ms);
    expect(ms).toBeLessThan(8_000);
  }, 30_000);
});

describe('a long line full of problems', () => {
  it('locates 200,000 problems on one line in linear time, 100 listed and one note for the rest', () => {
    const n = 200_000;
    const text = `[Event "a"]\n\n1. e4 ${') '.repeat(n)}*\n`;
    const { value: games, ms } = timed(() => [...parsePgn(text)]);
    const diagnostics = games[0]?.diagnostics ?? [];
    expect(diagnostics).toHaveLength(101);
    // The k-th `)` is at column 7 + 2k of line 3; the note points at the first one not listed.
    expect([diagnostics[0], diagnostics[99], diagnostics[100]].map((d) => [d?.code, d?.line, d?.column])).toEqual([
      ['PGN_UNMATCHED_PAREN', 3, 7],
      ['PGN_UNMATCHED_PAREN', 3, 7 + 2 * 99],
      ['DIAGNOSTICS_OMITTED', 3, 7 + 2 * 100],
    ]);
    expect(diagnostics[100]?.message).toContain(`and ${n - 100} more PGN_UNMATCHED_PAREN`);
    expect(diagnostics[100]?.severity).toBe('error');
    report(`${n} problems on one line`, text.length, ms);
    expect(ms).toBeLessThan(5_000);
  }, 60_000);

  it('locates 10,000 unclosed variations on one line, innermost first, in linear time', () => {
    const n = 10_000;
    const text = `[Event "a"]\n\n1. e4 ${'(1. d4 '.repeat(n)}*\n`;
    const { value: games, ms } = timed(() => [...parsePgn(text, { maxVariationDepth: Infinity })]);
    const open = games[0]?.diagnostics.filter((d) => d.code === 'PGN_UNCLOSED_VARIATION') ?? [];
    // Innermost first: the 100 listed are the last 100 `(` of the line.
    expect(open).toHaveLength(100);
    expect(open.map((d) => d.column).sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
      Array.from({ length: 100 }, (_, k) => 7 + 7 * (n - 100 + k)),
    );
    expect(games[0]?.diagnostics.at(-1)?.message).toContain(`and ${n - 100} more PGN_UNCLOSED_VARIATION`);
    report(`${n} unclosed variations on one line`, text.length, ms);
    expect(ms).toBeLessThan(3_000);
  }, 60_000);
});
