import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePgn, replay } from '../../src/index.js';

const STANDARD_AFTER_E4 = 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1';

function single(pgn: string) {
  return [...parsePgn(pgn)][0]!;
}

describe('replay records', () => {
  it('yields ply, move number, colour, SAN as written, canonical SAN, UCI and FEN', () => {
    const records = [...replay(single('1. e4 e5 2. Ng1f3 Nc6 *'), { includeStart: true })];
    expect(records.map((r) => [r.ply, r.moveNumber, r.color, r.san, r.canonicalSan, r.uci])).toEqual([
      [0, 1, 'white', '', '', ''],
      [1, 1, 'white', 'e4', 'e4', 'e2e4'],
      [2, 1, 'black', 'e5', 'e5', 'e7e5'],
      [3, 2, 'white', 'Ng1f3', 'Nf3', 'g1f3'],
      [4, 2, 'black', 'Nc6', 'Nc6', 'b8c6'],
    ]);
    expect(records[1]?.fen).toBe(STANDARD_AFTER_E4);
  });

  it('writes two ranks whose texts share a memo slot in one FEN (N3N3 and 2N1n3)', () => {
    // The rank memo is direct-mapped: these two ranks take the same slot, so a writer that kept
    // the slot instead of the text would print one rank twice.
    const game = single('[SetUp "1"]\n[FEN "4k3/8/8/N3N3/2N1n3/8/8/4K3 w - - 0 1"]\n\n1. Kd1 Kd8 *');
    expect([...replay(game)].map((r) => r.fen)).toEqual([
      '4k3/8/8/N3N3/2N1n3/8/8/3K4 b - - 1 1',
      '3k4/8/8/N3N3/2N1n3/8/8/3K4 w - - 2 2',
    ]);
  });

  it('writes large move counters in full', () => {
    const game = single('[SetUp "1"]\n[FEN "4k3/8/8/8/8/8/8/4K3 w - - 99 9007199254740990"]\n\n1. Kd1 Kd8 *');
    expect([...replay(game)].map((r) => r.fen)).toEqual([
      '4k3/8/8/8/8/8/8/3K4 b - - 100 9007199254740990',
      '3k4/8/8/8/8/8/8/3K4 w - - 101 9007199254740991',
    ]);
  });

  it('follows the en-passant convention asked for', () => {
    const game = single('1. e4 *');
    expect([...replay(game, { ep: 'always' })][0]?.fen).toBe(STANDARD_AFTER_E4);
    expect([...replay(game, { ep: 'legal' })][0]?.fen).toBe(
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    );
    expect([...replay(game, { ep: 'pseudo' })][0]?.fen).toBe(
      'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1',
    );
  });

  it('carries comments, NAGs, clock and eval of the move', () => {
    const [record] = [...replay(single('1. e4! $14 { [%clk 0:03:00] [%eval 0.25] best by test } *'))];
    expect(record?.nags).toEqual([1, 14]);
    expect(record?.clock).toBe(180);
    expect(record?.eval).toEqual({ pawns: 0.25 });
    expect(record?.comments[0]?.text).toContain('best by test');
  });

  it('plays null moves and flips the side to move', () => {
    const records = [...replay(single('1. e4 -- 2. d4 *'))];
    expect(records.map((r) => r.uci)).toEqual(['e2e4', '0000', 'd2d4']);
    expect(records[1]?.fen).toBe('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2');
  });
  it('reports the first null move of a game as info SAN_NULL_MOVE, located at the token', () => {
    const run = replay(single('1. e4 -- 2. d4 Z0 3. c4 *'));
    expect([...run].map((r) => r.uci)).toEqual(['e2e4', '0000', 'd2d4', '0000', 'c2c4']);
    expect(run.diagnostics.map((d) => [d.code, d.severity, d.line, d.column, d.excerpt])).toEqual([
      ['SAN_NULL_MOVE', 'info', 1, 7, '--'],
    ]);
    const again = replay(single('1. e4 e5 *'));
    expect([...again]).toHaveLength(2);
    expect(again.diagnostics).toEqual([]);
  });
});

