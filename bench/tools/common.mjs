// Shared by every bench/tools/*.mjs child: the checksum, the output line and the CLI arguments.
// Each tool runs in its own process (spawned by bench/run.mjs) so that its peak RSS is its own.
import { readFileSync } from 'node:fs';

/**
 * 32-bit FNV-1a over strings joined with "\n". FENs and SANs are ASCII, so hashing UTF-16 code
 * units equals hashing the bytes, and every tool pays the same small cost per character.
 */
export class Fnv {
  h = 0x811c9dc5;
  first = true;
  count = 0;
  add(s) {
    let h = this.h;
    if (!this.first) h = Math.imul(h ^ 10, 0x01000193);
    this.first = false;
    for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x01000193);
    this.h = h;
    this.count++;
  }
  hex() {
    return (this.h >>> 0).toString(16).padStart(8, '0');
  }
}

/**
 * Parsers differ on whether `+`, `#`, `!`, `?` stay in the move token, and chessops drops the `-` of
 * long algebraic `Qc1-e3` (the TCEC corpus has one); the parse checksum hashes tokens without them.
 */
export function bareSan(san) {
  return san.replace(/[+#!?]+$/, '').replace(/([a-h][1-8])-([a-h][1-8])/, '$1$2');
}

export function args() {
  const [file, job = 'replay', extra] = process.argv.slice(2);
  return { file, job, depth: Number(extra ?? 5) };
}

export function readText(file) {
  return readFileSync(file, 'utf8');
}

/** The one JSON line a tool prints. `maxRssKiB` is a fallback for when /usr/bin/time is missing. */
export function report(fields) {
  process.stdout.write(JSON.stringify({ ...fields, maxRssKiB: process.resourceUsage().maxRSS }) + '\n');
}

/** A tool that cannot do a job says why and exits 0, so the harness prints a "skipped" row. */
export function skip(reason) {
  process.stdout.write(JSON.stringify({ skip: reason }) + '\n');
  process.exit(0);
}

/** Times `fn` (the job itself, without Node start-up and module loading). */
export async function timed(fn) {
  const t0 = process.hrtime.bigint();
  const out = await fn();
  return { ...out, elapsedMs: Number(process.hrtime.bigint() - t0) / 1e6 };
}
