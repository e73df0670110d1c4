/**
 * The V8 settings the `forsyth` executable (bin.ts) starts its program with, in one place so that
 * the benchmarks (bench/) run main.js exactly as the executable does.
 *
 * - `--max-semi-space-size`: the young generation's cap. The per-ply garbage is short-lived, so
 *   bigger semi-spaces only hold more of it: 8 MB on one thread (10,000 TCEC games: 120 MB peak
 *   instead of 160 MB, same speed); 4 MB when worker threads run (`--jobs` other than 1), as each
 *   worker has a young generation of its own (70 MB of TCEC games, `--jobs 2`: 156–162 MB peak
 *   instead of 181–184 MB, CPU within the runs' spread). V8 rounds the size to a power of
 *   two: 5 or 6 act as 4 or 8.
 * - `--heap-growing-percent=10`: after a full collection the old generation may grow by 10% of
 *   what survived, where V8 would allow up to 4× on a fast machine. Not a limit (the heap still
 *   grows as the live data needs); the collections it adds are incremental. With `--jobs 2` on
 *   70 MB: 188–195 MB peak instead of 221–240 MB; with one thread no change in time or memory.
 */

/** The flags for main.js given the command line after `forsyth` (`args`, as process.argv.slice(2)). */
export function programFlags(args: readonly string[]): string[] {
  return [`--max-semi-space-size=${usesWorkers(args) ? 4 : 8}`, '--heap-growing-percent=10'];
}

/**
 * Whether `-j/--jobs` asks for worker threads (any value but 1: `auto` and 0 mean one per core).
 * Read here before commander parses the options: a spelling missed (`-qj2`) only gets the
 * one-thread setting, never another result.
 */
export function usesWorkers(args: readonly string[]): boolean {
  let jobs: string | undefined; // the last one given counts, as in commander
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === '--') break;
    let value: string | undefined;
    if (arg === '--jobs' || arg === '-j') value = args[i + 1];
    else if (arg.startsWith('--jobs=')) value = arg.slice('--jobs='.length);
    else if (arg.startsWith('-j') && arg.length > 2) value = arg.slice(2);
    else continue;
    jobs = value;
  }
  return jobs !== undefined && jobs.trim() !== '1';
}
