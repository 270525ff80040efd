// Evidence is data, through the real service and the simulator: found once when a run ends,
// stored with it, and what `runs:get` gives the app, with no document text at hand; a cut answer
// is traced under the one rule; runs of a library from before (schema 8) are back-filled once.
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { findEvidence } from '../../../shared/evidence.ts';
import type { Evidence, RunEvent } from '../../../shared/model.ts';
import { applySnapshot, emptyRunView } from '../../../shared/run-view.ts';
import { DATABASE_FILE } from '../store/database.ts';
import { backfillEvidence } from '../store/evidence-backfill.ts';
import { openStore } from '../store/store.ts';
import {
  SMALL_CHUNKS,
  openBookAndProfile,
  startHarness,
  type Harness,
} from './service-harness.test-support.ts';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const QUESTION = 'What is the vault code?';

async function ask(harness: Harness, documentId: string) {
  const run = await harness.ok('runs:start', {
    documentId,
    question: QUESTION,
    settings: SMALL_CHUNKS,
  });
  const end = await harness.finished(run.id);
  if (end.type !== 'finished') throw new Error(`the run ended ${end.type}`);
  return { runId: run.id, evidence: end.evidence };
}

/** The text the run read is gone: no text cache, no document file. */
function removeText(harness: Harness): void {
  fs.rmSync(path.join(harness.dir, 'cache'), { recursive: true, force: true });
  fs.rmSync(path.join(harness.dir, 'book.txt'));
}

describe('evidence found once, when the run ends', () => {
  it('is what runs:get shows, the same after a restart with no text of the document left', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    const { runId, evidence } = await ask(h, documentId);
    expect(evidence[0]?.quote).toContain('4711');
    // It is what the derivation from the text gives, quotes and all.
    const snap = await h.ok('runs:get', { runId });
    const { document } = await h.ok('documents:get', { documentId });
    const view = applySnapshot(emptyRunView(runId, 0), snap);
    expect(
      findEvidence({
        question: QUESTION,
        answer: view.answer ?? '',
        memories: view.memories,
        chunks: view.chunks,
        document,
        quotes: view.modelQuotes,
      }),
    ).toEqual(evidence);
    expect(evidence[0]?.by).toBe('both');
    expect(snap.evidence).toEqual(evidence);
    expect(view.evidence).toEqual(evidence);

    await h.service.dispose();
    removeText(h);
    h.reopen();
    const again = await h.ok('runs:get', { runId });
    expect(again.evidence).toEqual(evidence);
    // The text really is out of reach: asking for it fails.
    expect((await h.call('documents:get', { documentId })).ok).toBe(false);
  });

  it('traces a cut answer too, and keeps the cut beside its passages', async () => {
    h = await startHarness();
    const { documentId } = await openBookAndProfile(h);
    const clean = await ask(h, documentId);
    const snap = await h.ok('runs:get', { runId: clean.runId });
    const answered = h
      .runEvents(clean.runId)
      .map((p) => p.event)
      .find((e): e is Extract<RunEvent, { type: 'answer' }> => e.type === 'answer');
    // The same final reply, whole, but ended by its token limit: a complete box, a cut reply.
    h.sim.setOptions({
      faults: [
        {
          kind: 'stopped-reply',
          every: snap.chunks.length + 1,
          afterTokens: answered?.usage.completionTokens ?? 0,
          finishReason: 'length',
        },
      ],
    });
    const cut = await ask(h, documentId);
    const cutSnap = await h.ok('runs:get', { runId: cut.runId });
    expect(cutSnap.summary).toMatchObject({ answer: '4711', answerCut: true });
    expect(cut.evidence[0]?.quote).toContain('4711');
    // No quote check for a cut answer: the memory trail alone.
    expect(cut.evidence[0]?.by).toBe('alignment');
    expect(cutSnap.evidence).toEqual(cut.evidence);
  });
});

describe('the back-fill of runs answered before evidence was kept', () => {
  /** A run made with the service, then its library turned back into a schema-8 one. */
  async function oldLibrary(): Promise<{ harness: Harness; runId: string; evidence: Evidence[] }> {
    const harness = await startHarness();
    const { documentId } = await openBookAndProfile(harness);
    const { runId, evidence } = await ask(harness, documentId);
    await harness.service.dispose();
    const db = new Database(path.join(harness.dir, DATABASE_FILE));
    // Schema 9 to 13 undone: the runs' speed key, the reviews and checklists, the back-fill list,
    // then the jobs table and the runs' link to it (12 re-indexes the search; it runs again).
    db.exec(`
      ALTER TABLE runs DROP COLUMN speed_owner;
      DROP TABLE review_cells; DROP TABLE review_questions; DROP TABLE review_documents;
      DROP TABLE reviews; DROP TABLE checklists;
      UPDATE runs SET evidence = NULL; DROP TABLE evidence_backfill;
      DROP INDEX runs_by_job; ALTER TABLE runs DROP COLUMN job_item;
      ALTER TABLE runs DROP COLUMN job_id; DROP TABLE jobs;
    `);
    db.pragma('user_version = 8');
    db.close();
    return { harness, runId, evidence };
  }

  it('finds the passages of a schema-8 library’s runs once, on their first view', async () => {
    const old = await oldLibrary();
    h = old.harness;
    const store = openStore(h.dir);
    expect(store.evidenceQueue.pending()).toEqual([old.runId]);
    expect(store.runs.evidence(old.runId)).toBeUndefined();
    store.close();

    h.reopen();
    expect((await h.ok('runs:get', { runId: old.runId })).evidence).toEqual(old.evidence);
    await h.service.dispose();
    const after = openStore(h.dir);
    expect(after.runs.evidence(old.runId)).toEqual(old.evidence);
    expect(after.evidenceQueue.pending()).toEqual([]);
    after.close();
    // Stored now: shown without the text.
    removeText(h);
    h.reopen();
    expect((await h.ok('runs:get', { runId: old.runId })).evidence).toEqual(old.evidence);
  });

  it('takes a run whose text is gone off the list, so its text is never looked for again', async () => {
    const old = await oldLibrary();
    h = old.harness;
    removeText(h);
    const store = openStore(h.dir);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return undefined;
    };
    expect((await backfillEvidence(store, load)).size).toBe(0);
    expect(loads).toBe(1);
    expect(store.evidenceQueue.pending()).toEqual([]);
    expect(store.runs.evidence(old.runId)).toBeUndefined();
    await backfillEvidence(store, load);
    expect(loads).toBe(1);
    store.close();
    h.reopen();
    const snap = await h.ok('runs:get', { runId: old.runId });
    expect(snap.evidence).toBeUndefined();
    expect(snap.summary.answer).toBe('4711');
  });
});
