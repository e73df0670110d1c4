/**
 * The runtime exports of the two public entry points. A change here is a change of the public API,
 * so it shows in review (chess.js's api-extractor report, without the tool).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as browser from '../src/index.js';
import * as node from '../src/node/index.js';

describe('public API', () => {
  it('forsyth (browser-safe) exports exactly these values', () => {
    expect(Object.keys(browser).sort()).toEqual(
      [
        'buildGame', 'CASTLING_NOTATIONS', 'chunkSubject', 'classifyOpening', 'COLORS', 'compileWhere',
        'decodeTagValue', 'diagnostic', 'DIAGNOSTIC_CODES', 'encodeTagValue', 'EP_MODES', 'err', 'escapeControls',
        'findMoveBetween', 'findTag', 'fixGame', 'formatDiagnostic', 'gameHash', 'gameHashes', 'GameHashSet',
        'GameSplitter', 'gameSubject', 'getTag', 'hasErrors', 'INITIAL_FEN', 'initialPosition', 'isCheck',
        'isCheckmate', 'isInsufficientMaterial', 'isNullMove', 'isSevenTagName', 'isStalemate', 'isTagName',
        'legalMoves', 'LineHash', 'LineIndex', 'locate', 'makeBoardFen', 'makeFen', 'makeSan', 'makeUci', 'ok',
        'openingKey', 'openingOfPosition', 'openingSubject', 'openingTable', 'parseCommentCommands', 'parseFen',
        'parseGame', 'parsePgn', 'parseSan', 'parseSanSyntax', 'parseSquare', 'parseUci', 'perft', 'perftDivide',
        'pieceAt', 'play', 'PlyRecord', 'polyglotHex', 'polyglotKey', 'Position', 'ratingOf', 'renderBoard',
        'renderBoardSvg', 'repairFen', 'replay', 'resolveSan', 'ROLES', 'scanTags', 'SEVEN_TAG_ROSTER', 'splitGames',
        'squareName', 'startingPosition', 'TIME_CONTROL_CLASSES', 'timeControlClassOf', 'timeControlOf', 'validate',
        'variantKind', 'whereString', 'writePgn', 'writeStyledPgn',
      ].sort(),
    );
  });

  it('forsyth/node exports exactly these values', () => {
    expect(Object.keys(node).sort()).toEqual(
      ['DEFAULT_MAX_BLOCK', 'bytesSource', 'createDecoder', 'gameStartAtOrAfter', 'gameTextOfRow', 'nthRange', 'openInput', 'readGames', 'readNdjsonChunks', 'readPgn', 'readPgnChunks', 'shiftChunk', 'splitBlock'].sort(),
    );
  });
});

describe('type declarations (dist/, built by pretest)', () => {
  // Members marked @internal (the replay's log access, Position's generator form) are for forsyth's
  // own modules: tsconfig.build.json strips them from the .d.ts files users compile against.
  it('leave out what is marked @internal', () => {
    const replayTypes = readFileSync(new URL('../dist/src/replay/replay.d.ts', import.meta.url), 'utf8');
    expect(replayTypes).toContain('class PlyRecord');
    expect(replayTypes).toContain('get fen()');
    expect(replayTypes).not.toContain('logged(');
  });
});
