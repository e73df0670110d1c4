// tsc does not emit .js files that live in src/, so the generated Peggy parser is copied beside
// the compiled modules that import it.
import { cpSync, existsSync } from 'node:fs';

const from = 'src/pgn/generated';
const to = 'dist/src/pgn/generated';
if (existsSync(from)) cpSync(from, to, { recursive: true });
