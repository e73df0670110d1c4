// tsc does not emit .js files that live in src/, so the generated Peggy parsers are copied beside
// the compiled modules that import them.
import { cpSync, existsSync } from 'node:fs';

for (const dir of ['src/pgn/generated', 'src/filter/generated']) {
  if (existsSync(dir)) cpSync(dir, `dist/${dir}`, { recursive: true });
}
