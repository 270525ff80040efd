// The evidence of a run, found once: when its answer (and the model's quotes) are in, by the run
// loop, or by the one-time back-fill of runs stored before evidence was kept. Every view and
// export reads what is stored; none derives it again, so none needs the document's text.
import { findEvidence } from '../../../shared/evidence.ts';
import type {
  ChunkInfo,
  DocumentText,
  Evidence,
  MemoryState,
  ModelQuote,
} from '../../../shared/model.ts';

export interface RunEvidenceInput {
  question: string;
  /** The extracted answer; null (none extracted) has no evidence. */
  answer: string | null;
  /** Every memory state of the run, earlier sessions included (the memory trail). */
  memories: readonly MemoryState[];
  chunks: readonly ChunkInfo[];
  /** The text the run read, with its location map when known (for page labels and sections). */
  document: Pick<DocumentText, 'text'> & Partial<Pick<DocumentText, 'pages' | 'sections'>>;
  /** The model's verified quotes (the quote check), if it ran. */
  quotes?: readonly ModelQuote[];
}

/**
 * The passages `answer` rests on, best first (empty when none is found with confidence).
 *
 * The one rule for a cut answer (its final reply hit a limit, yet a complete answer form was
 * extracted): it is traced like any other. The answer shown is the one traced; its passages
 * are what it rests on as far as it goes, and every view labels them as belonging to a cut
 * answer (from the run's `answerCut`, stored beside them). Refusing them would hide the only
 * pointer into the document for an answer the views show anyway.
 */
export function runEvidence(input: RunEvidenceInput): Evidence[] {
  if (input.answer === null || input.answer.trim() === '') return [];
  const { document } = input;
  return findEvidence({
    question: input.question,
    answer: input.answer,
    memories: input.memories,
    chunks: input.chunks,
    document: {
      text: document.text,
      ...(document.pages === undefined ? {} : { pages: document.pages }),
      ...(document.sections === undefined ? {} : { sections: document.sections }),
    },
    quotes: input.quotes ?? [],
  });
}
