/**
 * Which board diagram the terminal gets (the diagrams themselves are the library's, src/diagram/):
 * the choice depends on the process (stdout a terminal, NO_COLOR), so it is the CLI's.
 */
import type { DiagramStyle } from '../../src/index.js';

/** ASCII when piped, colours on a terminal (Unicode without colours when NO_COLOR is set). */
export function diagramStyle(options: { readonly ascii?: boolean; readonly unicode?: boolean }): DiagramStyle {
  const noColor = (process.env['NO_COLOR'] ?? '') !== '';
  if (options.ascii) return 'ascii';
  if (options.unicode || process.stdout.isTTY) return noColor ? 'unicode' : 'color';
  return 'ascii';
}
