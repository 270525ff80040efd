import { randomUUID } from 'node:crypto';
import type { CallHandlers } from '../../../shared/api.ts';
import {
  type ChunkInfo,
  type DocumentInfo,
  type RunSettings,
  type RunSummary,
} from '../../../shared/model.ts';
import { quoteCheckOn } from '../../../shared/quote-check.ts';
import { CoreError } from '../errors.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { SettingsRepo } from '../store/settings-repo.ts';
import { backfillEvidence } from '../store/evidence-backfill.ts';
import type { Store } from '../store/store.ts';
import { beingReadError, describeWriter, otherLiveReader, type Writer } from '../store/writers.ts';
import { displayUrl } from '../redact.ts';
import {
  checkProfileReady,
  clientForProfile,
  resolveProfile,
  type ClientSource,
} from './backend-client.ts';
import type { ChunkPlans } from './chunk-plans.ts';
import { notInLibrary } from './document-handlers.ts';
import type { DocumentTexts } from './document-texts.ts';
import { asResult } from './invoke-call.ts';
import { resumePoint, sameChunking, type ResumePoint } from './resume-point.ts';
import type { PreparedRun, RunRegistry } from '../agent/run-registry.ts';
import type { TokenizerCache } from './tokenizer-cache.ts';
import { builtinSourceOf } from './builtin-hosts.ts';
import { writeTransaction } from '../store/write-transaction.ts';

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
  | 'runs:counts'
>;

export interface RunHandlerDeps {
  store: Store;
  secrets: SecretStore;
  registry: RunRegistry;
  texts: DocumentTexts;
  plans: ChunkPlans;
  pool: TokenizerCache;
  clients: ClientSource;
  now: () => number;
  /** This process as a writer of the library: it owns the runs it launches. */
  writer: Writer;
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
  /**
   * "Retry with…" another backend or settings: where the run stopped. The text is chunked anew;
   * if it comes out the same, reading goes on from there, else it starts over from chunk 1.
   */
  rechunkFrom?: ResumePoint & {
    /** The backend the run read with before, when "Retry with…" chose another one. */
    before?: string | undefined;
  };
}

const CONTINUABLE = new Set(['interrupted', 'cancelled', 'error']);

