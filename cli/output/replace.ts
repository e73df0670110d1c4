/**
 * `-o FILE` done safely: the output goes to a temporary file beside the target (same directory,
 * so the same file system) and is renamed over the target only when the run succeeded, the way
 * `sort -o` and editors do it. Until then the old file is untouched; a failed or interrupted run
 * removes the temporary file, and so does any exit of the process (an `exit` hook), so only a
 * SIGKILL or a crash of the machine can leave one behind (named `.NAME.forsyth-PID-N.tmp`).
 *
 * Two runs on the same target each write their own temporary file; `rename` is atomic, so the
 * target is always one run's whole output, never a mix.
 *
 * A target that exists and is not a regular file (/dev/null, /dev/full, a named pipe, a terminal)
 * cannot be replaced: it is written directly, as before.
 */
import {
  closeSync,
  fchmodSync,
  fsyncSync,
  lstatSync,
  openSync,
  realpathSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
  type Stats,
} from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** Temporary files not yet renamed or removed: removed by the `exit` hook. */
const pending = new Set<string>();
let hooked = false;
let counter = 0;

export interface OutputFile {
  /** The open file descriptor to write to. */
  readonly fd: number;
  /** Makes the output the target (renames the temporary file over it); closes the descriptor. */
  commit(): void;
  /** Leaves the target as it was (removes the temporary file); closes the descriptor. */
  discard(): void;
}

/**
 * Opens the output for `path`. Throws the fs error (with `code`) when the target cannot be written:
 * its directory is missing or not writable, it is a directory, or it exists without write permission.
 */
export function openOutputFile(path: string): OutputFile {
  const existing = statOrUndefined(path);
  if (existing?.isDirectory()) throw fsError('EISDIR', 'it is a directory');
  if (existing !== undefined && !existing.isFile()) return direct(openSync(path, 'w'));
  if (existing !== undefined) {
    // Refuse what plain open(2) would refuse: a replace must not sidestep a read-only file.
    closeSync(openSync(path, 'r+'));
  }
  // Through a symbolic link: replace the file it points to, not the link.
  const target = existing !== undefined && lstatSync(path).isSymbolicLink() ? realpathSync(path) : path;
  const temp = join(dirname(target), `.${basename(target)}.forsyth-${process.pid}-${counter++}.tmp`);
  const fd = openSync(temp, 'wx', 0o666);
  trackTemp(temp);
  if (existing !== undefined) fchmodSync(fd, existing.mode & 0o7777);
  let done = false;
  return {
    fd,
    commit() {
      if (done) return;
      done = true;
      try {
        fsyncSync(fd);
        closeSync(fd);
        renameSync(temp, target);
      } finally {
        removeTemp(temp);
      }
    },
    discard() {
      if (done) return;
      done = true;
      try {
        closeSync(fd);
      } catch {
        // already closed
      }
      removeTemp(temp);
    },
  };
}

/** Writes a whole small file (show --svg) the same way: a temporary file, then a rename. */
export function replaceFile(path: string, text: string): void {
  const file = openOutputFile(path);
  try {
    const bytes = Buffer.from(text, 'utf8');
    for (let at = 0; at < bytes.length; ) at += writeSync(file.fd, bytes, at);
  } catch (error) {
    file.discard();
    throw error;
  }
  file.commit();
}

function direct(fd: number): OutputFile {
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    closeSync(fd);
  };
  return { fd, commit: close, discard: close };
}

function statOrUndefined(path: string): Stats | undefined {
  return statSync(path, { throwIfNoEntry: false });
}

function fsError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}

function trackTemp(temp: string): void {
  pending.add(temp);
  if (hooked) return;
  hooked = true;
  process.on('exit', () => {
    for (const path of pending) removeTemp(path);
  });
}

function removeTemp(temp: string): void {
  if (!pending.delete(temp)) return;
  try {
    unlinkSync(temp);
  } catch {
    // renamed already, or gone
  }
}
