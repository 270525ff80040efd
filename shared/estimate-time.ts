// The time an estimate gives, in words: the command line's (`ask --dry-run`, the review's plan)
// from one rule, with where the built-in model computes ("on this computer, CPU only").
import { formatDuration } from './duration.ts';
import type { ComputeDevice, Range } from './run-estimate.ts';

/** Said while no speed of the backend and model is known (nothing answered there yet). */
export const ESTIMATE_TIME_UNKNOWN = 'unknown until the backend has answered once';

/**
 * "12 min 04 s to 18 min 10 s", "about 40 min 00 s on this computer, CPU only", or why it is not
 * known yet.
 */
export function estimateTimeText(seconds: Range | null, device?: ComputeDevice): string {
  if (seconds === null) return ESTIMATE_TIME_UNKNOWN;
  const [min, max] = [formatDuration(seconds.min * 1000), formatDuration(seconds.max * 1000)];
  const range = min === max ? `about ${max}` : `${min} to ${max}`;
  if (device === undefined) return range;
  return `${range} on this computer, ${device === 'gpu' ? 'on its GPU' : 'CPU only'}`;
}
