// Continuing a stopped run, with its own backend or another one ("Retry with…" in the app,
// `memagent resume --base-url/--model/--model-file`): the one policy of both.
import type { DocumentInfo, RunSettings, RunSummary } from '../../../shared/model.ts';
import { CoreError } from '../errors.ts';
import { displayUrl } from '../redact.ts';
import type { StoredProfile } from '../store/columns.ts';
import {
  claimRun,
  lower,
  refuseUnlessContinuable,
  THIS_RUN,
  type RunNaming,
} from './continue-policy.ts';
import type { RunPlan } from './prepare-run.ts';
import { resumePoint } from './resume-point.ts';
import type { LibraryRunParts } from './run-parts.ts';

export interface ContinueRequest {
  runId: string;
  /**
   * The backend the rest is read with, given the run and its own profile (undefined when that
   * profile is gone). Called once the run is known to be continuable, so a refusal comes first.
   */
  profileFor(summary: RunSummary, own: StoredProfile | undefined): Promise<StoredProfile>;
  /** Other settings for the rest ("Retry with…"); default the run's own. */
  settings?: RunSettings | undefined;
  /** Read the rest with this model on purpose (`resume --model`). */
  model?: string | undefined;
  /** True while this process reads the run (the app's registry). */
  isLive?: (runId: string) => boolean;
  naming?: RunNaming;
}

/** A claimed run and how to read the rest of it (`prepareRun`). */
export interface ContinuedRun {
  summary: RunSummary;
  info: DocumentInfo;
  plan: RunPlan;
}

/**
 * Checks that a run may be continued, chooses its backend, settings and model, and claims it
 * (status `queued`, owned by this process) in one write transaction. The rest is read from the
 * last saved memory with the saved chunking; another backend or chunk size cuts the text again,
 * and only a different cut starts it over.
 */
export async function continueRun(
  parts: LibraryRunParts,
  request: ContinueRequest,
): Promise<ContinuedRun> {
  const { store, writer } = parts;
  const naming = request.naming ?? THIS_RUN;
  const summary = store.runs.get(request.runId);
  if (!summary) throw new CoreError('NotFound', `${naming.name} does not exist.`);
  if (request.isLive?.(summary.id)) throw new CoreError('BadUsage', 'This run is already going.');
  refuseUnlessContinuable(store, writer, summary, naming);
  const info = store.documents.get(summary.documentId);
  if (!info) {
    throw new CoreError(
      'NotFound',
      `The document of ${lower(naming.name)} is no longer in the library.`,
      { hint: 'Ask the question again as a new run.' },
    );
  }
  const own =
    summary.profileId === undefined ? undefined : store.settings.profile(summary.profileId);
  const profile = await request.profileFor(summary, own);
  const settings = request.settings ?? summary.settings;
  const otherBackend = !sameBackend(summary, own, profile);
  const rechunk =
    otherBackend ||
    settings.chunkTokens !== summary.settings.chunkTokens ||
    settings.tokenizer !== summary.settings.tokenizer;
  // Another backend serves its own model; the same one keeps the model read with so far.
  const model =
    request.model ?? (otherBackend || profile.kind === 'builtin' ? undefined : summary.model);
  const point = resumePoint(
    store.runs.chunks(summary.id),
    summary.chunkCount,
    store.runs.memories(summary.id),
  );
  if (
    store.settings.profile(profile.id) &&
    (profile.id !== summary.profileId || request.settings !== undefined)
  ) {
    store.runs.setBackend(summary.id, { profileId: profile.id, settings });
  }
  claimRun(store, writer, summary.id, naming);
  const beforeName = own?.name ?? summary.backend?.name;
  const plan: RunPlan = {
    runId: summary.id,
    question: summary.question,
    settings,
    profile,
    model,
    textKey: summary.textKey ?? info.id,
    from: rechunk ? { chunks: undefined, startChunk: 0, startMemory: undefined } : point,
    before: {
      backend: beforeName ? `“${beforeName}”` : 'another backend',
      model: summary.model,
      otherBackend,
    },
  };
  if (rechunk) plan.rechunkFrom = point;
  if (model !== undefined && model === summary.model && request.model === undefined)
    plan.keptModel = model;
  return { summary, info, plan };
}

/**
 * Whether `profile` is the backend the run read with: its own profile, or the same server (a
 * terminal's flags name a server by URL), or the built-in model again.
 */
function sameBackend(
  summary: RunSummary,
  own: StoredProfile | undefined,
  profile: StoredProfile,
): boolean {
  if (own !== undefined && profile.id === own.id) return true;
  const kind = own?.kind ?? summary.backend?.kind;
  if (profile.kind === 'builtin' || kind === 'builtin') return profile.kind === kind;
  const url = own?.baseUrl ?? summary.backend?.baseUrl;
  return url !== undefined && displayUrl(url) === displayUrl(profile.baseUrl);
}
