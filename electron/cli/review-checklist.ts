// What `memagent review --checklist LIST` names: a checklist file (text, CSV, YAML or JSON, read
// by core's checklist reader), else a checklist saved in the library by that name, else a
// shipped template by its name or id.
import fs from 'node:fs';
import type { ReviewQuestion } from '../../shared/review.ts';
import { readChecklistFile } from '../core/checklists/checklist-file.ts';
import { CHECKLIST_TEMPLATES } from '../core/checklists/checklist-templates.ts';
import { CoreError } from '../core/errors.ts';
import type { Store } from '../core/store/store.ts';

/** The checklist a review asks: its name, its library id if saved there, and its questions. */
export interface ReviewChecklist {
  /** The library's checklist (store.checklists), when the review starts from a saved one. */
  id?: string;
  name: string;
  questions: ReviewQuestion[];
}

/**
 * The checklist `given` names: the file `file` (resolved from where the command was typed) when
 * it exists, else the library's checklist of that name, else a shipped template (by name, any
 * case, or id). Throws one sentence otherwise, or the file's own (naming its line).
 */
export async function findChecklist(
  store: Store,
  given: string,
  file: string,
): Promise<ReviewChecklist> {
  if (fs.existsSync(file)) {
    const read = await readChecklistFile(file);
    return { name: read.name, questions: read.questions };
  }
  const name = given.trim();
  const saved = store.checklists.byName(name);
  if (saved) return { id: saved.id, name: saved.name, questions: saved.questions };
  const template = CHECKLIST_TEMPLATES.find(
    (t) => t.id === name || t.name.toLowerCase() === name.toLowerCase(),
  );
  if (template) return { name: template.name, questions: template.questions };
  throw new CoreError('NotFound', `There is no checklist file or saved checklist named ${given}.`, {
    hint: `Give a checklist file (.txt with one question a line, .csv, .yaml or .json), a checklist saved in the app, or a template: ${CHECKLIST_TEMPLATES.map((t) => `"${t.name}"`).join(', ')}.`,
  });
}
