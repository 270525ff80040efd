// What a checklist question puts in the problem slot of the MemAgent prompts. The templates stay
// byte for byte as the models were trained on them (agent/templates.ts); only the text that
// replaces `{prompt}` is ours. It is the same in every chunk's prompt and in the final one, so
// the memory is conditioned on the answer form from the first chunk.
import type { AnswerKind, ChecklistQuestion } from './checklist.ts';

/**
 * One line per kind telling the model the form of the answer, so that the normaliser
 * (shared/answer-normalise.ts) can read it and "the document does not say" comes back as the
 * words "Not stated" rather than as a guess. Short on purpose: the RL-trained models saw short
 * HotpotQA questions, and every word here is repeated in every chunk's prompt.
 */
export const KIND_ANSWER_FORMS: Record<AnswerKind, string> = {
  yes_no: 'Answer Yes, No or Not stated.',
  date: 'Answer with the date as the document writes it, or Not stated.',
  amount: 'Answer with the amount and its currency, or Not stated.',
  duration: 'Answer with the length of time (for example 12 months), or Not stated.',
  party: 'Answer with the name as the document writes it, or Not stated.',
  clause: 'Quote the clause word for word, or answer Not stated.',
  number: 'Answer with the number, or Not stated.',
  text: 'Answer briefly, or Not stated if the document does not say.',
};

/**
 * The problem text of a checklist question: the question; a blank line; the question's guidance
 * (when it has any) on the next line(s); then the kind's answer form as the last line. The
 * answer form is always there, also under guidance, because the cell's reading depends on it.
 *
 * ```
 * What law governs the agreement?
 *
 * Look for a "Governing law" clause; the courts' seat alone is not the law.
 * Answer with the name as the document writes it, or Not stated.
 * ```
 */
export function composeProblem(
  question: Pick<ChecklistQuestion, 'text' | 'kind' | 'guidance'>,
): string {
  const guidance = question.guidance?.trim().replace(/\r\n?/g, '\n');
  const lines = guidance
    ? [guidance, KIND_ANSWER_FORMS[question.kind]]
    : [KIND_ANSWER_FORMS[question.kind]];
  return `${question.text.trim()}\n\n${lines.join('\n')}`;
}
