/**
 * `validate` lints moves that replay accepts but the standard spells otherwise, with the canonical
 * SAN as the hint; replay itself (what `fens` uses) stays quiet about them.
 */
import { describe, expect, it } from 'vitest';
import { parsePgn, replay, validate } from '../../src/index.js';

const LENIENT = '1. e2-e4 e5 2. Ng1f3 Nb8-c6 3. Bc4 Nf6 4. 0-0 Be7 5. Nb1c3 d6 6. d2d3 O-O *\n';

function only(pgn: string) {
  return [...parsePgn(pgn)][0]!;
}

describe('lenient SAN', () => {
  it('validate warns for each lenient move, located, with the canonical SAN', () => {
    const found = validate(only(LENIENT)).filter((d) => d.code === 'REPLAY_LENIENT_SAN');
    expect(found.map((d) => [d.excerpt, d.hint])).toEqual([
      ['e2-e4', 'write "e4"'],
      ['Ng1f3', 'write "Nf3"'],
      ['Nb8-c6', 'write "Nc6"'],
      ['0-0', 'write "O-O"'],
      ['Nb1c3', 'write "Nc3"'],
    ]);
    expect(found.every((d) => d.severity === 'warning' && d.line === 1)).toBe(true);
    expect(found[0]?.column).toBe(4);
    expect(found[3]?.message).toBe('"0-0" is read as "O-O": castling is written with the letter O, not zeros');
    // The sixth is counted on the last one reported.
    expect(found[4]?.message).toContain('(and 1 more moves like it in this game)');
  });

  it('names UCI moves and over-disambiguation', () => {
    const uci = validate(only('1. e2e4 *\n')).find((d) => d.code === 'REPLAY_LENIENT_SAN');
    expect(uci?.message).toBe('"e2e4" is read as "e4": this is UCI notation, not SAN');
    // From the start only the b1 knight reaches c3; after 1. Nf3 d5 2. d3 e5 both knights reach d2.
    const over = validate(only('1. Nbc3 *\n')).find((d) => d.code === 'REPLAY_LENIENT_SAN');
    expect(over?.message).toBe(
      '"Nbc3" is read as "Nc3": SAN names the origin only as far as needed to tell the move apart',
    );
    const needed = validate(only('1. Nf3 d5 2. d3 e5 3. Nbd2 *\n'));
    expect(needed.filter((d) => d.code === 'REPLAY_LENIENT_SAN')).toEqual([]);
  });

  it.each([
    ['1. e4 d5 2. ed5 *', 'ed5', 'exd5', "a capture is written with 'x'"],
    ['1. Pe4 *', 'Pe4', 'e4', "pawn moves are written without 'P'"],
    ['1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. e1g1 *', 'e1g1', 'O-O', 'this is UCI notation, not SAN'],
    [
      '[SetUp "1"]\n[FEN "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. b8Q *',
      'b8Q',
      'b8=Q',
      "a promotion is written with '=' before the new piece",
    ],
    ['[SetUp "1"]\n[FEN "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"]\n\n1. b8=q *', 'b8=q', 'b8=Q', 'piece letters are capitals'],
  ])('%s: explains why', (pgn, written, san, why) => {
    const d = validate(only(`${pgn}\n`)).find((x) => x.code === 'REPLAY_LENIENT_SAN');
    expect(d?.message).toBe(`"${written}" is read as "${san}": ${why}`);
  });

  it('replay (fens) says nothing about them and plays every move', () => {
    const replayed = replay(only(LENIENT));
    expect([...replayed]).toHaveLength(12);
    expect(replayed.diagnostics).toEqual([]);
  });

  it('says nothing for standard SAN', () => {
    expect(validate(only('1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. O-O Nf6 5. d4 exd4 *\n'))).toEqual([]);
  });
});
