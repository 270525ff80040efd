// What makes two reviews "the same review": the same documents (in any order), the same
// questions asked the same way (text, kind and guidance, in order) and the same run settings.
// `memagent review` run again with the same files and checklist finds the review by it and
// continues it. The backend is not part of it (continuing on another server is still that
// review, as `memagent resume` may), nor are a question's expected value or the title, which
// change how the table is read, not what was asked.
import { createHash } from 'node:crypto';
import type { RunSettings } from '../../../shared/model.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';

export interface ReviewKeyInput {
  documentIds: readonly string[];
  questions: readonly Pick<ReviewQuestion, 'text' | 'kind' | 'guidance'>[];
  settings: RunSettings;
}

/** Settings with their keys sorted, at every depth: the same settings give the same text. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

/** The review key: hex SHA-256 of the canonical JSON of what was asked of which documents. */
export function reviewKey(input: ReviewKeyInput): string {
  const text = JSON.stringify({
    documents: [...new Set(input.documentIds)].sort(),
    questions: input.questions.map((q) => [q.text, q.kind, q.guidance ?? null]),
    settings: canonical(input.settings),
  });
  return createHash('sha256').update(text).digest('hex');
}
