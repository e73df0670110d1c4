/** The `--where` filter language and the tag-derived fields it shares with the row columns. */
export { compileWhere, whereString, WHERE_FIELDS } from './where.js';
export type { WhereFilter, WhereSubject } from './where.js';
export { gameSubject, chunkSubject } from './subjects.js';
export { ratingOf, timeControlOf, timeControlClassOf, TIME_CONTROL_CLASSES } from './derived.js';
export type { TimeControl, TimeControlClass } from './derived.js';
