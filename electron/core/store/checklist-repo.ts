// Saved checklists: a name and its questions in order, kept in the library so a review (in the
// app or `memagent review --checklist NAME`) can start from one. Names are unique: a command
// line names a checklist by it.
import type Database from 'better-sqlite3';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { CoreError } from '../errors.ts';
import { parseColumn } from './columns.ts';
import { checklistQuestionsColumn, cleanQuestion } from './review-columns.ts';
import { writeTransaction } from './write-transaction.ts';

export interface NewChecklist {
  id: string;
  name: string;
  questions: readonly ReviewQuestion[];
}

export interface StoredChecklist {
  id: string;
  name: string;
  questions: ReviewQuestion[];
  createdAt: number;
  updatedAt: number;
}

export interface ChecklistListing {
  id: string;
  name: string;
  questionCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface ChecklistRepo {
  /** Stores a new checklist, or replaces the name and questions of the one with its id. */
  save(checklist: NewChecklist, now: number): StoredChecklist;
  /** By name, A to Z. */
  list(): ChecklistListing[];
  get(id: string): StoredChecklist | undefined;
  byName(name: string): StoredChecklist | undefined;
  rename(id: string, name: string, now: number): void;
  delete(id: string): boolean;
  /** A copy under a new id, named `name` or "NAME (copy)", "NAME (copy 2)"... */
  duplicate(id: string, newId: string, now: number, name?: string): StoredChecklist;
}

interface ChecklistRow {
  id: string;
  name: string;
  questions: string;
  created_at: number;
  updated_at: number;
}

function toChecklist(row: ChecklistRow): StoredChecklist {
  return {
    id: row.id,
    name: row.name,
    questions: parseColumn(
      checklistQuestionsColumn,
      row.questions,
      `checklists.questions of ${row.id}`,
    ),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

const nameTaken = (name: string) =>
  new CoreError('BadUsage', `A checklist named “${name}” is already in the library.`, {
    hint: 'Choose another name, or open that checklist and edit it.',
  });

const missing = (id: string) => new CoreError('NotFound', `No checklist ${id} in this library.`);

export function createChecklistRepo(db: Database.Database): ChecklistRepo {
  const upsert = db.prepare(`
    INSERT INTO checklists (id, name, questions, created_at, updated_at)
    VALUES (@id, @name, @questions, @now, @now)
    ON CONFLICT (id) DO UPDATE SET name = excluded.name, questions = excluded.questions,
      updated_at = excluded.updated_at`);
  const get = db.prepare<[string], ChecklistRow>('SELECT * FROM checklists WHERE id = ?');
  const byName = db.prepare<[string], ChecklistRow>('SELECT * FROM checklists WHERE name = ?');
  const list = db.prepare<[], ChecklistListing>(`
    SELECT id, name, json_array_length(questions) AS questionCount,
      created_at AS createdAt, updated_at AS updatedAt
    FROM checklists ORDER BY name COLLATE NOCASE, name`);
  const rename = db.prepare('UPDATE checklists SET name = ?, updated_at = ? WHERE id = ?');
  const remove = db.prepare('DELETE FROM checklists WHERE id = ?');

  // Another checklist holding the name is the user's mistake, said as such; the UNIQUE index
  // still guards a race with another process.
  const checkName = (name: string, id: string) => {
    const holder = byName.get(name);
    if (holder && holder.id !== id) throw nameTaken(name);
  };

  const repo: ChecklistRepo = {
    save(checklist, now) {
      return writeTransaction(db, () => {
        checkName(checklist.name, checklist.id);
        upsert.run({
          id: checklist.id,
          name: checklist.name,
          questions: JSON.stringify(checklist.questions.map(cleanQuestion)),
          now,
        });
        return repo.get(checklist.id) as StoredChecklist;
      })();
    },
    list() {
      return list.all();
    },
    get(id) {
      const row = get.get(id);
      return row && toChecklist(row);
    },
    byName(name) {
      const row = byName.get(name);
      return row && toChecklist(row);
    },
    rename(id, name, now) {
      writeTransaction(db, () => {
        checkName(name, id);
        if (rename.run(name, now, id).changes === 0) throw missing(id);
      })();
    },
    delete(id) {
      return remove.run(id).changes > 0;
    },
    duplicate(id, newId, now, name) {
      return writeTransaction(db, () => {
        const source = repo.get(id);
        if (!source) throw missing(id);
        let copyName = name;
        for (let n = 1; copyName === undefined; n += 1) {
          const candidate = n === 1 ? `${source.name} (copy)` : `${source.name} (copy ${n})`;
          if (!byName.get(candidate)) copyName = candidate;
        }
        return repo.save({ id: newId, name: copyName, questions: source.questions }, now);
      })();
    },
  };
  return repo;
}
