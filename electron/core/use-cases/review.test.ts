import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { composeProblem } from '../../../shared/checklist-problem.ts';
import type { Evidence } from '../../../shared/model.ts';
import type { CellStatus, ReviewMatrix } from '../../../shared/review.ts';
import { addDocuments, addQuestions, rerunCells } from './review-cells.ts';
import { createReview } from './review-create.ts';
import { findReview, listReviews } from './review-find.ts';
import { reviewKey } from './review-key.ts';
import { reviewMatrix } from './review-matrix.ts';
import {
  openReviewLibrary,
  QUESTIONS,
  REVIEW_SETTINGS,
  type ReviewLibrary,
} from './review.test-support.ts';

let lib: ReviewLibrary;
let docs: string[];
beforeEach(() => {
  lib = openReviewLibrary();
  docs = ['alpha', 'beta'].map((name) => lib.addDocument(name, `The ${name} supply contract.`));
});
afterEach(() => lib.close());

const newReview = (documentIds = docs, questions = QUESTIONS) =>
  createReview(lib.parts, {
    title: 'Supplier contracts',
    checklist: { name: 'Supplier review', questions },
    documentIds,
    profile: lib.profile,
    settings: REVIEW_SETTINGS,
    origin: 'cli',
    concurrency: 4,
  });

const statusGrid = (m: ReviewMatrix): CellStatus[][] =>
  m.documents.map((d) => m.cells.filter((c) => c.documentId === d.id).map((c) => c.status));

/** Ends run `runId` as the journal would: every chunk read, the reply stored, `done`. */
function finish(runId: string, answer: string | null, options: { cut?: boolean } = {}) {
  const { store } = lib;
  const chunks = [0, 1, 2].map((index) => ({
    index,
    start: index * 10,
    end: index * 10 + 10,
    tokens: 3,
    pages: { first: index * 4 + 1, last: index * 4 + 4 },
  }));
  store.runs.setChunks(runId, chunks);
  for (const { index } of chunks) {
    store.runs.saveMemory(runId, {
      chunk: index,
      memory: `memory ${index}`,
      usage: { promptTokens: 10, completionTokens: 5 },
      ms: 1,
      kept: false,
    });
  }
  store.runs.saveAnswer(runId, {
    answer,
    response: answer ?? 'I could not find it.',
    usage: { promptTokens: 10, completionTokens: 5 },
    ms: 1,
    cut: options.cut ?? false,
  });
  store.runs.setStatus(runId, 'done', { finishedAt: Date.now(), error: null });
}

