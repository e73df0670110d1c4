import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/diagnostics.js';
import { createDecoder, type DecodeOptions } from '../../src/node/decode.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/', import.meta.url));
const CORPUS = fileURLToPath(new URL('../../../shared/corpus/', import.meta.url));
const DORTMUND = `${CORPUS}games/human/pychess__dortmund-1928.pgn`;
const DORTMUND_EXPECTED = `${CORPUS}expected/games__human__pychess__dortmund-1928.jsonl.gz`;

interface Decoded {
  readonly text: string;
  readonly encoding: string;
  readonly diagnostics: readonly Diagnostic[];
}

/** Pushes `bytes` in chunks of `chunkSize` (all at once when omitted). */
function decode(bytes: Uint8Array, options: DecodeOptions = {}, chunkSize = bytes.length || 1): Decoded {
  const created = createDecoder(options);
  if (!created.ok) throw new Error(`unexpected: ${created.error.message}`);
  const decoder = created.value;
  let text = '';
  for (let i = 0; i < bytes.length; i += chunkSize) text += decoder.push(bytes.subarray(i, i + chunkSize));
  text += decoder.end();
  return { text, encoding: decoder.encoding, diagnostics: decoder.diagnostics() };
}

const codes = (d: Decoded): string[] => d.diagnostics.map((x) => x.code);
const latin1 = (s: string): Buffer => Buffer.from(s, 'latin1');
const utf8 = (s: string): Buffer => Buffer.from(s, 'utf8');

const SAMPLE = '[White "Nüß, Łukasz"]\n[Black "日本 𝄞 Ærø"]\n\n1. e4 e5 { Tschüs } 1-0\n';

describe('createDecoder: byte order marks', () => {
  it('decodes UTF-8 without a BOM and reports IO_ENCODING once', () => {
    const d = decode(utf8(SAMPLE));
    expect(d.text).toBe(SAMPLE);
    expect(d.encoding).toBe('utf-8');
    expect(d.diagnostics).toEqual([
      expect.objectContaining({ code: 'IO_ENCODING', severity: 'info', message: 'decoded as UTF-8' }),
    ]);
  });

  it('strips a UTF-8 BOM and says the BOM decided', () => {
    const d = decode(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(SAMPLE)]));
    expect(d.text).toBe(SAMPLE);
    expect(d.encoding).toBe('utf-8');
    expect(d.diagnostics.map((x) => x.message)).toEqual(['decoded as UTF-8 (byte order mark)']);
  });

  it('decodes UTF-16 LE with a BOM, also when the chunks split code units', () => {
    const bytes = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SAMPLE, 'utf16le')]);
    for (const chunk of [bytes.length, 1, 3, 7]) {
      const d = decode(bytes, {}, chunk);
      expect(d.text).toBe(SAMPLE);
      expect(d.encoding).toBe('utf-16le');
      expect(codes(d)).toEqual(['IO_ENCODING']);
    }
  });

  it('decodes UTF-16 BE with a BOM', () => {
    const bytes = Buffer.concat([Buffer.from([0xfe, 0xff]), iconv.encode(SAMPLE, 'utf16be')]);
    expect(bytes[2]).toBe(0x00); // '[' is 00 5b in big-endian order
    const d = decode(bytes, {}, 5);
    expect(d.text).toBe(SAMPLE);
    expect(d.encoding).toBe('utf-16be');
    expect(d.diagnostics[0]?.message).toBe('decoded as UTF-16BE (byte order mark)');
  });

  it('handles inputs shorter than the longest BOM', () => {
    expect(decode(utf8('a')).text).toBe('a');
    expect(decode(utf8('\n')).text).toBe('\n');
    expect(decode(Buffer.from([0xef, 0xbb, 0xbf])).text).toBe('');
    expect(decode(Buffer.from([0xff, 0xfe])).text).toBe('');
    const empty = decode(Buffer.alloc(0));
    expect(empty.text).toBe('');
    expect(codes(empty)).toEqual(['IO_ENCODING']);
  });
});

