/**
 * writeStyledPgn: the moves (variations included) and FEN comments it writes are the ones
 * pgn-extract writes for the same games (test/fixtures/keepers/README.md), and the output is still
 * PGN that forsyth reads back (LAN and UCI moves included).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePgn, replay, writeStyledPgn, type MoveStyle } from '../../src/index.js';

const CLI = new URL('../fixtures/cli/', import.meta.url);
const KEEPERS = new URL('../fixtures/keepers/', import.meta.url);

/** Movetext tokens of each game: moves, `(`, `)` and `{comments}` (numbers, NAGs and results dropped). */
function movetext(pgn: string, keepComments: boolean): string[][] {
  const games = pgn.split(/\n(?=\[Event )/).filter((g) => g.trim() !== '');
  return games.map((g) => {
    const body = g
      .split('\n')
      .filter((l) => !l.startsWith('['))
      .join(' ');
    const tokens = body.match(/\{[^}]*\}|\(|\)|[^\s(){}]+/g) ?? [];
    return tokens
      .filter((t) => !/^\d+\.+$/.test(t) && !/^\$\d+$/.test(t) && !['1-0', '0-1', '1/2-1/2', '*'].includes(t))
      .filter((t) => keepComments || !t.startsWith('{'))
      .map((t) => (t.startsWith('{') ? t.replace(/\s+/g, ' ') : t));
  });
}

function styled(file: string, moves: MoveStyle | undefined, fenComments = false): string {
  const text = readFileSync(new URL(file, CLI), 'utf8');
  return [...parsePgn(text)].map((g) => writeStyledPgn(g, { ...(moves ? { moves } : {}), fenComments })).join('\n');
}

function reference(name: string): string {
  return readFileSync(new URL(name, KEEPERS), 'utf8');
}

const FILES = ['kasparov-deep-blue-1997', 'charles-xii-setup'];

describe('writeStyledPgn against pgn-extract', () => {
  it.each(FILES)("%s: --moves lan gives -Wlalg's moves and variations", (name) => {
    expect(movetext(styled(`${name}.pgn`, 'lan'), false)).toEqual(movetext(reference(`${name}.lalg.pgn`), false));
  });

  it.each(FILES)("%s: --moves san gives -Wsan's moves", (name) => {
    expect(movetext(styled(`${name}.pgn`, 'san'), false)).toEqual(movetext(reference(`${name}.san.pgn`), false));
  });

  it.each(FILES)("%s: --moves uci gives -Wuci's main line, no numbers, comments or variations", (name) => {
    const ours = styled(`${name}.pgn`, 'uci');
    expect(movetext(ours, true)).toEqual(
      movetext(reference(`${name}.uci.pgn`), true).map((g) => g.map((t) => t.toLowerCase())),
    );
    const body = ours
      .split('\n')
      .filter((l) => !l.startsWith('['))
      .join('\n');
    expect(body).toMatch(/[a-h][1-8][a-h][1-8]/);
    expect(body).not.toMatch(/\d\.|\{|\(/);
  });

  it.each(FILES)('%s: --fencomments gives the same FEN after every move', (name) => {
    const fens = (pgn: string) => movetext(pgn, true).map((g) => g.filter((t) => /^\{ \S+\/\S+ [wb] /.test(t)));
    const ours = fens(styled(`${name}.pgn`, undefined, true));
    expect(ours.flat().length).toBeGreaterThan(50);
    expect(ours).toEqual(fens(reference(`${name}.fencomments.pgn`)));
  });
});

describe('writeStyledPgn output', () => {
  it('reads back to the same positions in every style', () => {
    const text = readFileSync(new URL('kasparov-deep-blue-1997.pgn', CLI), 'utf8');
    const original = [...parsePgn(text)].map((g) => [...replay(g)].map((r) => r.fen));
    for (const moves of ['san', 'lan', 'uci'] as const) {
      const again = [...parsePgn(styled('kasparov-deep-blue-1997.pgn', moves))].map((g) =>
        [...replay(g)].map((r) => r.fen),
      );
      expect(again).toEqual(original);
    }
  });

  it('writes a promotion in capitals in LAN and in lower case in UCI', () => {
    const [game] = parsePgn('[FEN "8/P7/8/8/8/8/8/k6K w - - 0 1"]\n[SetUp "1"]\n\n1. a8=Q+ Kb1 *');
    if (!game) throw new Error('no game');
    expect(writeStyledPgn(game, { moves: 'lan' })).toContain('1. a7a8Q+ a1b1 *');
    expect(writeStyledPgn(game, { moves: 'uci' })).toContain('\na7a8q a1b1 *');
  });

  it('keeps a move that cannot be played as written', () => {
    const [game] = parsePgn('1. e4 e5 2. Ke3 Nc6 *');
    if (!game) throw new Error('no game');
    expect(writeStyledPgn(game, { moves: 'lan' })).toContain('1. e2e4 e7e5 2. Ke3 Nc6 *');
  });
});
