// `memagent runs --status`: the stored statuses, and the states `runs` prints for a finished run
// (`no-answer`, `incomplete`), read through the one derivation of a run's state.
import type { RunStatus, RunSummary } from '../../shared/model.ts';
import { RUN_STATE_WORD, runState, type RunState } from '../../shared/run-state.ts';
import { runStatusSchema } from '../../shared/schemas.ts';

const STORED: readonly string[] = runStatusSchema.options;

/** The states of a finished run that are not a stored status, by the word `runs` prints. */
const FINISHED_STATES = new Map(
  (Object.entries(RUN_STATE_WORD) as [RunState, string][])
    .filter(([state]) => !STORED.includes(state))
    .map(([state, word]) => [word, state]),
);

/**
 * Every word `--status` takes: the stored statuses (`done` is every finished run, as stored),
 * then `no-answer` and `incomplete`, finished runs told apart as the STATUS column does.
 */
export const STATUS_WORDS: readonly string[] = [...STORED, ...FINISHED_STATES.keys()];

/** What the store is asked for, and which of its runs are kept. */
export interface StatusFilter {
  /** The stored statuses to list (a finished state lists `done` runs). */
  statuses: RunStatus[];
  /** True when `statuses` lists more than is kept, so more must be listed to fill the limit. */
  narrows: boolean;
  keep(run: RunSummary): boolean;
}

/** The filter for `--status` words already checked against `STATUS_WORDS`. */
export function statusFilter(words: readonly string[]): StatusFilter {
  const stored = new Set<RunStatus>();
  const states = new Set<RunState>();
  for (const word of words) {
    const state = FINISHED_STATES.get(word);
    if (state !== undefined) states.add(state);
    else stored.add(word as RunStatus);
  }
  const narrows = states.size > 0 && !stored.has('done');
  if (states.size > 0) stored.add('done');
  return {
    statuses: [...stored],
    narrows,
    keep: (run) =>
      run.status === 'done' && states.size > 0 && !words.includes('done')
        ? states.has(runState(run))
        : stored.has(run.status),
  };
}
