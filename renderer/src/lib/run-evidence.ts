// The evidence of a run's answer, for the answer view, the timeline and the reader alike: read
// from the run as it was stored when the run ended (found once, in core), never derived here, so
// a view of a stored run needs no document text to show where its answer came from.
import type { Evidence } from '../../../shared/model.ts';
import { isActive, type RunView } from '../../../shared/run-view.ts';
import { useRunText } from './run-text.ts';

export interface RunEvidence {
  /** Best first; empty when nothing was found with confidence. */
  evidence: Evidence[];
  /** False while the run has its answer but not yet its passages (the quote check is asking). */
  ready: boolean;
  /**
   * The passages are those an imported run brought with it and the text it read is not in the
   * library, so they cannot be opened in the reader.
   */
  carried?: boolean;
}

const NONE: RunEvidence = { evidence: [], ready: true };

/** The run's stored evidence once it has an answer (none without a run). */
export function useRunEvidence(run: RunView | undefined): RunEvidence {
  // Only an imported run's passages may point into a text that is not here: for those alone,
  // whether the text can be had decides if a passage opens in the reader.
  const imported = run?.origin === 'import' && run.evidence !== undefined ? run : undefined;
  const { document, failed } = useRunText(imported);
  if (!run?.answer) return NONE;
  if (run.evidence === undefined) return isActive(run) ? { evidence: [], ready: false } : NONE;
  if (imported) return { evidence: run.evidence, ready: true, carried: failed || !document };
  return { evidence: run.evidence, ready: true };
}
