// A run's status as the question list and history name it.
import type { RunStatus } from '../../../../shared/model.ts';

export const RUN_STATUS = {
  queued: 'Queued',
  running: 'Reading',
  paused: 'Paused',
  done: 'Answered',
  error: 'Failed',
  cancelled: 'Cancelled',
  interrupted: 'Interrupted',
} satisfies Record<RunStatus, string>;
