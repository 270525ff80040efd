// What an estimate is made of, before any model call: the backend (its profile, model, tokenizer,
// measured speed and whether it asks for quotes), a document's prompt frame (its chunking, from
// the chunk-plan cache a run shares) and a question's part. `runs:estimate` estimates one run
// with these; a review (review-estimate.ts) estimates every cell with the same three steps.
import type { DocumentInfo, RunSettings } from '../../../shared/model.ts';
import { quoteCheckOn } from '../../../shared/quote-check.ts';
import type { ComputeDevice, RunEstimate } from '../../../shared/run-estimate.ts';
import type { GrowthCurve } from '../../../shared/memory-growth.ts';
import { estimateRun } from '../agent/estimate.ts';
import { countQuestionParts } from '../agent/prompt-counts.ts';
import { fitSpeed, type MeasuredSpeed } from '../agent/speed.ts';
import { builtinSourceOf, SharedBuiltin } from '../backends/builtin-hosts.ts';
import { builtinSpeedIfAny, deviceOf } from '../backends/builtin-speed.ts';
import { clientForProfile, resolveProfile, type ClientSource } from '../backends/backend-client.ts';
import type { DocumentTexts } from '../caches/document-texts.ts';
import type { PromptFrame, PromptFrames } from '../caches/prompt-frames.ts';
import type { TokenizerCache } from '../caches/tokenizer-cache.ts';
import type { StoredProfile } from '../store/columns.ts';
import { speedOwner } from '../store/speed-owner.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { SettingsRepo } from '../store/settings-repo.ts';
import type { Store } from '../store/store.ts';
import type { Tokenizer } from '../tokenize/tokenizer.ts';
import { runBackendOf } from './start-run.ts';

export interface EstimateParts {
  store: Store;
  secrets: SecretStore;
  texts: Pick<DocumentTexts, 'load'>;
  frames: PromptFrames;
  pool: TokenizerCache;
  clients: ClientSource;
  /** Stops the counting (the service's lifetime). */
  signal: AbortSignal;
}

/** The backend an estimate counts for. */
export interface EstimateBackend {
  profile: StoredProfile;
  /** Undefined only offline with no model named: 'auto' then counts with the default tokenizer. */
  model: string | undefined;
  tokenizer: Tokenizer;
  speed: MeasuredSpeed | null;
  /** How memories grew in finished runs of this backend and model (shared/memory-growth.ts). */
  curve: GrowthCurve | undefined;
  /** The run will ask the model to quote its sources (the rule a run follows). */
  quoteCheck: boolean;
  /** The built-in model's device, as its host reports it. */
  device?: ComputeDevice;
}

/** How an estimate reaches its backend. */
export interface EstimateBackendOptions {
  /**
   * Send the server nothing (the command line's `--dry-run`): a server profile with no model
   * named is not asked for its model list; `auto` then counts with the default tokenizer, as
   * a run against an unnamed local model does, and no speed is known.
   */
  offline?: boolean;
}

/**
 * What `estimateBackend` needs: the library whose stored speeds count (none for a command that
 * saves nothing: no speed is known then), secrets, tokenizers and clients.
 */
export type EstimateBackendParts = Pick<
  EstimateParts,
  'secrets' | 'pool' | 'clients' | 'signal'
> & {
  store?: Pick<Store, 'settings'> | undefined;
};

/**
 * The backend of `profile` as an estimate needs it: a library profile's id (else the active
 * one), or an in-memory profile (the command line's connection flags). The model is the
 * profile's; without one, the server is asked for its model list (as a run does first, unless
 * `offline`), never for a completion. The built-in model counts with its own tokenizer, so it is
 * asked even when named (on this computer: no request leaves it). The speed and growth are those
 * stored for the backend and model (agent/chunk-time.ts): the app and the command line give the
 * same time range.
 */
