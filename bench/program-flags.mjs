// The Node flags the `forsyth` executable starts main.js with (cli/node-flags.ts), read from a
// tree's build, so that every bench row runs the program as the executable does.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** `programFlags(args)` of the tree whose build is `dist`; trees built before it had one flag. */
export async function programFlagsOf(dist) {
  const module = join(dist, 'cli', 'node-flags.js');
  if (!existsSync(module)) return () => ['--max-semi-space-size=8'];
  return (await import(pathToFileURL(module).href)).programFlags;
}
