import { randomUUID } from 'node:crypto';
import type { CallHandlers } from '../../../shared/api.ts';
import {
  INITIAL_MEMORY,
  type ChunkInfo,
  type DocumentInfo,
  type RunSettings,
} from '../../../shared/model.ts';
import { quoteCheckOn } from '../../../shared/quote-check.ts';
import { CoreError } from '../errors.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { Store } from '../store/store.ts';
import {
  checkProfileReady,
  clientForProfile,
  resolveProfile,
  type ClientFactory,
} from './backend-client.ts';
import type { ChunkPlans } from './chunk-plans.ts';
import { notInLibrary } from './document-handlers.ts';
import type { DocumentTexts } from './document-texts.ts';
import { asResult } from './invoke-call.ts';
import type { PreparedRun, RunRegistry } from '../agent/run-registry.ts';
import type { TokenizerPool } from './tokenizer-pool.ts';

type RunHandlers = Pick<
  CallHandlers,
  | 'runs:start'
  | 'runs:continue'
  | 'runs:pause'
  | 'runs:resume'
  | 'runs:cancel'
  | 'runs:list'
  | 'runs:get'
  | 'runs:delete'
>;

export interface RunHandlerDeps {
  store: Store;
  secrets: SecretStore;
  registry: RunRegistry;
  texts: DocumentTexts;
  plans: ChunkPlans;
  pool: TokenizerPool;
  clients: ClientFactory;
  now: () => number;
}

interface Plan {
  runId: string;
  info: DocumentInfo;
  question: string;
  settings: RunSettings;
  profileId: string | undefined;
  /** The model an earlier part of the run used: a continued run keeps it. */
  model: string | undefined;
  /** The text the run reads (text-keys.ts): its chunks' offsets refer to it. */
  textKey: string;
  startChunk: number;
  startMemory: string | undefined;
  /** The chunking an interrupted run used, reused as is. */
  chunks: ChunkInfo[] | undefined;
}

const CONTINUABLE = new Set(['interrupted', 'cancelled', 'error']);

