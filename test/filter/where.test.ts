import { describe, expect, it } from 'vitest';
import { compileWhere, type WhereFilter, type WhereSubject } from '../../src/index.js';

function subject(tags: Record<string, string>, plies = 0): WhereSubject {
  return { tag: (name) => tags[name], plies: () => plies };
}

function filter(expr: string): WhereFilter {
  const compiled = compileWhere(expr);
  if (!compiled.ok) throw new Error(`${expr}: ${compiled.error.message}`);
  return compiled.value;
}

const test = (expr: string, tags: Record<string, string>, plies = 0): boolean =>
  filter(expr).test(subject(tags, plies));

describe('compileWhere: operators and precedence', () => {
  const t = { A: '1', B: '0', C: '1' };
  it('&& binds tighter than ||', () => {
    // 1 || (0 && 0) is true; (1 || 0) && 0 would be false.
    expect(test('A == 1 || B == 1 && C == 0', t)).toBe(true);
    expect(test('(A == 1 || B == 1) && C == 0', t)).toBe(false);
    expect(test('B == 1 && C == 1 || A == 1', t)).toBe(true);
  });

  it('! binds tighter than && and applies to a parenthesised group', () => {
    expect(test('!B == 1 && A == 1', t)).toBe(true);
    expect(test('!(A == 1 && C == 1)', t)).toBe(false);
    expect(test('!!(A == 1)', t)).toBe(true);
  });

  it('reads whitespace and newlines anywhere between tokens, and both quote styles', () => {
    expect(test(' ( White==\'x\'\n&&\tBlack  ==  "y" ) ', { White: 'x', Black: 'y' })).toBe(true);
    expect(test('Event == "Say \\"hi\\""', { Event: 'Say "hi"' })).toBe(true);
  });

  it('a bare field tests that the tag is present', () => {
    expect(test('WhiteTitle', { WhiteTitle: 'GM' })).toBe(true);
    expect(test('WhiteTitle', {})).toBe(false);
    expect(test('!WhiteTitle && !BlackTitle', {})).toBe(true);
  });
});

describe('compileWhere: types', () => {
  it('compares a numeric tag as a number, quoted or not', () => {
    expect(test('WhiteElo >= 2000', { WhiteElo: '2100' })).toBe(true);
    expect(test('WhiteElo >= 2000', { WhiteElo: '999' })).toBe(false); // "999" > "2000" as strings
    expect(test('WhiteElo >= "2000"', { WhiteElo: '999' })).toBe(false);
    expect(test('WhiteElo > BlackElo', { WhiteElo: '1000', BlackElo: '950' })).toBe(true);
  });

  it('a value that is not a number makes a numeric comparison false, both ways', () => {
    expect(test('WhiteElo >= 0', { WhiteElo: '?' })).toBe(false);
    expect(test('WhiteElo < 0', { WhiteElo: '?' })).toBe(false);
    expect(test('white_elo >= 0', { WhiteElo: '?' })).toBe(false);
  });

  it('compares other tags as strings, so PGN dates order by prefix', () => {
    expect(test('Date >= "2017.04"', { Date: '2017.04.01' })).toBe(true);
    expect(test('Date >= "2017.04"', { Date: '2017.03.31' })).toBe(false);
    expect(test('Date < "2017"', { Date: '2016.12.31' })).toBe(true);
    expect(test('Round == 1', { Round: '1' })).toBe(true); // a number literal: numeric
    expect(test('Round == "1"', { Round: '1.0' })).toBe(false);
  });

  it('== is exact, ~ a case-insensitive substring', () => {
    expect(test('White == "carlsen"', { White: 'Carlsen' })).toBe(false);
    expect(test('White ~ "carlsen"', { White: 'Magnus Carlsen' })).toBe(true);
    expect(test('White !~ "CARL"', { White: 'Magnus Carlsen' })).toBe(false);
    expect(test('Event ~ "Blitz"', { Event: 'rated blitz game' })).toBe(true);
  });

  it('a missing tag fails every comparison but != and !~', () => {
    expect(test('Termination == "Abandoned"', {})).toBe(false);
    expect(test('Termination != "Abandoned"', {})).toBe(true);
    expect(test('Opening ~ "Sicilian"', {})).toBe(false);
    expect(test('Opening !~ "Sicilian"', {})).toBe(true);
    expect(test('Date < "2017"', {})).toBe(false);
  });

  it('player is either colour; player != is neither', () => {
    const game = { White: 'DrDrunkenstein', Black: 'Hikaru' };
    expect(test('player == "Hikaru"', game)).toBe(true);
    expect(test('player == "DrDrunkenstein"', game)).toBe(true);
    expect(test('player == "Magnus"', game)).toBe(false);
    expect(test('player ~ "drunken"', game)).toBe(true);
    expect(test('player != "Hikaru"', game)).toBe(false);
    expect(test('player != "Magnus"', game)).toBe(true);
  });

  it('derived fields: ratings, time control, class, result, termination, tag.NAME', () => {
    const game = {
      WhiteElo: '2405',
      BlackElo: '2390',
      TimeControl: '180+2',
      Result: '1-0',
      Termination: 'Time forfeit',
      Site: 'x',
    };
    expect(test('white_elo == 2405 && black_elo < 2400', game)).toBe(true);
    expect(test('tc_base == 180 && tc_inc == 2 && tc_class == "blitz"', game)).toBe(true);
    expect(test('result == "1-0" && termination == "Time forfeit" && tag.Site == "x"', game)).toBe(true);
    expect(test('tc_class == "correspondence"', { TimeControl: '-' })).toBe(true);
    expect(test('tc_base >= 0', { TimeControl: '-' })).toBe(false);
  });

  it('plies needs the moves; the other fields do not', () => {
    expect(filter('plies > 20').needsMoves).toBe(true);
    expect(filter('WhiteElo > 2000 || !(plies <= 20)').needsMoves).toBe(true);
    expect(filter('WhiteElo > 2000 && Date >= "2017"').needsMoves).toBe(false);
    expect(test('plies > 20', {}, 21)).toBe(true);
    expect(test('plies > 20', {}, 20)).toBe(false);
  });
});

