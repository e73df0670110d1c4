/**
 * The PGN layer over the whole shared corpus (when ../shared exists): every .pgn and .pgn.gz under
 * games/, chess960/, setup/ and edge/ must give python-chess's number of games (one line per game
 * in expected/<dir>__<name>.jsonl[.gz]) unless the file is a documented deviation, the same tags
 * per game, and no error diagnostic except in the files of junk listed below. Decoding is done here
 * (UTF-8 when valid, else Latin-1), as the decoding layer would.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/pgn/ast.js';
import { parsePgn } from '../../src/pgn/parse.js';
import { getTag } from '../../src/pgn/tags.js';
import { GAME_COUNT_DEVIATIONS } from '../pgn/deviations.js';

const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));

/** Files whose errors are expected: not PGN at all around a few moves (HTML pages, mail). */
const JUNK_FILES = [1, 2, 3, 4, 5, 6, 7, 8, 9]
  .map((n) => `edge/pgn-read__Little_0${n}.pgn`)
  .concat('edge/pgn-read__crafty06_03.pgn');
const JUNK_ERRORS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  JUNK_FILES.map((f) => [f, ['PGN_INVALID_TOKEN', 'DIAGNOSTICS_OMITTED']]),
);

/** Files whose tags differ from python-chess's on purpose. */
const TAG_DEVIATIONS: Readonly<Record<string, string>> = {
  'edge/chessops__leading-whitespace.pgn':
    'python-chess drops the game whose tag and moves share a line, so its games are not ours',
  'edge/pgn-read__calgames_07.pgn': 'python-chess keeps `\\"` in values; the standard (8.1.1) makes it a quote',
  ...Object.fromEntries(
    [3, 4, 5, 6, 7, 8, 9].map(
      (n) =>
        [`edge/pgn-read__Little_0${n}.pgn`, 'python-chess ignores the tag line `[Result …]<br>`; we read it'] as const,
    ),
  ),
};

interface Expected {
  readonly headers: Readonly<Record<string, string>>;
  readonly oracle_error?: string;
}

function* pgnFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* pgnFiles(path);
    else if (/\.pgn(\.gz)?$/.test(name)) yield path;
  }
}

function readText(path: string): string {
  const raw = readFileSync(path);
  const bytes = path.endsWith('.gz') ? gunzipSync(raw) : raw;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('latin1').decode(bytes);
  }
}

/**
 * One record per game, headers only: each line is cut before `"start_fen"` so that the per-ply FENs
 * (165 MB for the TCEC file) are never parsed.
 */
function readExpected(relative: string): Expected[] {
  const stem = join(CORPUS, 'expected', relative.replace(/\.pgn(\.gz)?$/, '').replaceAll('/', '__'));
  const bytes = existsSync(`${stem}.jsonl`)
    ? readFileSync(`${stem}.jsonl`)
    : gunzipSync(readFileSync(`${stem}.jsonl.gz`));
  return bytes
    .toString('utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cut = line.indexOf(',"start_fen":');
      const record = JSON.parse(cut < 0 ? line : `${line.slice(0, cut)}}`) as { headers: Record<string, string> };
      const crashed = line.lastIndexOf('"oracle_error":') >= 0;
      return crashed ? { headers: record.headers, oracle_error: 'python-chess crashed' } : { headers: record.headers };
    });
}

/** Our tags as python-chess reports them: last value wins; a missing or `*` Result comes from the movetext. */
function headersOf(game: Game): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const tag of game.tags) headers[tag.name] = tag.value;
  const result = getTag(game, 'Result');
  if ((result === undefined || result === '*') && game.result) headers['Result'] = game.result.value;
  return headers;
}

const FILES = existsSync(CORPUS)
  ? ['games', 'chess960', 'setup', 'edge'].flatMap((dir) =>
      [...pgnFiles(join(CORPUS, dir))].map((p) => p.slice(CORPUS.length)),
    )
  : [];

describe.runIf(existsSync(CORPUS))('PGN layer on the shared corpus', () => {
  it('finds the corpus files', () => {
    expect(FILES.length).toBeGreaterThan(100);
  });

  it.each(FILES)(
    '%s',
    (relative) => {
      const games = [...parsePgn(readText(join(CORPUS, relative)))];
      const expected = readExpected(relative);
      const deviation = GAME_COUNT_DEVIATIONS[relative];
      expect(games.length).toBe(deviation ? deviation.games : expected.length);

      const allowed = new Set(JUNK_ERRORS[relative] ?? []);
      const errors = games.flatMap((g) => g.diagnostics).filter((d) => d.severity === 'error' && !allowed.has(d.code));
      expect(errors.slice(0, 3)).toEqual([]);

      if (deviation || TAG_DEVIATIONS[relative]) return;
      const differing = expected.flatMap((e, i) => {
        const game = games[i];
        if (e.oracle_error !== undefined || !game) return []; // python-chess crashed here: no ground truth
        const ours = headersOf(game);
        return JSON.stringify(Object.entries(ours).sort()) === JSON.stringify(Object.entries(e.headers).sort())
          ? []
          : [{ game: i, ours, theirs: e.headers }];
      });
      expect(differing.slice(0, 2)).toEqual([]);
    },
    60_000,
  );
});
