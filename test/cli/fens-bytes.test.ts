/**
 * `forsyth fens` text on the main thread writes its FENs as bytes into output blocks
 * (fens-game.ts). Checked against the library's FEN strings, independently joined here: long games
 * that cross a block, games without rows between games with rows (the game break), broken games,
 * and the same output as --jobs 2 (which sends strings from its workers).
 */
import { writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parsePgn, replay } from '../../src/index.js';
import { removeTempDirs, run, tempDir } from './helpers.js';

afterAll(removeTempDirs);

/** A game of `moves` knight moves (back and forth, no captures): some 60 bytes of FEN a ply. */
function knightDance(moves: number, event: string): string {
  const cycle = ['Nf3', 'Nf6', 'Ng1', 'Ng8'];
  const sans = Array.from({ length: moves }, (_, i) => cycle[i % 4]);
  const text = sans.map((san, i) => (i % 2 === 0 ? `${i / 2 + 1}. ${san}` : san)).join(' ');
  return `[Event "${event}"]\n\n${text} *\n\n`;
}

/** The text output the library's FENs give: each game's FENs, games with rows separated by an empty line. */
function expectedText(pgn: string, start: boolean): string {
  const blocks: string[] = [];
  for (const game of parsePgn(pgn)) {
    const fens = [...replay(game, { includeStart: start })].map((r) => r.fen);
    if (fens.length > 0) blocks.push(`${fens.join('\n')}\n`);
  }
  return blocks.join('\n');
}

describe('forsyth fens text, written as bytes', () => {
  const pgn = [
    knightDance(3000, 'long 1'), // about 180 KB of FENs
    '[Event "no moves"]\n\n*\n\n',
    knightDance(5, 'short'),
    '[Event "illegal first move"]\n\n1. e5 *\n\n',
    knightDance(4001, 'long 2'), // crosses the first 256 KiB block
    '[Event "broken later"]\n\n1. e4 e5 2. Ke3 *\n\n',
    knightDance(2500, 'long 3'),
  ].join('');

  for (const start of [false, true]) {
    it(`matches the library's FENs, game breaks and diagnostics included${start ? ' (--start)' : ''}`, async () => {
      const dir = tempDir();
      const file = join(dir, 'games.pgn');
      writeFileSync(file, pgn);
      const args = ['fens', ...(start ? ['--start'] : []), file];
      const r = await run(args);
      expect(r.code).toBe(1);
      expect(r.stdout.length).toBeGreaterThan(2 * 256 * 1024);
      expect(r.stdout).toBe(expectedText(pgn, start));
      expect(r.stderr).toMatch(/7 games read, \d+ positions written, 2 errors/);
      const jobs = await run(['fens', '--jobs', '2', ...args.slice(1)]);
      expect(jobs.stdout).toBe(r.stdout);
      expect(jobs.stderr).toBe(r.stderr);
    });
  }
});

/** `knightDance` with a White tag (the tag values and file names below are not ASCII). */
function taggedDance(moves: number, event: string, white: string): string {
  return knightDance(moves, event).replace('\n\n', `\n[White "${white}"]\n\n`);
}

describe('forsyth fens ndjson, csv and tsv rows, written as bytes', () => {
  const games = [
    taggedDance(3000, 'long 1', 'Ünal'),
    '[Event "no moves"]\n\n*\n\n',
    taggedDance(5, 'short', 'Zoë "Z" 😀'),
    '[Event "illegal first move"]\n\n1. e5 *\n\n',
    taggedDance(4001, 'long 2', 'Пётр, 1'), // the rows cross the first 256 KiB block
    '[Event "broken later"]\n\n1. e4 e5 2. Ke3 *\n\n',
  ];
  /** Each game's rows as the library gives them: file, game number (in the run, in the file), White, the records. */
  function expectedRows(files: readonly { name: string; pgn: string }[]) {
    let number = 0;
    return files.flatMap(({ name, pgn }) =>
      [...parsePgn(pgn)].flatMap((game, index) => {
        number++;
        const white = game.tags.find((t) => t.name === 'White')?.value ?? null;
        return [...replay(game)].map((r) => ({ file: name, game: number, index: index + 1, white, r }));
      }),
    );
  }

  it('the rows the library gives, in every format, with --jobs 2 the same bytes', async () => {
    const dir = tempDir();
    const files = [
      { name: join(dir, 'партия.pgn'), pgn: games.slice(0, 3).join('') },
      { name: join(dir, 'b.pgn'), pgn: games.slice(3).join('') },
    ];
    for (const f of files) writeFileSync(f.name, f.pgn);
    const rows = expectedRows(files);
    expect(rows.length).toBeGreaterThan(7000);
    const quoted = (s: string | null): string =>
      s === null ? '' : /[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s;
    const expected = {
      ndjson: rows.map(
        ({ file, game, white, r }) =>
          `${JSON.stringify({ file, game, ply: r.ply, move: r.canonicalSan, uci: r.uci, fen: r.fen, tags: { White: white } })}\n`,
      ),
      csv: [
        'file,game,ply,move,uci,fen,White\n',
        ...rows.map(
          ({ file, game, white, r }) =>
            `${[file, game, r.ply, r.canonicalSan, r.uci, r.fen, quoted(white)].join(',')}\n`,
        ),
      ],
      tsv: [
        'game\tply\tfen\ttag.White\n',
        ...rows.map(({ file, index, white, r }) => `${basename(file)}#${index}\t${r.ply}\t${r.fen}\t${white ?? ''}\n`),
      ],
    };
    const runs = {
      ndjson: ['--format', 'ndjson', '--tags', 'White'],
      csv: ['--format', 'csv', '--tags', 'White'],
      tsv: ['--format', 'tsv', '--columns', 'game,ply,fen,tag.White'],
    };
    for (const [format, args] of Object.entries(runs) as [keyof typeof runs, string[]][]) {
      const r = await run(['fens', ...args, ...files.map((f) => f.name)]);
      expect(r.code).toBe(1);
      expect(r.stdout).toBe(expected[format].join(''));
      const jobs = await run(['fens', '--jobs', '2', ...args, ...files.map((f) => f.name)], {
        env: { FORSYTH_BLOCK_BYTES: '65536' },
      });
      expect(jobs.stdout).toBe(r.stdout);
      expect(jobs.stderr).toBe(r.stderr);
    }
  });
});
