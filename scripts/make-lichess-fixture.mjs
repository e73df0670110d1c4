// Regenerates test/fixtures/lichess/ from the shared corpus (../shared/corpus next to the repo, or
// the directory given as the last argument): a few dozen real lichess games picked by the rules
// below from games/lichess/lichess-exports-{clk,noclk}.pgn.gz, and their python-chess records from
// expected/games__lichess__lichess-exports-{clk,noclk}.jsonl.gz.
//
// Each game is copied byte for byte, from its `[Event` line up to the next game's `[Event` line, so
// the blank lines lichess (or `jq`) wrote after it come along. The chosen games keep their order in
// the export. Each expected record is its line of the shared file with only `"index"` renumbered to
// the game's place in the fixture (what python-chess gives on the fixture file: it reads every game
// on its own). Nothing is written by hand and nothing depends on forsyth.
//
//   node scripts/make-lichess-fixture.mjs [--check] [SHARED_CORPUS_DIR]
//
// --check writes nothing and exits 1 when the committed files differ from what it would write
// (the .gz files are compared decompressed, since zlib versions may compress differently).
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const OUT = join(ROOT, 'test/fixtures/lichess');
const args = process.argv.slice(2);
const check = args.includes('--check');
const CORPUS = resolve(args.filter((a) => a !== '--check').at(-1) ?? join(ROOT, '../shared/corpus'));
if (!existsSync(join(CORPUS, 'games/lichess'))) {
  console.error(`${CORPUS}: no games/lichess here; give the shared corpus directory as the last argument`);
  process.exit(2);
}

/** The sources of each export, in file order, with their game counts (games/lichess/README.md). */
const SOURCES = {
  clk: [
    ['pnmadelaine/chess', 'lichess.pgn', 1016],
    ['SaubhagyaSingh/ShadowGM', 'mygames.pgn', 730],
  ],
  noclk: [
    ['pnmadelaine/chess', 'lichess.pgn', 13],
    ['SaubhagyaSingh/ShadowGM', 'mygames.pgn', 8],
    ['SaubhagyaSingh/ShadowGM', 'vp.pgn', 2584],
    ['SaubhagyaSingh/ShadowGM', 's2.pgn', 149],
    ['etiennebonnafoux/lichess_analyse', 'lichess_games.pgn', 2002],
    ['jowen93/chess', 'games.pgn', 1186],
    ['Allan-Cao/Magnus-Carlsen-Chess-Games', 'lichess_DrDrunkenstein_2019-01-29.pgn', 479],
    ['Allan-Cao/Magnus-Carlsen-Chess-Games', 'lichess_DannyTheDonkey_2019-01-29.pgn', 62],
    ['zq99/pgn2data', 'samples/lichess_manwithavan_2021-07-25.pgn', 143],
    ['AmaiRivas/thesisEngine', 'all_games.pgn', 376],
    ['carlosfranzreb/chess_analysis', 'lichess_data.pgn', 332],
    ['StLolek/Chess-Project', 'lichess_StLolek_2020-10-13.pgn', 341],
    ['mzfr/year-in-review', 'lichess.pgn', 229],
  ],
};

/** lichess's speed from `base+increment` (base + 40 × increment), as the tests compute it. */
function speedOf(tc) {
  const m = /^(\d+)\+(\d+)$/.exec(tc ?? '');
  if (!m) return 'correspondence';
  const estimate = Number(m[1]) + 40 * Number(m[2]);
  if (estimate < 30) return 'ultraBullet';
  if (estimate < 180) return 'bullet';
  if (estimate < 480) return 'blitz';
  if (estimate < 1500) return 'rapid';
  return 'classical';
}

