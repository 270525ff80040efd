// The estimate of the run the Ask form would start, asked of main as the form changes.
import type { RunSettings } from '../../../../shared/model.ts';
import type { RunEstimate } from '../../../../shared/run-estimate.ts';
import { useRunsStore } from '../../stores/runs-store.ts';
import { useEstimate, type EstimateState as Estimate } from '../common/use-estimate.ts';

export type EstimateState = Estimate<RunEstimate>;

export function useRunEstimate(input: {
  documentId: string;
  question: string;
  settings: RunSettings;
  profileId: string | undefined;
}): EstimateState {
  // A finished run measures the backend's speed: the time estimate may become known.
  const finished = useRunsStore(
    (s) => s.order.filter((id) => s.byId[id]?.status === 'done').length,
  );
  return useEstimate(
    'runs:estimate',
    {
      documentId: input.documentId,
      question: input.question.trim(),
      settings: input.settings,
      ...(input.profileId ? { profileId: input.profileId } : {}),
    },
    finished,
  );
}