describe('createDecoder: UTF-8 or Windows-1252', () => {
  it('reads a real Latin-1 file (pgn-read Little_06) as Windows-1252', () => {
    const bytes = readFileSync(`${FIXTURES}latin1/pgn-read__Little_06.pgn`);
    expect(bytes.includes(Buffer.from([0x20, 0xc2, 0x22]))).toBe(true); // ` Â"`: C2 without continuation
    const d = decode(bytes);
    expect(d.text).toContain('[Result "1/2 - \u00c2"] <br>\n');
    // The file's only high byte is 0xC2, where Latin-1 and Windows-1252 agree.
    expect(d.text).toBe(bytes.toString('latin1'));
    expect(d.encoding).toBe('windows-1252');
    expect(d.diagnostics.map((x) => x.message)).toEqual(['decoded as Windows-1252 (the bytes are not valid UTF-8)']);
  });

  it('uses the Windows-1252 table, not Latin-1, for 0x80-0x9F', () => {
    const d = decode(latin1('{ \x80 5 \x93quoted\x94 \x8a }\n'));
    expect(d.text).toBe('{ € 5 “quoted” Š }\n');
  });

  it('treats overlong forms and encoded surrogates as invalid UTF-8', () => {
    expect(decode(Buffer.from([0x61, 0xc0, 0xaf, 0x0a])).text).toBe('aÀ¯\n');
    expect(decode(Buffer.from([0xed, 0xa0, 0x80, 0x0a])).text).toBe('í\u00a0€\n');
    expect(decode(Buffer.from([0xf4, 0x90, 0x80, 0x80])).encoding).toBe('windows-1252');
  });

  it('keeps a real U+FFFD in valid UTF-8 as UTF-8', () => {
    const d = decode(utf8('[Event "\ufffd"]\n'));
    expect(d.encoding).toBe('utf-8');
    expect(d.text).toBe('[Event "\ufffd"]\n');
  });

  it.runIf(existsSync(DORTMUND))('reads dortmund-1928 (Windows-1252, CRLF) with the names python-chess reads', () => {
    const bytes = readFileSync(DORTMUND);
    const d = decode(bytes, {}, 65536);
    expect(d.encoding).toBe('windows-1252');
    expect(d.text).toContain('[Black "Van Nüss, Alfred"]\r\n');
    const rawCount = bytes.toString('latin1').split('Van N\u00fcss').length - 1;
    expect(rawCount).toBeGreaterThan(0);
    expect(d.text.split('Van Nüss').length - 1).toBe(rawCount);
    expect(d.text).not.toContain('\ufffd');
    const expected = gunzipSync(readFileSync(DORTMUND_EXPECTED)).toString('utf8').trim().split('\n');
    for (const line of expected) {
      const headers = (JSON.parse(line) as { headers: Record<string, string> }).headers;
      for (const value of [headers['White'], headers['Black']]) if (value) expect(d.text).toContain(`"${value}"`);
    }
  });
});

describe('createDecoder: the encoding option', () => {
  it('forces Latin-1, so 0x80 is U+0080 rather than €', () => {
    const d = decode(latin1('\x80\xe9\n'), { encoding: 'latin1' });
    expect(d.text).toBe('\u0080é\n');
    expect(d.encoding).toBe('latin1');
    expect(d.diagnostics.map((x) => x.message)).toEqual(["decoded as 'latin1' (forced by the encoding option)"]);
  });

  it('forces an encoding over bytes that are valid UTF-8', () => {
    const d = decode(utf8('é\n'), { encoding: 'windows-1252' });
    expect(d.text).toBe('Ã©\n');
  });

  it('decodes UTF-16 LE without a BOM when forced, with no IO_BINARY', () => {
    const d = decode(Buffer.from(SAMPLE, 'utf16le'), { encoding: 'utf-16le' }, 3);
    expect(d.text).toBe(SAMPLE);
    expect(codes(d)).toEqual(['IO_ENCODING']);
  });

  it('forces a legacy code page (KOI8-R)', () => {
    expect(decode(Buffer.from([0xf0, 0xd2, 0xc9]), { encoding: 'koi8-r' }).text).toBe('При');
  });

  it('rejects an unknown encoding name with a USAGE diagnostic, without throwing', () => {
    const r = createDecoder({ encoding: 'klingon-8' });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.error).toMatchObject({ code: 'USAGE', severity: 'error', message: "unknown encoding 'klingon-8'" });
  });
});

