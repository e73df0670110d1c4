/**
 * Board diagrams as strings: plain ASCII, Unicode with ANSI background colours for a terminal
 * (`forsyth show`, `forsyth fen --board`), and a standalone SVG document (`show --svg`, the
 * playground). Browser-safe; imports nothing.
 *
 * Key decision: the renderer reads the FEN's piece-placement field, not a `Position`, so it depends on
 * nothing but a string format that never changes, and it can be tested without the chess core.
 * The library renders; printing stays with the caller.
 */

export type DiagramStyle = 'ascii' | 'unicode' | 'color';

export interface Diagram {
  /** The FEN's first field, for example `rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR`. */
  readonly placement: string;
  readonly turn: 'white' | 'black';
  /** Square names of the last move, highlighted when known. */
  readonly lastMove?: { readonly from: string; readonly to: string; readonly label: string };
  /** 'check', 'checkmate' or 'stalemate', shown after the side to move. */
  readonly status?: string;
  /** The whole FEN, printed under the board. */
  readonly fen?: string;
  /** Show the board from Black's side. */
  readonly flip?: boolean;
}

const FILES = 'abcdefgh';
const UNICODE: Readonly<Record<string, string>> = {
  K: '♔',
  Q: '♕',
  R: '♖',
  B: '♗',
  N: '♘',
  P: '♙',
  k: '♚',
  q: '♛',
  r: '♜',
  b: '♝',
  n: '♞',
  p: '♟',
};
/** Solid glyphs for the coloured board: the foreground colour tells the sides apart. */
const SOLID: Readonly<Record<string, string>> = {
  k: '♚',
  q: '♛',
  r: '♜',
  b: '♝',
  n: '♞',
  p: '♟',
};

/**
 * The 8×8 grid from a placement field: `grid[rank][file]`, rank 0 = rank 1, '' for an empty square.
 * Returns undefined when the field is not eight ranks of eight squares.
 */
function placementGrid(placement: string): string[][] | undefined {
  const ranks = placement.split('/');
  if (ranks.length !== 8) return undefined;
  const grid: string[][] = [];
  for (const text of ranks.reverse()) {
    const row: string[] = [];
    for (const c of text) {
      if (c >= '1' && c <= '8') for (let i = 0; i < Number(c); i++) row.push('');
      else if ('KQRBNPkqrbnp'.includes(c)) row.push(c);
      else return undefined;
    }
    if (row.length !== 8) return undefined;
    grid.push(row);
  }
  return grid;
}

function squareName(file: number, rank: number): string {
  return `${FILES.charAt(file)}${rank + 1}`;
}

/** Files and ranks in the order they are drawn (top-left first). */
function order(flip: boolean | undefined): { files: number[]; ranks: number[] } {
  const up = [0, 1, 2, 3, 4, 5, 6, 7];
  const down = [7, 6, 5, 4, 3, 2, 1, 0];
  return flip ? { files: down, ranks: up } : { files: up, ranks: down };
}

function isHighlighted(d: Diagram, name: string): boolean {
  return d.lastMove !== undefined && (d.lastMove.from === name || d.lastMove.to === name);
}

function footer(d: Diagram, withFen = true): string[] {
  const lines = [`${d.turn === 'white' ? 'White' : 'Black'} to move${d.status ? ` (${d.status})` : ''}`];
  if (d.lastMove) lines.push(`Last move: ${d.lastMove.label}`);
  if (d.fen && withFen) lines.push(`FEN: ${d.fen}`);
  return lines;
}

/** Plain text: ASCII letters (`.` for empty) or Unicode glyphs (`·` for empty); the last move in brackets. */
function renderPlain(d: Diagram, grid: string[][], unicode: boolean): string {
  const { files, ranks } = order(d.flip);
  const out: string[] = ['  +------------------------+'];
  for (const rank of ranks) {
    let line = `${rank + 1} |`;
    for (const file of files) {
      const piece = grid[rank]?.[file] ?? '';
      const shown = piece === '' ? (unicode ? '·' : '.') : unicode ? (UNICODE[piece] ?? piece) : piece;
      line += isHighlighted(d, squareName(file, rank)) ? `[${shown}]` : ` ${shown} `;
    }
    out.push(`${line}|`);
  }
  out.push('  +------------------------+');
  out.push(`    ${files.map((f) => FILES.charAt(f)).join('  ')}`);
  return [...out, ...footer(d)].join('\n');
}

const ESC = '\u001b[';
const BG = { light: '48;5;180', dark: '48;5;137', lightMove: '48;5;186', darkMove: '48;5;143' } as const;
const FG = { white: '97', black: '30' } as const;

/** Terminal: solid glyphs on ANSI 256-colour squares (the theme of most chess GUIs). */
function renderColor(d: Diagram, grid: string[][]): string {
  const { files, ranks } = order(d.flip);
  const out: string[] = [];
  for (const rank of ranks) {
    let line = `${rank + 1} `;
    for (const file of files) {
      const piece = grid[rank]?.[file] ?? '';
      const light = (file + rank) % 2 === 1;
      const hl = isHighlighted(d, squareName(file, rank));
      const bg = hl ? (light ? BG.lightMove : BG.darkMove) : light ? BG.light : BG.dark;
      const fg = piece !== '' && piece === piece.toUpperCase() ? FG.white : FG.black;
      const glyph = piece === '' ? ' ' : (SOLID[piece.toLowerCase()] ?? piece);
      line += `${ESC}${bg};${fg}m ${glyph} ${ESC}0m`;
    }
    out.push(line);
  }
  out.push(`   ${files.map((f) => FILES.charAt(f)).join('  ')}`);
  return [...out, ...footer(d)].join('\n');
}

