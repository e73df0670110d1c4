/**
 * Opening classification: the committed table module is what the generator makes of the CC0 TSV
 * files; every named line classifies as itself; a transposition gets the name of the position it
 * reaches; the latest named position wins; Chess960 and games without a named position get none.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  classifyOpening,
  compileWhere,
  gameSubject,
  initialPosition,
  openingOfPosition,
  openingSubject,
  openingTable,
  parsePgn,
  parseSan,
  play,
  type Game,
} from '../../src/index.js';
// @ts-expect-error: a plain .mjs build script without type declarations
import { tableModule } from '../../scripts/openings-table.mjs';

const DATA = new URL('../../data/chess-openings/', import.meta.url);
const tsv = ['a', 'b', 'c', 'd', 'e'].map((f) => readFileSync(new URL(`${f}.tsv`, DATA), 'utf8'));

function game(pgn: string): Game {
  const [first] = parsePgn(pgn);
  if (!first) throw new Error('no game');
  return first;
}

describe('the opening table', () => {
  it('src/openings/table.ts is what scripts/openings-table.mjs makes of data/chess-openings', () => {
    const committed = readFileSync(new URL('../../src/openings/table.ts', import.meta.url), 'utf8');
    expect(committed).toBe((tableModule as (t: string[]) => string)(tsv));
  });

  it('holds every TSV row, with its ECO code, name and moves', () => {
    const rows = tsv.flatMap((t) =>
      t
        .split('\n')
        .slice(1)
        .filter((l) => l.trim() !== ''),
    );
    const table = openingTable();
    expect(table).toHaveLength(3807);
    expect(rows).toHaveLength(3807);
    rows.forEach((row, i) => {
      const [eco, name, pgn] = row.split('\t');
      const entry = table[i];
      expect(entry?.eco).toBe(eco);
      expect(entry?.name).toBe(name);
      expect(entry?.moves.join(' ')).toBe(
        pgn
          ?.split(' ')
          .filter((t) => !/^\d+\.$/.test(t))
          .join(' '),
      );
    });
  });

  it('classifies every named line as itself, at its last ply', () => {
    for (const entry of openingTable()) {
      const found = classifyOpening(game(`${entry.moves.join(' ')} *`));
      expect([found?.eco, found?.name, found?.ply]).toEqual([entry.eco, entry.name, entry.moves.length]);
    }
  });
});

describe('classifyOpening', () => {
  it('names the latest named position of the game', () => {
    expect(
      classifyOpening(
        game(
          '1. e4 e5 2. Nf3 Nf6 3. Nxe5 d6 4. Nf3 Nxe4 5. d4 d5 6. Bd3 Be7 7. O-O Nc6 8. c4 Nb4 9. Be2 O-O 10. Nc3 Bf5 *',
        ),
      ),
    ).toMatchObject({
      eco: 'C42',
      name: expect.stringMatching(/^Petrov's Defense/) as unknown,
      ply: expect.any(Number) as unknown,
    });
    const short = classifyOpening(game('1. e4 e5 2. Nf3 Nf6 3. a3 *'));
    expect(short).toMatchObject({ eco: 'C42', name: "Petrov's Defense", ply: 4 });
  });

  it('gives a transposition the name of the position it reaches', () => {
    // The Nimzo-Indian's line is 1. d4 Nf6 2. c4 e6 3. Nc3 Bb4; this game comes from the English.
    expect(classifyOpening(game('1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 *'))).toMatchObject({
      eco: 'E20',
      name: 'Nimzo-Indian Defense',
      ply: 6,
    });
    // One move later the game is in a deeper named position (the Sämisch), still by transposition.
    expect(classifyOpening(game('1. c4 e6 2. Nc3 Nf6 3. d4 Bb4 4. a3 *'))).toMatchObject({ eco: 'E24', ply: 7 });
  });

  it('prefers, among entries naming the same position, the one whose moves the game played', () => {
    const table = openingTable();
    const byPosition = new Map<string, number[]>();
    table.forEach((entry, i) => {
      let pos = initialPosition();
      for (const san of entry.moves) {
        const move = parseSan(pos, san);
        if (!move.ok) throw new Error(san);
        pos = play(pos, move.value);
      }
      const key = openingOfPosition(pos);
      expect(key).toBeDefined();
      const id = `${key?.eco} ${key?.name}`;
      byPosition.set(id, [...(byPosition.get(id) ?? []), i]);
    });
    const shared = [...byPosition.values()].filter((list) => list.length > 1);
    expect(shared.length).toBeGreaterThan(10);
    for (const list of shared) {
      for (const i of list) {
        const entry = table[i];
        if (!entry) continue;
        const found = classifyOpening(game(`${entry.moves.join(' ')} *`));
        expect(found?.name).toBe(entry.name);
      }
    }
  });

  it('gives nothing for a game that names no position, and for Chess960', () => {
    expect(classifyOpening(game('*'))).toBeUndefined();
    const chess960 =
      '[Variant "Chess960"]\n[FEN "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1"]\n[SetUp "1"]\n\n1. e4 e5 *';
    expect(classifyOpening(game(chess960))).toBeUndefined();
  });

  it('compares positions with the en-passant square only when the capture is legal', () => {
    // After 1. e4 the ep square e3 cannot be taken: the position is the table's "King's Pawn Game".
    expect(classifyOpening(game('1. e4 *'))).toMatchObject({ eco: 'B00', ply: 1 });
    // A game reaching the position from a FEN tag with no ep field is the same position.
    const setup = '[FEN "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"]\n[SetUp "1"]\n\n1... e5 *';
    expect(classifyOpening(game(setup))).toMatchObject({ eco: 'C20', ply: 1 });
  });

  it('stops looking once the game has fewer pieces than any named position', () => {
    // A long game: the classification is the opening's, whatever follows.
    const moves =
      '1. e4 e5 2. Nf3 Nf6 3. Nxe5 Nxe4 4. Qe2 Qe7 5. Qxe4 d6 6. d4 dxe5 7. dxe5 Nc6 8. Bb5 Bd7 9. Bxc6 Bxc6 10. Qe2 O-O-O *';
    expect(classifyOpening(game(moves))?.eco).toBe('C42');
  });
});

describe('--where fields eco and opening', () => {
  const where = (text: string) => {
    const compiled = compileWhere(text);
    if (!compiled.ok) throw new Error(compiled.error.message);
    return compiled.value;
  };

  it('read the tag where it is written, else the classification', () => {
    const tagged = game('[ECO "B33"]\n[Opening "Sicilian"]\n\n1. e4 e5 *');
    const untagged = game('[ECO "?"]\n\n1. e4 c5 2. Nf3 d6 *');
    const sicilian = where('eco >= "B20" && eco <= "B99"');
    expect(sicilian.needsMoves).toBe(true);
    expect(sicilian.test(openingSubject(tagged))).toBe(true);
    expect(sicilian.test(openingSubject(untagged))).toBe(true);
    expect(where('opening ~ "sicilian defense"').test(openingSubject(untagged))).toBe(true);
    expect(where('eco == "C20"').test(openingSubject(game('1. e4 e5 *')))).toBe(true);
  });

  it('without a classifier (gameSubject) read the tags alone', () => {
    expect(where('eco == "C20"').test(gameSubject(game('1. e4 e5 *')))).toBe(false);
    expect(where('eco == "C20"').test(gameSubject(game('[ECO "C20"]\n\n*')))).toBe(true);
  });
});
