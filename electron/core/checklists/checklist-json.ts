// A checklist as JSON: `{"format": "memagent-checklist", "version": 1, "id", "name",
// "questions": [{"id", "text", "kind", "guidance", "expected"}]}`. Written by hand, `format`,
// `version`, `id`, the questions' ids and kinds may be left out (ids are made from the text,
// the kind is free text), and a bare array of questions (or of strings) is read too.
import type { Checklist } from '../../../shared/checklist.ts';
import { CHECKLIST_LIMITS as L } from '../../../shared/checklist-limits.ts';
import { buildChecklist, kindNamed, unknownKind, type QuestionDraft } from './checklist-build.ts';
import { badChecklist, tooManyQuestions } from './checklist-errors.ts';
import { jsonErrorOffset } from './json-syntax.ts';

export const CHECKLIST_JSON_FORMAT = 'memagent-checklist';
export const CHECKLIST_JSON_VERSION = 1;

/** Line and column (1-based) of a character offset. */
function placeOf(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split(/\r\n|\r|\n/).length;
  const column = offset - Math.max(before.lastIndexOf('\n'), before.lastIndexOf('\r'));
  return `line ${line}, column ${column}`;
}

/** The text as JSON, or one sentence with the line and column where it stops being JSON. */
function parseJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const offset = jsonErrorOffset(text);
    const found = text[offset];
    const what = found === undefined ? 'it ends too early' : `“${found}” is not expected here`;
    throw badChecklist(
      source,
      placeOf(text, offset),
      `this is not valid JSON: ${what}.`,
      'A trailing comma, a missing comma or an unquoted name is the usual cause.',
    );
  }
}

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

function draftOf(item: unknown, index: number, source: string): QuestionDraft {
  const where = `question ${index + 1}`;
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
 * A JSON checklist (BOM already removed). Syntax errors name their line and column; a question
 * that is wrong names its number ("question 4"), as JSON keeps no lines once parsed. The file's
 * own name and id win over `name` and `id` (the file name's).
 */
export function parseChecklistJson(
  text: string,
  source: string,
  name: string,
  id?: string,
): Checklist {
  const data = parseJson(text, source);
  const list = Array.isArray(data) ? data : isRecord(data) ? data.questions : undefined;
  if (!Array.isArray(list))
    throw badChecklist(source, undefined, 'there is no “questions” list in it.');
  if (isRecord(data)) {
    if (data.format !== undefined && data.format !== CHECKLIST_JSON_FORMAT)
      throw badChecklist(
        source,
        'format',
        `“${String(data.format).slice(0, 40)}” is not a checklist format.`,
      );
    if (data.version !== undefined && data.version !== CHECKLIST_JSON_VERSION)
      throw badChecklist(
        source,
        'version',
        `version ${String(data.version).slice(0, 20)} is newer than this app reads.`,
        'Update MemAgent Desktop.',
      );
  }
  if (list.length > L.questions) throw tooManyQuestions(source, list.length);
  const drafts = list.map((item, index) => draftOf(item, index, source));
  const own = isRecord(data) ? data : {};
  const fileName = stringField(own, 'name', source, 'name');
  const fileId = stringField(own, 'id', source, 'id');
  return buildChecklist(source, fileName ?? name, fileId ?? id, drafts);
}

/** A checklist as JSON (two-space indent), with its format and version: reads back the same. */
export function writeChecklistJson(checklist: Checklist): string {
  const file = {
    format: CHECKLIST_JSON_FORMAT,
    version: CHECKLIST_JSON_VERSION,
    id: checklist.id,
    name: checklist.name,
    questions: checklist.questions,
  };
  return JSON.stringify(file, null, 2) + '\n';
}
