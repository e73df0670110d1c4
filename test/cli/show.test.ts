/**
 * `forsyth show` end to end: ASCII when piped, forced Unicode with colours, the last move from a PGN
 * game, and the SVG file (parsed as XML-ish: 64 squares, pieces, coordinates). Positions come from
 * python-chess's reference FENs for the fixture games, never from forsyth.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { expected, lines, run } from './helpers.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
const kasparov = expected('kasparov-deep-blue-1997');

/** The placement field as an 8×8 grid of ASCII cells ('.' for empty), rank 8 first. */
function gridOf(fen: string): string[][] {
  return (fen.split(' ')[0] ?? '').split('/').map((rank) => [...rank.replace(/\d/g, (d) => '.'.repeat(Number(d)))]);
}

/** The 8 rank rows of an ASCII diagram, cells without the last-move brackets. */
function asciiGrid(stdout: string): string[][] {
  return lines(stdout)
    .filter((l) => /^[1-8] \|/.test(l))
    .map((l) => [...l.slice(3, -1).replace(/[[\]]/g, ' ').replace(/ {2}/g, ' ').trim().replace(/ /g, '')]);
}

describe('forsyth show, text diagrams', () => {
  it('prints an ASCII board with coordinates and the side to move when piped', async () => {
    const r = await run(['show', START]);
    expect(lines(r.stdout)).toEqual([
      '  +------------------------+',
      '8 | r  n  b  q  k  b  n  r |',
      '7 | p  p  p  p  p  p  p  p |',
      '6 | .  .  .  .  .  .  .  . |',
      '5 | .  .  .  .  .  .  .  . |',
      '4 | .  .  .  .  .  .  .  . |',
      '3 | .  .  .  .  .  .  .  . |',
      '2 | P  P  P  P  P  P  P  P |',
      '1 | R  N  B  Q  K  B  N  R |',
      '  +------------------------+',
      '    a  b  c  d  e  f  g  h',
      'White to move',
      `FEN: ${START}`,
    ]);
    expect(r.code).toBe(0);
  });

  it('shows ply K of game N of a PGN file, with the last move highlighted in brackets', async () => {
    // Game 1, ply 3 is 2. g3: the reference FEN after it, g2 and g3 bracketed.
    const r = await run(['show', '--pgn', 'kasparov-deep-blue-1997.pgn', '--game', '1', '--ply', '3']);
    const fen = kasparov[0]!.fens[2]!;
    expect(asciiGrid(r.stdout)).toEqual(gridOf(fen));
    expect(r.stdout).toContain('3 | .  .  .  .  .  N [P] . |');
    expect(r.stdout).toContain('2 | P  P  P  P  P  P [.] P |');
    expect(r.stdout).toContain('Last move: 2. g3');
    expect(r.stdout).toContain('Black to move');
    expect(r.code).toBe(0);
  });

  it('says check, checkmate or stalemate after the side to move', async () => {
    const mate = await run(['show', '--pgn', 'fools-mate.pgn']);
    expect(mate.stdout).toContain('White to move (checkmate)\nLast move: 2... Qh4#\n');
    const stalemate = await run(['show', '7k/5Q2/6K1/8/8/8/8/8 b - - 0 1']);
    expect(stalemate.stdout).toContain('Black to move (stalemate)\n');
    const check = await run(['show', '--pgn', 'kasparov-deep-blue-1997.pgn', '--ply', '68']);
    expect(check.stdout).toMatch(/ to move \(check\)\nLast move: 34\.\.\. Qxf1\+\n/);
  });

  it('without --ply shows the final position of the game', async () => {
    const r = await run(['show', '--pgn', 'kasparov-deep-blue-1997.pgn', '--game', '2']);
    const fens = kasparov[1]!.fens;
    expect(asciiGrid(r.stdout)).toEqual(gridOf(fens[fens.length - 1]!));
    expect(r.code).toBe(0);
  });

  it('--ply 0 is the starting position (from the FEN tag of a SetUp game)', async () => {
    const charles = expected('charles-xii-setup');
    const r = await run(['show', '--pgn', 'charles-xii-setup.pgn', '--ply', '0']);
    expect(asciiGrid(r.stdout)).toEqual(gridOf(charles[0]!.start_fen));
    expect(r.stdout).not.toContain('Last move');
    expect(r.code).toBe(0);
  });

  it('--unicode forces Unicode pieces on ANSI-coloured squares even when piped', async () => {
    const r = await run(['show', '--unicode', START]);
    expect(r.stdout).toContain('\u001b[48;5;');
    expect(r.stdout).toContain('♚');
    expect(r.stdout).not.toContain(' K ');
    expect(r.code).toBe(0);
  });

  it('NO_COLOR keeps the Unicode pieces but drops the colours', async () => {
    const r = await run(['show', '--unicode', START], { env: { NO_COLOR: '1' } });
    expect(r.stdout).not.toContain('\u001b[');
    expect(r.stdout).toContain('8 | ♜  ♞  ♝  ♛  ♚  ♝  ♞  ♜ |');
    expect(r.code).toBe(0);
  });

  it('--flip draws the board from Black’s side', async () => {
    const r = await run(['show', '--flip', START]);
    const rows = lines(r.stdout).filter((l) => /^[1-8] \|/.test(l));
    expect(rows[0]).toBe('1 | R  N  B  K  Q  B  N  R |');
    expect(lines(r.stdout)).toContain('    h  g  f  e  d  c  b  a');
  });

  it('a bad FEN gives a located diagnostic and exit 1', async () => {
    const r = await run(['show', 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1']);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^fen:1:\d+: error\[FEN_[A-Z_]+\]/m);
    expect(r.code).toBe(1);
  });

  it('a game or ply that does not exist is a usage error (exit 2)', async () => {
    const game = await run(['show', '--pgn', 'fools-mate.pgn', '--game', '3']);
    expect(game.stderr).toMatch(/no game 3/);
    expect(game.code).toBe(2);
    const ply = await run(['show', '--pgn', 'fools-mate.pgn', '--ply', '99']);
    expect(ply.stderr).toMatch(/no ply 99/);
    expect(ply.code).toBe(2);
  });

  it('a FEN and --pgn together is a usage error (exit 2)', async () => {
    const r = await run(['show', START, '--pgn', 'fools-mate.pgn']);
    expect(r.code).toBe(2);
  });
});

describe('forsyth show --svg', () => {
  it('writes a standalone SVG: 64 squares, 32 pieces as chess glyphs, coordinates, side to move, last move', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'forsyth-show-'));
    const file = join(dir, 'board.svg');
    const r = await run(['show', '--pgn', 'kasparov-deep-blue-1997.pgn', '--ply', '1', '--svg', file]);
    expect(r.code).toBe(0);
    const svg = readFileSync(file, 'utf8');
    expect(svg.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg"')).toBe(
      true,
    );
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    // XML-ish: every element is closed (self-closing or with a matching end tag).
    const opened = [...svg.matchAll(/<([a-z]+)\b[^>]*?(\/?)>/g)].filter((m) => m[2] !== '/').map((m) => m[1]);
    const closed = [...svg.matchAll(/<\/([a-z]+)>/g)].map((m) => m[1]);
    expect(opened.sort()).toEqual(closed.sort());
    const squares = [...svg.matchAll(/<rect class="square (light|dark)( last-move)?" data-square="([a-h][1-8])"/g)];
    expect(squares).toHaveLength(64);
    expect(new Set(squares.map((m) => m[3])).size).toBe(64);
    // 1. Nf3: g1 and f3 are highlighted, and f3 holds a white knight.
    expect(
      squares
        .filter((m) => m[2])
        .map((m) => m[3])
        .sort(),
    ).toEqual(['f3', 'g1']);
    expect(svg).toMatch(/<text class="piece white" data-square="f3"[^>]*>♞<\/text>/);
    expect([...svg.matchAll(/<text class="piece (white|black)"/g)]).toHaveLength(32);
    const coords = [...svg.matchAll(/<text class="coord"[^>]*>([a-h1-8])<\/text>/g)].map((m) => m[1]).sort();
    expect(coords).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h']);
    expect(svg).toContain('Black to move');
    expect(svg).toContain('Last move: 1. Nf3');
    // The text diagram still goes to stdout.
    expect(r.stdout).toContain('Last move: 1. Nf3');
  });

  it('--svg - writes only the SVG, to stdout', async () => {
    const r = await run(['show', START, '--svg', '-']);
    expect(r.stdout.startsWith('<?xml')).toBe(true);
    expect([...r.stdout.matchAll(/<rect class="square /g)]).toHaveLength(64);
    expect(r.stdout).toContain('White to move');
    expect(r.code).toBe(0);
  });

  it('--help shows a real example', async () => {
    const r = await run(['show', '--help']);
    expect(r.stdout).toContain('$ forsyth show --pgn game.pgn');
    expect(r.code).toBe(0);
  });
});