describe('a review stored as a job whose cells are runs', () => {
  it('creates one queued run per document × question, row-major, asking the question with its guidance', () => {
    const jobId = newReview();
    const job = lib.store.jobs.get(jobId);
    expect(job).toMatchObject({ kind: 'review', state: 'queued', counts: { total: 6, queued: 6 } });
    expect(job?.backend).toMatchObject({ kind: 'custom', name: 'Simulator' });
    const runs = lib.store.jobs.runs(jobId).map((r) => lib.store.runs.get(r.id));
    expect(runs.map((r) => [r?.documentId, r?.question])).toEqual(
      docs.flatMap((d) => QUESTIONS.map((q) => [d, expect.stringContaining(q.text)])),
    );
    expect(runs[1]?.question).toContain("Answer 'not stated' if the document does not say.");
    // The problem slot holds the checklist's problem text: the question, its guidance, the
    // kind's answer form.
    expect(runs.map((r) => r?.question)).toEqual(docs.flatMap(() => QUESTIONS.map(composeProblem)));
    expect(runs[2]?.question).toBe('Is liability capped?\n\nAnswer Yes, No or Not stated.');
    expect(runs.every((r) => r?.origin === 'cli' && r.status === 'queued')).toBe(true);

    const matrix = reviewMatrix(lib.store, jobId);
    expect(matrix.review).toMatchObject({
      title: 'Supplier contracts',
      checklistName: 'Supplier review',
      state: 'queued',
      counts: { cells: 6, queued: 6, done: 0 },
    });
    expect(matrix.documents.map((d) => d.title)).toEqual(['alpha', 'beta']);
    expect(matrix.questions).toEqual(QUESTIONS);
    expect(matrix.cells.map((c) => [c.documentId, c.questionId])).toEqual(
      docs.flatMap((d) => QUESTIONS.map((q) => [d, q.id])),
    );
    expect(matrix.cells[0]).toMatchObject({
      status: 'queued',
      coverage: { chunksRead: 0, chunks: 0, complete: false },
      evidence: [],
      history: [],
    });
  });

  it('stores the chunking given per document with every run of that row, as ask does', () => {
    const chunks = [{ index: 0, start: 0, end: 10, tokens: 3 }];
    const jobId = createReview(lib.parts, {
      title: 't',
      checklist: { name: 'c', questions: QUESTIONS },
      documentIds: docs,
      profile: lib.profile,
      settings: REVIEW_SETTINGS,
      origin: 'cli',
      chunksOf: (id) => (id === docs[0] ? chunks : undefined),
    });
    const counts = lib.store.jobs.runs(jobId).map((r) => lib.store.runs.get(r.id)?.chunkCount);
    expect(counts).toEqual([1, 1, 1, 0, 0, 0]);
    expect(reviewMatrix(lib.store, jobId).cells[0]?.coverage).toMatchObject({
      chunksRead: 0,
      chunks: 1,
    });
  });

  it('refuses a review without documents, an unknown document, or two questions with one id', () => {
    expect(() => newReview([])).toThrow(/at least one document/);
    expect(() => newReview(['nope'])).toThrow(/No document nope/);
    expect(() => newReview(docs, [QUESTIONS[0]!, { ...QUESTIONS[1]!, id: 'law' }])).toThrow(
      /names the question law twice/,
    );
    expect(lib.store.jobs.list()).toEqual([]);
  });

  it('shows each cell in the state a user reads: answered, not stated, no answer, cut, failed, reading', () => {
    const jobId = newReview();
    const ids = lib.store.jobs.runs(jobId).map((r) => r.id);
    const [law0, term0, cap0, law1, term1, cap1] = ids as [string, ...string[]];
    const evidence: Evidence[] = [
      {
        chunk: 1,
        start: 12,
        end: 19,
        page: 6,
        pageLabel: 'vi',
        section: 'Clause 14',
        quote: 'the laws of England',
        score: 0.9,
        by: 'alignment',
      },
    ];
    finish(law0, 'England');
    lib.store.runs.setEvidence(law0, evidence);
    finish(term0 as string, 'The contract does not state a term.');
    finish(cap0 as string, null);
    finish(law1 as string, 'Scotland and', { cut: true });
    lib.store.runs.setStatus(term1 as string, 'error', {
      finishedAt: Date.now(),
      error: { kind: 'BackendUnavailable', message: 'The server did not answer.' },
    });
    lib.store.runs.setChunks(cap1 as string, [
      { index: 0, start: 0, end: 5, tokens: 2 },
      { index: 1, start: 5, end: 10, tokens: 2 },
    ]);
    lib.store.runs.saveMemory(cap1 as string, {
      chunk: 0,
      memory: 'm',
      usage: { promptTokens: 1, completionTokens: 1 },
      ms: 1,
      kept: false,
    });
    lib.store.runs.setStatus(cap1 as string, 'running');

    const matrix = reviewMatrix(lib.store, jobId);
    expect(statusGrid(matrix)).toEqual([
      ['answered', 'not_stated', 'no_answer'],
      ['cut', 'failed', 'reading'],
    ]);
    const [law, term, , cut, failed, reading] = matrix.cells;
    expect(law).toMatchObject({
      answer: 'England',
      value: 'England',
      display: 'England',
      disagrees: false,
      runId: law0,
      coverage: { chunksRead: 3, chunks: 3, complete: true, pages: { first: 1, last: 12 } },
      evidence: [{ page: 6, pageLabel: 'vi', section: 'Clause 14', quote: 'the laws of England' }],
    });
    expect(term).toMatchObject({
      status: 'not_stated',
      answer: 'The contract does not state a term.',
      value: 'not_stated',
      display: 'Not stated',
    });
    // A cut reply is shown as cut, its words kept, and not compared with the expected value.
    expect(cut).toMatchObject({ answer: 'Scotland and' });
    expect(cut?.disagrees).toBeUndefined();
    expect(failed?.error).toBe('The server did not answer.');
    expect(reading?.coverage).toEqual({ chunksRead: 1, chunks: 2, complete: false });
    expect(matrix.review.counts).toEqual({ cells: 6, done: 4, reading: 1, queued: 0, failed: 1 });
  });

  it('flags an answer that differs from the expected value', () => {
    const jobId = newReview();
    const [law0, , , law1] = lib.store.jobs.runs(jobId).map((r) => r.id);
    finish(law0 as string, 'The laws of England and Wales.');
    finish(law1 as string, 'New York');
    const cells = reviewMatrix(lib.store, jobId).cells;
    expect(cells[0]?.disagrees).toBe(false);
    expect(cells[3]?.disagrees).toBe(true);
    // Questions without an expected value are never flagged.
    expect(cells[1]?.disagrees).toBeUndefined();
  });

  it('reads each answer for its question’s kind: a locale-free value, a display in the given locale', () => {
    const jobId = newReview();
    const [, term0, cap0, , term1, cap1] = lib.store.jobs.runs(jobId).map((r) => r.id);
    finish(term0 as string, 'Answer: twelve (12) months.');
    finish(cap0 as string, 'Yes, capped at the fees paid in the prior year.');
    finish(term1 as string, 'N/A');
    finish(cap1 as string, '**No.**');
    const cells = reviewMatrix(lib.store, jobId).cells;
    expect([1, 2, 4, 5].map((i) => [cells[i]?.status, cells[i]?.value, cells[i]?.display])).toEqual(
      [
        ['answered', 'P12M', '12 months'],
        ['answered', 'yes', 'Yes'],
        ['not_stated', 'not_stated', 'Not stated'],
        ['answered', 'no', 'No'],
      ],
    );
    // The model's own words are kept beside the reading.
    expect(cells[1]?.answer).toBe('Answer: twelve (12) months.');
    // Only the display depends on the locale.
    const german = reviewMatrix(lib.store, jobId, { locale: 'de' }).cells;
    expect([german[1]?.value, german[1]?.display]).toEqual(['P12M', '12 Monate']);
  });
});

