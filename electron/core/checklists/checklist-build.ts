// From what a checklist file says to a Checklist: kinds read from their names, lengths checked
// with sentences that name the place, ids given to questions that have none, and the result
// parsed with the one schema (shared/checklist-schema.ts).
import {
  ANSWER_KIND_LABELS,
  ANSWER_KINDS,
  type AnswerKind,
  type Checklist,
} from '../../../shared/checklist.ts';
import { checklistSchema } from '../../../shared/checklist-schema.ts';
import { CHECKLIST_LIMITS as L } from '../../../shared/checklist-limits.ts';
import { sha256Hex } from '../hash.ts';
import { badChecklist, tooManyQuestions } from './checklist-errors.ts';

/** A question as a file states it, with where it stands ("line 4", "question 3"). */
export interface QuestionDraft {
  text: string;
  kind: AnswerKind;
  guidance?: string | undefined;
  expected?: string | undefined;
  id?: string | undefined;
  where: string;
}

const KIND_NAMES = new Map<string, AnswerKind>([
  ...ANSWER_KINDS.map((kind) => [kind, kind] as const),
  ...ANSWER_KINDS.map((kind) => [squash(ANSWER_KIND_LABELS[kind]), kind] as const),
  ['yesno', 'yes_no'],
  ['yes', 'yes_no'],
  ['boolean', 'yes_no'],
  ['money', 'amount'],
  ['currency', 'amount'],
  ['period', 'duration'],
  ['term', 'duration'],
  ['name', 'party'],
  ['quote', 'clause'],
  ['free_text', 'text'],
  ['', 'text'],
]);

function squash(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/\(.*\)/, '')
    .trim()
    .replace(/[\s/-]+/g, '_')
    .replace(/_+/g, '_');
}

/** The kind a file names ("yes_no", "Yes / No", "yes-no", "" for text), or undefined. */
export function kindNamed(name: string): AnswerKind | undefined {
  return KIND_NAMES.get(squash(name)) ?? KIND_NAMES.get(squash(name).replace(/_/g, ''));
}

/** The sentence for a kind no one knows. */
export function unknownKind(written: string): string {
  return `“${written.trim().slice(0, 40)}” is not a kind of answer; use one of ${ANSWER_KINDS.join(', ')}.`;
}

/**
 * The id of a question a file gives without one: `q-` and 8 hex digits of the SHA-256 of its
 * text (spaces collapsed, lower case). The same question gets the same id in every file and at
 * every position, so a review continued with an edited or reordered checklist keeps the cells
 * of the questions that did not change, and runs only the new ones.
 */
export function questionId(text: string): string {
  const key = text.trim().replace(/\s+/g, ' ').toLowerCase();
  return `q-${sha256Hex(new TextEncoder().encode(key)).slice(0, 8)}`;
}

/** A checklist's id from its name when the file gives none: lower-case words joined by `-`. */
export function checklistIdOf(name: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug === '' ? 'checklist' : slug;
}

const ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;

function checkLength(
  source: string,
  where: string,
  what: string,
  value: string | undefined,
  max: number,
): void {
  if (value !== undefined && value.length > max)
    throw badChecklist(
      source,
      where,
      `the ${what} is ${value.length.toLocaleString('en')} characters long; a ${what} has at most ${max.toLocaleString('en')}.`,
    );
}

const present = (value: string | undefined): string | undefined => {
  const trimmed = value?.replace(/\r\n?/g, '\n').trim();
  return trimmed === undefined || trimmed === '' ? undefined : trimmed;
};

/**
 * The checklist `drafts` make, named `name`, or one CoreError naming the file (`source`) and the
 * place: an empty or overlong question, a question on several lines, an overlong guidance or
 * expected value, a bad id, a question or an id given twice, none at all, or more than
 * CHECKLIST_LIMITS.questions.
 */
export function buildChecklist(
  source: string,
  name: string,
  id: string | undefined,
  drafts: readonly QuestionDraft[],
): Checklist {
  if (drafts.length > L.questions) throw tooManyQuestions(source, drafts.length);
  if (drafts.length === 0) throw badChecklist(source, undefined, 'there is no question in it.');
  const checklistName = name.trim().replace(/\s+/g, ' ');
  if (checklistName === '') throw badChecklist(source, undefined, 'the checklist has no name.');
  checkLength(source, 'name', 'name', checklistName, L.nameChars);
  const byText = new Map<string, string>();
  const byId = new Map<string, string>();
  const questions = drafts.map((draft) => {
    const text = draft.text.trim();
    if (text === '') throw badChecklist(source, draft.where, 'the question is empty.');
    if (/[\r\n]/.test(text))
      throw badChecklist(
        source,
        draft.where,
        'the question is on more than one line; write it on one.',
      );
    checkLength(source, draft.where, 'question', text, L.questionChars);
    const guidance = present(draft.guidance);
    const expected = present(draft.expected);
    checkLength(source, draft.where, 'guidance', guidance, L.guidanceChars);
    checkLength(source, draft.where, 'expected value', expected, L.expectedChars);
    const given = present(draft.id);
    if (given !== undefined && (!ID.test(given) || given.length > L.idChars))
      throw badChecklist(
        source,
        draft.where,
        `“${given.slice(0, 40)}” is not an id: an id is letters, digits, “-”, “_” and “.”.`,
      );
    const key = text.replace(/\s+/g, ' ').toLowerCase();
    const same = byText.get(key);
    if (given === undefined && same !== undefined)
      throw badChecklist(
        source,
        draft.where,
        `the question repeats the one at ${same}.`,
        'Remove one of them, or word them differently.',
      );
    byText.set(key, draft.where);
    const questionIdValue = given ?? questionId(text);
    const taken = byId.get(questionIdValue);
    if (taken !== undefined)
      throw badChecklist(
        source,
        draft.where,
        `the id “${questionIdValue}” is already the id of the question at ${taken}.`,
      );
    byId.set(questionIdValue, draft.where);
    return {
      id: questionIdValue,
      text,
      kind: draft.kind,
      ...(guidance === undefined ? {} : { guidance }),
      ...(expected === undefined ? {} : { expected }),
    };
  });
  const checklistId = present(id) ?? checklistIdOf(checklistName);
  if (!ID.test(checklistId) || checklistId.length > L.idChars)
    throw badChecklist(
      source,
      'id',
      `“${checklistId.slice(0, 40)}” is not an id: an id is letters, digits, “-”, “_” and “.”.`,
    );
  // Everything the schema checks was checked above with its place; this parse is the contract.
  return checklistSchema.parse({ id: checklistId, name: checklistName, questions });
}
