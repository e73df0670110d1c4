/**
 * SAN resolution looks only at candidate pieces and settles pins with a ray scan; full generation
 * settles them with its own pin scan. On the perft reference positions (rich in pins, checks and
 * en passant traps) and every position one move later, both must find the same legal moves for each
 * piece kind and target square, and every legal move's SAN and UCI must read back to it.
 */
import { describe, expect, it } from 'vitest';
import { makeFen } from '../../src/core/index.js';
import { legalMoves, pieceAt, play, type Position } from '../../src/core/index.js';
import { makeSan, parseSan, resolveSan } from '../../src/core/index.js';
import { isCastling, makeUci, parseUci } from '../../src/core/index.js';
import type { NormalMove, Role } from '../../src/core/types.js';
import { readPerftCases } from '../support/perft-file.js';
import { fen } from '../support/positions.js';

const FILES = [
  'ethereal__standard.perft.jsonl',
  'python-chess__tricky.perft.jsonl',
  'ethereal__fischer-part1-lines1-768.perft.jsonl',
];
const ROLES: readonly Role[] = ['knight', 'bishop', 'rook', 'queen', 'king'];
const byFrom = (a: NormalMove, b: NormalMove): number => a.from - b.from;

function positionsNear(text: string, chess960: boolean): Position[] {
  const root = fen(text, chess960, false);
  return [root, ...legalMoves(root).map((m) => play(root, m))];
}

/** Problems found in one position (empty when candidates and generation agree). */
function disagreements(pos: Position): string[] {
  const problems: string[] = [];
  const legal = legalMoves(pos);
  for (const move of legal) {
    const san = makeSan(pos, move);
    const bySan = parseSan(pos, san);
    if (!bySan.ok || JSON.stringify(bySan.value) !== JSON.stringify(move)) problems.push(`SAN ${san}`);
    const uci = makeUci(pos, move);
    const byUci = parseUci(pos, uci);
    if (!byUci.ok || JSON.stringify(byUci.value) !== JSON.stringify(move)) problems.push(`UCI ${uci}`);
  }
  const pieceMoves = legal.filter((m) => !isCastling(pos, m));
  for (const role of ROLES) {
    for (let to = 0; to < 64; to++) {
      const expected = pieceMoves.filter((m) => m.to === to && pieceAt(pos, m.from)?.role === role).sort(byFrom);
      const r = resolveSan(pos, { kind: 'normal', role, to, capture: false, text: `${role} to ${to}` });
      const got = r.ok ? [r.value] : r.error.kind === 'ambiguous' ? [...r.error.candidates].sort(byFrom) : [];
      if (JSON.stringify(got) !== JSON.stringify(expected)) problems.push(`${role} to ${to}`);
    }
  }
  return problems.map((p) => `${makeFen(pos)}: ${p}`);
}

describe.each(FILES)('SAN resolution agrees with generation on %s', (file) => {
  const cases = readPerftCases(new URL(`../fixtures/perft/${file}`, import.meta.url));
  it.each(cases.map((c) => [c.label, c] as const))('%s and its children', (_label, c) => {
    const problems = positionsNear(c.fen, c.chess960).flatMap(disagreements);
    expect(problems).toEqual([]);
  });
});
