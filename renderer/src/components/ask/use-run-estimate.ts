// The estimate of the run the Ask form would start, asked of main as the form changes.
import { useEffect, useState } from 'react';
import type { AppError, RunSettings } from '../../../../shared/model.ts';
import type { RunEstimate } from '../../../../shared/run-estimate.ts';
import { call } from '../../api.ts';
import { bridge } from '../../stores/bridge.ts';
import { useRunsStore } from '../../stores/runs-store.ts';

export type EstimateState =
  | { status: 'estimating' }
  /** `updating`: the form changed and these figures are being counted again. */
  | { status: 'ready'; estimate: RunEstimate; updating: boolean }
  | { status: 'failed'; error: AppError };

/** Typing waits this long before the question's part is counted again (the chunking is kept). */
const DEBOUNCE_MS = 300;

export function useRunEstimate(input: {
  documentId: string;
  question: string;
  settings: RunSettings;
  profileId: string | undefined;
}): EstimateState {
  const [state, setState] = useState<EstimateState>({ status: 'estimating' });
  // A finished run measures the backend's speed: the time estimate may become known.
  const finished = useRunsStore(
    (s) => s.order.filter((id) => s.byId[id]?.status === 'done').length,
  );
  // One key for everything the estimate depends on: an unchanged form asks nothing again.
  const key = JSON.stringify([
    input.documentId,
    input.question.trim(),
    input.settings,
    input.profileId,
    finished,
  ]);
  useEffect(() => {
    let current = true;
    const [documentId, question, settings, profileId] = JSON.parse(key) as [
      string,
      string,
      RunSettings,
      string | null,
    ];
    // Earlier figures stay shown while the next are counted, unless nothing was known yet.
    setState((s) => (s.status === 'ready' ? { ...s, updating: true } : { status: 'estimating' }));
    const timer = setTimeout(() => {
      void call(bridge(), 'runs:estimate', {
        documentId,
        question,
        settings,
        ...(profileId ? { profileId } : {}),
      }).then((result) => {
        // A reply to an older form is dropped: the figures must match what Ask would start.
        if (!current) return;
        setState(
          result.ok
            ? { status: 'ready', estimate: result.value, updating: false }
            : { status: 'failed', error: result.error },
        );
      });
    }, DEBOUNCE_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [key]);
  return state;
}
