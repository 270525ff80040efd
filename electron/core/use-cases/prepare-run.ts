// Preparing a run: profile → client → model → text → tokenizer → chunks, and where a continued
// run goes on from. The one composition behind the app's runs and every CLI command that reads.
import type { ChunkInfo, DocumentText, RunSettings } from '../../../shared/model.ts';
import { quoteCheckOn } from '../../../shared/quote-check.ts';
import type { PreparedRun } from '../agent/run-registry.ts';
import { CoreError } from '../errors.ts';
import type { LlmConfig } from '../llm/client.ts';
import { displayUrl } from '../redact.ts';
import type { LlmClient } from '../llm/types.ts';
import { clientForProfile } from '../backends/backend-client.ts';
import { builtinSpeedIfAny, speedOwnerOf } from '../backends/builtin-speed.ts';
import { builtinSourceOf, SharedBuiltin } from '../backends/builtin-hosts.ts';
import type { StoredProfile } from '../store/columns.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import type { LibraryRunParts, RunParts, TextLoader } from './run-parts.ts';
import { sameChunking, type ResumePoint } from './resume-point.ts';

/** The client of `profile` as a run uses it (its settings size the built-in model's context). */
export interface ClientRequest {
  profile: StoredProfile;
  settings: RunSettings;
  /** Read with this model; undefined: the profile's, else the one the server serves. */
  model?: string | undefined;
  onRetry?: LlmConfig['onRetry'];
  /** What a timeout's hint suggests (the app: Settings; the CLI: its flags). */
  timeoutHint?: string;
  /** What an unreachable server's hint suggests (the CLI: --base-url, --model-file); default core's. */
  unreachableHint?: string;
}

/** The client for a run, its model name resolved (one request to a server that names none). */
export async function openClient(
  parts: RunParts,
  request: ClientRequest,
  signal: AbortSignal,
): Promise<{ client: LlmClient; model: string }> {
  const options: Parameters<typeof clientForProfile>[3] = { settings: request.settings };
  if (request.model !== undefined) options.model = request.model;
  if (request.onRetry) options.onRetry = request.onRetry;
  if (request.timeoutHint !== undefined) options.timeoutHint = request.timeoutHint;
  if (request.unreachableHint !== undefined) options.unreachableHint = request.unreachableHint;
  const client = await clientForProfile(parts.clients, parts.secrets, request.profile, options);
  return { client, model: await client.resolveModel(signal) };
}

/** What names a run's tokenizer: the settings' choice, for this client and model. */
export interface TokenizerRequest {
  profile: StoredProfile;
  client: LlmClient;
  model: string;
  settings: RunSettings;
}

/**
 * The tokenizer a run of `profile` cuts its text with (the built-in model's own, the server's
 * /tokenize, or a vocabulary), from the shared tokenizer cache. `chunkText` uses it; so does
 * "Check this backend", which builds its rows with it before any row is read.
 */
export async function runTokenizer(parts: RunParts, input: TokenizerRequest): Promise<Tokenizer> {
  const apiKey = await parts.secrets.get(input.profile.id);
  return parts.tokenizers.get(input.settings.tokenizer, {
    model: input.model,
    baseUrl: input.profile.baseUrl,
    ...builtinSourceOf(input.client),
    ...(apiKey === undefined ? {} : { apiKey }),
  });
}

/** A text cut into chunks by the run's tokenizer, and which tokenizer that was. */
export interface Chunking {
  chunks: ChunkInfo[];
  tokenizerId: string;
}

/**
 * Cuts `doc` into chunks of at most `settings.chunkTokens` with the tokenizer the settings name
 * for this client and model (the built-in model's own, a server's /tokenize, or a vocabulary).
 * Plans are shared by text key: several questions about one text tokenize it once.
 */
export async function chunkText(
  parts: RunParts,
  input: {
    profile: StoredProfile;
    client: LlmClient;
    model: string;
    settings: RunSettings;
    textKey: string;
    doc: DocumentText;
  },
  signal: AbortSignal,
): Promise<Chunking> {
  const tokenizer = await runTokenizer(parts, input);
  const chunks = await parts.plans.plan(
    input.textKey,
    input.doc,
    tokenizer,
    input.settings.chunkTokens,
    signal,
  );
  return { chunks, tokenizerId: tokenizer.id };
}

/** Whether to ask for the model's quotes after the answer, as the profile says. */
export async function quoteCheckFor(parts: RunParts, profile: StoredProfile): Promise<boolean> {
  return quoteCheckOn({
    ...profile,
    hasApiKey: (await parts.secrets.get(profile.id)) !== undefined,
  });
}

/** What a stored run reads with and from where: made by `startRun` or `continueRun`. */
export interface RunPlan {
  runId: string;
  question: string;
  settings: RunSettings;
  profile: StoredProfile;
  /** The model to read with; undefined: the profile's (or the server's). */
  model: string | undefined;
  /**
   * The model the run read with so far, kept on its own backend: a server that no longer serves
   * it is refused rather than read with another model by accident.
   */
  keptModel?: string;
  /** The text the run reads (text-keys.ts): its chunks' offsets refer to it. */
  textKey: string;
  /** Where reading starts; `chunks` undefined: the text is chunked now. */
  from: ResumePoint;
  /**
   * "Retry with…" another backend or settings: where the run stopped. The text is chunked anew;
   * if it comes out the same, reading goes on from there, else it starts over from chunk 1.
   */
  rechunkFrom?: ResumePoint;
  /** The backend and model the run read with before, when it may now read with others. */
  before?: {
    /** “name”, or "another backend" when its profile is gone. */
    backend: string;
    model: string | undefined;
    /** Another server or model file: a note says so even when the model is the same. */
    otherBackend: boolean;
  };
}

