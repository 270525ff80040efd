// The plainest checklist: a text file with one question a line. Blank lines and lines starting
// with `#` are skipped; every question's kind is free text (kinds, guidance and expected values
// need CSV, JSON or, later, YAML).
import type { Checklist } from '../../../shared/checklist.ts';
import { CHECKLIST_LIMITS as L } from '../../../shared/checklist-limits.ts';
import { buildChecklist, type QuestionDraft } from './checklist-build.ts';
import { tooManyQuestions } from './checklist-errors.ts';

/** The questions of a text checklist (BOM already removed; CRLF, CR or LF line ends). */
export function parseChecklistText(
  text: string,
  source: string,
  name: string,
  id?: string,
): Checklist {
  const drafts: QuestionDraft[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, line] of lines.entries()) {
    const question = line.trim();
    if (question === '' || question.startsWith('#')) continue;
    // Stop counting past the limit: a 10,000-line file is refused without 10,000 drafts.
    if (drafts.length === L.questions) throw tooManyQuestions(source, 'more');
    drafts.push({ text: question, kind: 'text', where: `line ${index + 1}` });
  }
  return buildChecklist(source, name, id, drafts);
}

/**
 * A checklist as a text file: its name as a `#` comment, then one question a line. Only the
 * questions survive (kinds become free text; guidance and expected values are left out): the
 * format is for lists written by hand; CSV and JSON keep everything.
 */
export function writeChecklistText(checklist: Checklist): string {
  const lines = [`# ${checklist.name}`, ...checklist.questions.map((q) => q.text)];
  return lines.join('\n') + '\n';
}
