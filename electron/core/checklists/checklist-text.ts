// The plainest checklist: a text file with one question a line. Blank lines and lines starting
// with `#` are skipped; every question's kind is free text (kinds, guidance and expected values
// need CSV, JSON or YAML). The one reader of one-question-a-line text: `ask --questions LIST`
// reads its lists with questionLines too, with its own limits.
import type { Checklist } from '../../../shared/checklist.ts';
import { CHECKLIST_LIMITS as L } from '../../../shared/checklist-limits.ts';
import { buildChecklist, type QuestionDraft } from './checklist-build.ts';
import { tooManyQuestions } from './checklist-errors.ts';

/** A question of a one-question-a-line text and the 1-based line it is on. */
export interface QuestionLine {
  text: string;
  line: number;
}

/** How questionLines reads: what is a comment, and the limits with the caller's own refusals. */
export interface QuestionLinesOptions {
  /** Lines starting with `#` are comments (checklists); `ask --questions` has none. */
  comments: boolean;
  /** More questions than this: `tooMany()` is thrown as soon as one more is found. */
  maxQuestions?: { count: number; tooMany: () => Error };
  /** A question longer than this: `tooLong(line, chars)` is thrown. */
  maxChars?: { count: number; tooLong: (line: number, chars: number) => Error };
}

/**
 * The questions of a one-question-a-line text, in order (BOM already removed; CRLF, CR or LF
 * line ends): each line trimmed, blank lines (and comments, when asked) left out.
 */
export function questionLines(text: string, options: QuestionLinesOptions): QuestionLine[] {
  const questions: QuestionLine[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  for (const [index, line] of lines.entries()) {
    const question = line.trim();
    if (question === '' || (options.comments && question.startsWith('#'))) continue;
    // Stop counting past the limit: a 10,000-line file is refused without 10,000 questions.
    if (options.maxQuestions && questions.length === options.maxQuestions.count)
      throw options.maxQuestions.tooMany();
    if (options.maxChars && question.length > options.maxChars.count)
      throw options.maxChars.tooLong(index + 1, question.length);
    questions.push({ text: question, line: index + 1 });
  }
  return questions;
}

/** The questions of a text checklist (BOM already removed; CRLF, CR or LF line ends). */
export function parseChecklistText(
  text: string,
  source: string,
  name: string,
  id?: string,
): Checklist {
  const lines = questionLines(text, {
    comments: true,
    maxQuestions: { count: L.questions, tooMany: () => tooManyQuestions(source, 'more') },
  });
  const drafts: QuestionDraft[] = lines.map(({ text: question, line }) => ({
    text: question,
    kind: 'text',
    where: `line ${line}`,
  }));
  return buildChecklist(source, name, id, drafts);
}

/**
 * A checklist as a text file: its name as a `#` comment, then one question a line. Only the
 * questions survive (kinds become free text; guidance and expected values are left out): the
 * format is for lists written by hand; CSV, JSON and YAML keep everything.
 */
export function writeChecklistText(checklist: Checklist): string {
  const lines = [`# ${checklist.name}`, ...checklist.questions.map((q) => q.text)];
  return lines.join('\n') + '\n';
}