describe('adding to a review', () => {
  it('adds a document: only its cells get runs, queued, and a review that had ended is queued again', () => {
    const jobId = newReview();
    const before = lib.store.jobs.runs(jobId).map((r) => r.id);
    for (const id of before) finish(id, 'England');
    lib.store.jobs.setState(jobId, 'done', Date.now());
    const gamma = lib.addDocument('gamma', 'The gamma supply contract.');

    const added = addDocuments(lib.parts, jobId, [docs[0] as string, gamma], {
      profile: lib.profile,
      origin: 'cli',
    });
    expect(added).toHaveLength(3);
    const after = lib.store.jobs.runs(jobId).map((r) => r.id);
    expect(after).toEqual([...before, ...added]);
    expect(lib.store.jobs.get(jobId)?.state).toBe('queued');
    expect(added.map((id) => lib.store.runs.get(id)?.settings)).toEqual(
      Array(3).fill(REVIEW_SETTINGS),
    );
    const matrix = reviewMatrix(lib.store, jobId);
    expect(matrix.documents.map((d) => d.title)).toEqual(['alpha', 'beta', 'gamma']);
    expect(statusGrid(matrix)).toEqual([
      ['answered', 'answered', 'answered'],
      ['answered', 'answered', 'answered'],
      ['queued', 'queued', 'queued'],
    ]);
  });

  it('adds a question: one new queued cell per document, in a new last column', () => {
    const jobId = newReview();
    const before = lib.store.jobs.runs(jobId).length;
    const renewal = {
      id: 'renewal',
      text: 'Does the contract renew itself?',
      kind: 'yes_no' as const,
    };
    const added = addQuestions(lib.parts, jobId, [renewal], {
      profile: lib.profile,
      origin: 'app',
    });
    expect(added).toHaveLength(2);
    expect(lib.store.jobs.runs(jobId)).toHaveLength(before + 2);
    const matrix = reviewMatrix(lib.store, jobId);
    expect(matrix.questions.map((q) => q.id)).toEqual(['law', 'term', 'cap', 'renewal']);
    expect(matrix.cells.filter((c) => c.questionId === 'renewal').map((c) => c.runId)).toEqual(
      added,
    );
    expect(() =>
      addQuestions(lib.parts, jobId, [renewal], { profile: lib.profile, origin: 'app' }),
    ).toThrow(/names the question renewal twice/);
  });
});