describe('createDecoder: mixed encodings (IO_DECODE)', () => {
  const line1 = '[White "Müller"]\r\n';
  const line2 = '[Black "Müller"]\r\n';
  const line3 = '[Event "Zürich"]\r\n';

  it('decodes each line by its own encoding and warns at the first Windows-1252 line', () => {
    const bytes = Buffer.concat([utf8(line1), latin1(line2), utf8(line3)]);
    const d = decode(bytes);
    expect(d.text).toBe(line1 + line2 + line3);
    expect(d.encoding).toBe('utf-8+windows-1252');
    const warnings = d.diagnostics.filter((x) => x.code === 'IO_DECODE');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatchObject({ severity: 'warning', offset: line1.length, line: 2, column: 1 });
    expect(warnings[0]?.message).toContain(`byte ${utf8(line1).length}`);
    expect(warnings[0]?.excerpt).toBe('[Black "Müller"] ');
  });

  it('warns at the first UTF-8 line when Windows-1252 came first', () => {
    const bytes = Buffer.concat([latin1(line1), latin1(line2), utf8('\n'), utf8(line3)]);
    for (const chunk of [bytes.length, 1, 5]) {
      const d = decode(bytes, {}, chunk);
      expect(d.text).toBe(`${line1}${line2}\n${line3}`);
      const warnings = d.diagnostics.filter((x) => x.code === 'IO_DECODE');
      expect(warnings, `chunk ${chunk}`).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ line: 4, offset: line1.length + line2.length + 1 });
    }
  });

  it('replaces invalid bytes after a UTF-8 BOM instead of switching to Windows-1252', () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(line1), latin1(line2)]);
    const d = decode(bytes);
    expect(d.text).toBe(`${line1}[Black "M\ufffdller"]\r\n`);
    expect(d.encoding).toBe('utf-8');
    expect(d.diagnostics.filter((x) => x.code === 'IO_DECODE')).toEqual([
      expect.objectContaining({ line: 2, column: 1, offset: line1.length }),
    ]);
  });
});

describe('createDecoder: binary input (IO_BINARY)', () => {
  it('flags UTF-16 LE without a BOM at its first NUL', () => {
    const d = decode(Buffer.from(SAMPLE, 'utf16le'));
    const binary = d.diagnostics.filter((x) => x.code === 'IO_BINARY');
    expect(binary).toHaveLength(1);
    expect(binary[0]).toMatchObject({ severity: 'error', offset: 1, line: 1, column: 2 });
    expect(binary[0]?.hint).toContain('utf-16le');
  });

  it('points at the line where NUL junk starts in a text file', () => {
    const head = '[Event "a"]\n[Site "b"]\n\n';
    const bytes = Buffer.concat([utf8(head), utf8('1. e4 '), Buffer.alloc(40), utf8('\n1-0\n')]);
    const d = decode(bytes, {}, 5);
    expect(d.text).toBe(`${head}1. e4 ${'\0'.repeat(40)}\n1-0\n`);
    const binary = d.diagnostics.filter((x) => x.code === 'IO_BINARY');
    expect(binary).toEqual([expect.objectContaining({ line: 4, column: 7, offset: head.length + 6 })]);
    expect(binary[0]?.message).toContain('40 NUL or control bytes');
  });

  it('accepts a stray NUL, tabs, form feeds and a final DOS end-of-file mark', () => {
    const d = decode(utf8('[Event "a\0"]\n\t1. e4\f e5\r\n\x1a'));
    expect(codes(d)).toEqual(['IO_ENCODING']);
  });
});