/** The games of one export: exact bytes, python-chess record (line and parsed) and derived facts. */
function load(name) {
  const pgnPath = join(CORPUS, `games/lichess/lichess-exports-${name}.pgn.gz`);
  const expectedPath = join(CORPUS, `expected/games__lichess__lichess-exports-${name}.jsonl.gz`);
  const packed = readFileSync(pgnPath);
  const bytes = gunzipSync(packed);
  const lines = gunzipSync(readFileSync(expectedPath))
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '');
  // latin1 maps bytes to characters one to one, so string offsets are byte offsets.
  const text = bytes.toString('latin1');
  const starts = [...text.matchAll(/(?:^|\n\n)\[Event /g)].map((m) => m.index + m[0].indexOf('['));
  if (starts[0] !== 0) throw new Error(`${pgnPath}: does not start with an [Event tag`);
  if (starts.length !== lines.length) throw new Error(`${pgnPath}: ${starts.length} games, ${lines.length} records`);
  const sources = SOURCES[name];
  if (sources.reduce((n, s) => n + s[2], 0) !== starts.length) throw new Error(`${name}: source counts do not add up`);
  const sourceOf = [];
  for (const [repo, path, count] of sources) {
    const source = { repo, path };
    for (let i = 0; i < count; i++) sourceOf.push(source);
  }
  const games = starts.map((start, index) => {
    const raw = bytes.subarray(start, starts[index + 1] ?? bytes.length);
    const line = lines[index];
    const record = JSON.parse(line);
    const site = record.headers.Site;
    const body = raw.toString('utf8');
    if (record.index !== index || !body.includes(`[Site "${site}"]\n`))
      throw new Error(`${name} game ${index}: the record is not this game's`);
    const h = record.headers;
    const source = sourceOf[index];
    return {
      index,
      raw,
      line,
      record,
      h,
      source,
      firstOfSource: index === 0 || sourceOf[index - 1] !== source,
      plies: record.fens.length,
      speed: speedOf(h.TimeControl),
      increment: Number((h.TimeControl ?? '').split('+')[1] ?? 0),
      evals: body.includes('[%eval '),
      titles: [h.WhiteTitle, h.BlackTitle],
    };
  });
  const earliest = games.map((g) => g.h.Date).sort()[0];
  for (const g of games) g.earliest = g.h.Date === earliest;
  return { games, sha256: createHash('sha256').update(packed).digest('hex'), pgnPath };
}

/**
 * The rules of one export, in order: [why, how many (Infinity: all), test(game, picked so far)]. Each
 * takes the first games of the export that pass its test and no earlier rule took.
 */
const RULES = {
  clk: [
    ['analysed on lichess: [%eval] on every ply, mate scores such as #-3', Infinity, (g) => g.evals],
    ['Termination "Abandoned"', Infinity, (g) => g.h.Termination === 'Abandoned'],
    ['a clock over three hours (10800+2, up to 3:00:09)', Infinity, (g) => g.h.TimeControl === '10800+2'],
    ['the first game of its source (layout)', Infinity, (g) => g.firstOfSource],
    ['classical 1800+0 (API export)', 2, (g) => g.h.TimeControl === '1800+0' && g.source.path === 'lichess.pgn'],
    [
      'classical 1800+0 (website export, with Opening)',
      1,
      (g) => g.h.TimeControl === '1800+0' && g.source.path === 'mygames.pgn',
    ],
    ['180+2', 1, (g) => g.h.TimeControl === '180+2' && g.h.Termination === 'Normal'],
    ['180+2, Termination "Time forfeit"', 1, (g) => g.h.TimeControl === '180+2' && g.h.Termination === 'Time forfeit'],
    ['180+1', 1, (g) => g.h.TimeControl === '180+1'],
    ['600+0, Termination "Time forfeit"', 1, (g) => g.h.TimeControl === '600+0' && g.h.Termination === 'Time forfeit'],
    ['300+0, Termination "Time forfeit"', 1, (g) => g.h.TimeControl === '300+0' && g.h.Termination === 'Time forfeit'],
    ['more than 150 plies, WhiteElo under 1500', 1, (g) => g.plies > 150 && Number(g.h.WhiteElo) < 1500],
    ['a draw', 1, (g) => g.h.Result === '1/2-1/2' && g.h.Termination === 'Normal'],
    [
      'the first game of a time control not picked yet',
      Infinity,
      (g, picked) => !picked.some((p) => p.h.TimeControl === g.h.TimeControl),
    ],
  ],
  noclk: [
    [
      'From Position, the first of its source',
      Infinity,
      (g, picked) =>
        g.h.Variant === 'From Position' &&
        !picked.some((p) => p.h.Variant === 'From Position' && p.source === g.source),
    ],
    ['From Position with no move', Infinity, (g) => g.h.Variant === 'From Position' && g.plies === 0],
    ['the first game of its source (layout, tag style)', Infinity, (g) => g.firstOfSource],
    ['TimeControl "-", rated correspondence', 1, (g) => g.h.Event === 'Rated Correspondence game'],
    ['ultraBullet 15+0', 2, (g) => g.h.TimeControl === '15+0'],
    ['bullet 30+0', 1, (g) => g.h.TimeControl === '30+0'],
    ['bullet 45+0', 1, (g) => g.h.TimeControl === '45+0'],
    ['bullet with an increment', 2, (g) => /bullet/i.test(g.h.Event) && g.increment > 0 && !g.titles.includes('BOT')],
    ['a BOT', 2, (g) => g.titles.includes('BOT')],
    ['newer style (GameId, lowercase Event): rapid', 1, (g) => g.h.GameId && g.h.Event === 'rated rapid game'],
    ['newer style (GameId, lowercase Event): a draw', 1, (g) => g.h.GameId && g.h.Result === '1/2-1/2'],
    ['newer style (GameId, lowercase Event): 2024', 1, (g) => g.h.GameId && g.h.Date.startsWith('2024')],
    ['2024 or later, older style', 1, (g) => !g.h.GameId && g.h.Date >= '2024'],
    ['the earliest date', 1, (g) => g.earliest],
    ['before 2017', 1, (g) => g.h.Date < '2017'],
    ['DrDrunkenstein (titled arena)', 3, (g) => g.h.White === 'DrDrunkenstein' || g.h.Black === 'DrDrunkenstein'],
    [
      'a speed lichess names in the Event not picked yet',
      Infinity,
      (g, picked) => {
        const speed = /^(?:rated|casual) (\w+) game$/i.exec(g.h.Event)?.[1]?.toLowerCase();
        return speed !== undefined && !picked.some((p) => p.h.Event.toLowerCase().includes(` ${speed} `));
      },
    ],
  ],
};

