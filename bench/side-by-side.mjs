// Two runs of the CLI at the same time, each pinned to one core, to compare them on a machine
// whose speed drifts from minute to minute (what one run measures, the other then measures too):
//   node bench/side-by-side.mjs [--rounds N] [--against DIR] -- ARGS... [--- OTHER ARGS...]
// Side A is this tree's build with ARGS; side B is DIR's build with the same ARGS (--against), or
// this build with OTHER ARGS (after `---`). Each round starts both, A on core 0 and B on core 1,
// then the other way round; CPU is user + sys of each child (`/usr/bin/time`), start-up included,
// and the per-round ratio B/A is what to quote: its median moves by a few percent where single
// runs move by fifteen. `{side}` in an argument becomes A or B (separate -o files). Needs taskset
// (util-linux) and /usr/bin/time; both sides share the machine's memory bandwidth, so use
// run.mjs for claims against peers and this for A/B between builds or formats.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { programFlagsOf } from './program-flags.mjs';

const ROOT = join(import.meta.dirname, '..');
const cut = process.argv.indexOf('--');
if (cut < 0)
  throw new Error('usage: node bench/side-by-side.mjs [--rounds N] [--against DIR] -- ARGS... [--- ARGS...]');
const { values: opt } = parseArgs({
  args: process.argv.slice(2, cut),
  options: { rounds: { type: 'string', default: '6' }, against: { type: 'string' } },
});
const rest = process.argv.slice(cut + 1);
const split = rest.indexOf('---');
const argsA = split < 0 ? rest : rest.slice(0, split);
const argsB = split < 0 ? rest : rest.slice(split + 1);
const rootB = opt.against ?? ROOT;
const sides = [
  { name: 'A', root: ROOT, args: argsA },
  { name: 'B', root: rootB, args: argsB },
];
for (const side of sides) side.flags = (await programFlagsOf(join(side.root, 'dist')))(side.args);

function run(side, core) {
  const args = side.args.map((a) => a.replaceAll('{side}', side.name));
  const main = join(side.root, 'dist', 'bin', 'main.js');
  return new Promise((resolve, reject) => {
    const child = spawn(
      'taskset',
      ['-c', String(core), '/usr/bin/time', '-f', '%U %S', process.execPath, ...side.flags, main, ...args],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', () => {
      const [user, sys] = stderr.trim().split('\n').pop().split(' ').map(Number);
      if (!(user >= 0 && sys >= 0)) reject(new Error(`side ${side.name}: no time in ${JSON.stringify(stderr)}`));
      else resolve(user + sys);
    });
  });
}

const median = (v) => [...v].sort((a, b) => a - b)[v.length >> 1];
const cpu = { A: [], B: [] };
const ratios = [];
for (let round = 0; round < Number(opt.rounds); round++) {
  const [a, b] = await Promise.all(
    round % 2 ? [run(sides[0], 1), run(sides[1], 0)] : [run(sides[0], 0), run(sides[1], 1)],
  );
  cpu.A.push(a);
  cpu.B.push(b);
  ratios.push(b / a);
}
for (const side of sides)
  console.log(`${side.name}: ${side.root === ROOT ? 'this tree' : side.root} ${side.args.join(' ')}`);
console.log(`cpu s, median of ${ratios.length}: A ${median(cpu.A).toFixed(2)}, B ${median(cpu.B).toFixed(2)}`);
console.log(`B/A per round: ${ratios.map((r) => r.toFixed(3)).join(' ')}; median ${median(ratios).toFixed(3)}`);
