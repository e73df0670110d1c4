// Picks the benchmark input and prepares it once under bench/.cache/, so that every tool reads
// the same plain .pgn file (no tool pays for gunzip, and none gets a different slice).
import { createReadStream, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { gunzipSync, createGunzip } from 'node:zlib';
import { Fnv } from './tools/common.mjs';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const CACHE = join(ROOT, 'bench', '.cache');
const SHARED = resolve(ROOT, '..', 'shared', 'corpus');
const DEFAULT_SOURCE = join(SHARED, 'games', 'tcec', 'tcec-standard.pgn.gz');
const DEFAULT_LAST = 10_000;

/**
 * Offsets where games start: a tag line that follows movetext (or the start of the file). A blank
 * line inside a tag section therefore does not split a game, which matches python-chess.
 */
export function gameStarts(text) {
  const starts = [];
  let inTags = false;
  let pos = 0;
  while (pos < text.length) {
    let end = text.indexOf('\n', pos);
    if (end < 0) end = text.length;
    const c = text.charCodeAt(pos);
    if (c === 91 /* [ */) {
      if (!inTags) starts.push(pos);
      inTags = true;
    } else if (end - pos > (text.charCodeAt(end - 1) === 13 ? 1 : 0)) {
      inTags = false; // a non-blank, non-tag line: movetext
    }
    pos = end + 1;
  }
  return starts;
}

function readPgn(path) {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** True when `out` exists and is newer than `src` (so a changed source rebuilds the cache). */
function fresh(out, src) {
  return existsSync(out) && statSync(out).mtimeMs >= statSync(src).mtimeMs;
}

function describe(path, label, extra = {}) {
  const text = readFileSync(path, 'utf8');
  return { path, label, bytes: statSync(path).size, games: gameStarts(text).length, ...extra };
}

/** `shared/corpus/<dir>/<sub>/<name>.pgn[.gz]` → its python-chess expectations, if present. */
function expectedFor(source) {
  const rel = relative(SHARED, source);
  if (rel.startsWith('..')) return undefined;
  const name = rel
    .replace(/\.pgn(\.gz)?$/, '')
    .split(/[\\/]/)
    .join('__');
  for (const ext of ['.jsonl.gz', '.jsonl']) {
    const p = join(SHARED, 'expected', name + ext);
    if (existsSync(p)) return p;
  }
  return undefined;
}

/**
 * Resolves `--corpus` (or the default) to a plain .pgn file. `oracle` says which games of the
 * python-chess expectations file correspond to it, so the harness can print the reference checksum.
 */
export function resolveCorpus(arg) {
  mkdirSync(CACHE, { recursive: true });
  if (arg) {
    const source = resolve(arg);
    if (!existsSync(source)) throw new Error(`corpus not found: ${arg}`);
    let path = source;
    if (source.endsWith('.gz')) {
      path = join(CACHE, basename(source).replace(/\.gz$/, ''));
      if (!fresh(path, source)) writeFileSync(path, readPgn(source));
    }
    const c = describe(path, relative(ROOT, source));
    const expected = expectedFor(source);
    return expected ? { ...c, oracle: { expected, from: 0, to: c.games, total: c.games } } : c;
  }
  if (existsSync(DEFAULT_SOURCE)) {
    const path = join(CACHE, `tcec-standard.last${DEFAULT_LAST}.pgn`);
    let total;
    if (!fresh(path, DEFAULT_SOURCE)) {
      const text = readPgn(DEFAULT_SOURCE);
      const starts = gameStarts(text);
      total = starts.length;
      writeFileSync(path, text.slice(starts[Math.max(0, total - DEFAULT_LAST)]));
      writeFileSync(path + '.json', JSON.stringify({ total }));
    } else {
      total = JSON.parse(readFileSync(path + '.json', 'utf8')).total;
    }
    const label = `last ${DEFAULT_LAST} games of ${relative(ROOT, DEFAULT_SOURCE)}`;
    const c = describe(path, label);
    const expected = expectedFor(DEFAULT_SOURCE);
    const oracle = expected && { expected, from: total - c.games, to: total, total };
    return { ...c, oracle };
  }
  const dir = join(ROOT, 'samples');
  const files = existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.pgn'))
        .sort()
    : [];
  if (files.length === 0) throw new Error('no corpus: ../shared is absent and samples/*.pgn is empty; pass --corpus');
  const path = join(CACHE, 'samples.pgn');
  // Concatenated as bytes, so a Latin-1 sample reaches every tool as it is on disk.
  const sep = Buffer.from('\n\n');
  writeFileSync(path, Buffer.concat(files.flatMap((f) => [readFileSync(join(dir, f)), sep])));
  return describe(path, `samples/*.pgn (${files.length} files)`);
}

/** The first `n` games of a corpus, for tools too slow for all of it (chess.js). */
export function firstGames(corpus, n) {
  if (corpus.games <= n) return corpus;
  const path = join(CACHE, `${basename(corpus.path, '.pgn')}.first${n}.pgn`);
  if (!fresh(path, corpus.path)) {
    const text = readFileSync(corpus.path, 'utf8');
    writeFileSync(path, text.slice(0, gameStarts(text)[n]));
  }
  const oracle = corpus.oracle && { ...corpus.oracle, to: corpus.oracle.from + n };
  return describe(path, `first ${n} games`, { oracle });
}

/**
 * The python-chess checksum of the per-ply FENs (ep = legal) of games [from, to) of an expectations
 * file, cached. Undefined when the game counts disagree (then the files do not line up).
 */
export async function oracleChecksum({ expected, from, to, total }) {
  const key = join(CACHE, `oracle.${basename(expected)}.${from}-${to}.json`);
  if (fresh(key, expected)) return JSON.parse(readFileSync(key, 'utf8'));
  const input = createReadStream(expected);
  const lines = createInterface({ input: expected.endsWith('.gz') ? input.pipe(createGunzip()) : input });
  const fnv = new Fnv();
  let seen = 0;
  for await (const line of lines) {
    if (!line) continue;
    if (seen >= from && seen < to) for (const fen of JSON.parse(line).fens) fnv.add(fen);
    seen++;
  }
  const result = seen === total ? { games: to - from, fens: fnv.count, checksum: fnv.hex() } : undefined;
  if (result) writeFileSync(key, JSON.stringify(result));
  return result;
}
