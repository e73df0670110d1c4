// The machine a benchmark ran on, for the header of its output: ratios between tools differ from
// one CPU to another (pgn-extract against forsyth has gone either way), so a run names its CPU.
import { readFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';

/** `cpu AMD EPYC (family 26, model 2, cache 1024 KB) × 2 · 24 GiB`, as far as the system tells. */
export function machineLine() {
  const model = cpus()[0]?.model.trim() || 'unknown';
  const details = [];
  try {
    const info = readFileSync('/proc/cpuinfo', 'utf8');
    const field = (name) => info.match(new RegExp(`^${name}\\s*: (.*)$`, 'm'))?.[1]?.trim();
    const family = field('cpu family');
    const number = field('model');
    const cache = field('cache size');
    if (family) details.push(`family ${family}`);
    if (number) details.push(`model ${number}`);
    if (cache) details.push(`cache ${cache}`);
  } catch {
    // Not Linux: the model name is all there is.
  }
  const gib = Math.round(totalmem() / 2 ** 30);
  return `cpu ${model}${details.length > 0 ? ` (${details.join(', ')})` : ''} × ${availableParallelism()} · ${gib} GiB`;
}
