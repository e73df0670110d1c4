/**
 * Game hashes: the same start and main line hash the same whatever the tags, comments, variations
 * or SAN spelling; a different move, start or length hashes differently; prefix hashes are the
 * hashes of the truncated games; GameHashSet holds exactly what was added.
 */
import { describe, expect, it } from 'vitest';
import { GameHashSet, LineHash, gameHash, gameHashes, parsePgn, type Game } from '../../src/index.js';

function game(pgn: string): Game {
  const [first] = parsePgn(pgn);
  if (!first) throw new Error('no game');
  return first;
}

describe('gameHash', () => {
  it('is 16 hex digits and ignores tags, comments, NAGs, variations and SAN spelling', () => {
    const a = gameHash(game('[White "A"]\n\n1. e4 e5 2. Nf3 Nc6 *'));
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(gameHash(game('[White "B"]\n[Result "1-0"]\n\n1. e2e4 {x} e5 $1 2. Ngf3 (2. d4) Nbc6 1-0'))).toBe(a);
  });

  it('differs for another move, another order, another length, another start', () => {
    const base = gameHash(game('1. e4 e5 2. Nf3 Nc6 *'));
    const others = [
      '1. e4 e5 2. Nf3 Nf6 *',
      '1. Nf3 Nc6 2. e4 e5 *',
      '1. e4 e5 2. Nf3 *',
      '1. e4 e5 2. Nf3 Nc6 3. Bb5 *',
      '[FEN "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"]\n[SetUp "1"]\n\n1. e4 e5 2. Nf3 Nc6 *',
    ].map((p) => gameHash(game(p)));
    expect(new Set([base, ...others]).size).toBe(6);
  });

  it('gives prefix hashes equal to the hashes of the truncated games', () => {
    const full = gameHashes(game('1. d4 d5 2. c4 e6 3. Nc3 *'), { prefixes: true });
    expect(full.prefixes).toHaveLength(6);
    expect(full.prefixes[5]).toBe(full.hash);
    expect(full.prefixes[3]).toBe(gameHash(game('1. d4 d5 2. c4 *')));
    expect(full.prefixes[0]).toBe(gameHash(game('*')));
    expect(full).toMatchObject({ plies: 5, complete: true });
  });

  it('covers the unplayable rest of a broken game as written', () => {
    const broken = gameHashes(game('1. e4 e5 2. Ke3 Nc6 *'));
    expect(broken).toMatchObject({ plies: 2, complete: false });
    expect(broken.hash).not.toBe(gameHash(game('1. e4 e5 *')));
    expect(broken.hash).toBe(gameHash(game('[Event "copy"]\n\n1. e4 e5 2. Ke3 Nc6 1-0')));
    expect(broken.hash).not.toBe(gameHash(game('1. e4 e5 2. Ke3 Nf6 *')));
  });

  it('separates tokens, so that moves cannot run into each other', () => {
    expect(new LineHash('s').add('ab').add('c').digest()).not.toBe(new LineHash('s').add('a').add('bc').digest());
  });
});

describe('GameHashSet', () => {
  it('holds exactly the hashes added, across growth', () => {
    const set = new GameHashSet();
    const hashes = Array.from({ length: 5000 }, (_, i) => new LineHash(String(i)).digest());
    for (const h of hashes) expect(set.add(h)).toBe(true);
    expect(set.size).toBe(5000);
    for (const h of hashes) expect(set.has(h)).toBe(true);
    for (const h of hashes.slice(0, 100)) expect(set.add(h)).toBe(false);
    expect(set.has(new LineHash('absent').digest())).toBe(false);
    // Same low half, different high half: two entries.
    expect(set.add('00000001ffffffff')).toBe(true);
    expect(set.add('00000002ffffffff')).toBe(true);
    expect(set.has('00000003ffffffff')).toBe(false);
  });

  it('holds the all-zero hash too (it is not taken for a free slot)', () => {
    const set = new GameHashSet();
    expect(set.has('0000000000000000')).toBe(false);
    expect(set.add('0000000000000000')).toBe(true);
    expect(set.add('0000000000000000')).toBe(false);
    expect(set.has('0000000000000000')).toBe(true);
    expect(set.has('0000000000000001')).toBe(false);
    expect(set.size).toBe(1);
  });
});