/**
 * The diagram as text, ready to print (no final newline). Throws a TypeError when `placement` is not
 * eight ranks of eight squares.
 */
export function renderBoard(d: Diagram, style: DiagramStyle): string {
  const grid = placementGrid(d.placement);
  if (!grid) throw new TypeError(`not a FEN placement field: ${d.placement}`);
  if (style === 'color') return renderColor(d, grid);
  return renderPlain(d, grid, style === 'unicode');
}

const SQUARE = 45;
const MARGIN = 24;
const PIECE_FONT_PX = 36;
const COORD_FONT_PX = 13;
/**
 * Text is placed by its alphabetic baseline, the one every renderer agrees on:
 * `dominant-baseline: central` is ignored by librsvg (rsvg-convert, ImageMagick), which drew the
 * pieces half a square too high. The chess glyphs (DejaVu Sans, Segoe UI Symbol, Noto Sans
 * Symbols2) and digits stand on the baseline about 0.75 em tall, so a baseline 0.375 em below the
 * square's centre centres them (test/cli/board-render.test.ts checks it in rsvg-convert's pixels).
 */
const HALF_GLYPH_EM = 0.375;
const pieceBaseline = (centre: number): number => centre + Math.round(HALF_GLYPH_EM * PIECE_FONT_PX);
const coordBaseline = (centre: number): number => centre + Math.round(HALF_GLYPH_EM * COORD_FONT_PX);

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** One `<rect class="square …">` per square, then one `<text class="piece">` per piece. */
function svgSquares(d: Diagram, grid: string[][]): string[] {
  const { files, ranks } = order(d.flip);
  const squares: string[] = [];
  const pieces: string[] = [];
  ranks.forEach((rank, row) => {
    files.forEach((file, col) => {
      const name = squareName(file, rank);
      const light = (file + rank) % 2 === 1;
      const cls = `square ${light ? 'light' : 'dark'}${isHighlighted(d, name) ? ' last-move' : ''}`;
      const x = MARGIN + col * SQUARE;
      const y = MARGIN + row * SQUARE;
      squares.push(
        `<rect class="${cls}" data-square="${name}" x="${x}" y="${y}" width="${SQUARE}" height="${SQUARE}"/>`,
      );
      const piece = grid[rank]?.[file] ?? '';
      if (piece === '') return;
      const color = piece === piece.toUpperCase() ? 'white' : 'black';
      const glyph = SOLID[piece.toLowerCase()] ?? piece;
      pieces.push(
        `<text class="piece ${color}" data-square="${name}" x="${x + SQUARE / 2}" y="${pieceBaseline(y + SQUARE / 2)}">${glyph}</text>`,
      );
    });
  });
  return [...squares, ...pieces];
}

function svgCoordinates(d: Diagram): string[] {
  const { files, ranks } = order(d.flip);
  const out: string[] = [];
  const bottom = MARGIN + 8 * SQUARE + MARGIN / 2;
  files.forEach((file, col) => {
    out.push(
      `<text class="coord" x="${MARGIN + col * SQUARE + SQUARE / 2}" y="${coordBaseline(bottom)}">${FILES.charAt(file)}</text>`,
    );
  });
  ranks.forEach((rank, row) => {
    out.push(
      `<text class="coord" x="${MARGIN / 2}" y="${coordBaseline(MARGIN + row * SQUARE + SQUARE / 2)}">${rank + 1}</text>`,
    );
  });
  return out;
}

/**
 * A standalone SVG document: squares, Unicode chess glyphs, coordinates, side to move, last move.
 * Throws a TypeError when `placement` is not eight ranks of eight squares.
 */
export function renderBoardSvg(d: Diagram): string {
  const grid = placementGrid(d.placement);
  if (!grid) throw new TypeError(`not a FEN placement field: ${d.placement}`);
  const size = 2 * MARGIN + 8 * SQUARE;
  const height = size + 2 * MARGIN;
  const caption = footer(d, false).join(' · ');
  const turnMarkY = (d.turn === 'white') === !d.flip ? MARGIN + 8 * SQUARE - 8 : MARGIN + 8;
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${height}" viewBox="0 0 ${size} ${height}">`,
    `<title>${escapeXml(d.fen ?? d.placement)}</title>`,
    '<style>',
    '.light{fill:#f0d9b5}.dark{fill:#b58863}.light.last-move{fill:#cdd26a}.dark.last-move{fill:#aaa23a}',
    `.piece{font-family:"DejaVu Sans","Segoe UI Symbol","Noto Sans Symbols2",serif;font-size:${PIECE_FONT_PX}px;text-anchor:middle}`,
    '.piece.white{fill:#ffffff;stroke:#000000;stroke-width:1.2px}.piece.black{fill:#000000}',
    `.coord{font-family:sans-serif;font-size:${COORD_FONT_PX}px;fill:#555555;text-anchor:middle}`,
    '.caption{font-family:sans-serif;font-size:15px;fill:#222222}',
    '</style>',
    `<rect class="background" x="0" y="0" width="${size}" height="${height}" fill="#ffffff"/>`,
    ...svgSquares(d, grid),
    ...svgCoordinates(d),
    `<circle class="turn ${d.turn}" cx="${size - MARGIN / 2}" cy="${turnMarkY}" r="6" fill="${d.turn === 'white' ? '#ffffff' : '#000000'}" stroke="#000000"/>`,
    `<text class="caption" x="${MARGIN}" y="${size + MARGIN}">${escapeXml(caption)}</text>`,
    '</svg>',
    '',
  ].join('\n');
}
