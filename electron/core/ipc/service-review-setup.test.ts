// Setting up a review in the app (checklists:* and reviews:estimate|create|add-*): checklists kept
// in a real library file, a checklist file imported and exported, a review's figures added up
// from the per-run estimate, and a review created, read by the simulator to the end, then
// extended by a document and a question with only the new cells read.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { composeProblem } from '../../../shared/checklist-problem.ts';
import type { ReviewQuestion } from '../../../shared/review.ts';
import {
  SMALL_CHUNKS,
  bookText,
  startHarness,
  useSimProfile,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const QUESTIONS: ReviewQuestion[] = [
  { id: 'code', text: 'What is the vault code?', kind: 'number' },
  {
    id: 'who',
    text: 'Who set the vault code?',
    kind: 'party',
    guidance: 'Answer Not stated if the document does not say.',
  },
];

const chats = (harness: Harness) =>
  harness.sim.requests.filter((r) => r.path.endsWith('/chat/completions'));

/** Opens `count` books of different lengths; returns their ids. */
async function openBooks(harness: Harness, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const file = path.join(harness.dir, `book-${i + 1}.txt`);
    fs.writeFileSync(file, bookText(20 + 10 * i));
    ids.push((await harness.ok('documents:open', { path: file })).id);
  }
  return ids;
}

const reviewState = (harness: Harness, reviewId: string, state: string, total: number) =>
  harness.waitFor(
    'job:updated',
    (j) => j.id === reviewId && j.state === state && !j.live && j.counts.total === total,
  );

describe('checklists in the library', () => {
  it('saves, lists, renames, duplicates, deletes and puts back a checklist', async () => {
    h = await startHarness();
    const saved = await h.ok('checklists:save', {
      checklist: { name: 'Vault review', questions: QUESTIONS },
    });
    expect(saved).toMatchObject({ name: 'Vault review', questionCount: 2, questions: QUESTIONS });
    // Edited: a question's text changed, one added, order kept as sent.
    const edited = await h.ok('checklists:save', {
      checklist: {
        id: saved.id,
        name: 'Vault review',
        questions: [
          { id: 'when', text: 'When was the code set?', kind: 'date', guidance: '  ' },
          ...QUESTIONS,
        ],
      },
    });
    expect(edited.questions.map((q) => q.id)).toEqual(['when', 'code', 'who']);
    // An empty guidance is none.
    expect(edited.questions[0]).toEqual({
      id: 'when',
      text: 'When was the code set?',
      kind: 'date',
    });

    const copy = await h.ok('checklists:duplicate', { checklistId: saved.id });
    expect(copy.name).toBe('Vault review (copy)');
    const taken = await h.call('checklists:rename', { checklistId: copy.id, name: 'Vault review' });
    expect(taken).toMatchObject({
      ok: false,
      error: { message: 'A checklist named “Vault review” is already in the library.' },
    });
    await h.ok('checklists:rename', { checklistId: copy.id, name: 'Bank review' });
    expect((await h.ok('checklists:list', {})).map((c) => c.name)).toEqual([
      'Bank review',
      'Vault review',
    ]);

    // Delete returns what was deleted; saving it back is the Undo.
    const deleted = await h.ok('checklists:delete', { checklistId: saved.id });
    expect((await h.ok('checklists:list', {})).map((c) => c.name)).toEqual(['Bank review']);
    await h.ok('checklists:save', {
      checklist: { name: deleted.name, questions: deleted.questions },
    });
    expect((await h.ok('checklists:list', {})).map((c) => c.name)).toEqual([
      'Bank review',
      'Vault review',
    ]);
    const gone = await h.call('checklists:get', { checklistId: saved.id });
    expect(gone).toMatchObject({ ok: false, error: { kind: 'NotFound' } });
    const empty = await h.call('checklists:save', { checklist: { name: 'Empty', questions: [] } });
    expect(empty).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', detail: expect.stringContaining('at least one question') },
    });
  });

  it('imports a CSV checklist under a free name, exports it and reads the export back', async () => {
    const exports = fs.mkdtempSync(path.join(h?.dir ?? process.cwd(), '..', 'memagent-exp-'));
    h = await startHarness({ exports });
    const file = path.join(h.dir, 'NDA review.csv');
    fs.writeFileSync(
      file,
      'question,kind,guidance\n' +
        'Is the agreement mutual?,yes_no,\n' +
        'How long does confidentiality last?,duration,Answer Not stated if the document does not say.\n',
    );
    const first = await h.ok('checklists:import', { path: file });
    expect(first).toMatchObject({ name: 'NDA review', questionCount: 2 });
    expect(first.questions.map((q) => q.kind)).toEqual(['yes_no', 'duration']);
    const second = await h.ok('checklists:import', { path: file });
    expect(second.name).toBe('NDA review (2)');

    for (const format of ['csv', 'json', 'text'] as const) {
      const saved = await h.ok('checklists:export', { checklistId: first.id, format });
      if (saved === null) throw new Error('not saved');
      expect(fs.existsSync(saved.path)).toBe(true);
      const back = await h.ok('checklists:import', { path: saved.path });
      expect(back.questions.map((q) => q.text)).toEqual(first.questions.map((q) => q.text));
      if (format !== 'text')
        expect(back.questions.map((q) => q.kind)).toEqual(['yes_no', 'duration']);
    }
    fs.rmSync(exports, { recursive: true, force: true });
  });
});

