/**
 * The playground's work, kept off the page: split and summarise a pasted text, replay one game,
 * check FENs, and build the exports. Runs in a Web Worker (worker.ts) or, where no worker can be
 * made, on the page itself; either way it uses forsyth's public API only.
 *
 * Key decision: only the split game texts and one summary per game are kept, never parse trees:
 * a 10 MB file of 5,000 games stays at a few times its size, and a chosen game is parsed again
 * (a millisecond) when it is opened.
 */
import {
  fixGame,
  formatDiagnostic,
  makeFen,
  parseFen,
  parseGame,
  replay,
  splitGames,
  squareName,
  validate,
  writePgn,
  type Diagnostic,
  type Game,
  type GameChunk,
  type PlyRecord,
} from 'forsyth';
import type { EngineOptions, ExportFormat, FenCheck, GameDetail, GameSummary, PlyView, ProblemView, Reply } from './protocol';

/** Where the page gets replies; `postMessage` in a worker. */
export type Send = (reply: Reply) => void;

const SOURCE_NAME = 'input';
/** Summaries are sent in batches so the list fills while the rest is read. */
const BATCH = 200;

/** True when the text reads as FEN lines rather than PGN: its first non-blank line is a placement. */
export function looksLikeFens(text: string): boolean {
  const first = text.split(/\r\n|\r|\n/, 50).find((line) => line.trim() !== '');
  if (first === undefined) return false;
  const placement = first.trim().split(/\s+/)[0] ?? '';
  return (placement.match(/\//g)?.length ?? 0) >= 4 && /^[1-8pnbrqkPNBRQK/]+$/.test(placement);
}

function tagValue(game: Game, name: string): string {
  let value = '';
  for (const tag of game.tags) if (tag.name === name) value = tag.value;
  return value;
}

function problemView(d: Diagnostic, gameOffset: number): ProblemView {
  const inGame = d.offset === undefined ? {} : { start: d.offset - gameOffset, length: Math.max(1, d.length ?? 1) };
  return {
    code: d.code,
    severity: d.severity,
    message: d.message,
    ...(d.hint === undefined ? {} : { hint: d.hint }),
    ...(d.line === undefined ? {} : { line: d.line, column: d.column ?? 1 }),
    ...inGame,
    formatted: formatDiagnostic(d, SOURCE_NAME),
  };
}

function plyLabel(record: PlyRecord): string {
  if (record.ply === 0) return 'start';
  const dots = record.color === 'white' ? '.' : '…';
  return `${record.moveNumber}${dots} ${record.canonicalSan || record.san}`;
}

function plyView(record: PlyRecord): PlyView {
  const move = record.move;
  const lastMove = move && 'from' in move ? { from: squareName(move.from), to: squareName(move.to) } : undefined;
  return {
    ply: record.ply,
    path: record.path,
    label: plyLabel(record),
    san: record.canonicalSan || record.san,
    uci: record.uci,
    fen: record.fen,
    ...(lastMove ? { lastMove } : {}),
  };
}

function summarise(game: Game): GameSummary {
  const problems = validate(game);
  let errors = 0;
  let warnings = 0;
  for (const d of problems) {
    if (d.severity === 'error') errors++;
    else if (d.severity === 'warning') warnings++;
  }
  return {
    index: game.index,
    white: tagValue(game, 'White'),
    black: tagValue(game, 'Black'),
    result: game.result?.value ?? tagValue(game, 'Result'),
    event: tagValue(game, 'Event'),
    date: tagValue(game, 'Date'),
    plies: game.moves.length,
    errors,
    warnings,
  };
}

function checkFens(text: string): FenCheck[] {
  const out: FenCheck[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const input = raw.trim();
    if (input === '') return;
    const read = parseFen(input);
    const problems = read.diagnostics.map((d) => problemView({ ...d, line: i + 1, column: (d.offset ?? 0) + 1 }, 0));
    out.push({ line: i + 1, input, ok: read.ok, ...(read.ok ? { normalized: makeFen(read.value) } : {}), problems });
  });
  return out;
}

/** Who is to move in the record's position (`color` is who moved, except at ply 0). */
function sideToMove(record: PlyRecord): 'white' | 'black' {
  if (record.ply === 0) return record.color;
  return record.color === 'white' ? 'black' : 'white';
}

function csvField(value: string | number): string {
  const text = String(value);
  return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The engine for one page: the last loaded text's games, and the requests against them. */
export class Engine {
  private chunks: GameChunk[] = [];

  constructor(private readonly send: Send) {}

  load(id: number, text: string, _options: EngineOptions, isCurrent: () => boolean): void {
    const started = Date.now();
    this.chunks = [];
    if (looksLikeFens(text)) {
      this.send({ type: 'fens', id, fens: checkFens(text) });
      this.send({ type: 'loaded', id, games: 0, millis: Date.now() - started });
      return;
    }
    let batch: GameSummary[] = [];
    let lastProgress = 0;
    for (const chunk of splitGames(text)) {
      if (!isCurrent()) return;
      this.chunks.push(chunk);
      batch.push(summarise(parseGame(chunk)));
      const now = Date.now();
      if (batch.length >= BATCH || now - lastProgress > 100) {
        this.send({ type: 'games', id, games: batch });
        this.send({ type: 'progress', id, games: this.chunks.length, done: chunk.offset + chunk.text.length, total: text.length });
        batch = [];
        lastProgress = now;
      }
    }
    if (batch.length > 0) this.send({ type: 'games', id, games: batch });
    this.send({ type: 'progress', id, games: this.chunks.length, done: text.length, total: text.length });
    this.send({ type: 'loaded', id, games: this.chunks.length, millis: Date.now() - started });
  }

  game(id: number, index: number, options: EngineOptions): void {
    const chunk = this.chunks[index];
    if (!chunk) {
      this.send({ type: 'error', id, message: `there is no game ${index + 1}` });
      return;
    }
    const game = parseGame(chunk);
    const plies = [...replay(game, { ...options, includeStart: true })].map(plyView);
    const problems = validate(game).map((d) => problemView(d, chunk.offset));
    const detail: GameDetail = { index, text: chunk.text, offset: chunk.offset, line: chunk.line, plies, problems };
    this.send({ type: 'game', id, detail });
  }

  export(id: number, format: ExportFormat, options: EngineOptions): void {
    const parts: string[] = format === 'csv' ? ['game,ply,path,move_number,side,san,uci,fen\n'] : [];
    for (const chunk of this.chunks) {
      const game = parseGame(chunk);
      if (format === 'fixed-pgn') {
        parts.push(writePgn(fixGame(game).game), '\n');
        continue;
      }
      for (const record of replay(game, options)) {
        const row = { game: chunk.index + 1, ply: record.ply, path: record.path, move_number: record.moveNumber, side: sideToMove(record), san: record.canonicalSan, uci: record.uci, fen: record.fen };
        parts.push(format === 'csv' ? `${Object.values(row).map(csvField).join(',')}\n` : `${JSON.stringify(row)}\n`);
      }
    }
    this.send({ type: 'export', id, format, text: parts.join('') });
  }
}