export async function estimateBackend(
  parts: EstimateBackendParts,
  profile: string | StoredProfile | undefined,
  settings: RunSettings,
  options: EstimateBackendOptions = {},
): Promise<EstimateBackend> {
  const repo = parts.store?.settings;
  const chosen = typeof profile === 'object' ? profile : resolveProfile(libraryOf(repo), profile);
  const apiKey = await parts.secrets.get(chosen.id);
  const client = await clientForProfile(parts.clients, parts.secrets, chosen, {
    timeoutMs: 10_000,
    settings,
  });
  const named = chosen.kind === 'builtin' ? undefined : chosen.model;
  const model =
    named ??
    (options.offline && chosen.kind !== 'builtin'
      ? undefined
      : await client.resolveModel(parts.signal));
  const tokenizer = await parts.pool.get(settings.tokenizer, {
    ...(model === undefined ? {} : { model }),
    baseUrl: chosen.baseUrl,
    ...builtinSourceOf(client),
    ...(apiKey === undefined ? {} : { apiKey }),
  });
  // A library profile's runs are timed under its id; the command line's under its server.
  const owner = speedOwner(
    repo?.profile(chosen.id) ? chosen.id : undefined,
    runBackendOf(chosen),
  ) as string;
  // Offline with no model named: the one model timed on this server, when there is one.
  const timed = model ?? soleModel(repo?.speedModels(owner) ?? []);
  let sums = timed === undefined ? undefined : repo?.speedSums(owner, timed);
  let device: ComputeDevice | undefined;
  if (client instanceof SharedBuiltin && model !== undefined) {
    device = deviceOf(await client.info(parts.signal));
    // This computer's speed with this model file and these load options: its measurement (once)
    // and the runs read so; never the profile's runs with other threads or GPU layers.
    sums = await builtinSpeedIfAny(repo, client, model, parts.signal);
  }
  return {
    profile: chosen,
    model,
    tokenizer,
    ...(device === undefined ? {} : { device }),
    speed: sums === undefined ? null : fitSpeed(sums),
    curve: timed === undefined ? undefined : repo?.growthCurve(owner, timed),
    quoteCheck: quoteCheckOn({ ...chosen, hasApiKey: apiKey !== undefined }),
  };
}

const soleModel = (models: readonly string[]) => (models.length === 1 ? models[0] : undefined);

/** The library's profiles; a command with no library names its profile in full. */
function libraryOf(repo: SettingsRepo | undefined): SettingsRepo {
  if (repo === undefined) throw new Error('estimateBackend: a profile id needs the library');
  return repo;
}

/** Document `info`'s chunking for `settings` with each chunk's prompt part counted (cached). */
export async function documentFrame(
  parts: EstimateParts,
  backend: EstimateBackend,
  info: DocumentInfo,
  settings: RunSettings,
): Promise<PromptFrame> {
  const textKey = info.textKey ?? info.id;
  const doc = await parts.texts.load(info, { textKey, signal: parts.signal });
  return parts.frames.frame(textKey, doc, backend.tokenizer, settings.chunkTokens, parts.signal);
}

/** The question's part of every prompt: counted once, used for every document it is asked of. */
export type QuestionParts = Awaited<ReturnType<typeof countQuestionParts>>;

export function questionParts(
  parts: Pick<EstimateParts, 'signal'>,
  backend: EstimateBackend,
  question: string,
  settings: RunSettings,
): Promise<QuestionParts> {
  return countQuestionParts(backend.tokenizer, question, settings.final, parts.signal);
}

/** One run's figures (agent/estimate.ts) from a document's frame and a question's part. */
export function estimateCell(
  backend: EstimateBackend,
  frame: PromptFrame,
  question: QuestionParts,
  settings: RunSettings,
): RunEstimate {
  const estimate = estimateRun(
    { ...question, sections: frame.sections, chunkTokens: frame.chunks.map((c) => c.tokens) },
    settings,
    backend.profile,
    backend.speed,
    backend.quoteCheck,
    backend.curve,
  );
  if (backend.profile.kind !== 'builtin') return estimate;
  return {
    ...estimate,
    onThisComputer: true,
    ...(backend.device === undefined ? {} : { device: backend.device }),
  };
}