describe('createDecoder: chunk and block boundaries', () => {
  const longLine = `{ ${'é€𝄞x'.repeat(40)} }`;
  const inputs: Record<string, { bytes: Buffer; text?: string }> = {
    utf8: { bytes: utf8(SAMPLE), text: SAMPLE },
    crlf: { bytes: utf8(SAMPLE.replace(/\n/g, '\r\n')), text: SAMPLE.replace(/\n/g, '\r\n') },
    'utf8 long line, no newline': { bytes: utf8(longLine), text: longLine },
    'utf8 BOM': { bytes: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8(SAMPLE)]), text: SAMPLE },
    'utf16le BOM': { bytes: Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(SAMPLE, 'utf16le')]), text: SAMPLE },
    latin1: {
      bytes: latin1('[White "Nüß"]\r[Black "Ærø"]\n\n1. e4 { très } 1-0\n'),
      text: '[White "Nüß"]\r[Black "Ærø"]\n\n1. e4 { très } 1-0\n',
    },
    mixed: {
      bytes: Buffer.concat([utf8('a\n[White "Müller"]\n'), latin1('[Black "Müller" ü]\n'), utf8(`${longLine}\nü\n`)]),
    },
    binary: { bytes: Buffer.concat([utf8('ok\n'), Buffer.from(SAMPLE, 'utf16le'), latin1('\xfc\n')]) },
  };

  for (const [name, input] of Object.entries(inputs)) {
    it(`gives the same text and diagnostics for every chunk size: ${name}`, () => {
      for (const maxBlock of [4, 5, 7, 16, 65536]) {
        const whole = decode(input.bytes, { maxBlock });
        if (input.text !== undefined) expect(whole.text).toBe(input.text);
        for (let chunk = 1; chunk <= 40; chunk++) {
          const d = decode(input.bytes, { maxBlock }, chunk);
          expect(d.text, `maxBlock ${maxBlock}, chunk ${chunk}`).toBe(whole.text);
          expect(d.diagnostics, `maxBlock ${maxBlock}, chunk ${chunk}`).toEqual(whole.diagnostics);
        }
      }
    });
  }

  it('counts lines across clean, CRLF and cut blocks (a CRLF cut between two blocks is one break)', () => {
    const bytes = Buffer.concat([utf8('abc\r\nxy\n\nRéti\n'), latin1('M\xfcller\n')]);
    for (const maxBlock of [4, 65536]) {
      for (let chunk = 1; chunk <= 12; chunk++) {
        const warning = decode(bytes, { maxBlock }, chunk).diagnostics.find((x) => x.code === 'IO_DECODE');
        expect(warning, `maxBlock ${maxBlock}, chunk ${chunk}`).toMatchObject({ line: 5, column: 1 });
      }
    }
  });

  it('never splits a character when a long line is cut (all block sizes)', () => {
    const text = 'é€𝄞'.repeat(200);
    for (let maxBlock = 4; maxBlock <= 24; maxBlock++) {
      const d = decode(utf8(text), { maxBlock }, 3);
      expect(d.text).toBe(text);
      expect(d.encoding).toBe('utf-8');
    }
  });
});

describe('createDecoder: the caller may reuse the bytes it pushed', () => {
  /** Pushes `bytes` through one buffer of `size` that is overwritten with junk after every push. */
  function decodeReusing(bytes: Uint8Array, size: number, options: DecodeOptions = {}): Decoded {
    const created = createDecoder(options);
    if (!created.ok) throw new Error(`unexpected: ${created.error.message}`);
    const decoder = created.value;
    const buffer = new Uint8Array(size);
    let text = '';
    for (let i = 0; i < bytes.length; i += size) {
      const piece = bytes.subarray(i, i + size);
      buffer.set(piece);
      text += decoder.push(buffer.subarray(0, piece.length));
      buffer.fill(0x58); // 'X': what a reader writes into the buffer next
    }
    text += decoder.end();
    return { text, encoding: decoder.encoding, diagnostics: decoder.diagnostics() };
  }

  const mixed = Buffer.concat([utf8(SAMPLE), latin1('[Event "Köln"]\n\n1. d4 1/2-1/2\n'), utf8(SAMPLE)]);

  for (const size of [1, 2, 3, 7, 64, 100, 4096]) {
    it(`keeps copies of unfinished lines, BOM and UTF-16 starts (chunks of ${size})`, () => {
      for (const bytes of [
        utf8(SAMPLE.repeat(40)),
        mixed,
        Buffer.concat([Buffer.of(0xef, 0xbb, 0xbf), utf8(SAMPLE)]),
      ]) {
        const reused = decodeReusing(bytes, size);
        const fresh = decode(bytes, {}, size);
        expect(reused.text).toBe(fresh.text);
        expect(reused.encoding).toBe(fresh.encoding);
        expect(codes(reused)).toEqual(codes(fresh));
      }
      // UTF-16 found by its NULs (an ASCII first line), and forced.
      const wideText = `[Event "Wide"]\n${SAMPLE}`.repeat(5);
      const wide = iconv.encode(wideText, 'utf-16le');
      expect(decodeReusing(wide, size).text).toBe(wideText);
      expect(decodeReusing(wide, size).encoding).toBe('utf-16le');
      expect(decodeReusing(iconv.encode(SAMPLE, 'utf-16le'), size, { encoding: 'utf-16le' }).text).toBe(SAMPLE);
    });
  }

  it('keeps a line longer than the block size whole across pushes', () => {
    const line = `${'{'}${'a'.repeat(300_000)}}\n`;
    const bytes = utf8(`[Event "x"]\n\n1. e4 ${line}1-0\n`);
    expect(decodeReusing(bytes, 65536, { maxBlock: 1000 }).text).toBe(decode(bytes, { maxBlock: 1000 }).text);
  });
});
