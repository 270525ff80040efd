// A checklist as JSON: `{"format": "memagent-checklist", "version": 1, "id", "name",
// "questions": [{"id", "text", "kind", "guidance", "expected"}]}`, read as checklist-data.ts
// reads every checklist file's data.
import type { Checklist } from '../../../shared/checklist.ts';
import { checklistFileData, checklistFromData } from './checklist-data.ts';
import { badChecklist } from './checklist-errors.ts';
import { jsonErrorOffset } from './json-syntax.ts';

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

/**
 * A JSON checklist (BOM already removed). Syntax errors name their line and column; a question
 * that is wrong names its number ("question 4"), as JSON keeps no lines once parsed.
 */
export function parseChecklistJson(
  text: string,
  source: string,
  name: string,
  id?: string,
): Checklist {
  const data = parseJson(text, source);
  return checklistFromData(data, source, name, id, (index) => `question ${index + 1}`);
}

/** A checklist as JSON (two-space indent), with its format and version: reads back the same. */
export function writeChecklistJson(checklist: Checklist): string {
  return JSON.stringify(checklistFileData(checklist), null, 2) + '\n';
}
