/**
 * Every ```console block of README.md that starts with a `$ ` prompt runs, command by command, in
 * bash, with `forsyth` the built executable (dist/bin/forsyth.js); what each
 * command prints must be the lines under it. The JS examples have their own test
 * (readme-examples.test.ts); together the README cannot go stale.
 *
 * Conventions of the blocks: the lines after a `$ ` command, up to the next one, are its standard
 * output followed by its standard error (a terminal shows them so: forsyth writes its output
 * before the summary); `$ echo $?` shows the exit code of the command before it, and a last line
 * `exit N` says the same more briefly. Blank lines at the end of an output are not compared. Blocks without a prompt (install commands) are not run.
 */
import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'forsyth-readme-cli-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const work = join(scratch, 'work');
mkdirSync(work);
for (const entry of readdirSync(ROOT, { withFileTypes: true })) {
  if (entry.isDirectory() && !entry.name.startsWith('.'))
    symlinkSync(join(ROOT, entry.name), join(work, entry.name), 'dir');
}

interface ConsoleCommand {
  readonly command: string;
  /** What it prints, each line ending in a newline. */
  readonly output: string;
  /** The exit code the block states with a last line `exit N`. */
  readonly exit?: number;
}

interface ConsoleExample {
  readonly line: number;
  readonly commands: ConsoleCommand[];
}

const EXIT_LINE = /^exit (\d+)$/;

function consoleExamples(markdown: string): ConsoleExample[] {
  const examples: ConsoleExample[] = [];
  for (const m of markdown.matchAll(/^```console\n([\s\S]*?)^```$/gm)) {
    const body = m[1] ?? '';
    if (!body.startsWith('$ ')) continue;
    const commands: { command: string; lines: string[] }[] = [];
    let continued = false;
    for (const text of body.replace(/\n$/, '').split('\n')) {
      const last = commands.at(-1);
      // A command line ending in a backslash goes on on the next line, as in the shell.
      if (continued && last) last.command += `\n${text}`;
      else if (text.startsWith('$ ')) commands.push({ command: text.slice(2), lines: [] });
      else last?.lines.push(text);
      continued = (continued || text.startsWith('$ ')) && text.endsWith('\\');
    }
    examples.push({
      line: markdown.slice(0, m.index).split('\n').length,
      commands: commands.map(({ command, lines }) => {
        const exit = EXIT_LINE.exec(lines.at(-1) ?? '');
        const shown = exit ? lines.slice(0, -1) : lines;
        const output = shown.map((l) => `${l}\n`).join('');
        return exit ? { command, output, exit: Number(exit[1]) } : { command, output };
      }),
    });
  }
  return examples;
}

/** A README block cannot show blank lines at its end (help texts end with one). */
function withoutTrailingBlankLines(text: string): string {
  return text.replace(/\n+$/, '\n').replace(/^\n$/, '');
}

interface Ran {
  readonly output: string;
  readonly code: number;
}

/** Runs a block's commands in one bash (so `echo $?` sees the command before it). */
function runBlock(example: ConsoleExample, name: string): Ran[] {
  const bin = join(scratch, 'bin');
  const dir = join(scratch, name);
  spawnSync('mkdir', ['-p', bin, dir]);
  const shim = join(bin, 'forsyth');
  writeFileSync(
    shim,
    `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(join(ROOT, 'dist/bin/forsyth.js'))} "$@"\n`,
  );
  chmodSync(shim, 0o755);
  const script = example.commands
    // `(exit $s)` hands the command's status on to the next command's `$?`.
    .map((c, i) => `{ ${c.command}\n} >${dir}/${i}.out 2>${dir}/${i}.err; s=$?; echo $s >${dir}/${i}.code; (exit $s)`)
    .join('\n');
  spawnSync('bash', ['-c', script], {
    cwd: work,
    env: { ...process.env, PATH: `${bin}:${process.env['PATH'] ?? ''}`, FORSYTH_DEBUG: '' },
  });
  return example.commands.map((_c, i) => ({
    output: withoutTrailingBlankLines(
      readFileSync(join(dir, `${i}.out`), 'utf8') + readFileSync(join(dir, `${i}.err`), 'utf8'),
    ),
    code: Number(readFileSync(join(dir, `${i}.code`), 'utf8')),
  }));
}

describe('README CLI examples', () => {
  const examples = consoleExamples(README);

  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(15);
  });

  it('reads a block as commands, their output and exit codes', () => {
    const block = '```console\n$ forsyth fen x\nline 1\nexit 1\n$ echo $?\n1\n```\n```console\nnpm install\n```\n';
    expect(consoleExamples(block)).toEqual([
      {
        line: 1,
        commands: [
          { command: 'forsyth fen x', output: 'line 1\n', exit: 1 },
          { command: 'echo $?', output: '1\n' },
        ],
      },
    ]);
  });

  it.each(examples.map((e, i) => [e.line, e, i] as const))(
    'the block at README line %i prints what it shows',
    (_line, example, i) => {
      const ran = runBlock(example, `block-${i}`);
      example.commands.forEach((c, k) => {
        expect(`$ ${c.command}\n${ran[k]?.output}`).toBe(`$ ${c.command}\n${c.output}`);
        if (c.exit !== undefined) expect(ran[k]?.code).toBe(c.exit);
      });
    },
    60_000,
  );
});
