/**
 * Small text inputs of the commands that read FENs rather than PGN (`fen`, `build --fens`, `show`,
 * `perft`): standard input as one string, its lines, and the place of a diagnostic in one FEN.
 * Shared here so that no command imports another.
 */
import { diagnostic, LineIndex, type Diagnostic } from '../src/index.js';

/** All of standard input, decoded as UTF-8, without a leading byte order mark. */
export async function readStdinText(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/** The lines of `text`: they end at `\n`, `\r\n` or a lone `\r`, as `LineIndex` counts them. */
export function splitLines(text: string): string[] {
  return text.split(/\r\n|\n|\r/);
}

/** One FEN diagnostic with the line (argument number or stdin line) and the column of its offset. */
export function placeFenDiagnostic(d: Diagnostic, text: string, line: number): Diagnostic {
  const column = d.offset === undefined ? 1 : new LineIndex(text).locate(d.offset).column;
  return { ...d, line, column };
}

/** The diagnostic for a line too long to be a FEN (`fen` and `build --fens` read line by line). */
export function tooLongLine(input: { readonly line: number }, max: number): Diagnostic {
  return diagnostic(
    'IO_LINE_TOO_LONG',
    `line ${input.line} is longer than ${max} characters, so not a FEN; it is skipped`,
    {
      line: input.line,
      column: 1,
      hint: 'one FEN per line is expected',
    },
  );
}
