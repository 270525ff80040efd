import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ReviewQuestion } from '../../../shared/review.ts';
import { openStore, type Store } from './store.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-checklists-'));
  store = openStore(dir);
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const QUESTIONS: ReviewQuestion[] = [
  { id: 'law', text: 'Which law governs the contract?', kind: 'party', expected: 'England' },
  {
    id: 'cap',
    text: 'Is liability capped?',
    kind: 'yes_no',
    guidance: 'Say "not stated" if absent.',
  },
];

describe('saved checklists', () => {
  it('saves, lists by name, reads back, edits, renames and deletes a checklist', () => {
    const saved = store.checklists.save(
      { id: 'c1', name: 'Supplier review', questions: QUESTIONS },
      100,
    );
    expect(saved).toEqual({
      id: 'c1',
      name: 'Supplier review',
      questions: QUESTIONS,
      createdAt: 100,
      updatedAt: 100,
    });
    store.checklists.save({ id: 'c2', name: 'an NDA review', questions: QUESTIONS.slice(1) }, 110);
    expect(store.checklists.list().map((c) => [c.name, c.questionCount])).toEqual([
      ['an NDA review', 1],
      ['Supplier review', 2],
    ]);

    // Reordered and edited: the same id, a new updated time, the created time kept.
    const edited = store.checklists.save(
      { id: 'c1', name: 'Supplier review', questions: [...QUESTIONS].reverse() },
      200,
    );
    expect(edited.questions.map((q) => q.id)).toEqual(['cap', 'law']);
    expect(edited).toMatchObject({ createdAt: 100, updatedAt: 200 });

    store.checklists.rename('c1', 'Suppliers 2026', 300);
    expect(store.checklists.byName('Suppliers 2026')?.id).toBe('c1');
    expect(store.checklists.byName('Supplier review')).toBeUndefined();
    expect(store.checklists.delete('c1')).toBe(true);
    expect(store.checklists.delete('c1')).toBe(false);
    expect(store.checklists.get('c1')).toBeUndefined();
  });

  it('duplicates a checklist under a free name', () => {
    store.checklists.save({ id: 'c1', name: 'Lease', questions: QUESTIONS }, 100);
    const copy = store.checklists.duplicate('c1', 'c2', 200);
    expect(copy).toMatchObject({
      id: 'c2',
      name: 'Lease (copy)',
      questions: QUESTIONS,
      createdAt: 200,
    });
    expect(store.checklists.duplicate('c1', 'c3', 300).name).toBe('Lease (copy 2)');
    expect(store.checklists.duplicate('c1', 'c4', 300, 'Office lease').name).toBe('Office lease');
    expect(() => store.checklists.duplicate('nope', 'c5', 300)).toThrow(/No checklist nope/);
  });

  it('refuses a name another checklist has, in one sentence', () => {
    store.checklists.save({ id: 'c1', name: 'Lease', questions: QUESTIONS }, 100);
    store.checklists.save({ id: 'c2', name: 'NDA', questions: QUESTIONS }, 100);
    expect(() =>
      store.checklists.save({ id: 'c3', name: 'Lease', questions: QUESTIONS }, 100),
    ).toThrow('A checklist named “Lease” is already in the library.');
    expect(() => store.checklists.rename('c2', 'Lease', 200)).toThrow(/already in the library/);
    expect(() => store.checklists.rename('zz', 'Other', 200)).toThrow(/No checklist zz/);
    expect(store.checklists.list()).toHaveLength(2);
  });

  it('reports a hand-edited questions column as a damaged library, not a crash', () => {
    store.checklists.save({ id: 'c1', name: 'Lease', questions: QUESTIONS }, 100);
    store.db.prepare('UPDATE checklists SET questions = \'[{"id":"x","kind":"colour"}]\'').run();
    expect(() => store.checklists.get('c1')).toThrow(/cannot read/);
  });
});
