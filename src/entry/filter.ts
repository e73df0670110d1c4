/**
 * `forsyth/filter`: the `--where` language (`compileWhere`, `whereString`), the subjects it reads
 * (`gameSubject`, `chunkSubject` before a parse) and the tag-derived fields it shares with the CLI
 * columns (ratings, time controls).
 */
export {
  compileWhere,
  whereString,
  gameSubject,
  chunkSubject,
  ratingOf,
  timeControlOf,
  timeControlClassOf,
  TIME_CONTROL_CLASSES,
} from '../filter/index.js';
export type { WhereFilter, WhereSubject, TimeControl, TimeControlClass } from '../filter/index.js';
