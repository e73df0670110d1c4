#!/usr/bin/env node
/**
 * The `forsyth` executable (package.json `bin`): starts `main.js` in a child Node process with the
 * V8 settings of node-flags.ts (the young generation capped, the old one grown in small steps),
 * which bound the memory of the streaming commands at the same speed.
 *
 * Why a second process: the flags only take effect when V8 sets up its heap, so
 * `v8.setFlagsFromString` is too late (measured: the new space still grows to 32 MB), and the
 * shebang `#!/usr/bin/env -S node --max-semi-space-size=8` fails where `env` has no `-S` (BusyBox,
 * the `node:*-alpine` images, older systems). The child costs one Node start-up (some 100 ms), so
 * only the commands that read whole PGN files get one; `fen`, `show`, `perft`, `--help` and the
 * others run in this process, as does everything when the flag is already given
 * (`node --max-semi-space-size=… bin.js`, or in NODE_OPTIONS).
 *
 * The child shares the terminal: Ctrl-C reaches both processes, and the child (main.ts) handles it;
 * this process only waits and then exits as the child did. Termination signals sent to this process
 * alone are passed on.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { programFlags } from './node-flags.js';

const FORWARDED = ['SIGTERM', 'SIGHUP', 'SIGQUIT'] as const;
/** The commands that stream PGN files, where the young generation's size shows in the memory used. */
const STREAMING = new Set(['fens', 'positions', 'validate', 'export', 'build']);

function needsRelaunch(): boolean {
  return STREAMING.has(process.argv[2] ?? '') && !flagGiven();
}

function flagGiven(): boolean {
  const given = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  return given.some((arg) => arg.startsWith('--max-semi-space-size'));
}

function relaunch(): void {
  const main = fileURLToPath(new URL('./main.js', import.meta.url));
  const args = process.argv.slice(2);
  const child = spawn(process.execPath, [...programFlags(args), ...process.execArgv, main, ...args], {
    stdio: 'inherit',
  });
  // The terminal sends SIGINT to the whole process group: the child answers it, this process waits.
  process.on('SIGINT', () => {});
  for (const signal of FORWARDED) process.on(signal, () => child.kill(signal));
  child.on('error', (error) => {
    process.stderr.write(`forsyth: cannot start ${process.execPath}: ${error.message}\n`);
    process.exit(2);
  });
  child.on('exit', (code, signal) => {
    if (signal === null) process.exit(code ?? 2);
    // Die of the same signal, so a shell sees what the child's exit really was.
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}

if (needsRelaunch()) relaunch();
else await import('./main.js');
