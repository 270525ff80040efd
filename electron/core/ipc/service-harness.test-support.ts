// Shared set-up for the service tests: a real service over a temp data folder, the real LLM
// simulator on loopback, and a recorder of every emitted event. Not a test file itself.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type {
  CallName,
  CallRequest,
  CallResponse,
  EventName,
  Events,
} from '../../../shared/api.ts';
import { isTerminal, type RunEvent } from '../../../shared/model.ts';
import { startSimLlm, type SimServer } from '../../../sim/server.ts';
import type { SimOptions } from '../../../sim/options.ts';
import { createMemorySecretStore, type SecretStore } from '../store/secret-store.ts';
import { createService, type Service, type ServiceDeps } from './create-service.ts';
import { invokeCall } from './invoke-call.ts';

export interface Emitted {
  target: string | undefined;
  name: EventName;
  payload: unknown;
}

export interface Harness {
  dir: string;
  sim: SimServer;
  secrets: SecretStore;
  service: Service;
  emitted: Emitted[];
  call<K extends CallName>(
    name: K,
    request: CallRequest<K>,
    sender?: string,
  ): Promise<CallResponse<K>>;
  /** Like `call` but fails the test on an error value. */
  ok<K extends CallName>(
    name: K,
    request: CallRequest<K>,
    sender?: string,
  ): Promise<Extract<CallResponse<K>, { ok: true }>['value']>;
  /** Resolves with the first (past or future) event matching `match`. */
  waitFor<E extends EventName>(
    name: E,
    match: (payload: Events[E], target: string | undefined) => boolean,
  ): Promise<Events[E]>;
  /** Run events sent to `target` for `runId`, in emission order. */
  runEvents(runId: string, target?: string): Events['run:event'][];
  /** Waits for the run's terminal event. */
  finished(runId: string): Promise<RunEvent>;
  /** Starts a new service over the same folder (after `service.dispose()`), as after a restart. */
  reopen(): void;
  close(): Promise<void>;
}

export async function startHarness(
  options: {
    sim?: Partial<SimOptions>;
    exports?: string;
    /** Sending to this target throws, like a closed window. */ brokenTarget?: string;
    /** More of the service's dependencies (a file dialog, Hugging Face's endpoint...). */
    deps?: Partial<ServiceDeps>;
  } = {},
): Promise<Harness> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'memagent-service-'));
  const sim = await startSimLlm(options.sim ?? {});
  const secrets = createMemorySecretStore();
  const emitted: Emitted[] = [];
  const waiters: {
    name: EventName;
    match: (p: never, t: string | undefined) => boolean;
    resolve: (p: never) => void;
  }[] = [];
  const emit = (target: string | undefined, name: EventName, payload: unknown) => {
    emitted.push({ target, name, payload });
    for (const w of [...waiters]) {
      if (w.name === name && w.match(payload as never, target)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(payload as never);
      }
    }
    if (target !== undefined && target === options.brokenTarget)
      throw new Error('Object has been destroyed');
  };
  const make = () =>
    createService({
      dataDir: dir,
      secrets,
      emit,
      chooseSavePath: async (suggested) => path.join(options.exports ?? dir, suggested),
      openExternal: async () => undefined,
      ...options.deps,
    });
  const h: Harness = {
    dir,
    sim,
    secrets,
    service: make(),
    emitted,
    call: (name, request, sender = 'w1') =>
      invokeCall(h.service.handlers, name, request, { senderId: sender }),
    async ok(name, request, sender = 'w1') {
      const result = await h.call(name, request, sender);
      if (!result.ok) throw new Error(`${name} failed: ${JSON.stringify(result.error)}`);
      return result.value as never;
    },
    waitFor(name, match) {
      const seen = emitted.find((e) => e.name === name && match(e.payload as never, e.target));
      if (seen) return Promise.resolve(seen.payload as never);
      return new Promise((resolve) =>
        waiters.push({ name, match: match as never, resolve: resolve as never }),
      );
    },
    runEvents(runId, target) {
      return emitted
        .filter((e) => e.name === 'run:event' && (target === undefined || e.target === target))
        .map((e) => e.payload as Events['run:event'])
        .filter((p) => p.event.runId === runId);
    },
    async finished(runId) {
      const p = await h.waitFor('run:event', (e) => e.event.runId === runId && isTerminal(e.event));
      return p.event;
    },
    reopen() {
      h.service = make();
    },
    async close() {
      await h.service.dispose();
      await sim.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  return h;
}

/** A document of `paragraphs` paragraphs with one fact to find in the middle. */
export function bookText(paragraphs = 40): string {
  const out: string[] = [];
  for (let i = 0; i < paragraphs; i += 1) {
    if (i === Math.floor(paragraphs / 2))
      out.push('The vault code is 4711. It was set by Ada in the spring.');
    out.push(
      `Paragraph ${i + 1} tells of the valley, where the river bends twice before the mill. ` +
        'Travellers rest by the old bridge and talk of the weather, the harvest and the market prices. ' +
        'None of this matters much, yet every page must be read all the same.',
    );
  }
  return `${out.join('\n\n')}\n`;
}

/** Writes `text` to a file in the harness folder, opens it and sets up a profile for the simulator. */
export async function openBookAndProfile(
  h: Harness,
  text = bookText(),
  key?: string,
): Promise<{ documentId: string; profileId: string }> {
  const file = path.join(h.dir, 'book.txt');
  fs.writeFileSync(file, text);
  const info = await h.ok('documents:open', { path: file });
  return { documentId: info.id, profileId: await useSimProfile(h, key) };
}

/** Saves a profile for the harness's simulator and makes it the active one; returns its id. */
export async function useSimProfile(h: Harness, key?: string): Promise<string> {
  const profile = await h.ok('settings:save-profile', {
    profile: {
      id: 'sim',
      name: 'Simulator',
      kind: 'custom',
      baseUrl: h.sim.baseUrl,
      hasApiKey: false,
      timeoutMs: 10_000,
      maxRetries: 0,
    },
    ...(key === undefined ? {} : { apiKey: key }),
  });
  await h.ok('settings:set-active-profile', { profileId: profile.id });
  return profile.id;
}

export const SMALL_CHUNKS = {
  chunkTokens: 256,
  memoryTokens: 256,
  answerTokens: 128,
  temperature: 0,
  topP: 1,
  final: 'boxed',
  tokenizer: 'qwen',
} as const;

/** The prompts of every chat request the simulator received, in order. */
export const chatPrompts = (harness: Harness): string[] =>
  harness.sim.requests
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => (r.body as { messages: { content: string }[] }).messages[0]?.content ?? '');

/**
 * Disposes the service synchronously inside the `chunk-done` event of chunk `which(chunkCount)`,
 * before the run loop can send another request: the state a crash at that moment leaves.
 */
export async function stopWhenChunkDone(
  harness: Harness,
  runId: string,
  which: (chunkCount: number) => number,
): Promise<void> {
  let disposing: Promise<void> | undefined;
  await harness.waitFor('run:event', (p) => {
    const e = p.event;
    if (e.runId !== runId || e.type !== 'chunk-done') return false;
    const started = harness.runEvents(runId).find((x) => x.event.type === 'started')?.event;
    if (started?.type !== 'started' || e.state.chunk !== which(started.chunkCount)) return false;
    disposing = harness.service.dispose();
    return true;
  });
  await disposing;
}
