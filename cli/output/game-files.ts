/**
 * The extra PGN outputs of `forsyth export`: `--rest FILE`, `--duplicates FILE` and the files of
 * `--split N` / `--split-by TAG`. Each is a `BufferedWriter` (the same writer as `-o`), opened
 * once, written game by game with one blank line between games, and closed at the end of the run:
 * like -o, each is written to a temporary file that replaces its target only when the run
 * succeeded (`close(true)`).
 *
 * Split file names come from the `-o` name: `games.pgn` → `games-1.pgn`, `games-2.pgn`, … for
 * `--split N`; `games-B20.pgn` (the tag value, with characters other than letters, digits, `.`, `_`
 * and `-` replaced by `_`; `games-none.pgn` for a game without the tag) for `--split-by TAG`.
 * `--split-by` keeps one file open per value: past MAX_SPLIT_FILES values, the games of new values
 * go to `games-other.pgn` (a warning says so), so a run never runs out of file handles.
 */
import { BufferedWriter } from './writer.js';

export const MAX_SPLIT_FILES = 500;

/** A split file that would overwrite an input. */
export class RefusedOutput extends Error {}

/** One PGN output: games separated by a blank line. */
export class GameFile {
  games = 0;

  private constructor(
    readonly path: string,
    private readonly writer: BufferedWriter,
  ) {}

  /** Opens (creates or truncates) `path`; throws the fs error when it cannot. */
  static open(path: string): GameFile {
    return new GameFile(path, BufferedWriter.open(path));
  }

  /** Writes one game's PGN (text ending with a line end or not). */
  async write(pgn: string): Promise<void> {
    if (this.games++ > 0) this.writer.line('');
    this.writer.line(pgn.trimEnd());
    await this.writer.flushIfFull();
  }

  /** Flushes and closes; the file replaces its target only when `commit` (the run succeeded). */
  close(commit: boolean): Promise<void> {
    return this.writer.close(commit);
  }
}

export type SplitRule =
  | { readonly kind: 'count'; readonly size: number }
  | { readonly kind: 'tag'; readonly name: string };

/** `games.pgn` + `B20` → `games-B20.pgn` (the extension kept; `.pgn` when the name has none). */
export function splitName(base: string, part: string): string {
  const dot = base.lastIndexOf('.');
  const slash = Math.max(base.lastIndexOf('/'), base.lastIndexOf('\\'));
  const [stem, ext] = dot > slash + 1 ? [base.slice(0, dot), base.slice(dot)] : [base, '.pgn'];
  return `${stem}-${part}${ext}`;
}

/** A tag value as a file-name part. */
export function safePart(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return 'none';
  return value
    .trim()
    .replace(/[^A-Za-z0-9._-]/g, '_')
    .replace(/^\.+/, '_');
}

/** The files of `--split` / `--split-by`: which file each kept game goes to. */
export class SplitFiles {
  private readonly files = new Map<string, GameFile>();
  private current: GameFile | undefined;
  private part = 0;
  /** Set once --split-by has run out of files (the caller warns once). */
  overflowed = false;

  /** `refuse(path)`: why `path` must not be written (it is an input), or undefined. */
  constructor(
    private readonly base: string,
    private readonly rule: SplitRule,
    private readonly refuse: (path: string) => string | undefined,
  ) {}

  private open(path: string): GameFile {
    const why = this.refuse(path);
    if (why !== undefined) throw new RefusedOutput(why);
    return GameFile.open(path);
  }

  /** The file for the next game; `tagValue` is the game's value of the --split-by tag. */
  fileFor(tagValue: string | undefined): GameFile {
    if (this.rule.kind === 'count') {
      if (this.current === undefined || this.current.games >= this.rule.size) {
        this.current = this.open(splitName(this.base, String(++this.part)));
        this.files.set(this.current.path, this.current);
      }
      return this.current;
    }
    let part = safePart(tagValue);
    if (!this.files.has(part) && this.files.size >= MAX_SPLIT_FILES) {
      this.overflowed = true;
      part = 'other';
    }
    let file = this.files.get(part);
    if (file === undefined) {
      file = this.open(splitName(this.base, part));
      this.files.set(part, file);
    }
    return file;
  }

  get paths(): string[] {
    return [...this.files.values()].map((f) => f.path);
  }

  async close(commit: boolean): Promise<void> {
    for (const file of this.files.values()) await file.close(commit);
  }
}
