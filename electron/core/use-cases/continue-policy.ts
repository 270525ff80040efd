// What may be continued, and taking a run over: the one policy of the app's "Continue" and
// "Retry with…" and of `memagent resume`.
import type { RunSummary } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { writeTransaction } from '../store/write-transaction.ts';
import { beingReadError, otherLiveReader, type Writer } from '../store/writers.ts';

// A paused run is continued here only when no live process holds it (refused above otherwise):
// it was paused when its process ended (Ctrl-C in a terminal, the app quit).
const CONTINUABLE = new Set(['interrupted', 'paused', 'cancelled', 'error']);

/** How a caller names a run in its sentences ("This run"; the CLI: "Run 1a2b3c4d"). */
export interface RunNaming {
  name: string;
  /** Where a finished run's answer is shown (the CLI: `memagent show ID`). */
  showHint?: string;
}

export const THIS_RUN: RunNaming = { name: 'This run' };

/**
 * Throws the one sentence for a run that must not be continued: another live process reads it
 * (only its owner writes it, and a second reader would commit every chunk twice), it is done,
 * it is not stopped, or it was imported (it kept only what it read elsewhere, not every chunk).
 */
export function refuseUnlessContinuable(
  store: Store,
  writer: Writer,
  summary: RunSummary,
  naming: RunNaming = THIS_RUN,
): void {
  const reader = otherLiveReader(writer, store.runs.owner(summary.id), summary.status);
  if (reader) throw beingReadError(reader);
  if (summary.status === 'done') {
    throw new CoreError(
      'BadUsage',
      `${naming.name} is already done: there is nothing left to read.`,
      naming.showHint === undefined ? {} : { hint: naming.showHint },
    );
  }
  if (!CONTINUABLE.has(summary.status)) {
    throw new CoreError(
      'BadUsage',
      `Only an interrupted, paused, cancelled or failed run can be continued; ${lower(naming.name)} is ${summary.status}.`,
    );
  }
  if (summary.origin === 'import') {
    throw new CoreError('BadUsage', 'An imported question cannot be continued here.', {
      hint: 'Ask it again: the document is read from the start in this library.',
    });
  }
}

/**
 * Makes this process the run's only reader: checked again and marked `queued` in one write
 * transaction taken at once, so two processes continuing the same run cannot both pass.
 */
export function claimRun(
  store: Store,
  writer: Writer,
  runId: string,
  naming: RunNaming = THIS_RUN,
): void {
  writeTransaction(store.db, () => {
    const summary = store.runs.get(runId);
    if (!summary) throw new CoreError('NotFound', `${naming.name} does not exist.`);
    refuseUnlessContinuable(store, writer, summary, naming);
    store.runs.setStatus(runId, 'queued', { error: null });
    store.runs.setOwner(runId, writer.id);
  })();
}

/** "This run" in the middle of a sentence; a run's id keeps its case. */
export function lower(name: string): string {
  return name.replace(/^(This|Run)\b/, (w) => w.toLowerCase());
}

/**
 * Gives a claimed run back as it was when it could not be prepared before any reading (its
 * file changed, its server serves another model): the library shows it as before, not queued.
 */
export function releaseRun(store: Store, writer: Writer, run: RunSummary): void {
  writeTransaction(store.db, () => {
    if (store.runs.owner(run.id) !== writer.id) return;
    store.runs.setStatus(run.id, run.status);
    store.runs.setOwner(run.id, null);
  })();
}
