/** The library's board diagrams: what each style draws for a placement, and what it refuses. */
import { describe, expect, it } from 'vitest';
import { renderBoard, renderBoardSvg } from '../src/index.js';

const START = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR';

describe('renderBoard and renderBoardSvg', () => {
  it('draws rank 8 at the top and a1 at the bottom left, or the other way round when flipped', () => {
    const lines = renderBoard({ placement: START, turn: 'white' }, 'ascii').split('\n');
    expect(lines[1]).toBe('8 | r  n  b  q  k  b  n  r |');
    expect(lines[8]).toBe('1 | R  N  B  Q  K  B  N  R |');
    const flipped = renderBoard({ placement: START, turn: 'white', flip: true }, 'ascii').split('\n');
    expect(flipped[1]).toBe('1 | R  N  B  K  Q  B  N  R |');
  });

  it('gives an SVG with 64 squares, one text per piece and the last move highlighted', () => {
    const svg = renderBoardSvg({
      placement: '4k3/8/8/8/4P3/8/8/4K3',
      turn: 'black',
      lastMove: { from: 'e2', to: 'e4', label: '1. e4' },
    });
    expect(svg.match(/<rect class="square/g)).toHaveLength(64);
    expect(svg.match(/<text class="piece/g)).toHaveLength(3);
    // e2 and e4 are light squares (a1 is dark).
    expect(svg).toContain('class="square light last-move" data-square="e2"');
    expect(svg).toContain('class="square light last-move" data-square="e4"');
    expect(svg).toContain('class="square dark" data-square="a1"');
  });

  it('refuses a placement that is not eight ranks of eight squares with a TypeError', () => {
    expect(() => renderBoardSvg({ placement: '8/8/8', turn: 'white' })).toThrow(TypeError);
    expect(() => renderBoard({ placement: '9/8/8/8/8/8/8/8', turn: 'white' }, 'ascii')).toThrow(
      /not a FEN placement field/,
    );
  });
});
