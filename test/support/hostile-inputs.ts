/**
 * Generated hostile PGN (issue 12's shapes), for the linear-growth property test: a recipe is a list
 * of blocks, each one of the shapes below with its own size; `hostileInput(recipe, n)` lays the
 * recipe's blocks end to end until the text has about `n` bytes. Blocks run into one another: a
 * movetext block continues the game before it (a huge game, nesting that keeps getting deeper), a
 * tag block after movetext starts a new game, a tiny-games block adds whole games.
 */
import fc from 'fast-check';

export type Shape = 'commands' | 'parens' | 'blankTags' | 'nags' | 'longTag' | 'moves' | 'tinyGames' | 'variations';

export const SHAPES: readonly Shape[] = [
  'commands',
  'parens',
  'blankTags',
  'nags',
  'longTag',
  'moves',
  'tinyGames',
  'variations',
];

export interface Block {
  readonly shape: Shape;
  /** How many units of the shape the block holds. */
  readonly units: number;
}

/** One unit of each shape. */
function unit(shape: Shape, i: number): string {
  switch (shape) {
    case 'commands':
      // Comments full of unclosed and half-formed commands: what made the regexes quadratic.
      return `{ [%clk 0:0${i % 10} [%eval 1.${i}.5 [%csl Ga${(i % 8) + 1} [% [%emt ${'['.repeat(8)} } `;
    case 'parens':
      return '( 1. e4 ';
    case 'blankTags':
      return `[T${i} "x"]\n\n`;
    case 'nags':
      return `$${i % 256} $${(i * 7) % 256} `;
    case 'longTag':
      return `[Annotator "${'x'.repeat(2000)}"]\n`;
    case 'moves':
      return `${2 * i + 1}. Nf3 Nf6 ${2 * i + 2}. Ng1 Ng8 `;
    case 'tinyGames':
      return '\n\n[Event "t"]\n\n1. e4 *\n\n';
    case 'variations':
      return `Nf3 (Nc3 Nc6 (Nh3 Nh6) Nb1) Nf6 (Nc6) Ng1 Ng8 `;
  }
}

export function block(b: Block, from = 0): string {
  let text = '';
  for (let i = 0; i < b.units; i++) text += unit(b.shape, from + i);
  return text;
}

/** The recipe's blocks end to end, again and again, up to about `bytes` characters. */
export function hostileInput(recipe: readonly Block[], bytes: number): string {
  const parts: string[] = ['[Event "hostile"]\n\n'];
  let length = parts[0]?.length ?? 0;
  for (let round = 0; length < bytes; round++) {
    for (const b of recipe) {
      const text = block(b, round * b.units);
      parts.push(text);
      length += text.length;
    }
  }
  return `${parts.join('')} *\n`;
}

export const recipeArbitrary: fc.Arbitrary<Block[]> = fc.array(
  fc.record({ shape: fc.constantFrom(...SHAPES), units: fc.integer({ min: 1, max: 400 }) }),
  { minLength: 1, maxLength: 5 },
);
