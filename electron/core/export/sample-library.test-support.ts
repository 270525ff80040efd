// A library with real runs for the export tests: a document opened by the real service, several
// questions read by the simulator, and one question that fails after eight retries. Not a test.
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { RunSettings } from '../../../shared/model.ts';
import { SMALL_CHUNKS, type Harness } from '../ipc/service-harness.test-support.ts';

export const FAILING_QUESTION = 'Which chapter explains the failure?';

export interface SampleLibrary {
  documentId: string;
  /** Finished runs, in the order asked. */
  done: string[];
  failed: string;
}

/**
 * Opens `file` in the harness's service and asks `questions` (each `times` over), then the
 * failing question: the simulator answers 429 to nine requests in a row, and the profile allows
 * eight retries.
 */
export async function sampleLibrary(
  h: Harness,
  file: string,
  questions: readonly string[],
  options: { settings?: Partial<RunSettings>; repeatFirst?: boolean } = {},
): Promise<SampleLibrary> {
  const info = await h.ok('documents:open', { path: file });
  const profile = await h.ok('settings:save-profile', {
    profile: {
      id: 'sim',
      name: 'Simulator',
      kind: 'custom',
      baseUrl: h.sim.baseUrl,
      hasApiKey: false,
      timeoutMs: 30_000,
      maxRetries: 8,
    },
  });
  await h.ok('settings:set-active-profile', { profileId: profile.id });
  const settings = { ...SMALL_CHUNKS, ...options.settings };
  const ask = async (question: string) => {
    const run = await h.ok('runs:start', { documentId: info.id, question, settings });
    await h.finished(run.id);
    return run.id;
  };
  const done: string[] = [];
  for (const question of questions) done.push(await ask(question));
  if (options.repeatFirst && questions[0] !== undefined) done.push(await ask(questions[0]));
  h.sim.setOptions({ faults: [{ kind: 'rate-limit', next: 9, retryAfterMs: 1 }] });
  const failed = await ask(FAILING_QUESTION);
  h.sim.setOptions({ faults: [] });
  expect((await h.ok('runs:get', { runId: failed })).summary.status).toBe('error');
  return { documentId: info.id, done, failed };
}

/** Writes `text` as a file in the harness folder and returns its path. */
export function writeDocument(h: Harness, name: string, text: string): string {
  const file = path.join(h.dir, name);
  fs.writeFileSync(file, text);
  return file;
}
