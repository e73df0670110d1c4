/**
 * The runtime exports of the two public entry points. A change here is a change of the public API,
 * so it shows in review (chess.js's api-extractor report, without the tool).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as browser from '../src/index.js';
import * as node from '../src/node/index.js';
import * as chess from '../src/entry/chess.js';
import * as fen from '../src/entry/fen.js';
import * as san from '../src/entry/san.js';
import * as pgn from '../src/entry/pgn.js';
import * as replay from '../src/entry/replay.js';
import * as openings from '../src/entry/openings.js';
import * as filter from '../src/entry/filter.js';
import * as diagram from '../src/entry/diagram.js';
import * as diagnostics from '../src/entry/diagnostics.js';

/** The root's own verbs: what most users need, and all the root will hold after the deprecation. */
const ROOT_VERBS = [
  'formatDiagnostic',
  'hasErrors',
  'Position',
  'INITIAL_FEN',
  'initialPosition',
  'legalMoves',
  'play',
  'isCheck',
  'isCheckmate',
  'isStalemate',
  'parseUci',
  'makeUci',
  'parseFen',
  'makeFen',
  'parseSan',
  'makeSan',
  'parsePgn',
  'writePgn',
  'getTag',
  'replay',
  'PlyRecord',
];

/** Each topic entry point (`forsyth/<name>`) and exactly the values it exports. */
const ENTRIES: Record<string, [Record<string, unknown>, string[]]> = {
  chess: [
    chess,
    [
      'COLORS',
      'ROLES',
      'isNullMove',
      'parseSquare',
      'squareName',
      'Position',
      'INITIAL_FEN',
      'initialPosition',
      'legalMoves',
      'play',
      'isCheck',
      'isCheckmate',
      'isStalemate',
      'isInsufficientMaterial',
      'pieceAt',
      'parseUci',
      'makeUci',
      'perft',
      'perftDivide',
      'polyglotKey',
      'polyglotHex',
    ],
  ],
  fen: [fen, ['parseFen', 'makeFen', 'makeBoardFen', 'repairFen', 'INITIAL_FEN', 'EP_MODES', 'CASTLING_NOTATIONS']],
  san: [san, ['parseSan', 'parseSanSyntax', 'resolveSan', 'makeSan']],
  pgn: [
    pgn,
    [
      'parsePgn',
      'parseGame',
      'locate',
      'GameSplitter',
      'splitGames',
      'writePgn',
      'getTag',
      'decodeTagValue',
      'encodeTagValue',
      'isTagName',
      'isSevenTagName',
      'SEVEN_TAG_ROSTER',
      'scanTags',
      'parseCommentCommands',
    ],
  ],
  replay: [
    replay,
    [
      'replay',
      'PlyRecord',
      'startingPosition',
      'variantKind',
      'findTag',
      'validate',
      'buildGame',
      'findMoveBetween',
      'fixGame',
      'writeStyledPgn',
      'gameHash',
      'gameHashes',
      'GameHashSet',
      'LineHash',
    ],
  ],
  openings: [openings, ['classifyOpening', 'openingOfPosition', 'openingSubject', 'openingTable', 'openingKey']],
  filter: [
    filter,
    [
      'compileWhere',
      'whereString',
      'gameSubject',
      'chunkSubject',
      'ratingOf',
      'timeControlOf',
      'timeControlClassOf',
      'TIME_CONTROL_CLASSES',
    ],
  ],
  diagram: [diagram, ['renderBoard', 'renderBoardSvg']],
  diagnostics: [
    diagnostics,
    ['ok', 'err', 'DIAGNOSTIC_CODES', 'LineIndex', 'diagnostic', 'escapeControls', 'formatDiagnostic', 'hasErrors'],
  ],
};

