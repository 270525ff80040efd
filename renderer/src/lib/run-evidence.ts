// The evidence of a run's answer, for the answer view and the timeline alike: found once per
// answer and text (the last result is kept, so both views share one computation).
import { findEvidence } from '../../../shared/evidence.ts';
import type { DocumentText, Evidence } from '../../../shared/model.ts';
import type { RunView } from '../../../shared/run-view.ts';
import { useRunText } from './run-text.ts';

export interface RunEvidence {
  /** Best first; empty when nothing was found with confidence. */
  evidence: Evidence[];
  /**
   * False while the text the run read is loading (nothing can be said yet); true when it could
   * not be read (no passage then, only the chunks).
   */
  ready: boolean;
  /**
   * The passages are those an imported run brought with it: the text it read is not in the
   * library, so they cannot be opened in the reader.
   */
  carried?: boolean;
}

let last: {
  memories: RunView['memories'];
  quotes: RunView['modelQuotes'];
  answer: string;
  document: DocumentText;
  evidence: Evidence[];
} | null = null;

function evidenceOf(run: RunView, answer: string, document: DocumentText): Evidence[] {
  if (
    last &&
    last.memories === run.memories &&
    last.quotes === run.modelQuotes &&
    last.answer === answer &&
    last.document === document
  )
    return last.evidence;
  const evidence = findEvidence({
    question: run.question,
    answer,
    memories: run.memories,
    chunks: run.chunks,
    document,
    quotes: run.modelQuotes,
  });
  last = { memories: run.memories, quotes: run.modelQuotes, answer, document, evidence };
  return evidence;
}

const NONE: RunEvidence = { evidence: [], ready: true };

/** The run's evidence once it has an answer and its text is at hand (none without a run). */
export function useRunEvidence(run: RunView | undefined): RunEvidence {
  const { document, failed } = useRunText(run);
  if (!run?.answer) return NONE;
  // An imported run's passages were found where it was read (its chunks' places in the text may
  // not have come with it): they open in the reader when the document's text is here.
  if (run.carriedEvidence)
    return { evidence: run.carriedEvidence, ready: true, carried: failed || !document };
  if (failed) return NONE;
  if (!document) return { evidence: [], ready: false };
  return { evidence: evidenceOf(run, run.answer, document), ready: true };
}
