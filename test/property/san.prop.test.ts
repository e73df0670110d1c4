import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeFen } from '../../src/core/index.js';
import { legalMoves, pieceAt, play, type Position } from '../../src/core/index.js';
import { makeSan, parseSan, resolveSan } from '../../src/core/index.js';
import { isCastling as isCastlingMove, makeUci, parseUci } from '../../src/core/index.js';
import { arbLegalGame, chess960Start, positionsOf } from '../support/arbitraries.js';

const NUM_RUNS = Number(process.env['FORSYTH_FUZZ_RUNS'] ?? 100);
/** About 3 ms per game for the heaviest property; room for slow machines and fuzz runs. */
const TIMEOUT = Math.max(10_000, NUM_RUNS * 10);
/** Keep the default run short: games of at most 60 plies. */
const GAMES = arbLegalGame(60);

function snapshot(pos: Position): string {
  return `${makeFen(pos)} ${Array.from(pos.board).join(',')} ${pos.castlingRooks.join(',')}`;
}

describe('SAN and UCI round trips over random legal games', () => {
  it(
    'parseSan(makeSan(m)) gives back m for every legal move',
    () => {
      fc.assert(
        fc.property(GAMES, (game) => {
          for (const pos of positionsOf(game)) {
            for (const move of legalMoves(pos)) {
              const san = makeSan(pos, move);
              expect(parseSan(pos, san), `${makeFen(pos)} ${san}`).toEqual({ ok: true, value: move });
            }
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'gives distinct SAN to the legal moves of a position',
    () => {
      fc.assert(
        fc.property(GAMES, (game) => {
          for (const pos of positionsOf(game)) {
            const sans = legalMoves(pos).map((move) => makeSan(pos, move));
            expect(new Set(sans).size, makeFen(pos)).toBe(sans.length);
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'parseUci(makeUci(m)) gives back m for every legal move',
    () => {
      fc.assert(
        fc.property(GAMES, (game) => {
          for (const pos of positionsOf(game)) {
            for (const move of legalMoves(pos)) {
              expect(parseUci(pos, makeUci(pos, move)), makeFen(pos)).toEqual({ ok: true, value: move });
            }
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );

  it(
    'resolves piece SAN by candidates exactly as full generation would',
    () => {
      const roles = ['knight', 'bishop', 'rook', 'queen', 'king'] as const;
      fc.assert(
        fc.property(GAMES, (game) => {
          for (const pos of positionsOf(game)) {
            const legal = legalMoves(pos).filter((m) => !isCastlingMove(pos, m));
            for (const role of roles) {
              for (let to = 0; to < 64; to++) {
                const expected = legal.filter((m) => m.to === to && pieceAt(pos, m.from)?.role === role);
                const text = `${role}-${to}`;
                const r = resolveSan(pos, { kind: 'normal', role, to, capture: false, text });
                const got = r.ok ? [r.value] : r.error.kind === 'ambiguous' ? [...r.error.candidates] : [];
                expect(
                  got.sort((a, b) => a.from - b.from),
                  `${makeFen(pos)} ${text}`,
                ).toEqual(expected.sort((a, b) => a.from - b.from));
              }
            }
          }
        }),
        { numRuns: Math.max(10, NUM_RUNS / 5) },
      );
    },
    TIMEOUT,
  );

  it(
    'play, makeSan and parseSan leave their input unchanged',
    () => {
      fc.assert(
        fc.property(GAMES, (game) => {
          let pos = game.start;
          for (const move of game.moves) {
            const before = snapshot(pos);
            makeSan(pos, move);
            parseSan(pos, makeUci(pos, move));
            const next = play(pos, move);
            expect(snapshot(pos)).toBe(before);
            expect(next.board).not.toBe(pos.board);
            pos = next;
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );
});

describe('reading untrusted move text', () => {
  const sanLike = fc.string({
    unit: fc.constantFrom(...'NBRQKPabcdefgh012345678xX=+#!?()/-:OoZ .ep'.split('')),
    maxLength: 12,
  });
  const text = fc.oneof(sanLike, fc.string({ maxLength: 12 }), fc.string({ unit: 'binary', maxLength: 8 }));

  it(
    'never throws, and reports an error kind and the text when it fails',
    () => {
      fc.assert(
        fc.property(GAMES, fc.array(text, { maxLength: 20 }), (game, texts) => {
          const pos = positionsOf(game).at(-1) ?? game.start;
          for (const t of texts) {
            for (const r of [parseSan(pos, t), parseSan(pos, t, { allowNull: true }), parseUci(pos, t)]) {
              if (!r.ok)
                expect([r.error.kind, r.error.text]).toEqual([
                  expect.stringMatching(/^(syntax|illegal|ambiguous|null)$/),
                  t,
                ]);
            }
          }
        }),
        { numRuns: NUM_RUNS },
      );
    },
    TIMEOUT,
  );
});

describe('chess960Start', () => {
  it('numbers the standard position 518', () => {
    expect(makeFen(chess960Start(518))).toBe('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1');
  });

  it.each([
    // Reference: Scharnagl's numbering as listed on chessprogramming.org and Wikipedia.
    [0, 'bbqnnrkr'],
    [959, 'rkrnnqbb'],
  ])('start %i has back rank %s', (n, rank) => {
    expect(makeFen(chess960Start(n)).split('/')[0]).toBe(rank);
  });
});
