// A real library for the `runs`/`show` tests (and to look at by hand): the app's service reads a
// document with the simulator and saves its runs, as the app would. Not a test file.
// By hand: node electron/cli/library-fixture.test-support.ts DATA_DIR FILE [CHUNK_TOKENS]
import { pathToFileURL } from 'node:url';
import { isTerminal, type RunEvent, type RunSettings } from '../../shared/model.ts';
import { startSimLlm } from '../../sim/server.ts';
import { createService } from '../core/ipc/create-service.ts';
import { invokeCall } from '../core/ipc/invoke-call.ts';
import { createMemorySecretStore } from '../core/store/secret-store.ts';

export interface FixtureRun {
  question: string;
  /** The run ends in this state: finished, or failed by the simulator answering 500s. */
  fail?: boolean;
}

/** Reads `file` into the library in `dataDir` and asks each question; returns the run ids. */
export async function buildLibrary(
  dataDir: string,
  file: string,
  runs: readonly FixtureRun[],
  chunkTokens = 1000,
): Promise<{ documentId: string; runIds: string[] }> {
  const sim = await startSimLlm({});
  const failing = await startSimLlm({ faults: [{ kind: 'server-error', every: 1 }] });
  const ends = new Map<string, (e: RunEvent) => void>();
  const service = createService({
    dataDir,
    secrets: createMemorySecretStore(),
    emit: (_target, name, payload) => {
      if (name !== 'run:event') return;
      const { event } = payload as { event: RunEvent };
      if (isTerminal(event)) ends.get(event.runId)?.(event);
    },
  });
  const ctx = { senderId: 'fixture' };
  const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
    if (!r.ok) throw new Error(JSON.stringify(r.error));
    return r.value;
  };
  try {
    for (const [id, baseUrl] of [
      ['sim', sim.baseUrl],
      ['down', failing.baseUrl],
    ] as const)
      must(
        await invokeCall(
          service.handlers,
          'settings:save-profile',
          {
            profile: {
              id,
              name: id,
              kind: 'custom',
              baseUrl,
              hasApiKey: false,
              // The failing server's question fails after two retries, each a warning.
              maxRetries: id === 'down' ? 2 : 0,
            },
          },
          ctx,
        ),
      );
    const doc = must(await invokeCall(service.handlers, 'documents:open', { path: file }, ctx));
    const settings: RunSettings = {
      chunkTokens,
      memoryTokens: 256,
      answerTokens: 128,
      temperature: 0,
      topP: 1,
      final: 'boxed',
      tokenizer: 'qwen',
    };
    const runIds: string[] = [];
    for (const run of runs) {
      const profileId = run.fail ? 'down' : 'sim';
      const summary = must(
        await invokeCall(
          service.handlers,
          'runs:start',
          { documentId: doc.id, question: run.question, settings, profileId },
          ctx,
        ),
      );
      await new Promise<RunEvent>((resolve) => ends.set(summary.id, resolve));
      runIds.push(summary.id);
    }
    return { documentId: doc.id, runIds };
  } finally {
    await service.dispose();
    await sim.close();
    await failing.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [dataDir, file, chunkTokens] = process.argv.slice(2) as [string, string, string?];
  const built = await buildLibrary(
    dataDir,
    file,
    [
      { question: 'What does the licence say about conveying verbatim copies?' },
      { question: 'Who may distribute modified versions?', fail: true },
      { question: 'What happens on termination of the licence?' },
    ],
    chunkTokens ? Number(chunkTokens) : 1000,
  );
  process.stdout.write(`${JSON.stringify(built)}\n`);
}