export function createRunHandlers(deps: RunHandlerDeps): RunHandlers {
  const { store, registry, writer } = deps;

  /**
   * Refuses a run another live process (a terminal, another app) is reading: only its owner
   * writes it, and a second reader would commit every chunk twice.
   */
  const refuseIfReadElsewhere = (runId: string): void => {
    const status = store.runs.get(runId)?.status;
    if (status === undefined) return;
    const reader = otherLiveReader(writer, store.runs.owner(runId), status);
    if (reader) throw beingReadError(reader);
  };
  /** Pause, resume and cancel act on this process's runs; another process's get the sentence. */
  const control = (runId: string, act: (id: string) => void) =>
    asResult(() => {
      if (!registry.isLive(runId)) refuseIfReadElsewhere(runId);
      act(runId);
      return null;
    });

  /**
   * The backend a run waits for a slot of: its profile's one limiter, shared with checks. A
   * profile that cannot be resolved fails the run in `prepare`, which says why.
   */
  const backendOf = (profileId: string | undefined): { backend?: string } => {
    try {
      return { backend: resolveProfile(store.settings, profileId).id };
    } catch {
      return {};
    }
  };

  /** A line in the run's warnings, so its history says what changed on the way. */
  const note = (runId: string, message: string): void =>
    registry.warn(runId, { type: 'warning', runId, code: 'backend-changed', message });

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
      options.settings = plan.settings;
      const client = await clientForProfile(deps.clients, deps.secrets, profile, options);
      const doc = await deps.texts.load(plan.info, { textKey: plan.textKey, signal });
      let chunks = plan.chunks;
      let { startChunk, startMemory } = plan;
      if (chunks === undefined) {
        const model = await client.resolveModel(signal);
        const apiKey = await deps.secrets.get(profile.id);
        const tokenizer = await deps.pool.get(plan.settings.tokenizer, {
          model,
          baseUrl: profile.baseUrl,
          ...builtinSourceOf(client),
          ...(apiKey === undefined ? {} : { apiKey }),
        });
        chunks = await deps.plans.plan(
          plan.textKey,
          doc,
          tokenizer,
          plan.settings.chunkTokens,
          signal,
        );
        const before = plan.rechunkFrom;
        if (before?.chunks && sameChunking(before.chunks, chunks) && before.startChunk > 0) {
          ({ startChunk, startMemory } = before);
          chunks = before.chunks;
        } else if (before) {
          store.runs.clearProgress(plan.runId);
          if (before.startChunk > 0)
            note(
              plan.runId,
              `With this backend and these settings the document is cut into other chunks, so the ${before.startChunk} chunk(s) read before do not fit: reading starts over from chunk 1.`,
            );
        }
        store.runs.setChunks(plan.runId, chunks);
        if (before?.before !== undefined) {
          note(
            plan.runId,
            `Chunks ${startChunk + 1} to ${chunks.length} are read with “${profile.name}” (model ${model})${startChunk > 0 ? `; chunks 1 to ${startChunk} were read` : '; the first attempt was'} with ${before.before}.`,
          );
        }
      } else if (chunks.some((c) => c.end > doc.text.length)) {
        throw new CoreError('Damaged', 'The saved chunking does not match the document text.', {
          hint: 'Ask the question again as a new run.',
        });
      }
      const prepared: PreparedRun = {
        text: doc.text,
        locations: doc,
        chunks,
        question: plan.question,
        settings: plan.settings,
        client,
        quoteCheck: quoteCheckOn({
          ...profile,
          hasApiKey: (await deps.secrets.get(profile.id)) !== undefined,
        }),
      };
      if (startChunk > 0) {
        prepared.startChunk = startChunk;
        // The quote step follows the whole memory trail, earlier sessions included.
        prepared.earlierMemories = store.runs
          .memories(plan.runId)
          .filter((m) => m.chunk < startChunk);
      }
      if (startMemory !== undefined) prepared.startMemory = startMemory;
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
          origin: 'app',
          backend: { kind: profile.kind, name: profile.name, baseUrl: displayUrl(profile.baseUrl) },
        });
        store.runs.setOwner(runId, writer.id);
        // Not awaited: the run reports through its events; its outcome is in the library.
        void registry.launch(runId, {
          owner: ctx.senderId,
          backend: profile.id,
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

    'runs:continue': ({ runId, profileId: chosenId, settings: chosenSettings }, ctx) =>
      asResult(async () => {
        const summary = store.runs.get(runId);
        if (!summary) throw new CoreError('NotFound', 'This run does not exist.');
        if (registry.isLive(runId)) throw new CoreError('BadUsage', 'This run is already going.');
        refuseIfReadElsewhere(runId);
        if (!CONTINUABLE.has(summary.status)) {
          throw new CoreError(
            'BadUsage',
            `Only an interrupted, cancelled or failed run can be continued; this one is ${summary.status}.`,
          );
        }
        // An imported run kept only what it read elsewhere (not every chunk's span).
        if (summary.origin === 'import')
          throw new CoreError('BadUsage', 'An imported question cannot be continued here.', {
            hint: 'Ask it again: the document is read from the start in this library.',
          });
        const info = store.documents.get(summary.documentId);
        if (!info) throw notInLibrary();
        const point = resumePoint(
          store.runs.chunks(runId),
          summary.chunkCount,
          store.runs.memories(runId),
        );
        const retry = retryChoice(store.settings, summary, chosenId, chosenSettings);
        if (retry.profileId !== undefined && (chosenId ?? chosenSettings) !== undefined) {
          await checkProfileReady(resolveProfile(store.settings, retry.profileId), deps.secrets);
          store.runs.setBackend(runId, { profileId: retry.profileId, settings: retry.settings });
        }
        writeTransaction(store.db, () => {
          store.runs.setStatus(runId, 'queued', { error: null });
          store.runs.setOwner(runId, writer.id);
        })();
        const plan: Plan = {
          runId,
          info,
          question: summary.question,
          settings: retry.settings,
          profileId: retry.profileId,
          // Another backend serves its own model; the same one keeps the model read with so far.
          model: retry.rechunk || retry.profileId === undefined ? undefined : summary.model,
          textKey: summary.textKey ?? info.id,
          startChunk: retry.rechunk ? 0 : point.startChunk,
          startMemory: retry.rechunk ? undefined : point.startMemory,
          chunks: retry.rechunk ? undefined : point.chunks,
        };
        if (retry.rechunk) plan.rechunkFrom = { ...point, before: retry.before };
        // Not awaited: the run reports through its events; its outcome is in the library.
        void registry.launch(runId, {
          owner: ctx.senderId,
          ...backendOf(plan.profileId),
          prepare: prepare(plan),
        });
        return store.runs.get(runId) as NonNullable<ReturnType<typeof store.runs.get>>;
      }),

    'runs:pause': ({ runId }) => control(runId, (id) => registry.pause(id)),
    'runs:resume': ({ runId }) => control(runId, (id) => registry.resume(id)),
    'runs:cancel': ({ runId }) => control(runId, (id) => registry.cancel(id)),
    'runs:list': ({ documentId }) => asResult(() => store.runs.listByDocument(documentId)),
    'runs:get': ({ runId }) =>
      asResult(async () => {
        // A run answered before evidence was kept with a run: its passages are found now, once.
        if (store.evidenceQueue.has(runId))
          await backfillEvidence(store, (info, textKey) => deps.texts.load(info, { textKey }), {
            runIds: [runId],
          });
        const snapshot = registry.snapshot(runId);
        if (registry.isLive(runId)) return snapshot;
        const reader = otherLiveReader(writer, store.runs.owner(runId), snapshot.summary.status);
        return reader ? { ...snapshot, readBy: describeWriter(reader) } : snapshot;
      }),
    'runs:counts': () => asResult(() => store.runs.countsByDocument()),
    'runs:delete': ({ runId }) =>
      asResult(async () => {
        if (!store.runs.get(runId)) throw new CoreError('NotFound', 'This run does not exist.');
        if (!registry.isLive(runId)) refuseIfReadElsewhere(runId);
        await registry.cancelWhere((id) => id === runId);
        store.runs.remove(runId);
        return null;
      }),
  };
}