export function createRunHandlers(deps: RunHandlerDeps): RunHandlers {
  const { store, registry } = deps;

  /** Resolves backend, text and chunking off the request path; failures end the run as events. */
  const prepare =
    (plan: Plan) =>
    async (signal: AbortSignal): Promise<PreparedRun> => {
      const profile = resolveProfile(store.settings, plan.profileId);
      const options: Parameters<typeof clientForProfile>[3] = {
        onRetry: ({ attempt, delayMs, reason }) =>
          registry.warn(plan.runId, {
            type: 'warning',
            runId: plan.runId,
            code: 'retry',
            message: `Retrying a request (attempt ${attempt + 1}) in ${Math.round(delayMs)} ms: ${reason}.`,
          }),
      };
      if (plan.model !== undefined) options.model = plan.model;
      const client = await clientForProfile(deps.clients, deps.secrets, profile, options);
      const doc = await deps.texts.load(plan.info, { textKey: plan.textKey, signal });
      let chunks = plan.chunks;
      if (chunks === undefined) {
        const model = await client.resolveModel(signal);
        const apiKey = await deps.secrets.get(profile.id);
        const tokenizer = await deps.pool.get(plan.settings.tokenizer, {
          model,
          baseUrl: profile.baseUrl,
          ...(apiKey === undefined ? {} : { apiKey }),
        });
        chunks = await deps.plans.plan(
          plan.textKey,
          doc,
          tokenizer,
          plan.settings.chunkTokens,
          signal,
        );
        store.runs.setChunks(plan.runId, chunks);
      } else if (chunks.some((c) => c.end > doc.text.length)) {
        throw new CoreError('Damaged', 'The saved chunking does not match the document text.', {
          hint: 'Ask the question again as a new run.',
        });
      }
      const prepared: PreparedRun = {
        text: doc.text,
        chunks,
        question: plan.question,
        settings: plan.settings,
        client,
        quoteCheck: quoteCheckOn({
          ...profile,
          hasApiKey: (await deps.secrets.get(profile.id)) !== undefined,
        }),
      };
      if (plan.startChunk > 0) {
        prepared.startChunk = plan.startChunk;
        // The quote step follows the whole memory trail, earlier sessions included.
        prepared.earlierMemories = store.runs
          .memories(plan.runId)
          .filter((m) => m.chunk < plan.startChunk);
      }
      if (plan.startMemory !== undefined) prepared.startMemory = plan.startMemory;
      return prepared;
    };

  return {
    'runs:start': ({ documentId, question, settings, profileId }, ctx) =>
      asResult(async () => {
        const info = store.documents.get(documentId);
        if (!info) throw notInLibrary();
        // Checked now so a missing backend, key or model is an immediate answer, not a failed run.
        const profile = resolveProfile(store.settings, profileId);
        await checkProfileReady(profile, deps.secrets);
        const runId = randomUUID();
        const textKey = info.textKey ?? info.id;
        const summary = store.runs.create({
          id: runId,
          documentId,
          textKey,
          question,
          settings,
          profileId: profile.id,
          ...(profile.model ? { model: profile.model } : {}),
          status: 'queued',
          createdAt: deps.now(),
        });
        // Not awaited: the run reports through its events; its outcome is in the library.
        void registry.launch(runId, {
          owner: ctx.senderId,
          prepare: prepare({
            runId,
            info,
            question,
            settings,
            profileId: profile.id,
            model: undefined,
            textKey,
            startChunk: 0,
            startMemory: undefined,
            chunks: undefined,
          }),
        });
        return summary;
      }),

    'runs:continue': ({ runId }, ctx) =>
      asResult(() => {
        const summary = store.runs.get(runId);
        if (!summary) throw new CoreError('NotFound', 'This run does not exist.');
        if (registry.isLive(runId)) throw new CoreError('BadUsage', 'This run is already going.');
        if (!CONTINUABLE.has(summary.status)) {
          throw new CoreError(
            'BadUsage',
            `Only an interrupted, cancelled or failed run can be continued; this one is ${summary.status}.`,
          );
        }
        const info = store.documents.get(summary.documentId);
        if (!info) throw notInLibrary();
        const stored = store.runs.chunks(runId);
        const memories = store.runs.memories(runId);
        // Continue after the last chunk of an unbroken prefix (there is no gap when written by
        // this service; a gap would mean a damaged library and re-reading from it is safe).
        let k = 0;
        while (k < memories.length && memories[k]?.chunk === k) k += 1;
        const chunks =
          stored.length > 0 && stored.length === summary.chunkCount ? stored : undefined;
        const startChunk = chunks ? Math.min(k, chunks.length) : 0;
        const profileId =
          summary.profileId !== undefined && store.settings.profile(summary.profileId)
            ? summary.profileId
            : undefined;
        store.runs.setStatus(runId, 'queued', { error: null });
        // Not awaited: the run reports through its events; its outcome is in the library.
        void registry.launch(runId, {
          owner: ctx.senderId,
          prepare: prepare({
            runId,
            info,
            question: summary.question,
            settings: summary.settings,
            profileId,
            model: profileId === undefined ? undefined : summary.model,
            textKey: summary.textKey ?? info.id,
            startChunk,
            startMemory:
              startChunk > 0 ? (memories[startChunk - 1]?.memory ?? INITIAL_MEMORY) : undefined,
            chunks,
          }),
        });
        return store.runs.get(runId) as NonNullable<ReturnType<typeof store.runs.get>>;
      }),

    'runs:pause': ({ runId }) => asResult(() => (registry.pause(runId), null)),
    'runs:resume': ({ runId }) => asResult(() => (registry.resume(runId), null)),
    'runs:cancel': ({ runId }) => asResult(() => (registry.cancel(runId), null)),
    'runs:list': ({ documentId }) => asResult(() => store.runs.listByDocument(documentId)),
    'runs:get': ({ runId }) => asResult(() => registry.snapshot(runId)),
    'runs:delete': ({ runId }) =>
      asResult(async () => {
        if (!store.runs.get(runId)) throw new CoreError('NotFound', 'This run does not exist.');
        await registry.cancelWhere((id) => id === runId);
        store.runs.remove(runId);
        return null;
      }),
  };
}
