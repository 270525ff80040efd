// The question box keeps only the settings changed from the saved defaults, so the rest follow
// the defaults when they change.
import type { RunSettings } from '../../../shared/model.ts';

/** The settings of `next` that differ from `defaults`. */
export function changedFrom(defaults: RunSettings, next: RunSettings): Partial<RunSettings> {
  const changed: Partial<RunSettings> = {};
  for (const key of Object.keys(next) as (keyof RunSettings)[]) {
    if (next[key] !== defaults[key]) Object.assign(changed, { [key]: next[key] });
  }
  return changed;
}
