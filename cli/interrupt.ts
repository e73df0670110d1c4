/**
 * Ctrl-C (SIGINT) and SIGTERM. main.ts installs the handlers; this module holds the state the
 * commands consult, so that an interrupted run winds down like a finished one: the reading stops
 * (`interruption.signal` aborts it), the output gets its complete lines, the progress bar is
 * cleared, the summary is printed, an `-o` file is left as it was, and the exit code is 130
 * (SIGINT) or 143 (SIGTERM).
 *
 * A command that winds down this way says so with `windDownOnInterrupt()`; for any other, and for
 * a second signal, main.ts writes the complete lines buffered so far and exits at once.
 */

const controller = new AbortController();
let received: NodeJS.Signals | undefined;
let windingDown = 0;
let lastWords: (() => void) | undefined;

/** Aborted by the first SIGINT or SIGTERM; pass it to whatever reads or waits. */
export const interruption: AbortSignal = controller.signal;

/** 130 for SIGINT, 143 for SIGTERM (128 + the signal number, the shell convention). */
export function exitCodeOf(signal: NodeJS.Signals): number {
  return signal === 'SIGTERM' ? 143 : 130;
}

/** The exit code of the interrupt received, or undefined when the run was not interrupted. */
export function interruptExitCode(): number | undefined {
  return received === undefined ? undefined : exitCodeOf(received);
}

/** Records the signal and aborts `interruption`. */
export function interrupt(signal: NodeJS.Signals): void {
  if (received !== undefined) return;
  received = signal;
  controller.abort(new Error(`interrupted (${signal})`));
}

/** True when a running command checks `interruption` and will end the run itself. */
export function windsDown(): boolean {
  return windingDown > 0;
}

/** Declares that the calling command watches `interruption` from now on. */
export function windDownOnInterrupt(): void {
  windingDown++;
}

/**
 * What to print when the run is stopped before it could wind down (a second signal, or a wind-down
 * slower than main.ts waits): the session's summary, so that an interrupted run always ends with one.
 * `undefined` takes it back (the summary was printed the usual way).
 */
export function onForcedStop(words: (() => void) | undefined): void {
  lastWords = words;
}

/** Prints the words given to `onForcedStop`, once. */
export function sayLastWords(): void {
  const words = lastWords;
  lastWords = undefined;
  words?.();
}

/**
 * Lets the event loop run (signals are delivered there): call it now and then in long computations.
 * Two turns of setImmediate, because one called from an I/O callback runs before the loop polls
 * again: a signal that came during the computation would still be waiting after it.
 */
export function yieldToEvents(): Promise<void> {
  return new Promise((done) => setImmediate(() => setImmediate(done)));
}
