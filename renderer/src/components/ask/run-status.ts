// A run's status as the question list and history name it (its state: shared/run-state.ts).
import type { RunStatus } from '../../../../shared/model.ts';
import { RUN_STATE_LABEL, runState, type RunState } from '../../../../shared/run-state.ts';
import { chunksDone, type RunView } from '../../../../shared/run-view.ts';

export const RUN_STATUS = RUN_STATE_LABEL satisfies Record<RunStatus, string>;

/** A run's badge: its CSS status class and its words. */
export interface RunBadge {
  status: RunState;
  label: string;
}

/**
 * The badge a run shows in a list. Beyond the stored status it tells apart what a user would
 * otherwise misread: an answer on screen whose passages are still being found ("Finding
 * passages", not "Reading 36/36"), an answer that was cut short ("Incomplete", not "Answered"),
 * and a run that ended with no answer ("No answer").
 */
export function runBadge(run: RunView): RunBadge {
  const live = run.status === 'running' || run.status === 'paused';
  if (live && run.answer != null && run.chunkCount > 0 && chunksDone(run) >= run.chunkCount)
    return { status: run.status, label: 'Finding passages' };
  if (live)
    return {
      status: run.status,
      label: `${RUN_STATUS[run.status]} ${chunksDone(run)}/${run.chunkCount}`,
    };
  const state = runState(run);
  return { status: state, label: RUN_STATE_LABEL[state] };
}
