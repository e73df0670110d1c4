/**
 * Perft: counts the leaf nodes of the legal move tree, the standard check of a move generator
 * (https://www.chessprogramming.org/Perft). Depends on `position.ts`, `movegen.ts`, `mutable-board.ts`,
 * `uci.ts`.
 *
 * Key decision: one private `MutableBoard` with make/unmake and one move buffer for the whole run,
 * and bulk counting at depth 1 (the legal move count is the node count), so no node allocates.
 */
import { generateLegal } from './engine/movegen.js';
import { MutableBoard, decodeMove } from './engine/mutable-board.js';
import { checkDepth } from '../arguments.js';
import { checkPosition, loadPosition, type Position } from './position.js';
import { makeUci } from './uci.js';

/** Room for the legal moves of one ply (218 is the known maximum). */
const PLY_MOVES = 256;

function count(mb: MutableBoard, depth: number, buffer: Int32Array, offset: number): number {
  const end = generateLegal(mb, buffer, offset);
  if (depth === 1) return end - offset;
  let nodes = 0;
  for (let i = offset; i < end; i++) {
    const move = buffer[i] ?? 0;
    mb.make(move);
    nodes += count(mb, depth - 1, buffer, end);
    mb.unmake(move);
  }
  return nodes;
}

/**
 * The number of legal move sequences of length `depth` from `pos` (1 for depth 0).
 * Cost: exponential in `depth`; the recursion is `depth` deep.
 *
 * @example perft(initialPosition(), 3) // 8902
 */
export function perft(pos: Position, depth: number): number {
  checkPosition('perft', pos);
  checkDepth('perft', depth);
  if (depth < 1) return 1;
  const mb = loadPosition(new MutableBoard(), pos);
  return count(mb, depth, new Int32Array(PLY_MOVES * depth), 0);
}

/**
 * Perft split by first move: one entry per legal move (UCI, see `makeUci`) with the nodes below it,
 * in generation order. Empty for depth < 1.
 */
export function perftDivide(pos: Position, depth: number): { move: string; nodes: number }[] {
  checkPosition('perftDivide', pos);
  checkDepth('perftDivide', depth);
  if (depth < 1) return [];
  const mb = loadPosition(new MutableBoard(), pos);
  const buffer = new Int32Array(PLY_MOVES * depth);
  const end = generateLegal(mb, buffer, 0);
  const result: { move: string; nodes: number }[] = [];
  for (let i = 0; i < end; i++) {
    const move = buffer[i] ?? 0;
    let nodes = 1;
    if (depth > 1) {
      mb.make(move);
      nodes = count(mb, depth - 1, buffer, end);
      mb.unmake(move);
    }
    result.push({ move: makeUci(pos, decodeMove(move)), nodes });
  }
  return result;
}