/** Hooks of a prepared run: lines in its warnings, and the client's retries. */
export interface PrepareHooks {
  /** A line in the run's warnings (`backend-changed`), so its history says what changed. */
  note(code: 'backend-changed', message: string): void;
  onRetry?: LlmConfig['onRetry'];
  timeoutHint?: string;
  unreachableHint?: string;
  /** How to read with the other model on purpose, for a server that no longer serves the run's. */
  otherModelHint?: (served: string) => string;
}

/** A stored run ready to read, with what the caller may show about it. */
export interface ReadyRun {
  prepared: PreparedRun;
  client: LlmClient;
  model: string;
  doc: DocumentText;
  chunks: ChunkInfo[];
}

/**
 * Resolves a stored run's client, text and chunking, and where it goes on from. Run off the
 * request path by the app (inside `RunRegistry.launch`) and before the progress line by the
 * CLI; either way a failure is the run's, in one sentence.
 */
export async function prepareRun(
  parts: LibraryRunParts,
  plan: RunPlan,
  loadText: TextLoader,
  hooks: PrepareHooks,
  signal: AbortSignal,
): Promise<ReadyRun> {
  const { store } = parts;
  const { client, model } = await openClient(
    parts,
    {
      profile: plan.profile,
      settings: plan.settings,
      model: plan.model,
      ...(hooks.onRetry ? { onRetry: hooks.onRetry } : {}),
      ...(hooks.timeoutHint === undefined ? {} : { timeoutHint: hooks.timeoutHint }),
      ...(hooks.unreachableHint === undefined ? {} : { unreachableHint: hooks.unreachableHint }),
    },
    signal,
  );
  if (plan.keptModel !== undefined) await checkServedModel(client, plan, hooks, signal);
  const doc = await loadText(signal);
  let { chunks, startChunk, startMemory } = plan.from;
  if (chunks === undefined) {
    ({ chunks } = await chunkText(parts, { ...plan, client, model, doc }, signal));
    const before = plan.rechunkFrom;
    if (before?.chunks && sameChunking(before.chunks, chunks) && before.startChunk > 0) {
      ({ startChunk, startMemory } = before);
      chunks = before.chunks;
    } else if (before) {
      store.runs.clearProgress(plan.runId);
      if (before.startChunk > 0)
        hooks.note(
          'backend-changed',
          `With this backend and these settings the document is cut into other chunks, so the ${before.startChunk} chunk(s) read before do not fit: reading starts over from chunk 1.`,
        );
    }
    store.runs.setChunks(plan.runId, chunks);
  } else if (chunks.some((c) => c.end > doc.text.length)) {
    throw new CoreError('Damaged', 'The saved chunking does not match the document text.', {
      hint: 'Ask the question again as a new run.',
    });
  }
  const changed = backendChanged(plan, model, startChunk, chunks.length);
  if (changed !== undefined) hooks.note('backend-changed', changed);
  const prepared: PreparedRun = {
    text: doc.text,
    locations: doc,
    chunks,
    question: plan.question,
    settings: plan.settings,
    client,
    quoteCheck: await quoteCheckFor(parts, plan.profile),
  };
  if (startChunk > 0) {
    prepared.startChunk = startChunk;
    // The quote step follows the whole memory trail, earlier sessions included.
    prepared.earlierMemories = store.runs.memories(plan.runId).filter((m) => m.chunk < startChunk);
  }
  if (startMemory !== undefined) prepared.startMemory = startMemory;
  // The built-in model: this computer's speed, measured once per model file and load options
  // (a few seconds the first time), so the clock knows the time left from the first chunk; the
  // run's timings join that speed, not the profile's (other threads or GPU layers, another speed).
  store.runs.setSpeedOwner(plan.runId, await speedOwnerOf(client));
  if (client instanceof SharedBuiltin) {
    const measured = await builtinSpeedIfAny(store.settings, client, model, signal);
    if (measured !== undefined) prepared.measuredSpeed = measured;
  }
  return { prepared, client, model, doc, chunks };
}

/**
 * The line saying the rest is read with another backend or model than the part before:
 * "Chunks 5 to 12 and the answer are read with “vLLM” (model Qwen3-8B); chunks 1 to 4 were
 * read with “laptop” (model Qwen3-4B)."
 */
function backendChanged(
  plan: RunPlan,
  model: string,
  startChunk: number,
  chunkCount: number,
): string | undefined {
  const before = plan.before;
  if (before === undefined) return undefined;
  if (!before.otherBackend && (before.model === undefined || before.model === model))
    return undefined;
  const earlier =
    startChunk > 0 ? `; chunks 1 to ${startChunk} were read` : '; the first attempt was';
  const modelBefore = before.model === undefined ? '' : ` (model ${before.model})`;
  return `Chunks ${Math.min(startChunk + 1, chunkCount)} to ${chunkCount} and the answer are read with “${plan.profile.name}” (model ${model})${earlier} with ${before.backend}${modelBefore}.`;
}

/** Refuses a server that does not serve the model the run was read with. */
async function checkServedModel(
  client: LlmClient,
  plan: RunPlan,
  hooks: PrepareHooks,
  signal: AbortSignal,
): Promise<void> {
  const model = plan.keptModel as string;
  const served = await client.listModels(signal);
  if (served.length === 0 || served.includes(model)) return;
  const names = served.slice(0, 3).join(', ') + (served.length > 3 ? ', …' : '');
  throw new CoreError(
    'BadUsage',
    `The server at ${displayUrl(plan.profile.baseUrl)} serves ${names}, not ${model}, the model this run was read with.`,
    {
      hint: `Start the server with ${model}, or ${hooks.otherModelHint?.(served[0] ?? 'NAME') ?? 'use “Retry with…” to read the rest with another backend'}.`,
    },
  );
}
