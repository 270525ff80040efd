// A checklist file's data once parsed, the same for JSON and YAML: `{format, version, id, name,
// questions: [{id, text, kind, guidance, expected}]}`. Written by hand, `format`, `version`,
// `id`, the questions' ids and kinds may be left out (ids are made from the text, the kind is
// free text), and a bare list of questions (or of strings) is read too.
import type { Checklist } from '../../../shared/checklist.ts';
import { CHECKLIST_LIMITS as L } from '../../../shared/checklist-limits.ts';
import { buildChecklist, kindNamed, unknownKind, type QuestionDraft } from './checklist-build.ts';
import { badChecklist, tooManyQuestions } from './checklist-errors.ts';

export const CHECKLIST_FILE_FORMAT = 'memagent-checklist';
export const CHECKLIST_FILE_VERSION = 1;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function stringField(
  item: Record<string, unknown>,
  key: string,
  source: string,
  where: string,
): string | undefined {
  const value = item[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw badChecklist(source, where, `“${key}” is not text.`);
  return value;
}

const FIELDS = new Set(['id', 'text', 'question', 'kind', 'guidance', 'expected']);

function draftOf(item: unknown, where: string, source: string): QuestionDraft {
  if (typeof item === 'string') return { text: item, kind: 'text', where };
  if (!isRecord(item))
    throw badChecklist(source, where, 'a question is text or an object with “text”.');
  const unknown = Object.keys(item).find((key) => !FIELDS.has(key));
  if (unknown !== undefined)
    throw badChecklist(
      source,
      where,
      `“${unknown.slice(0, 40)}” is not a field of a question; use ${[...FIELDS].join(', ')}.`,
    );
  const kindWritten = stringField(item, 'kind', source, where) ?? '';
  const kind = kindNamed(kindWritten);
  if (kind === undefined) throw badChecklist(source, where, unknownKind(kindWritten));
  return {
    text:
      stringField(item, 'text', source, where) ??
      stringField(item, 'question', source, where) ??
      '',
    kind,
    guidance: stringField(item, 'guidance', source, where),
    expected: stringField(item, 'expected', source, where),
    id: stringField(item, 'id', source, where),
    where,
  };
}

/**
 * The checklist in a file's parsed `data`. `whereOf(index)` places a question in sentences
 * ("question 4" for JSON, which keeps no lines once parsed; "line 12" for YAML). The file's own
 * name and id win over `name` and `id` (the file name's).
 */
export function checklistFromData(
  data: unknown,
  source: string,
  name: string,
  id: string | undefined,
  whereOf: (index: number) => string,
): Checklist {
  const list = Array.isArray(data) ? data : isRecord(data) ? data.questions : undefined;
  if (!Array.isArray(list))
    throw badChecklist(source, undefined, 'there is no “questions” list in it.');
  if (isRecord(data)) {
    if (data.format !== undefined && data.format !== CHECKLIST_FILE_FORMAT)
      throw badChecklist(
        source,
        'format',
        `“${String(data.format).slice(0, 40)}” is not a checklist format.`,
      );
    if (data.version !== undefined && String(data.version) !== String(CHECKLIST_FILE_VERSION))
      throw badChecklist(
        source,
        'version',
        `version ${String(data.version).slice(0, 20)} is newer than this app reads.`,
        'Update MemAgent Desktop.',
      );
  }
  if (list.length > L.questions) throw tooManyQuestions(source, list.length);
  const drafts = list.map((item, index) => draftOf(item, whereOf(index), source));
  const own = isRecord(data) ? data : {};
  const fileName = stringField(own, 'name', source, 'name');
  const fileId = stringField(own, 'id', source, 'id');
  return buildChecklist(source, fileName ?? name, fileId ?? id, drafts);
}

/** What a checklist file holds, in this order: format, version, id, name, questions. */
export function checklistFileData(checklist: Checklist) {
  return {
    format: CHECKLIST_FILE_FORMAT,
    version: CHECKLIST_FILE_VERSION,
    id: checklist.id,
    name: checklist.name,
    questions: checklist.questions,
  };
}
