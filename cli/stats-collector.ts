/**
 * The figures of `forsyth stats`, gathered one game at a time in constant memory: every table is
 * bounded (Elo and length buckets, ECO codes A00–E99, diagnostic codes, results), whatever the
 * number of games.
 *
 * Two ways in: `addGame` (a parsed game: main-line plies, problems by code, ECO from the tag or,
 * where none is written, from the position the game reaches) and `addHeaders` (the tag pairs
 * alone, for the header-only path: lengths from PlyCount tags, ECO from ECO tags, no problems).
 */
import { classifyOpening, findTag, ratingOf, validate, type Diagnostic, type Game } from '../src/index.js';

export const ELO_BUCKET = 100;
export const LENGTH_BUCKET = 10;
/** Lengths from this many plies on share one bucket ("300+"). */
export const LENGTH_CAP = 300;

const RESULTS = ['1-0', '0-1', '1/2-1/2', '*'] as const;

export interface Stats {
  readonly games: number;
  /** 'moves': plies and problems come from parsing the games; 'headers': from the tags alone. */
  readonly source: 'moves' | 'headers';
  readonly plies: {
    readonly total: number;
    readonly known: number;
    readonly mean: number | null;
    readonly min: number | null;
    readonly max: number | null;
  };
  /** Result tag values; anything else (or none) under "other". */
  readonly results: Readonly<Record<string, number>>;
  /** Ratings of both colours, by bucket start (2700 = 2700–2799). */
  readonly elo: {
    readonly bucket: number;
    readonly rated: number;
    readonly mean: number | null;
    readonly counts: Readonly<Record<string, number>>;
  };
  /** Main-line plies by bucket start (80 = 80–89; the last bucket holds LENGTH_CAP and more). */
  readonly length: { readonly bucket: number; readonly cap: number; readonly counts: Readonly<Record<string, number>> };
  /** Games by ECO code ("none" when neither a tag nor the position gives one). */
  readonly eco: Readonly<Record<string, number>>;
  /** Diagnostics by code (null on the header-only path, which does not look at the moves). */
  readonly problems: Readonly<Record<string, number>> | null;
}

/** What `stats` counts of one parsed game: plain data (it comes from the big-game thread for a big game). */
export interface GameStats {
  /** The tags the counts read (the last of each name, as `findTag`). */
  readonly tags: readonly (readonly [string, string])[];
  readonly plies: number;
  /** The ECO tag where written, else the opening the game's positions reach. */
  readonly eco: string | undefined;
  /** Every problem found in it (`validate`). */
  readonly problems: readonly Diagnostic[];
}

const COUNTED_TAGS = ['Result', 'WhiteElo', 'BlackElo', 'ECO'] as const;

/** The per-game work of `stats` (validate, classify), the same on the main thread and in the big-game thread. */
export function statsOfGame(game: Game): GameStats {
  const tags = COUNTED_TAGS.flatMap((name) => {
    const value = findTag(game, name)?.value;
    return value === undefined ? [] : [[name, value] as const];
  });
  const eco = written(findTag(game, 'ECO')?.value) ?? classifyOpening(game)?.eco;
  return { tags, plies: game.moves.length, eco, problems: validate(game) };
}

export class StatsCollector {
  private games = 0;
  private plyTotal = 0;
  private plyKnown = 0;
  private plyMin = Number.POSITIVE_INFINITY;
  private plyMax = Number.NEGATIVE_INFINITY;
  private readonly results = new Map<string, number>();
  private readonly elo = new Map<number, number>();
  private eloSum = 0;
  private eloRated = 0;
  private readonly length = new Map<number, number>();
  private readonly eco = new Map<string, number>();
  private readonly problems = new Map<string, number>();

  constructor(private readonly source: 'moves' | 'headers') {}

  /** A parsed game, as `statsOfGame` sums it up. */
  addGame(game: GameStats): void {
    const tag = (name: string): string | undefined => game.tags.find(([n]) => n === name)?.[1];
    this.addCommon(tag);
    this.addPlies(game.plies);
    this.addEco(game.eco);
    for (const d of game.problems) bump(this.problems, d.code);
  }

  /** A game known by its tags alone. */
  addHeaders(tag: (name: string) => string | undefined): void {
    this.addCommon(tag);
    const plyCount = tag('PlyCount')?.trim();
    if (plyCount !== undefined && /^\d{1,6}$/.test(plyCount)) this.addPlies(Number(plyCount));
    this.addEco(written(tag('ECO')));
  }

  private addCommon(tag: (name: string) => string | undefined): void {
    this.games++;
    const result = tag('Result')?.trim() ?? '';
    bump(this.results, (RESULTS as readonly string[]).includes(result) ? result : 'other');
    for (const name of ['WhiteElo', 'BlackElo']) {
      const rating = ratingOf(tag(name));
      if (rating === undefined || rating === 0) continue;
      bump(this.elo, Math.floor(rating / ELO_BUCKET) * ELO_BUCKET);
      this.eloSum += rating;
      this.eloRated++;
    }
  }

