/**
 * The input's control characters never reach the terminal raw through a diagnostic: escape
 * sequences (clear screen, colours, window title), C1 controls and the bidirectional overrides
 * and isolates are shown escaped, on every path (stderr text, validate's report, JSON lines,
 * usage errors). The escaping is one function, applied by the formatter.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { escapeControls, formatDiagnostic } from '../../src/index.js';
import { removeTempDirs, run, tempDir } from './helpers.js';

afterAll(removeTempDirs);

/** Any character escapeControls must not let through (the tab and the line breaks between lines excepted). */
const RAW_CONTROL = /[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ufeff]/;

describe('escapeControls', () => {
  it.each([
    ['plain text, accents: Réti', 'plain text, accents: Réti'],
    ['tab\tkept', 'tab\tkept'],
    ['\x1b[2J\x1b[31mred', '\\x1b[2J\\x1b[31mred'],
    ['\x1b]0;title\x07', '\\x1b]0;title\\x07'],
    ['a\nb\rc', 'a\\nb\\rc'],
    ['\x9b31m C1 CSI', '\\x9b31m C1 CSI'],
    ['abc\u202edef', 'abc\\u202edef'],
    ['\u2066x\u2069 \u200f \u061c', '\\u2066x\\u2069 \\u200f \\u061c'],
  ])('%j → %j', (text, shown) => {
    expect(escapeControls(text)).toBe(shown);
  });

  it('the JSON form keeps a JSON text valid and equal in value', () => {
    const json = JSON.stringify({ m: 'x\u202ey\x85' });
    const escaped = escapeControls(json, true);
    expect(escaped).toBe('{"m":"x\\u202ey\\u0085"}');
    expect(JSON.parse(escaped)).toEqual({ m: 'x\u202ey\x85' });
  });

  it('formatDiagnostic escapes the file name, the message and the hint', () => {
    const text = formatDiagnostic(
      { code: 'PGN_SYNTAX', severity: 'error', message: 'bad "\x1b[2J"', hint: 'try \u202e', line: 1, column: 2 },
      'f\x07.pgn',
    );
    expect(text).toBe('f\\x07.pgn:1:2: error[PGN_SYNTAX]: bad "\\x1b[2J"\n  hint: try \\u202e');
  });
});

describe('end to end', () => {
  const dir = tempDir();
  const hostile = join(dir, 'hostile.pgn');
  writeFileSync(
    hostile,
    '[Event "x"]\n[Site "\x1b]0;pwned\x07"]\n[White "a\u202eb"]\n[Black "\x1b[2J"]\n[Result "*"]\n\n1. e4 \x1b[31mQx\u2066 e5 2. Nf3 \x9b2J *\n',
  );

  it.each([
    [['fens', hostile]],
    [['validate', hostile]],
    [['validate', '--format', 'json', hostile]],
    [['export', '--fix', hostile]],
    [['positions', '--last', hostile]],
  ])('%j: no raw control character in any diagnostic', async (args) => {
    const r = await run(args);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    // validate writes its report on stdout: that too.
    if (args[0] === 'validate') expect(r.stdout).not.toMatch(RAW_CONTROL);
    expect(`${r.stdout}${r.stderr}`).toMatch(/\\x1b|\\u001b/);
  });

  it('fen: a FEN argument with escape sequences', async () => {
    const r = await run(['fen', 'rnbqkbnr/pppp\x1b[2Jpppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1']);
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain('\\x1b[2J');
  });

  it('a usage error quoting what was typed', async () => {
    const r = await run(['fens', '--format', 'x\x1b[2J\u202e']);
    expect(r.code).toBe(2);
    expect(r.stderr).not.toMatch(RAW_CONTROL);
    expect(r.stderr).toContain('x\\x1b[2J\\u202e');
  });
});
