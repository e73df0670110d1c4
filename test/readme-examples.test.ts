/**
 * Every ```js example in README.md runs against the built package (dist/), and what it prints must
 * equal the ```text block that follows it. The README's examples therefore cannot go stale.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');
const scratch = mkdtempSync(join(tmpdir(), 'forsyth-readme-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

interface Example {
  readonly code: string;
  readonly output: string;
  readonly line: number;
}

function readmeExamples(markdown: string): Example[] {
  const examples: Example[] = [];
  const pattern = /```js\n([\s\S]*?)```\s*\n```text\n([\s\S]*?)```/g;
  for (const m of markdown.matchAll(pattern)) {
    const line = markdown.slice(0, m.index).split('\n').length;
    examples.push({ code: m[1] ?? '', output: m[2] ?? '', line });
  }
  return examples;
}

function run(code: string, name: string): string {
  const source = code
    .replaceAll("from 'forsyth/node'", `from '${join(ROOT, 'dist/src/node/index.js')}'`)
    .replace(
      /from 'forsyth\/([a-z]+)'/g,
      (_all, entry: string) => `from '${join(ROOT, 'dist/src/entry', `${entry}.js`)}'`,
    )
    .replaceAll("from 'forsyth'", `from '${join(ROOT, 'dist/src/index.js')}'`);
  const file = join(scratch, `${name}.mjs`);
  writeFileSync(file, source);
  return execFileSync(process.execPath, [file], { cwd: ROOT, encoding: 'utf8' });
}

describe('README examples', () => {
  const examples = readmeExamples(README);

  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThanOrEqual(6);
  });

  it.each(examples.map((e, i) => [e.line, e, i] as const))(
    'the example at README line %i prints what it says',
    (_line, example, i) => {
      expect(run(example.code, `example-${i}`)).toBe(example.output);
    },
  );
});
