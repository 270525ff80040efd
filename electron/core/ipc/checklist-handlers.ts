// The IPC adapters of the Checklists screen (shared/api.ts `checklists:*`): parse, call the
// library's checklists (store/checklist-repo.ts) and the checklist files (core/checklists/),
// return. A path to import comes from the dialog's grant, checked by the dispatcher.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { CallHandlers } from '../../../shared/api.ts';
import {
  toReviewQuestion,
  type Checklist,
  type ChecklistFileFormat,
} from '../../../shared/review-setup.ts';
import { CoreError } from '../errors.ts';
import type { StoredChecklist } from '../store/checklist-repo.ts';
import type { Store } from '../store/store.ts';
import { readChecklistFile } from '../checklists/checklist-file.ts';
import { writeChecklist } from '../checklists/checklist-formats.ts';
import { CHECKLIST_TEMPLATES } from '../checklists/checklist-templates.ts';
import { asResult } from './invoke-call.ts';
import type { PathGrants } from './path-grants.ts';

type ChecklistHandlers = Pick<
  CallHandlers,
  | 'checklists:list'
  | 'checklists:get'
  | 'checklists:save'
  | 'checklists:rename'
  | 'checklists:delete'
  | 'checklists:duplicate'
  | 'checklists:import'
  | 'checklists:export'
  | 'checklists:templates'
>;

export interface ChecklistHandlerDeps {
  store: Store;
  now: () => number;
  grants: PathGrants;
  chooseSavePath?: ((suggested: string) => Promise<string | null>) | undefined;
}

const EXTENSIONS: Record<ChecklistFileFormat, string> = {
  text: 'txt',
  csv: 'csv',
  json: 'json',
  yaml: 'yaml',
};

const listed = (c: StoredChecklist): Checklist => ({ ...c, questionCount: c.questions.length });

const missing = (): never => {
  throw new CoreError('NotFound', 'This checklist is no longer in the library.', {
    hint: 'It may have been deleted in another window.',
  });
};

/** `name`, or "name (2)", "name (3)"... : the first the library does not hold. */
export function freeChecklistName(store: Store, name: string): string {
  for (let n = 1; ; n += 1) {
    const candidate = n === 1 ? name : `${name} (${n})`;
    if (!store.checklists.byName(candidate)) return candidate;
  }
}

export function createChecklistHandlers(deps: ChecklistHandlerDeps): ChecklistHandlers {
  const { store, now } = deps;
  const get = (id: string) => store.checklists.get(id) ?? missing();
  return {
    'checklists:list': () => asResult(() => store.checklists.list()),
    'checklists:get': ({ checklistId }) => asResult(() => listed(get(checklistId))),
    'checklists:save': ({ checklist }) =>
      asResult(() => {
        if (checklist.id !== undefined) get(checklist.id);
        const saved = store.checklists.save(
          {
            id: checklist.id ?? randomUUID(),
            name: checklist.name,
            questions: checklist.questions,
          },
          now(),
        );
        return listed(saved);
      }),
    'checklists:rename': ({ checklistId, name }) =>
      asResult(() => {
        store.checklists.rename(checklistId, name, now());
        return null;
      }),
    'checklists:delete': ({ checklistId }) =>
      asResult(() => {
        const checklist = get(checklistId);
        store.checklists.delete(checklistId);
        return listed(checklist);
      }),
    'checklists:duplicate': ({ checklistId, name }) =>
      asResult(() => listed(store.checklists.duplicate(checklistId, randomUUID(), now(), name))),
    'checklists:import': ({ path }) =>
      asResult(async () => {
        const read = await readChecklistFile(path);
        const saved = store.checklists.save(
          {
            id: randomUUID(),
            name: freeChecklistName(store, read.name),
            questions: read.questions.map(toReviewQuestion),
          },
          now(),
        );
        return listed(saved);
      }),
    'checklists:export': ({ checklistId, format }, ctx) =>
      asResult(async () => {
        const checklist = get(checklistId);
        if (!deps.chooseSavePath)
          throw new CoreError('Unsupported', 'Saving files is not available here.');
        const file = await deps.chooseSavePath(`${checklist.name}.${EXTENSIONS[format]}`);
        if (file === null) return null;
        try {
          await fs.writeFile(file, writeChecklist(checklist, format));
        } catch (error) {
          throw new CoreError('NotFound', 'The checklist could not be saved there.', {
            hint: 'Choose a folder you can write to.',
            detail: error instanceof Error ? error.message : String(error),
          });
        }
        deps.grants.grant(ctx.senderId, 'open-saved-export', file);
        return { path: file };
      }),
    'checklists:templates': () =>
      asResult(() =>
        CHECKLIST_TEMPLATES.map((t) => ({
          id: t.id,
          name: t.name,
          description: `${t.questions.length} questions`,
          questions: t.questions.map(toReviewQuestion),
        })),
      ),
  };
}
