// What `memagent review --checklist LIST` names: a checklist file, else a checklist saved in the
// library by that name.
//
// TODO(merge, issue 24): the file reader below is a thin adapter for plain text (one question a
// line, as electron/core/checklists/checklist-text.ts reads it, with the same question ids and
// sentences) written while the checklist files (text, CSV, YAML, JSON) and the shipped templates
// were written in parallel. At merge, call readChecklistFile and checklistTemplate instead.
import fs from 'node:fs';
import path from 'node:path';
import type { ReviewQuestion } from '../../shared/review.ts';
import { CoreError } from '../core/errors.ts';
import { sha256Hex } from '../core/hash.ts';
import type { Store } from '../core/store/store.ts';

/** The checklist a review asks: its name, its library id if saved there, and its questions. */
export interface ReviewChecklist {
  id?: string;
  name: string;
  questions: ReviewQuestion[];
}

/** A question's text is at most this long (shared/checklist-limits.ts after the merge). */
const QUESTION_CHARS = 1_000;
/** Bigger than any checklist: refused before it is read. */
const FILE_BYTES = 2 * 1024 * 1024;

/**
 * The checklist `given` names: the file `file` (resolved from where the command was typed) when
 * it exists, else the library's checklist of that name. Throws one sentence otherwise.
 */
export function findChecklist(store: Store, given: string, file: string): ReviewChecklist {
  if (fs.existsSync(file)) return readChecklistText(file);
  const saved = store.checklists.byName(given.trim());
  if (saved) return { id: saved.id, name: saved.name, questions: saved.questions };
  throw new CoreError('NotFound', `There is no checklist file or saved checklist named ${given}.`, {
    hint: 'Give a text file with one question a line, or the name of a checklist saved in the app.',
  });
}

/** A text checklist: one question a line; blank lines and `#` lines skipped. */
function readChecklistText(file: string): ReviewChecklist {
  const source = path.basename(file);
  const stat = fs.statSync(file);
  if (!stat.isFile())
    throw new CoreError('NotFound', `${source} is not a file.`, {
      hint: 'Choose a checklist file: one question a line.',
    });
  if (stat.size > FILE_BYTES)
    throw new CoreError('TooLarge', `${source} is too large to be a checklist.`, {
      hint: 'Check that this is the checklist you meant.',
    });
  const text = fs.readFileSync(file, 'utf8').replace(/^\uFEFF/, '');
  const questions: ReviewQuestion[] = [];
  const seen = new Set<string>();
  for (const [index, line] of text.split(/\r\n|\r|\n/).entries()) {
    const question = line.trim();
    if (question === '' || question.startsWith('#')) continue;
    if (question.length > QUESTION_CHARS)
      throw new CoreError(
        'Damaged',
        `${source}, line ${index + 1}: the question is ${question.length.toLocaleString('en')} characters long; a question has at most ${QUESTION_CHARS.toLocaleString('en')}.`,
      );
    const id = questionId(question);
    if (seen.has(id))
      throw new CoreError(
        'Damaged',
        `${source}, line ${index + 1}: this question is in the checklist already.`,
      );
    seen.add(id);
    questions.push({ id, text: question, kind: 'text' });
  }
  if (questions.length === 0)
    throw new CoreError('Damaged', `${source}: there is no question in it.`);
  return { name: path.basename(file, path.extname(file)), questions };
}

/** As the checklist files name a question without an id: the same question, the same id. */
function questionId(text: string): string {
  const key = text.trim().replace(/\s+/g, ' ').toLowerCase();
  return `q-${sha256Hex(new TextEncoder().encode(key)).slice(0, 8)}`;
}
