import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_RUN_SETTINGS, type DocumentInfo, type RunStatus } from '../../../shared/model.ts';
import { runState } from '../../../shared/run-state.ts';
import { openStore, type Store } from './store.ts';

let dir: string;
let store: Store;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-counts-'));
  store = openStore(dir);
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const doc = (id: string): DocumentInfo => ({
  id,
  fileName: `${id}.pdf`,
  format: 'pdf',
  title: id,
  chars: 100,
  openedAt: 1,
  warnings: [],
});

let next = 0;
function run(documentId: string, question: string, status: RunStatus, createdAt = 10): string {
  const id = `run-${(next += 1)}`;
  store.runs.create({
    id,
    documentId,
    question,
    settings: DEFAULT_RUN_SETTINGS,
    status,
    createdAt,
  });
  return id;
}

describe('run counts per document', () => {
  it('counts questions (same text once) and runs by state, in one query over the database', () => {
    store.documents.upsert(doc('gpl'));
    store.documents.upsert(doc('fhs'));
    store.documents.upsert(doc('empty'));
    run('gpl', 'Who may terminate?', 'done', 10);
    run('gpl', 'Who may terminate?', 'running', 30);
    run('gpl', 'What is a covered work?', 'error', 20);
    run('gpl', 'What about patents?', 'cancelled', 25);
    run('fhs', 'Where do logs go?', 'queued', 5);
    run('fhs', 'Where is /srv?', 'interrupted', 6);
    run('fhs', 'Is /opt optional?', 'paused', 7);

    const counts = store.runs
      .countsByDocument()
      .sort((a, b) => a.documentId.localeCompare(b.documentId));
    expect(counts).toEqual([
      {
        documentId: 'fhs',
        questions: 3,
        runs: 3,
        reading: 2,
        paused: 1,
        failed: 1,
        done: 0,
        noAnswer: 0,
        lastAskedAt: 7,
      },
      {
        documentId: 'gpl',
        questions: 3,
        runs: 4,
        reading: 1,
        paused: 0,
        failed: 1,
        done: 1,
        noAnswer: 0,
        lastAskedAt: 30,
      },
    ]);
  });

  it('follows status changes and removals, and forgets a removed document', () => {
    store.documents.upsert(doc('gpl'));
    const a = run('gpl', 'Q', 'running');
    const b = run('gpl', 'Q', 'running');
    store.runs.setStatus(a, 'done', { finishedAt: 40 });
    store.runs.remove(b);
    expect(store.runs.countsByDocument()).toEqual([
      {
        documentId: 'gpl',
        questions: 1,
        runs: 1,
        reading: 0,
        paused: 0,
        failed: 0,
        done: 1,
        noAnswer: 0,
        lastAskedAt: 10,
      },
    ]);
    store.documents.remove('gpl');
    expect(store.runs.countsByDocument()).toEqual([]);
  });

  it('counts a finished run with no extractable answer as no answer, as every view names it', () => {
    store.documents.upsert(doc('gpl'));
    const usage = { promptTokens: 1, completionTokens: 1 };
    const answered = run('gpl', 'Who may terminate?', 'done');
    const none = run('gpl', 'What is a covered work?', 'done');
    const cut = run('gpl', 'What about patents?', 'done');
    store.runs.saveAnswer(answered, {
      answer: 'The licensor',
      response: 'x',
      usage,
      ms: 1,
      cut: false,
    });
    store.runs.saveAnswer(none, {
      answer: null,
      response: 'I cannot tell.',
      usage,
      ms: 1,
      cut: false,
    });
    store.runs.saveAnswer(cut, {
      answer: 'Each contributor',
      response: 'x',
      usage,
      ms: 1,
      cut: true,
    });
    expect(store.runs.countsByDocument()[0]).toMatchObject({ done: 2, noAnswer: 1 });
    // The same split as runState over the runs' summaries.
    const outcomes = store.runs.list({}).map((summary) => runState(summary));
    expect(outcomes.sort()).toEqual(['cut', 'done', 'no-answer']);
  });
});