/**
 * What a continued run reads with: the backend and settings chosen for "Retry with…", else its
 * own (its profile only while it still exists). Another backend, chunk size or tokenizer may cut
 * the text differently, so then the chunking is worked out again (`rechunk`).
 */
function retryChoice(
  settingsRepo: SettingsRepo,
  summary: RunSummary,
  chosenId: string | undefined,
  chosenSettings: RunSettings | undefined,
): { profileId: string | undefined; settings: RunSettings; rechunk: boolean; before?: string } {
  const own =
    summary.profileId !== undefined && settingsRepo.profile(summary.profileId)
      ? summary.profileId
      : undefined;
  const settings = chosenSettings ?? summary.settings;
  const otherBackend = chosenId !== undefined && chosenId !== summary.profileId;
  const rechunk =
    otherBackend ||
    settings.chunkTokens !== summary.settings.chunkTokens ||
    settings.tokenizer !== summary.settings.tokenizer;
  const choice = { profileId: chosenId ?? own, settings, rechunk };
  if (!otherBackend) return choice;
  const name = summary.profileId && settingsRepo.profile(summary.profileId)?.name;
  const before = `${name ? `“${name}”` : 'another backend'}${summary.model ? ` (model ${summary.model})` : ''}`;
  return { ...choice, before };
}
