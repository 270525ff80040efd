// A child process for the crash test: runs the real service over a data folder, starts one run
// against the simulator at argv[3], and prints each finished chunk so the parent can SIGKILL it
// mid-run. Usage: node crash-child.test-support.ts DATA_DIR BASE_URL BOOK_FILE
import { createMemorySecretStore } from '../store/secret-store.ts';
import { createService } from './create-service.ts';
import { invokeCall } from './invoke-call.ts';
import { SMALL_CHUNKS } from './service-harness.test-support.ts';

const [dataDir, baseUrl, book] = process.argv.slice(2) as [string, string, string];
const service = createService({
  dataDir,
  secrets: createMemorySecretStore(),
  emit: (_target, name, payload) => {
    if (name !== 'run:event') return;
    const { event } = payload as {
      event: { type: string; state?: { chunk: number }; runId: string };
    };
    if (event.type === 'chunk-done')
      process.stdout.write(`chunk-done ${event.state?.chunk} ${event.runId}\n`);
  },
});
const ctx = { senderId: 'child' };
const must = <T>(r: { ok: true; value: T } | { ok: false; error: unknown }): T => {
  if (!r.ok) throw new Error(JSON.stringify(r.error));
  return r.value;
};
const doc = must(await invokeCall(service.handlers, 'documents:open', { path: book }, ctx));
must(
  await invokeCall(
    service.handlers,
    'settings:save-profile',
    {
      profile: {
        id: 'sim',
        name: 'Simulator',
        kind: 'custom',
        baseUrl,
        hasApiKey: false,
        maxRetries: 0,
      },
    },
    ctx,
  ),
);
must(await invokeCall(service.handlers, 'settings:set-active-profile', { profileId: 'sim' }, ctx));
must(
  await invokeCall(
    service.handlers,
    'runs:start',
    { documentId: doc.id, question: 'What is the vault code?', settings: SMALL_CHUNKS },
    ctx,
  ),
);
