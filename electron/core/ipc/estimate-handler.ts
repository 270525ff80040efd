import type { CallHandlers } from '../../../shared/api.ts';
import { notInLibrary } from './document-handlers.ts';
import { asResult } from './invoke-call.ts';
import {
  documentFrame,
  estimateBackend,
  estimateCell,
  questionParts,
  type EstimateParts,
} from '../use-cases/estimate-parts.ts';

export interface EstimateHandlerDeps extends EstimateParts {
  track: <T>(work: Promise<T>) => Promise<T>;
}

/**
 * `runs:estimate`: the run's figures from the same tokenizer and chunking a run would use
 * (agent/estimate.ts through use-cases/estimate-parts.ts). The quote check's requests are
 * counted when the profile has it on.
 */
export function createEstimateHandler(
  deps: EstimateHandlerDeps,
): Pick<CallHandlers, 'runs:estimate'> {
  const { store } = deps;
  return {
    'runs:estimate': ({ documentId, question, settings, profileId }) =>
      asResult(() =>
        deps.track(
          (async () => {
            const info = store.documents.get(documentId);
            if (!info) throw notInLibrary();
            const backend = await estimateBackend(deps, profileId, settings);
            const frame = await documentFrame(deps, backend, info, settings);
            const parts = await questionParts(deps, backend, question, settings);
            return estimateCell(backend, frame, parts, settings);
          })(),
        ),
      ),
  };
}
