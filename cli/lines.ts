/**
 * A text input read line by line, in constant memory: for `fen` (standard input) and
 * `build --fens FILE`. Lines end at `\n`, `\r\n` or a lone `\r`; a BOM at the start is dropped;
 * the bytes are decoded as UTF-8 as they come. A line longer than `maxLength` is not kept: it comes
 * out as `{ tooLong: true }` as soon as it is too long, the rest of it is skipped, and the reading
 * goes on at the next line, so an endless line (`/dev/zero`) costs no memory.
 */
import { createReadStream } from 'node:fs';
import { addAbortSignal, type Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

export type InputLine =
  | { readonly tooLong: false; readonly text: string; readonly line: number }
  | { readonly tooLong: true; readonly line: number };

/**
 * The lines of `source` (`-` is standard input). Stops quietly when `signal` aborts. `afterChunk`
 * is awaited whenever the lines at hand are used up, before waiting for more input (to flush
 * output, so that answers come while the input is still open).
 */
export async function* readLines(
  source: string,
  maxLength: number,
  options: { readonly signal?: AbortSignal | undefined; readonly afterChunk?: () => Promise<void> } = {},
): AsyncGenerator<InputLine> {
  const signal = options.signal;
  const stream: Readable = source === '-' ? process.stdin : createReadStream(source);
  if (signal) addAbortSignal(signal, stream);
  const decoder = new StringDecoder('utf8');
  let current = '';
  let length = 0;
  let reported = false;
  let line = 1;
  let afterCr = false;
  let first = true;
  /** The line just ended, or undefined when it was too long (and reported already). */
  const end = (): InputLine | undefined => {
    const out: InputLine | undefined = length > maxLength ? undefined : { tooLong: false, text: current, line };
    current = '';
    length = 0;
    reported = false;
    line++;
    return out;
  };
  try {
    for await (const chunk of stream) {
      let text = typeof chunk === 'string' ? chunk : decoder.write(chunk as Buffer);
      if (first && text.length > 0) {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      let from = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c !== 10 && c !== 13) continue;
        if (c === 10 && i === 0 && afterCr) {
          // The \n of a \r\n whose \r ended the previous piece.
          afterCr = false;
          from = 1;
          continue;
        }
        take(text, from, i);
        if (tooLong()) yield { tooLong: true, line };
        const ended = end();
        if (ended) yield ended;
        afterCr = false;
        if (c === 13) {
          if (i + 1 === text.length) afterCr = true;
          else if (text.charCodeAt(i + 1) === 10) i++;
        }
        from = i + 1;
      }
      if (text.length > 0 && from < text.length) afterCr = false;
      take(text, from, text.length);
      if (tooLong()) yield { tooLong: true, line };
      await options.afterChunk?.();
    }
  } catch (error) {
    if (signal?.aborted) return;
    throw error;
  }
  take(decoder.end(), 0, Infinity);
  if (tooLong()) yield { tooLong: true, line };
  const last = length > 0 ? end() : undefined;
  if (last) yield last;

  /** True once per line, when it has just grown past `maxLength`. */
  function tooLong(): boolean {
    if (reported || length <= maxLength) return false;
    reported = true;
    return true;
  }

  function take(text: string, from: number, to: number): void {
    const piece = to === Infinity ? text : text.slice(from, to);
    length += piece.length;
    if (length <= maxLength) current += piece;
    else current = '';
  }
}
