// The one sentence every view and export puts over the passages of a cut answer: evidence is
// found for a cut answer too (electron/core/agent/run-evidence.ts), and always labelled so.

/** Said over the passages of an answer whose final reply was cut or stopped. */
export const CUT_EVIDENCE =
  'The answer was cut short: these passages support it as far as it goes.';

/**
 * CUT_EVIDENCE naming what cut it (shared/answer-cut.ts answerCutCause), for a view that has the
 * run's warnings: "The answer was cut short by the server's content filter: these passages …".
 */
export function cutEvidenceLabel(cause: string): string {
  return CUT_EVIDENCE.replace('cut short:', `cut short ${cause}:`);
}
