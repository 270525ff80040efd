// A job of D documents × Q questions in a real library, and a launcher over the real run
// registry and journal against a simulator, as the use cases will give the job driver. Used by
// the job tests in process and by the child process of the crash test.
import { randomUUID } from 'node:crypto';
import type { Events } from '../../../shared/api.ts';
import { DEFAULT_RUN_SETTINGS, type RunSettings } from '../../../shared/model.ts';
import { RunRegistry } from '../agent/run-registry.ts';
import type { RunOutcome } from '../agent/run-outcome.ts';
import { paragraphChunks } from '../agent/test-support.ts';
import { createLlmClient } from '../llm/client.ts';
import type { LlmClient } from '../llm/types.ts';
import { createRunJournal } from '../store/run-journal.ts';
import type { Store } from '../store/store.ts';
import { writeTransaction } from '../store/write-transaction.ts';
import type { RunStart } from './job-claim.ts';

export const JOB_SETTINGS: RunSettings = {
  ...DEFAULT_RUN_SETTINGS,
  memoryTokens: 128,
  answerTokens: 64,
};

/** Document `d` of the fixture: `chunks` chunks of 3 paragraphs, a fact in the middle. */
export function fixtureText(d: number, chunks: number): string {
  const parts: string[] = [];
  for (let i = 0; i < chunks * 3; i += 1) {
    parts.push(
      i === Math.floor((chunks * 3) / 2)
        ? `The vault code of building ${d} is ${4700 + d}.`
        : `Document ${d}, paragraph ${i}: the river bends twice before the mill, as ever.`,
    );
  }
  return parts.join('\n\n');
}

export interface FixtureJob {
  jobId: string;
  /** Run ids in the job's order: document-major (d0q0, d0q1, ..., d1q0, ...). */
  runIds: string[];
}

/**
 * Stores `documents` documents and one job whose items are every document × each of
 * `questions` questions, every run `queued` with its chunking, in one transaction.
 */
export function createFixtureJob(
  store: Store,
  owner: string,
  documents: number,
  questions: number,
  chunks: number,
): FixtureJob {
  const jobId = randomUUID();
  const runIds: string[] = [];
  const now = Date.now();
  writeTransaction(store.db, () => {
    store.jobs.create({
      id: jobId,
      kind: 'review',
      title: `${documents} documents × ${questions} questions`,
      createdAt: now,
      owner,
    });
    for (let d = 0; d < documents; d += 1) {
      const text = fixtureText(d, chunks);
      const id = `doc-${d}-${jobId}`;
      store.documents.upsert({
        id,
        fileName: `doc${d}.txt`,
        format: 'text',
        title: `doc${d}`,
        chars: text.length,
        openedAt: now,
        warnings: [],
        textKey: id,
      });
      for (let q = 0; q < questions; q += 1) {
        const runId = randomUUID();
        store.runs.create({
          id: runId,
          documentId: id,
          textKey: id,
          question: `What is the vault code of building ${d}? (asked ${q + 1})`,
          settings: JOB_SETTINGS,
          status: 'queued',
          createdAt: now,
        });
        store.runs.setChunks(runId, paragraphChunks(text, 3));
        store.runs.setOwner(runId, owner);
        store.jobs.addRun(jobId, runId, runIds.length);
        runIds.push(runId);
      }
    }
  })();
  return { jobId, runIds };
}

export interface FixtureLauncher {
  registry: RunRegistry;
  launchRun(runId: string, from: RunStart): Promise<RunOutcome>;
}

/** A launcher over a RunRegistry journaled into `store`, reading from `baseUrl`. */
export function fixtureLauncher(
  store: Store,
  baseUrl: string,
  concurrency: number,
  onEvent: (payload: Events['run:event']) => void = () => undefined,
  client: LlmClient = createLlmClient({ kind: 'custom', baseUrl, maxRetries: 0 }),
): FixtureLauncher {
  const registry = new RunRegistry({
    concurrency,
    emit: (_owner, payload) => onEvent(payload),
    journal: createRunJournal(store, Date.now),
  });
  return {
    registry,
    launchRun(runId, from) {
      const summary = store.runs.get(runId);
      if (!summary) throw new Error(`no run ${runId}`);
      // The fixture's texts are made again from the document's number (doc-D-JOB) and size.
      const d = Number(summary.documentId.split('-')[1]);
      return registry.launch(runId, {
        owner: 'job',
        prepare: () => ({
          text: fixtureText(d, summary.chunkCount),
          chunks: from.chunks ?? [],
          question: summary.question,
          settings: summary.settings,
          client,
          startChunk: from.startChunk,
          ...(from.startMemory !== undefined ? { startMemory: from.startMemory } : {}),
          earlierMemories: from.earlierMemories,
        }),
      });
    },
  };
}

/**
 * The chunk requests among `requests` (a simulator's log) as "QUESTION#CHUNK" keys, in order:
 * a fixture chunk k holds paragraphs 3k to 3k + 2, and its prompt names them. Final and quote
 * prompts have no `<section>` of the document and are left out.
 */
export function chunkRequestKeys(requests: readonly { body: unknown }[]): string[] {
  const keys: string[] = [];
  for (const r of requests) {
    const prompt = (r.body as { messages?: { content: string }[] }).messages?.[0]?.content ?? '';
    const section = /<section>\n([\s\S]*?)\n<\/section>/.exec(prompt)?.[1];
    const question = /What is the vault code of building \d+\? \(asked \d+\)/.exec(prompt)?.[0];
    const paragraph = section === undefined ? undefined : /paragraph (\d+):/.exec(section)?.[1];
    if (question === undefined || paragraph === undefined) continue;
    keys.push(`${question}#${Math.floor(Number(paragraph) / 3)}`);
  }
  return keys;
}
