// What a run came to, as every view names it: the question list, the library's counts, the
// history search, `memagent runs`/`show`/`ask` and the session exports. One derivation, so a run
// that ended without an extractable answer is "No answer" everywhere, never "Answered".
import type { RunStatus } from './model.ts';

/**
 * A run's stored status, with `done` told apart where a user would misread it: `no-answer` (it
 * ended, and no answer could be extracted from the final reply) and `cut` (an answer, from a
 * reply cut at its token limit: it may be incomplete).
 */
export type RunState = RunStatus | 'no-answer' | 'cut';

/** What the app calls each state (a badge, a count, a heading). */
export const RUN_STATE_LABEL = {
  queued: 'Queued',
  running: 'Reading',
  paused: 'Paused',
  done: 'Answered',
  'no-answer': 'No answer',
  cut: 'Incomplete',
  error: 'Failed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
} as const satisfies Record<RunState, string>;

/** What the command line prints in its STATUS column and `--json` (`state`): one word each. */
export const RUN_STATE_WORD = {
  queued: 'queued',
  running: 'running',
  paused: 'paused',
  done: 'done',
  'no-answer': 'no-answer',
  cut: 'incomplete',
  error: 'error',
  cancelled: 'cancelled',
  interrupted: 'interrupted',
} as const satisfies Record<RunState, string>;

/** The parts of a run its state is read from (a RunSummary, a RunView, an export's run). */
export interface StateOf {
  status: RunStatus;
  /** `null`: the run ended with no extractable answer; `undefined`: none stored (yet). */
  answer?: string | null | undefined;
  answerCut?: boolean | undefined;
}

/**
 * The run's state. A finished run whose answer is `null` is `no-answer` (cut or not: there is
 * nothing incomplete to show); one with an answer from a cut reply is `cut`.
 */
export function runState(run: StateOf): RunState {
  if (run.status !== 'done') return run.status;
  if (run.answer === null) return 'no-answer';
  if (run.answerCut === true) return 'cut';
  return 'done';
}