describe('compileWhere: errors are located in the expression', () => {
  function problem(expr: string) {
    const compiled = compileWhere(expr);
    if (compiled.ok) throw new Error(`${expr} compiled`);
    return compiled.error;
  }

  it('a single = is a syntax error at the =, with a hint', () => {
    const d = problem('WhiteElo = 2000');
    expect(d).toMatchObject({ code: 'WHERE_SYNTAX', severity: 'error', offset: 9, line: 1, column: 10 });
    expect(d.message).toContain('comparison operator');
    expect(d.hint).toContain('==');
  });

  it('an unclosed parenthesis points at the end', () => {
    const d = problem('(White == "a" || Black == "b"');
    expect(d).toMatchObject({ code: 'WHERE_SYNTAX', column: 30 });
    expect(d.message).toMatch(/expected .*"\)".* but found the end of the expression/);
  });

  it('an unknown lowercase field is an error naming the field and the known ones', () => {
    const d = problem('WhiteElo > 2000 && tc_klass == "blitz"');
    expect(d).toMatchObject({ code: 'WHERE_UNKNOWN_FIELD', column: 20, excerpt: 'tc_klass' });
    expect(d.hint).toContain('tc_class');
  });

  it('an unquoted string on the right is an unknown field, with a hint to quote it', () => {
    const d = problem('tc_class == blitz');
    expect(d).toMatchObject({ code: 'WHERE_UNKNOWN_FIELD', column: 13 });
    expect(d.hint).toContain('"blitz"');
  });

  it('a literal alone, an empty expression, a dangling operator, an unclosed string', () => {
    expect(problem('"blitz"')).toMatchObject({ code: 'WHERE_SYNTAX', column: 1 });
    expect(problem('')).toMatchObject({ code: 'WHERE_SYNTAX', column: 1 });
    expect(problem('White == "a" &&')).toMatchObject({ code: 'WHERE_SYNTAX', column: 16 });
    expect(problem('White == "a')).toMatchObject({ code: 'WHERE_SYNTAX' });
    expect(problem('White == "a" & Black == "b"').hint).toContain('&&');
  });

  it('columns count from the line start on a multi-line expression', () => {
    expect(problem('White == "a"\n&& Black === "b"')).toMatchObject({ line: 2, column: 12 });
  });
});