/** Every value the root exported before the entry points (0.1.0): none may disappear unannounced. */
const ROOT_BEFORE = [
  'buildGame',
  'CASTLING_NOTATIONS',
  'chunkSubject',
  'classifyOpening',
  'COLORS',
  'compileWhere',
  'decodeTagValue',
  'diagnostic',
  'DIAGNOSTIC_CODES',
  'encodeTagValue',
  'EP_MODES',
  'err',
  'escapeControls',
  'findMoveBetween',
  'findTag',
  'fixGame',
  'formatDiagnostic',
  'gameHash',
  'gameHashes',
  'GameHashSet',
  'GameSplitter',
  'gameSubject',
  'getTag',
  'hasErrors',
  'INITIAL_FEN',
  'initialPosition',
  'isCheck',
  'isCheckmate',
  'isInsufficientMaterial',
  'isNullMove',
  'isSevenTagName',
  'isStalemate',
  'isTagName',
  'legalMoves',
  'LineHash',
  'LineIndex',
  'locate',
  'makeBoardFen',
  'makeFen',
  'makeSan',
  'makeUci',
  'ok',
  'openingKey',
  'openingOfPosition',
  'openingSubject',
  'openingTable',
  'parseCommentCommands',
  'parseFen',
  'parseGame',
  'parsePgn',
  'parseSan',
  'parseSanSyntax',
  'parseSquare',
  'parseUci',
  'perft',
  'perftDivide',
  'pieceAt',
  'play',
  'PlyRecord',
  'polyglotHex',
  'polyglotKey',
  'Position',
  'ratingOf',
  'renderBoard',
  'renderBoardSvg',
  'repairFen',
  'replay',
  'resolveSan',
  'ROLES',
  'scanTags',
  'SEVEN_TAG_ROSTER',
  'splitGames',
  'squareName',
  'startingPosition',
  'TIME_CONTROL_CLASSES',
  'timeControlClassOf',
  'timeControlOf',
  'validate',
  'variantKind',
  'whereString',
  'writePgn',
  'writeStyledPgn',
];

describe('public API', () => {
  it.each(Object.keys(ENTRIES))('forsyth/%s exports exactly these values', (name) => {
    const [mod, values] = ENTRIES[name] as [Record<string, unknown>, string[]];
    expect(Object.keys(mod).sort()).toEqual([...values].sort());
  });

  it('every entry point is in package.json (exports and typesVersions)', () => {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
      exports: Record<string, unknown>;
      typesVersions: { '*': Record<string, string[]> };
    };
    const subpaths = [...Object.keys(ENTRIES), 'node'];
    expect(Object.keys(pkg.exports).sort()).toEqual(['.', './package.json', ...subpaths.map((s) => `./${s}`)].sort());
    expect(Object.keys(pkg.typesVersions['*']).sort()).toEqual([...subpaths].sort());
  });

  it('the root keeps every value it had: its verbs, and the rest as deprecated re-exports', () => {
    expect(Object.keys(browser).sort()).toEqual([...ROOT_BEFORE].sort());
    for (const verb of ROOT_VERBS) expect(ROOT_BEFORE).toContain(verb);
  });

  it('each root value is the very value of a topic entry point (one home per name)', () => {
    const root = browser as Record<string, unknown>;
    for (const name of Object.keys(root)) {
      const homes = Object.entries(ENTRIES).filter(([, [mod]]) => name in mod);
      expect(homes.length, name).toBeGreaterThan(0);
      for (const [, [mod]] of homes) expect(mod[name], name).toBe(root[name]);
    }
  });

  it('forsyth/node exports exactly these values', () => {
    expect(Object.keys(node).sort()).toEqual(
      [
        'DEFAULT_MAX_BLOCK',
        'bytesSource',
        'createDecoder',
        'gameStartAtOrAfter',
        'gameTextOfRow',
        'nthRange',
        'openInput',
        'readGames',
        'readNdjsonChunks',
        'readPgn',
        'readPgnChunks',
        'shiftChunk',
        'splitBlock',
      ].sort(),
    );
  });
});

describe('type declarations (dist/, built by pretest)', () => {
  // What only forsyth's own modules use is kept out of the types by the language, not by
  // `@internal` stripping: true private fields, module-level factories, files no face exports.
  it("show neither the replay's record factory nor Position's engine fields", () => {
    const replayTypes = readFileSync(new URL('../dist/src/replay/replay.d.ts', import.meta.url), 'utf8');
    expect(replayTypes).toContain('class PlyRecord');
    expect(replayTypes).toContain('get fen()');
    expect(replayTypes).not.toMatch(/\blogged\b[(:=]/);
    const positionTypes = readFileSync(new URL('../dist/src/core/position.d.ts', import.meta.url), 'utf8');
    const start = positionTypes.indexOf('class Position');
    expect(start).toBeGreaterThan(0);
    const classBody = positionTypes.slice(start, positionTypes.indexOf('\n}', start));
    expect(classBody).toContain('#private');
    for (const field of ['castlingMask', 'whiteKing', 'blackKing', 'fromCompact'])
      expect(classBody).not.toContain(field);
  });

  it('give every entry point its declarations', () => {
    for (const name of Object.keys(ENTRIES)) {
      const types = readFileSync(new URL(`../dist/src/entry/${name}.d.ts`, import.meta.url), 'utf8');
      expect(types, name).toContain('export');
    }
  });
});
