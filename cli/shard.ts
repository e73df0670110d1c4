/**
 * `--shard K/N`: the inputs, taken as one sequence of bytes in the order given, are cut into N equal
 * byte ranges, and the run processes only the games that start in the K-th. Each cut is moved to the
 * next game start by the resync rule (src/node/resync.ts), so every game falls in exactly one shard,
 * and the outputs of shards 1..N, concatenated, are byte for byte the output of the whole run:
 * game numbers, line numbers and the decoder's state stay those of the whole run (the bytes before
 * the shard are decoded and split, not parsed), only shard 1 prints a CSV header, and a text game
 * break comes first when an earlier shard printed rows. A file that cannot be cut (compressed,
 * UTF-16) goes whole to the shard that holds its first byte.
 */
import { InvalidArgumentError } from 'commander';
import { nthRange, type ByteRange } from '../src/node/index.js';
import type { InputFile } from './inputs.js';

export interface Shard {
  /** 1-based. */
  readonly k: number;
  readonly n: number;
}

/** `3/8` → { k: 3, n: 8 }. */
export function parseShard(value: string): Shard {
  const match = /^\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(value);
  const k = Number(match?.[1]);
  const n = Number(match?.[2]);
  if (!match || n < 1 || k < 1 || k > n) throw new InvalidArgumentError('expected K/N with 1 <= K <= N, e.g. 1/4');
  return { k, n };
}

/**
 * What the shard does with one input file: nothing, as it lies wholly before the shard (`before`:
 * its games only count for the numbering) or after it; or read it, all of it or a byte range.
 */
export type FilePlan =
  | { readonly kind: 'before' }
  | { readonly kind: 'after' }
  | { readonly kind: 'read'; readonly range?: ByteRange };

export function planShard(files: readonly InputFile[], shard: Shard): FilePlan[] {
  const total = files.reduce((sum, f) => sum + (f.size ?? 0), 0);
  const { start, end } = nthRange(total, shard.k, shard.n);
  const last = shard.k === shard.n;
  let at = 0;
  return files.map((file): FilePlan => {
    const first = at;
    const size = file.size ?? 0;
    at += size;
    if (size === 0) {
      // An empty or unreadable file is one point: the shard that holds it reports it.
      if (first < start) return { kind: 'before' };
      return first < end || last ? { kind: 'read' } : { kind: 'after' };
    }
    const from = Math.min(size, Math.max(0, start - first));
    const to = Math.min(size, Math.max(0, end - first));
    if (from >= size) return { kind: 'before' };
    if (to <= 0 && !(last && first === total)) return { kind: 'after' };
    return { kind: 'read', range: { start: from, end: last ? size : to } };
  });
}
