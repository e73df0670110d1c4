/**
 * `fen` and `fens` differ by one letter: `fen` checks FENs, `fens` reads PGN files. Given the other
 * command's input, each would report a missing file or eight per-letter FEN errors; these checks
 * turn that into one usage error that says which command was meant.
 */
import { existsSync } from 'node:fs';

const PGN_FILE = /\.pgn(\.gz|\.zst|\.zstd)?$/i;
/** A piece placement (eight ranks; six slashes or more catch a mistyped one too), then anything. */
const FEN_LIKE = /^\s*[pnbrqkPNBRQK1-8]*(?:\/[pnbrqkPNBRQK1-8]*){6,}(?:\s|$)/;

/** For a PGN-reading command: the "did you mean" message when an argument is a FEN, not a file. */
export function fenGivenAsFile(args: readonly string[]): string | undefined {
  const fen = args.find((arg) => FEN_LIKE.test(arg) && !existsSync(arg));
  if (fen === undefined) return undefined;
  return `'${fen}' is a FEN, not a PGN file: did you mean \`forsyth fen ${shellQuote(fen)}\`?`;
}

/**
 * For `fen`: the "did you mean" message when an argument that is not a valid FEN names a file (or
 * looks like a PGN file's name). A PGN file was meant for `fens`; a list of FENs goes to stdin.
 */
export function fileGivenAsFen(args: readonly string[], isValidFen: (text: string) => boolean): string | undefined {
  const file = args.find((arg) => arg !== '-' && (PGN_FILE.test(arg) || existsSync(arg)) && !isValidFen(arg));
  if (file === undefined) return undefined;
  if (PGN_FILE.test(file))
    return `'${file}' names a PGN file, not a FEN: did you mean \`forsyth fens ${shellQuote(file)}\`?`;
  return `'${file}' is a file, not a FEN: did you mean \`forsyth fen < ${shellQuote(file)}\` (one FEN per line) or \`forsyth fens ${shellQuote(file)}\` (PGN)?`;
}

/** The argument as one shell word: as it is when that is safe, otherwise in single quotes. */
export function shellQuote(text: string): string {
  if (/^[\w./+=:@%-]+$/.test(text)) return text;
  return `'${text.replaceAll("'", "'\\''")}'`;
}