  private addPlies(plies: number): void {
    this.plyTotal += plies;
    this.plyKnown++;
    this.plyMin = Math.min(this.plyMin, plies);
    this.plyMax = Math.max(this.plyMax, plies);
    bump(this.length, plies >= LENGTH_CAP ? LENGTH_CAP : Math.floor(plies / LENGTH_BUCKET) * LENGTH_BUCKET);
  }

  private addEco(code: string | undefined): void {
    // A malformed tag value is counted as it is written, but capped in length: the table stays small.
    bump(this.eco, code === undefined ? 'none' : code.slice(0, 8));
  }

  result(): Stats {
    const known = this.plyKnown;
    return {
      games: this.games,
      source: this.source,
      plies: {
        total: this.plyTotal,
        known,
        mean: known === 0 ? null : round1(this.plyTotal / known),
        min: known === 0 ? null : this.plyMin,
        max: known === 0 ? null : this.plyMax,
      },
      results: Object.fromEntries([...RESULTS, 'other'].map((r) => [r, this.results.get(r) ?? 0])),
      elo: {
        bucket: ELO_BUCKET,
        rated: this.eloRated,
        mean: this.eloRated === 0 ? null : round1(this.eloSum / this.eloRated),
        counts: sortedNumeric(this.elo),
      },
      length: { bucket: LENGTH_BUCKET, cap: LENGTH_CAP, counts: sortedNumeric(this.length) },
      eco: Object.fromEntries([...this.eco].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
      problems:
        this.source === 'headers'
          ? null
          : Object.fromEntries([...this.problems].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))),
    };
  }
}

function written(value: string | undefined): string | undefined {
  const v = value?.trim();
  return v === undefined || v === '' || v === '?' ? undefined : v;
}

function bump<K>(map: Map<K, number>, key: K): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

function sortedNumeric(map: Map<number, number>): Record<string, number> {
  return Object.fromEntries([...map].sort(([a], [b]) => a - b).map(([k, v]) => [String(k), v]));
}

function round1(x: number): number {
  return Math.round(x * 10) / 10;
}

/** The text report: one section per table, histograms with bars. */
export function statsText(s: Stats): string {
  const out: string[] = [];
  const { plies } = s;
  out.push(`games    ${s.games}`);
  const from = s.source === 'headers' ? ` (from PlyCount tags, ${plies.known} games)` : '';
  out.push(
    plies.known === 0
      ? 'plies    unknown'
      : `plies    ${plies.total} (mean ${plies.mean}, min ${plies.min}, max ${plies.max})${from}`,
  );
  out.push('', 'results', ...rows(s.results, (k) => k));
  out.push('', `Elo (White and Black, ${s.elo.rated} ratings${s.elo.mean === null ? '' : `, mean ${s.elo.mean}`})`);
  out.push(...rows(s.elo.counts, (k) => `${k}-${Number(k) + s.elo.bucket - 1}`, true));
  out.push('', `length (main-line plies${s.source === 'headers' ? ', from PlyCount tags' : ''})`);
  out.push(
    ...rows(
      s.length.counts,
      (k) => (Number(k) >= s.length.cap ? `${k}+` : `${k}-${Number(k) + s.length.bucket - 1}`),
      true,
    ),
  );
  const eco = Object.entries(s.eco);
  out.push('', `ECO (${eco.length} codes; by family, then the 20 most frequent codes)`);
  const families = new Map<string, number>();
  for (const [code, n] of eco) {
    const family = /^[A-E]\d\d$/.test(code) ? code.charAt(0) : 'none';
    families.set(family, (families.get(family) ?? 0) + n);
  }
  out.push(...rows(Object.fromEntries([...families].sort(([a], [b]) => (a < b ? -1 : 1))), (k) => k, true));
  out.push(...rows(Object.fromEntries(eco.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)).slice(0, 20)), (k) => k));
  if (s.problems === null) out.push('', 'problems not counted (--headers-only reads no moves)');
  else {
    const total = Object.values(s.problems).reduce((a, b) => a + b, 0);
    out.push('', `problems (${total})`, ...rows(s.problems, (k) => k));
  }
  return `${out.join('\n')}\n`;
}

function rows(table: Readonly<Record<string, number>>, label: (key: string) => string, bars = false): string[] {
  const entries = Object.entries(table);
  const width = Math.max(8, ...entries.map(([k]) => label(k).length));
  const max = Math.max(1, ...entries.map(([, v]) => v));
  const countWidth = Math.max(1, ...entries.map(([, v]) => String(v).length));
  return entries.map(([k, v]) => {
    const bar = bars ? `  ${'#'.repeat(Math.max(v > 0 ? 1 : 0, Math.round((v / max) * 40)))}` : '';
    return `  ${label(k).padEnd(width)}  ${String(v).padStart(countWidth)}${bar}`;
  });
}