describe('a review from the app', () => {
  it('estimates the whole review as the sum of its cells’ run estimates, asking the model nothing', async () => {
    h = await startHarness();
    const documentIds = await openBooks(h, 3);
    const profileId = await useSimProfile(h);
    const review = await h.ok('reviews:estimate', {
      documentIds,
      questions: QUESTIONS,
      settings: SMALL_CHUNKS,
      profileId,
    });
    expect(chats(h)).toHaveLength(0);
    expect(review).toMatchObject({ documents: 3, questions: 2, cells: 6, concurrency: 4 });
    let prompt = 0;
    let completion = 0;
    let chunkReads = 0;
    for (const [i, documentId] of documentIds.entries()) {
      for (const q of QUESTIONS) {
        // The text a cell's run asks: the question, its guidance and its kind's answer form.
        const question = composeProblem(q);
        const run = await h.ok('runs:estimate', {
          documentId,
          question,
          settings: SMALL_CHUNKS,
          profileId,
        });
        expect(review.perDocument[i]).toEqual({ documentId, chunks: run.chunks });
        prompt += run.promptTokens;
        completion += run.maxCompletionTokens;
        chunkReads += run.chunks;
      }
    }
    expect(review.promptTokens).toBe(prompt);
    expect(review.maxCompletionTokens).toBe(completion);
    expect(review.chunkReads).toBe(chunkReads);
    // Longer books, more chunks: each document is chunked on its own.
    const chunks = review.perDocument.map((d) => d.chunks);
    expect(chunks[2]).toBeGreaterThan(chunks[0] ?? Infinity);
    expect(review.cost).toBeNull();
    expect(review.seconds).toBeNull();
  });

  it('creates and reads a review, then reads only the cells of an added document and question', async () => {
    h = await startHarness();
    const [a, b, c] = await openBooks(h, 3);
    if (a === undefined || b === undefined || c === undefined) throw new Error('no books');
    const profileId = await useSimProfile(h);
    const started = await h.ok('reviews:create', {
      checklist: { name: 'Vault review', questions: QUESTIONS },
      documentIds: [a, b],
      settings: SMALL_CHUNKS,
      profileId,
    });
    expect(started.runIds).toHaveLength(4);
    const done = await reviewState(h, started.reviewId, 'done', 4);
    expect(done).toMatchObject({ kind: 'review', title: 'Vault review · 2 documents' });
    expect(done.counts).toMatchObject({ total: 4, done: 4, failed: 0 });
    // Each cell is its own run: the question with its guidance in the problem slot.
    const asked = new Set(chats(h).map((r) => JSON.stringify(r.body)));
    expect(
      [...asked].some((b) => b.includes('Answer Not stated if the document does not say.')),
    ).toBe(true);
    const before = chats(h).length;

    const rows = await h.ok('reviews:add-documents', {
      reviewId: started.reviewId,
      documentIds: [a, c],
    });
    // `a` is in the review already: only c × 2 questions are new.
    expect(rows.runIds).toHaveLength(2);
    await reviewState(h, started.reviewId, 'done', 6);
    const afterRows = chats(h).length;
    const cRuns = await h.ok('runs:list', { documentId: c });
    expect(cRuns).toHaveLength(2);
    // Only c was read: its chunks and final requests (plus any quote checks) are all that was sent.
    expect(afterRows - before).toBeGreaterThan(0);
    expect((await h.ok('runs:list', { documentId: a })).length).toBe(2);

    const columns = await h.ok('reviews:add-questions', {
      reviewId: started.reviewId,
      questions: [{ id: 'when', text: 'When was the code set?', kind: 'date' }],
    });
    expect(columns.runIds).toHaveLength(3);
    const last = await reviewState(h, started.reviewId, 'done', 9);
    expect(last.counts).toMatchObject({ total: 9, done: 9 });
    for (const id of [a, b, c]) expect(await h.ok('runs:list', { documentId: id })).toHaveLength(3);

    const twice = await h.call('reviews:add-questions', {
      reviewId: started.reviewId,
      questions: [{ id: 'when', text: 'When?', kind: 'date' }],
    });
    expect(twice).toMatchObject({ ok: false, error: { kind: 'BadUsage' } });
  });

  it('estimates an addition as its new cells only, at the review’s own settings, asking the model nothing', async () => {
    h = await startHarness();
    const [a, b, c, d] = await openBooks(h, 4);
    if (a === undefined || b === undefined || c === undefined || d === undefined)
      throw new Error('no books');
    const profileId = await useSimProfile(h);
    const started = await h.ok('reviews:create', {
      checklist: { name: 'Vault review', questions: QUESTIONS },
      documentIds: [a, b],
      settings: SMALL_CHUNKS,
      profileId,
    });
    await reviewState(h, started.reviewId, 'done', 4);
    const before = chats(h).length;

    // `a` is in the review: only c and d are new rows, each × the review's 2 questions.
    const rows = await h.ok('reviews:estimate-add', {
      reviewId: started.reviewId,
      add: { documentIds: [a, c, d] },
    });
    expect(rows).toMatchObject({ documents: 2, questions: 2, alreadyIn: 1 });
    const alone = await h.ok('reviews:estimate', {
      documentIds: [c, d],
      questions: QUESTIONS,
      settings: SMALL_CHUNKS,
      profileId,
    });
    expect(rows.estimate).toEqual(alone);

    const when: ReviewQuestion = { id: 'when', text: 'When was the code set?', kind: 'date' };
    const columns = await h.ok('reviews:estimate-add', {
      reviewId: started.reviewId,
      add: { questions: [when] },
    });
    expect(columns).toMatchObject({ documents: 2, questions: 1, alreadyIn: 0 });
    expect(columns.estimate).toMatchObject({ cells: 2, documents: 2, questions: 1 });

    const nothing = await h.ok('reviews:estimate-add', {
      reviewId: started.reviewId,
      add: { documentIds: [b] },
    });
    expect(nothing).toEqual({
      documents: 0,
      questions: 2,
      alreadyIn: 1,
      estimate: null,
      profileId,
    });
    const taken = await h.call('reviews:estimate-add', {
      reviewId: started.reviewId,
      add: { questions: [QUESTIONS[0]] },
    });
    expect(taken).toMatchObject({ ok: false, error: { kind: 'BadUsage' } });
    expect(chats(h).length).toBe(before);
  });

  it('adds a document while the review is being read: its cells are read once the drive ends', async () => {
    h = await startHarness({ sim: { latency: 'h100-14b' } });
    const [a, b] = await openBooks(h, 2);
    if (a === undefined || b === undefined) throw new Error('no books');
    const profileId = await useSimProfile(h);
    const started = await h.ok('reviews:create', {
      checklist: { name: 'Vault review', questions: QUESTIONS },
      documentIds: [a],
      settings: SMALL_CHUNKS,
      profileId,
    });
    await h.waitFor('run:event', (p) => p.event.type === 'chunk-done');
    const rows = await h.ok('reviews:add-documents', {
      reviewId: started.reviewId,
      documentIds: [b],
    });
    expect(rows.runIds).toHaveLength(2);
    const done = await reviewState(h, started.reviewId, 'done', 4);
    expect(done.counts).toMatchObject({ total: 4, done: 4 });
  });
});
