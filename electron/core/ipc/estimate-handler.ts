import type { CallHandlers } from '../../../shared/api.ts';
import { quoteCheckOn } from '../../../shared/quote-check.ts';
import { countQuestionParts } from '../agent/prompt-counts.ts';
import { estimateRun } from '../agent/estimate.ts';
import { fitSpeed } from '../agent/speed.ts';
import type { SecretStore } from '../store/secret-store.ts';
import type { Store } from '../store/store.ts';
import { clientForProfile, resolveProfile, type ClientSource } from '../backends/backend-client.ts';
import { notInLibrary } from './document-handlers.ts';
import type { DocumentTexts } from '../caches/document-texts.ts';
import { asResult } from './invoke-call.ts';
import type { PromptFrames } from '../caches/prompt-frames.ts';
import type { TokenizerCache } from '../caches/tokenizer-cache.ts';
import { builtinSourceOf } from '../backends/builtin-hosts.ts';

export interface EstimateHandlerDeps {
  store: Store;
  secrets: SecretStore;
  texts: DocumentTexts;
  frames: PromptFrames;
  pool: TokenizerCache;
  clients: ClientSource;
  /** The service's lifetime: estimates stop when it closes. */
  signal: AbortSignal;
  track: <T>(work: Promise<T>) => Promise<T>;
}

/**
 * `runs:estimate`: the run's figures from the same tokenizer and chunking a run would use
 * (agent/estimate.ts). The model is the profile's; without one, the server is asked for its
 * model list (as a run does first), never for a completion. The quote check's requests are
 * counted when the profile has it on.
 */
export function createEstimateHandler(
  deps: EstimateHandlerDeps,
): Pick<CallHandlers, 'runs:estimate'> {
  const { store, signal } = deps;
  return {
    'runs:estimate': ({ documentId, question, settings, profileId }) =>
      asResult(() =>
        deps.track(
          (async () => {
            const info = store.documents.get(documentId);
            if (!info) throw notInLibrary();
            const profile = resolveProfile(store.settings, profileId);
            const apiKey = await deps.secrets.get(profile.id);
            const client = await clientForProfile(deps.clients, deps.secrets, profile, {
              timeoutMs: 10_000,
              settings,
            });
            // The built-in model counts with its own tokenizer, so it is asked even when named.
            const model =
              (profile.kind === 'builtin' ? undefined : profile.model) ??
              (await client.resolveModel(signal));
            const tokenizer = await deps.pool.get(settings.tokenizer, {
              model,
              baseUrl: profile.baseUrl,
              ...builtinSourceOf(client),
              ...(apiKey === undefined ? {} : { apiKey }),
            });
            const textKey = info.textKey ?? info.id;
            const doc = await deps.texts.load(info, { textKey, signal });
            const frame = await deps.frames.frame(
              textKey,
              doc,
              tokenizer,
              settings.chunkTokens,
              signal,
            );
            const parts = await countQuestionParts(tokenizer, question, settings.final, signal);
            const sums = store.settings.speedSums(profile.id, model);
            const estimate = estimateRun(
              {
                ...parts,
                sections: frame.sections,
                chunkTokens: frame.chunks.map((c) => c.tokens),
              },
              settings,
              profile,
              sums === undefined ? null : fitSpeed(sums),
              // The same rule a run follows (run-handlers.ts).
              quoteCheckOn({ ...profile, hasApiKey: apiKey !== undefined }),
            );
            return profile.kind === 'builtin' ? { ...estimate, onThisComputer: true } : estimate;
          })(),
        ),
      ),
  };
}
