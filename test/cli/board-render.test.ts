/**
 * The SVG board as librsvg draws it (rsvg-convert; ImageMagick uses the same library): every
 * piece's glyph lies inside its square and is centred in it. librsvg ignores
 * `dominant-baseline`, which once put the pieces half a square too high; Chromium drew them right.
 * .ci/run installs rsvg-convert (librsvg2-bin) and the DejaVu fonts.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readPng, pixel, type Image } from '../support/png.js';
import { removeTempDirs, run, tempDir } from './helpers.js';

afterAll(removeTempDirs);

const SQUARE = 45;
const MARGIN = 24;
/** Every piece on a rank with empty ranks above and below, so a glyph that strays is seen. */
const FEN = 'k1q1r1b1/8/1n1p1p2/8/K1Q1R1B1/8/1N1P1P2/8 w - - 0 1';

function render(svg: string, dir: string, name: string): Image {
  const svgFile = join(dir, `${name}.svg`);
  const pngFile = join(dir, `${name}.png`);
  writeFileSync(svgFile, svg);
  const r = spawnSync('rsvg-convert', [svgFile, '-o', pngFile], { encoding: 'utf8' });
  if (r.error) throw new Error('rsvg-convert is missing: apt-get install librsvg2-bin (.ci/run does)');
  expect(r.stderr).toBe('');
  return readPng(readFileSync(pngFile));
}

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** The bounds of the pixels that differ between the two images, within x0..x1 × y0..y1. */
function changed(a: Image, b: Image, x0: number, x1: number, y0: number, y1: number): Box | undefined {
  let box: Box | undefined;
  for (let y = Math.max(0, y0); y < Math.min(a.height, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(a.width, x1); x++) {
      const p = pixel(a, x, y);
      const q = pixel(b, x, y);
      if (Math.max(...p.map((v, i) => Math.abs(v - (q[i] as number)))) < 48) continue;
      box = box
        ? {
            top: Math.min(box.top, y),
            bottom: Math.max(box.bottom, y),
            left: Math.min(box.left, x),
            right: Math.max(box.right, x),
          }
        : { top: y, bottom: y, left: x, right: x };
    }
  }
  return box;
}

describe('SVG board in librsvg', () => {
  it('draws every piece inside its square, centred', async () => {
    const r = await run(['show', FEN, '--svg', '-']);
    expect(r.code).toBe(0);
    const dir = tempDir();
    const board = render(r.stdout, dir, 'board');
    // The same board without its pieces: what differs is the pieces' ink.
    const empty = render(r.stdout.replace(/<text class="piece[^>]*>[^<]*<\/text>\n?/g, ''), dir, 'empty');
    const squares = [...r.stdout.matchAll(/<text class="piece [a-z]+" data-square="([a-h])([1-8])"/g)];
    expect(squares).toHaveLength(14);
    for (const [, file, rank] of squares) {
      const x = MARGIN + 'abcdefgh'.indexOf(file as string) * SQUARE;
      const y = MARGIN + (8 - Number(rank)) * SQUARE;
      // The piece's square and the empty squares above and below it.
      const ink = changed(board, empty, x, x + SQUARE, y - SQUARE, y + 2 * SQUARE);
      const where = `${file}${rank}`;
      expect(ink, where).toBeDefined();
      const box = ink as Box;
      expect({
        where,
        inside: box.top >= y && box.bottom < y + SQUARE && box.left >= x && box.right < x + SQUARE,
      }).toEqual({ where, inside: true });
      const middleY = (box.top + box.bottom + 1) / 2 - (y + SQUARE / 2);
      const middleX = (box.left + box.right + 1) / 2 - (x + SQUARE / 2);
      expect({ where, offCentre: Math.abs(middleY) <= 3 && Math.abs(middleX) <= 3 }).toEqual({
        where,
        offCentre: true,
      });
    }
  }, 30_000);

  it('the check above fails for glyphs placed by dominant-baseline (the old drawing)', async () => {
    const r = await run(['show', FEN, '--svg', '-']);
    // As it was: the square's centre as y, and `dominant-baseline: central` in the style sheet.
    const old = r.stdout
      .replace(/(\.piece\{[^}]*)\}/, '$1;dominant-baseline:central}')
      .replace(
        /(<text class="piece[^>]*y=")(\d+(?:\.\d+)?)"/g,
        (_m, head: string, y: string) => `${head}${Number(y) - 14}"`,
      );
    expect(old).toContain('dominant-baseline:central}');
    const dir = tempDir();
    const board = render(old, dir, 'old');
    const empty = render(old.replace(/<text class="piece[^>]*>[^<]*<\/text>\n?/g, ''), dir, 'old-empty');
    const x = MARGIN;
    const y = MARGIN + 4 * SQUARE; // a4, the white king
    const box = changed(board, empty, x, x + SQUARE, y - SQUARE, y + 2 * SQUARE) as Box;
    expect(box.top).toBeLessThan(y);
  }, 30_000);
});
