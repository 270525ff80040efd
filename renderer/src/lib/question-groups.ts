// Runs of the same question on one document, shown as one entry with its history.
import type { RunView } from '../../../shared/run-view.ts';

export interface QuestionGroup {
  question: string;
  /** Newest first; `runs[0]` is the entry's latest run. */
  runs: RunView[];
}

/**
 * Groups `runs` (newest first) by their question text, the same way `runs:counts` counts
 * questions (exact text; main trims it on start). Groups are ordered by their newest run.
 */
export function groupByQuestion(runs: readonly RunView[]): QuestionGroup[] {
  const groups = new Map<string, QuestionGroup>();
  for (const run of [...runs].sort((a, b) => b.createdAt - a.createdAt)) {
    const group = groups.get(run.question);
    if (group) group.runs.push(run);
    else groups.set(run.question, { question: run.question, runs: [run] });
  }
  return [...groups.values()];
}