describe('variations', () => {
  const pgn = '1. e4 (1. d4 d5 (1... Nf6 2. c4)) 1... e5 (1... c5 2. Nf3) 2. Nf3 *';

  it('replays only the main line by default', () => {
    expect([...replay(single(pgn))].map((r) => r.path)).toEqual(['1', '2', '3']);
  });

  it('walks every variation from the position before the move it replaces, in file order', () => {
    const records = [...replay(single(pgn), { variations: true })];
    expect(records.map((r) => `${r.path}:${r.canonicalSan}`)).toEqual([
      '1:e4',
      '1.1.1:d4',
      '1.1.2:d5',
      '1.1.2.1.1:Nf6',
      '1.1.2.1.2:c4',
      '2:e5',
      '2.1.1:c5',
      '2.1.2:Nf3',
      '3:Nf3',
    ]);
    expect(records.find((r) => r.path === '1.1.2.1.2')?.fen).toBe(
      'rnbqkb1r/pppppppp/5n2/8/2PP4/8/PP2PPPP/RNBQKBNR b KQkq c3 0 2',
    );
    expect(records.filter((r) => r.onMainLine).map((r) => r.path)).toEqual(['1', '2', '3']);
    const start = [...replay(single(pgn), { includeStart: true })][0]!;
    expect([start.path, start.onMainLine]).toEqual(['0', true]);
  });

  it('survives a variation nesting depth of 10,000 without a stack overflow', () => {
    const depth = 10_000;
    const text = `1. e4 ${'(1. d4 '.repeat(depth)}${')'.repeat(depth)} 1... e5 *`;
    const game = [...parsePgn(text, { maxVariationDepth: Infinity })][0]!;
    const records = [...replay(game, { variations: true })];
    expect(records).toHaveLength(depth + 2);
    expect(records.at(-1)?.path).toBe('2');
  });
});

describe('move problems never lose the game', () => {
  it('reports an illegal move with its position, keeps the plies before it, and goes on with the next game', () => {
    const text = readFileSync(new URL('../../samples/broken-game-between-good-ones.pgn', import.meta.url), 'utf8');
    const games = [...parsePgn(text)];
    expect(games).toHaveLength(3);
    const [first, broken, third] = games.map((g) => {
      const r = replay(g);
      return { plies: [...r].length, diagnostics: r.diagnostics };
    });
    expect(first?.plies).toBe(73);
    expect(third?.plies).toBe(87);
    // 16 full moves then 17. Bd3 fails: 32 plies before it.
    expect(broken?.plies).toBe(32);
    expect(broken?.diagnostics).toHaveLength(1);
    const d = broken!.diagnostics[0]!;
    expect(d).toMatchObject({ code: 'REPLAY_ILLEGAL_MOVE', severity: 'error', excerpt: 'Bd3', gameIndex: 1 });
    expect(d.message).toBe('illegal move "Bd3" at move 17. (White to move); the rest of this line is skipped');
    expect(d.fen).toMatch(/ w - - \d+ 17$/);
    const line = text.split('\n')[(d.line ?? 0) - 1] ?? '';
    expect(line.slice((d.column ?? 0) - 1).startsWith('Bd3')).toBe(true);
  });

  it('tells an ambiguous move apart and names the candidates', () => {
    const r = replay(single('1. Nf3 Nf6 2. d3 d6 3. Nd2 *'));
    expect([...r]).toHaveLength(4);
    expect(r.diagnostics[0]?.code).toBe('REPLAY_AMBIGUOUS_MOVE');
    expect(r.diagnostics[0]?.hint).toContain('Nbd2');
    expect(r.diagnostics[0]?.hint).toContain('Nfd2');
  });

  it('stops only the variation that breaks', () => {
    const r = replay(single('1. e4 (1. Ke2) 1... e5 2. Nf3 *'), { variations: true });
    expect([...r].map((x) => x.path)).toEqual(['1', '2', '3']);
    expect(r.diagnostics.map((d) => d.code)).toEqual(['REPLAY_ILLEGAL_MOVE']);
  });
});
