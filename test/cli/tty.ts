/**
 * Runs the CLI with standard input and/or standard error on a terminal (a pseudo-terminal made by
 * python3's pty module, since Node has none), to test what only a terminal shows: the notice that
 * standard input is being read, the progress bar. Standard output is always a pipe.
 */
import { spawn } from 'node:child_process';
import { MAIN } from './helpers.js';

export interface TtyRun {
  /** Standard input on a terminal (then `input` is typed into it, followed by Ctrl-D). */
  readonly stdinTty?: boolean;
  /** Standard error on a terminal (what it shows is returned as `terminal`). */
  readonly stderrTty?: boolean;
  /** Written to standard input in turn, `pauseMs` apart. */
  readonly input?: readonly string[];
  readonly pauseMs?: number;
  readonly cwd?: string;
}

export interface TtyResult {
  readonly code: number;
  readonly stdout: string;
  /** Standard error: what the terminal showed, or the pipe's content. */
  readonly stderr: string;
}

const DRIVER = String.raw`
import json, os, pty, subprocess, sys, threading, time
cfg = json.loads(sys.argv[1])
def terminal():
    master, slave = pty.openpty()
    return master, slave
stdin_master = stdin_slave = err_master = err_slave = None
if cfg['stdinTty']:
    stdin_master, stdin_slave = terminal()
if cfg['stderrTty']:
    err_master, err_slave = terminal()
p = subprocess.Popen(cfg['argv'], cwd=cfg['cwd'],
    stdin=stdin_slave if stdin_slave is not None else subprocess.PIPE,
    stdout=subprocess.PIPE,
    stderr=err_slave if err_slave is not None else subprocess.PIPE)
for fd in (stdin_slave, err_slave):
    if fd is not None: os.close(fd)
shown = []
def drain(fd):
    while True:
        try: data = os.read(fd, 65536)
        except OSError: return
        if not data: return
        shown.append(data)
reader = threading.Thread(target=drain, args=(err_master,)) if err_master is not None else None
if reader: reader.start()
out = []
out_reader = threading.Thread(target=lambda: out.append(p.stdout.read()))
out_reader.start()
err = []
err_reader = None
if err_master is None:
    err_reader = threading.Thread(target=lambda: err.append(p.stderr.read()))
    err_reader.start()
for i, chunk in enumerate(cfg['input']):
    if i > 0: time.sleep(cfg['pauseMs'] / 1000)
    data = chunk.encode()
    if stdin_master is not None: os.write(stdin_master, data)
    else: p.stdin.write(data); p.stdin.flush()
if stdin_master is not None:
    time.sleep(cfg['pauseMs'] / 1000)
    os.write(stdin_master, b'\x04')
else:
    p.stdin.close()
code = p.wait(timeout=60)
out_reader.join()
if err_reader: err_reader.join()
if reader: reader.join(timeout=2)
stderr = b''.join(shown) if err_master is not None else b''.join(err)
print(json.dumps({'code': code, 'stdout': b''.join(out).decode(), 'stderr': stderr.decode()}))
`;

export function runTty(args: readonly string[], options: TtyRun = {}): Promise<TtyResult> {
  const config = {
    argv: [process.execPath, MAIN, ...args],
    cwd: options.cwd ?? process.cwd(),
    stdinTty: options.stdinTty === true,
    stderrTty: options.stderrTty === true,
    input: options.input ?? [],
    pauseMs: options.pauseMs ?? 300,
  };
  return new Promise((done, fail) => {
    const child = spawn('python3', ['-c', DRIVER, JSON.stringify(config)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    child.on('error', fail);
    child.on('close', (code) => {
      if (code !== 0) fail(new Error(`python3 pty driver failed (${code}): ${err}`));
      else done(JSON.parse(out) as TtyResult);
    });
  });
}
