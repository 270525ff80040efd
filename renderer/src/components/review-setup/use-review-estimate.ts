// The figures of the review the New review form would start, asked of main as the form changes.
import { useEffect, useState } from 'react';
import type { AppError, RunSettings } from '../../../../shared/model.ts';
import type { ReviewQuestion } from '../../../../shared/review.ts';
import type { ReviewEstimate } from '../../../../shared/review-setup.ts';
import { call } from '../../api.ts';
import { bridge } from '../../stores/bridge.ts';

export type ReviewEstimateState =
  | { status: 'idle' }
  | { status: 'estimating' }
  | { status: 'ready'; estimate: ReviewEstimate; updating: boolean }
  | { status: 'failed'; error: AppError };

const DEBOUNCE_MS = 300;

export function useReviewEstimate(input: {
  documentIds: string[];
  questions: ReviewQuestion[] | null;
  settings: RunSettings;
  profileId: string | undefined;
}): ReviewEstimateState {
  const [state, setState] = useState<ReviewEstimateState>({ status: 'idle' });
  const key = JSON.stringify([input.documentIds, input.questions, input.settings, input.profileId]);
  useEffect(() => {
    const [documentIds, questions, settings, profileId] = JSON.parse(key) as [
      string[],
      ReviewQuestion[] | null,
      RunSettings,
      string | null,
    ];
    if (documentIds.length === 0 || questions === null || questions.length === 0) {
      setState({ status: 'idle' });
      return;
    }
    let current = true;
    setState((s) => (s.status === 'ready' ? { ...s, updating: true } : { status: 'estimating' }));
    const timer = setTimeout(() => {
      void call(bridge(), 'reviews:estimate', {
        documentIds,
        questions,
        settings,
        ...(profileId ? { profileId } : {}),
      }).then((result) => {
        // A reply to an older form is dropped: the figures must match what Create would start.
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
