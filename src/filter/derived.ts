/**
 * Typed fields derived from a game's tags, shared by the `--where` filter and the row columns:
 * ratings as integers, the time control as base and increment in seconds, lichess's speed class.
 * Pure functions of tag values; know nothing of moves.
 */

/** A rating tag (`WhiteElo "2405"`) as an integer; undefined for `?`, `-`, empty or missing. */
export function ratingOf(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,5}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

export interface TimeControl {
  /** Starting time in whole seconds (of the first period for a multi-period control). */
  readonly base: number;
  /** Increment per move in seconds (0 when none is written). */
  readonly increment: number;
}

/**
 * `TimeControl "180+2"` → base 180, increment 2; `"300"` → 300, 0; `"40/7200:3600"` → the first
 * period (7200, 0). Undefined for `-` (no clock: correspondence or unlimited), `?`, a sandclock
 * (`*60`) or anything else.
 */
export function timeControlOf(value: string | undefined): TimeControl | undefined {
  if (value === undefined) return undefined;
  const match = /^(?:\d+\/)?(\d+)(?:\+(\d+))?(?::.*)?$/.exec(value.trim());
  if (!match) return undefined;
  return { base: Number(match[1]), increment: match[2] === undefined ? 0 : Number(match[2]) };
}

export const TIME_CONTROL_CLASSES = ['ultraBullet', 'bullet', 'blitz', 'rapid', 'classical', 'correspondence'] as const;
export type TimeControlClass = (typeof TIME_CONTROL_CLASSES)[number];

/**
 * lichess's speed classes, from the estimated duration base + 40 × increment (seconds):
 * ultraBullet < 30, bullet < 180, blitz < 480, rapid < 1500, classical otherwise; `-` (no clock)
 * is correspondence. Undefined when the time control cannot be read.
 */
export function timeControlClassOf(value: string | undefined): TimeControlClass | undefined {
  if (value !== undefined && value.trim() === '-') return 'correspondence';
  const tc = timeControlOf(value);
  if (tc === undefined) return undefined;
  const estimate = tc.base + 40 * tc.increment;
  if (estimate < 30) return 'ultraBullet';
  if (estimate < 180) return 'bullet';
  if (estimate < 480) return 'blitz';
  if (estimate < 1500) return 'rapid';
  return 'classical';
}
