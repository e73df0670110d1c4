// Emptied before each build, so nothing a previous build left (a module since removed, source
// maps from a build that made them) reaches the package.
import { rmSync } from 'node:fs';

rmSync('dist', { recursive: true, force: true });