function choose(name, games) {
  const picked = [];
  const why = new Map();
  for (const [reason, count, test] of RULES[name]) {
    let n = 0;
    for (const g of games) {
      if (n >= count) break;
      if (why.has(g) || !test(g, picked)) continue;
      picked.push(g);
      why.set(g, reason);
      n++;
    }
    if (n === 0) throw new Error(`${name}: no game for "${reason}"`);
  }
  return picked.sort((a, b) => a.index - b.index).map((g) => ({ g, why: why.get(g) }));
}

const files = new Map();
const summary = [];
const table = ['file\tindex\tsource_index\tsite\trepository\tpath\twhy'];
for (const name of ['clk', 'noclk']) {
  const { games, sha256, pgnPath } = load(name);
  const chosen = choose(name, games);
  files.set(`${name}.pgn`, Buffer.concat(chosen.map(({ g }) => g.raw)));
  const records = chosen.map(({ g }, i) => {
    const line = g.line.replace(/^\{"index":\d+,/, `{"index":${i},`);
    if (JSON.stringify(JSON.parse(line)) !== JSON.stringify({ ...g.record, index: i }))
      throw new Error(`${name} game ${g.index}: renumbering changed the record`);
    return `${line}\n`;
  });
  files.set(`${name}.expected.jsonl.gz`, Buffer.from(records.join(''), 'utf8'));
  for (const [i, { g, why }] of chosen.entries())
    table.push([`${name}.pgn`, i, g.index, g.h.Site, g.source.repo, g.source.path, why].join('\t'));
  summary.push(`${name}: ${chosen.length} of ${games.length} games from ${pgnPath} (sha256 ${sha256})`);
}
files.set('chosen.tsv', Buffer.from(`${table.join('\n')}\n`, 'utf8'));

let differ = 0;
if (!check) mkdirSync(OUT, { recursive: true });
for (const [file, content] of files) {
  const path = join(OUT, file);
  if (check) {
    const old = existsSync(path) ? readFileSync(path) : undefined;
    const same = old !== undefined && (file.endsWith('.gz') ? gunzipSync(old) : old).equals(content);
    if (!same) {
      console.error(`${file}: differs from what ${CORPUS} gives`);
      differ++;
    }
  } else writeFileSync(path, file.endsWith('.gz') ? gzipSync(content, { level: 9 }) : content);
}
for (const line of summary) console.log(line);
if (differ > 0) process.exit(1);
