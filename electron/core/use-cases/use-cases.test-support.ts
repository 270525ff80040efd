// Set-up for the use-case tests: a real SQLite library in a temp folder, a document entered as
// the app enters it, the simulator on loopback as the backend, and a run registry journalling
// into the library. Not a test file itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Events } from '../../../shared/api.ts';
import { DEFAULT_READING, type DocumentInfo, type DocumentText } from '../../../shared/model.ts';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import type { SimOptions } from '../../../sim/options.ts';
import { RunRegistry } from '../agent/run-registry.ts';
import { sha256Hex } from '../hash.ts';
import { extractDocument } from '../documents/index.ts';
import { createLlmClient } from '../llm/client.ts';
import { createBuiltinHosts } from '../backends/builtin-hosts.ts';
import { createChunkPlans } from '../caches/chunk-plans.ts';
import { createRunJournal } from '../store/run-journal.ts';
import { bookText, SMALL_CHUNKS } from '../ipc/service-harness.test-support.ts';
import { createTokenizerCache } from '../caches/tokenizer-cache.ts';
import type { StoredProfile } from '../store/columns.ts';
import { createMemorySecretStore } from '../store/secret-store.ts';
import { openStore } from '../store/store.ts';
import { registerWriter } from '../store/writers.ts';
import { describeDocument } from './open-document.ts';
import type { PrepareHooks } from './prepare-run.ts';
import type { LibraryRunParts } from './run-parts.ts';

export { SMALL_CHUNKS };

export interface Fixture {
  dir: string;
  sim: SimServer;
  parts: LibraryRunParts;
  info: DocumentInfo;
  doc: DocumentText;
  /** The simulator as a profile kept in the library. */
  profile: StoredProfile;
  registry: RunRegistry;
  events: Events['run:event'][];
  /** Notes the use cases add to a run's warnings, by run. */
  notes: Map<string, string[]>;
  hooks(runId: string): PrepareHooks;
  /** Another simulator, kept as the profile `id` named `name`. */
  otherBackend(id: string, name: string, options?: Partial<SimOptions>): Promise<StoredProfile>;
  close(): Promise<void>;
}

export async function openFixture(paragraphs = 40): Promise<Fixture> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-use-cases-'));
  const sims: SimServer[] = [await startSimLlm({})];
  const sim = sims[0] as SimServer;
  const store = openStore(dir);
  const writer = registerWriter(store.db, 'app');
  const file = path.join(dir, 'book.txt');
  fs.writeFileSync(file, bookText(paragraphs));
  const doc = await extractDocument({ path: file }, {});
  const info = describeDocument(
    sha256Hex(fs.readFileSync(file)),
    'book.txt',
    file,
    doc,
    Date.now(),
    DEFAULT_READING,
  );
  store.documents.upsert(info);
  const profile: StoredProfile = {
    id: 'sim',
    name: 'Simulator',
    kind: 'custom',
    baseUrl: sim.baseUrl,
    timeoutMs: 10_000,
    maxRetries: 0,
  };
  store.settings.saveProfile(profile);
  const builtin = createBuiltinHosts({ sequences: 2 });
  const tokenizers = createTokenizerCache();
  const parts: LibraryRunParts = {
    store,
    writer,
    now: Date.now,
    secrets: createMemorySecretStore(),
    clients: { factory: createLlmClient, builtin, defaults: () => SMALL_CHUNKS },
    tokenizers,
    plans: createChunkPlans(),
  };
  const events: Events['run:event'][] = [];
  const registry = new RunRegistry({
    journal: createRunJournal(store, Date.now),
    emit: (_owner, payload) => events.push(payload),
  });
  const notes = new Map<string, string[]>();
  return {
    dir,
    sim,
    parts,
    info,
    doc,
    profile,
    registry,
    events,
    notes,
    hooks: (runId) => ({
      note: (_code, message) => notes.set(runId, [...(notes.get(runId) ?? []), message]),
    }),
    async otherBackend(id, name, options = {}) {
      const other = await startSimLlm(options);
      sims.push(other);
      const made: StoredProfile = { ...profile, id, name, baseUrl: other.baseUrl };
      store.settings.saveProfile(made);
      return made;
    },
    async close() {
      await registry.dispose();
      builtin.dispose();
      await tokenizers.dispose();
      writer.close();
      store.close();
      await Promise.all(sims.map((s) => s.close()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
