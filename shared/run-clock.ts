// A run's time left as the main process works it out (electron/core/agent/chunk-time.ts) and
// sends it (the `time-left` run event): every view shows this figure and words it alike, none
// computes its own.

/** Why no figure is shown. */
export type TimeLeftUnknown = 'first-chunks' | 'growth';

/** What is known of a run's (or a job's) time left. */
export type TimeLeft =
  | {
      known: true;
      /** Milliseconds left when the figure was made. */
      ms: number;
      /**
       * What the speeds come from: `run`, this run's own chunks (with earlier runs of its
       * backend and model where there were any); `history`, earlier runs or a measurement of
       * this computer only (no chunk read yet in this session).
       */
      basis: 'run' | 'history';
    }
  | {
      known: false;
      /**
       * `first-chunks`: the speeds are fitted once a few chunks are read (nothing measured on
       * this backend and model before). `growth`: chunks were read, but the memory has written
       * so little that what the rest costs depends on how much it will write (agent/time-spread.ts).
       */
      reason: TimeLeftUnknown;
    };

/** The figure `at` milliseconds after it was made, never below zero. */
export function timeLeftNow(left: TimeLeft, madeAt: number, now: number): number | null {
  return left.known ? Math.max(0, left.ms - Math.max(0, now - madeAt)) : null;
}

/** The words shown while no figure is known: the app's and the CLI's. */
export function timeLeftUnknownWords(reason: TimeLeftUnknown): string {
  return reason === 'growth'
    ? 'not known yet: the memory has written little so far'
    : 'known after the first chunks';
}
