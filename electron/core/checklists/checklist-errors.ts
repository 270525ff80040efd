// The sentences a checklist file is refused with: the file, the place (a line, a column, a
// question), and what is wrong, as one CoreError the app and the CLI print as they are.
import { CHECKLIST_LIMITS } from '../../../shared/checklist-limits.ts';
import { CoreError } from '../errors.ts';

/** "checklist.csv, line 4, column 2: “maybe” is not a kind of answer." */
export function badChecklist(
  source: string,
  where: string | undefined,
  problem: string,
  hint?: string,
): CoreError {
  const place = where === undefined ? source : `${source}, ${where}`;
  return new CoreError('Damaged', `${place}: ${problem}`, hint === undefined ? {} : { hint });
}

/** A file with more questions than a checklist may have, refused before any is kept. */
export function tooManyQuestions(source: string, count: number | 'more'): CoreError {
  const has =
    count === 'more'
      ? `more than ${CHECKLIST_LIMITS.questions.toLocaleString('en')}`
      : count.toLocaleString('en');
  return new CoreError(
    'TooLarge',
    `${source} has ${has} questions; a checklist has at most ${CHECKLIST_LIMITS.questions}, because each question is a full read of every document.`,
    { hint: 'Split it into several checklists, or check that this is the file you meant.' },
  );
}

/** A file larger than any checklist can be, refused before it is read. */
export function tooLargeChecklist(source: string, bytes: number): CoreError {
  const mb = (n: number) =>
    `${(n / (1024 * 1024)).toLocaleString('en', { maximumFractionDigits: 1 })} MB`;
  return new CoreError(
    'TooLarge',
    `${source} is ${mb(bytes)}; a checklist file is at most ${mb(CHECKLIST_LIMITS.fileBytes)} (${CHECKLIST_LIMITS.questions} questions with long guidance).`,
    { hint: 'Check that this is the checklist you meant.' },
  );
}