describe('re-running cells', () => {
  it('re-reads a column with another backend: new runs, the old answers kept in each cell’s history', async () => {
    const jobId = newReview();
    const runs = lib.store.jobs.runs(jobId).map((r) => r.id);
    for (const id of runs) finish(id, 'England');
    const other = { ...lib.profile, id: 'lab', name: 'Lab server' };
    lib.store.settings.saveProfile(other);

    const again = rerunCells(
      lib.parts,
      jobId,
      { questionId: 'law' },
      { profile: other, origin: 'app' },
    );
    expect(again).toHaveLength(2);
    // The job's runs are the current cells: the old ones left it, so its counts and its resume
    // see only the new ones.
    expect(lib.store.jobs.get(jobId)?.counts).toMatchObject({ total: 6, done: 4, queued: 2 });
    expect(lib.store.runs.get(runs[0] as string)?.status).toBe('done');

    const matrix = reviewMatrix(lib.store, jobId);
    const law = matrix.cells.filter((c) => c.questionId === 'law');
    expect(law.map((c) => c.runId)).toEqual(again);
    expect(law.map((c) => c.status)).toEqual(['queued', 'queued']);
    expect(law[0]?.history).toEqual([
      expect.objectContaining({
        runId: runs[0],
        status: 'answered',
        answer: 'England',
        backend: expect.objectContaining({ name: 'Simulator' }),
      }),
    ]);
    expect(lib.store.runs.get(again[0] as string)?.backend?.name).toBe('Lab server');

    // Again: two earlier readings, newest first.
    finish(again[0] as string, 'Wales');
    const third = rerunCells(
      lib.parts,
      jobId,
      { cells: [{ documentId: docs[0] as string, questionId: 'law' }] },
      { origin: 'app' },
    );
    const cell = reviewMatrix(lib.store, jobId).cells[0];
    expect(cell?.runId).toBe(third[0]);
    expect(cell?.history.map((h) => h.answer)).toEqual(['Wales', 'England']);
    expect(lib.store.runs.get(third[0] as string)?.backend?.name).toBe('Lab server');
  });

  it('re-reads a row; a cell still queued has its old run cancelled, one being read is refused', () => {
    const jobId = newReview();
    const runs = lib.store.jobs.runs(jobId).map((r) => r.id);
    const again = rerunCells(
      lib.parts,
      jobId,
      { documentId: docs[1] as string },
      { origin: 'cli' },
    );
    expect(again).toHaveLength(3);
    expect(runs.slice(3).map((id) => lib.store.runs.get(id)?.status)).toEqual(
      Array(3).fill('cancelled'),
    );
    lib.store.runs.setStatus(again[0] as string, 'running');
    expect(() =>
      rerunCells(lib.parts, jobId, { documentId: docs[1] as string }, { origin: 'cli' }),
    ).toThrow(/is being read/);
  });

  it('shows a cell whose run was deleted as empty, and reads it again on request', () => {
    const jobId = newReview();
    const [first] = lib.store.jobs.runs(jobId).map((r) => r.id);
    lib.store.runs.remove(first as string);
    const cell = reviewMatrix(lib.store, jobId).cells[0];
    expect(cell).toMatchObject({ status: 'cancelled', history: [] });
    expect(cell?.runId).toBeUndefined();
    const [again] = rerunCells(
      lib.parts,
      jobId,
      { cells: [{ documentId: docs[0] as string, questionId: 'law' }] },
      { profile: lib.profile, origin: 'app' },
    );
    expect(lib.store.runs.get(again as string)?.settings).toEqual(REVIEW_SETTINGS);
    expect(reviewMatrix(lib.store, jobId).cells[0]).toMatchObject({
      status: 'queued',
      runId: again,
    });
  });
});

describe('the same review found again', () => {
  it('finds a review by its key: the same documents in any order, questions and settings', () => {
    const jobId = newReview();
    const key = reviewKey({
      documentIds: [...docs].reverse(),
      questions: QUESTIONS,
      settings: REVIEW_SETTINGS,
    });
    expect(findReview(lib.store, key)).toBe(jobId);
    const otherSettings = { ...REVIEW_SETTINGS, chunkTokens: REVIEW_SETTINGS.chunkTokens + 1 };
    expect(
      findReview(
        lib.store,
        reviewKey({ documentIds: docs, questions: QUESTIONS, settings: otherSettings }),
      ),
    ).toBeUndefined();
    const reworded = QUESTIONS.map((q, i) =>
      i === 0 ? { ...q, guidance: 'Name the country.' } : q,
    );
    expect(
      findReview(
        lib.store,
        reviewKey({ documentIds: docs, questions: reworded, settings: REVIEW_SETTINGS }),
      ),
    ).toBeUndefined();
    // The expected value changes how the table is read, not what was asked.
    const expecting = QUESTIONS.map((q) => ({ ...q, expected: 'Wales' }));
    expect(
      findReview(
        lib.store,
        reviewKey({ documentIds: docs, questions: expecting, settings: REVIEW_SETTINGS }),
      ),
    ).toBe(jobId);
  });

  it('keeps the key in step when documents are added, and lists reviews newest first', () => {
    const first = newReview();
    const gamma = lib.addDocument('gamma', 'The gamma supply contract.');
    addDocuments(lib.parts, first, [gamma], { profile: lib.profile, origin: 'cli' });
    const all = [...docs, gamma];
    expect(
      findReview(
        lib.store,
        reviewKey({ documentIds: all, questions: QUESTIONS, settings: REVIEW_SETTINGS }),
      ),
    ).toBe(first);
    const second = newReview([docs[0] as string]);
    expect(listReviews(lib.store).map((r) => [r.id, r.counts.cells])).toEqual([
      [second, 3],
      [first, 9],
    ]);
  });
});
