/**
 * FORSYTH_THREAD_TIMES=FILE: at exit, the run writes to FILE the CPU time of its main thread and of
 * each `--jobs` worker thread, in milliseconds (`{"main": 420, "workers": [8100, 8050]}`), so that
 * `npm run bench -- scaling` can give the main thread's share of the work. Each thread reads its own
 * time from /proc/thread-self/schedstat (Linux; Node 20 has no per-thread CPU clock); elsewhere the
 * file says null. The workers send theirs with every reply; off, nothing is read or sent.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

const FILE = process.env['FORSYTH_THREAD_TIMES'];

/** Whether thread times are wanted in this run (workers see the same environment). */
export const threadTimesWanted = FILE !== undefined && FILE !== '';

/** This thread's CPU time so far in milliseconds, or null where it cannot be read. */
export function threadCpuMs(): number | null {
  try {
    return Number(readFileSync('/proc/thread-self/schedstat', 'latin1').split(' ')[0]) / 1e6;
  } catch {
    return null;
  }
}

const workerTimes = new Map<number, number | null>();

/** Keeps the latest time a worker (by thread id) reported. */
export function noteWorkerTime(threadId: number, ms: number | null | undefined): void {
  if (ms !== undefined) workerTimes.set(threadId, ms);
}

if (threadTimesWanted && FILE && isMainThread) {
  process.on('exit', () => {
    const times = { main: threadCpuMs(), workers: [...workerTimes.values()] };
    try {
      writeFileSync(FILE, `${JSON.stringify(times)}\n`);
    } catch {
      // a measuring aid: a path that cannot be written must not change the run's exit
    }
  });
}
