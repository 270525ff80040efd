// The time an estimate gives, in words: one rule for the command line (`ask --dry-run`, the
// review's plan) and the app (the Ask form, New review and the Add dialogs), with where the
// built-in model computes ("on this computer, CPU only").
import { formatDuration } from './duration.ts';
import { plural } from './plural.ts';
import type { ComputeDevice, Range } from './run-estimate.ts';

/** Said while no speed of the backend and model is known (nothing answered there yet). */
export const ESTIMATE_TIME_UNKNOWN = 'unknown until the backend has answered once';

/**
 * "12 min 04 s to 18 min 10 s", "about 40 min 00 s on this computer, CPU only", or why it is not
 * known yet. `cellsAtOnce` (a review) says how many cells the time assumes in parallel.
 */
export function estimateTimeText(
  seconds: Range | null,
  device?: ComputeDevice,
  cellsAtOnce?: number,
): string {
  if (seconds === null) return ESTIMATE_TIME_UNKNOWN;
  const [min, max] = [formatDuration(seconds.min * 1000), formatDuration(seconds.max * 1000)];
  const range = min === max ? `about ${max}` : `${min} to ${max}`;
  const at = cellsAtOnce === undefined ? '' : ` with ${plural(cellsAtOnce, 'cell')} at once`;
  if (device === undefined) return `${range}${at}`;
  return `${range}${at} on this computer, ${device === 'gpu' ? 'on its GPU' : 'CPU only'}`;
}
