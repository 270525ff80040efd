// What adding to a review will read, before it is added: only the new cells, counted at the
// review's backend and settings (`reviews:estimate-add`), beside the finished cells it keeps; and
// the cost confirmation above the user's limit, as New review asks it.
import type { ReviewAddition, ReviewEstimate } from '../../../../shared/review-setup.ts';
import { plural } from '../../../../shared/plural.ts';
import type { ReviewSummary } from '../../../../shared/review.ts';
import {
  cellsLine,
  reviewCostLine,
  reviewTimeLine,
  reviewTokensLine,
} from '../../lib/review-estimate-text.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { CostConfirmDialog, mustConfirmCost } from '../common/cost-confirm-dialog.tsx';
import { useEstimate, type EstimateState, type IdleEstimate } from '../common/use-estimate.ts';
import type { ReviewAdd } from '../../stores/review-add.ts';

export type AdditionState = EstimateState<ReviewAddition> | IdleEstimate;

export function useAddEstimate(reviewId: string, add: ReviewAdd | null): AdditionState {
  return useEstimate('reviews:estimate-add', add === null ? null : { reviewId, add });
}

/** The estimate of the new cells only, for the cost confirmation. */
function cellsState(state: AdditionState): EstimateState<ReviewEstimate> | IdleEstimate {
  if (state.status !== 'ready') return state;
  const { estimate } = state.estimate;
  return estimate === null ? { status: 'idle' } : { ...state, estimate };
}

/** "the 40 finished cells are kept", or what stands for it before anything was read. */
function keptLine(review: ReviewSummary): string {
  const done = review.counts.done;
  if (done === 0) return 'no cell of the review is read twice';
  return done === 1 ? 'the finished cell is kept' : `the ${done} finished cells are kept`;
}

export function AddEstimateNote(props: { state: AdditionState; review: ReviewSummary }) {
  const { state, review } = props;
  const busy = state.status === 'estimating' || (state.status === 'ready' && state.updating);
  return (
    <section
      className="run-estimate add-estimate"
      aria-label="Estimate"
      aria-live="polite"
      aria-busy={busy}
    >
      {state.status === 'idle' ? (
        <p className="muted">Nothing chosen yet: only the new cells will be read.</p>
      ) : state.status === 'estimating' ? (
        <p className="muted">Estimating the new cells…</p>
      ) : state.status === 'failed' ? (
        <p className="muted">No estimate: {state.error.message}</p>
      ) : state.estimate.estimate === null ? (
        <p>
          <strong>Nothing new to read</strong>
          {state.estimate.alreadyIn > 0
            ? `: ${state.estimate.alreadyIn === 1 ? 'that document is' : 'those documents are'} in the review already.`
            : '.'}
        </p>
      ) : (
        <>
          <p>
            <strong>Adds {cellsLine(state.estimate.estimate)}</strong>; {keptLine(review)}.
            {state.updating ? <span className="muted"> Updating…</span> : null}
          </p>
          {state.estimate.alreadyIn > 0 ? (
            <p className="muted">
              {plural(state.estimate.alreadyIn, 'chosen document')}{' '}
              {state.estimate.alreadyIn === 1 ? 'is' : 'are'} in the review already and not read
              again.
            </p>
          ) : null}
          <p>{reviewTokensLine(state.estimate.estimate)}</p>
          <p>{reviewCostLine(state.estimate.estimate)}</p>
          <p className="muted">{reviewTimeLine(state.estimate.estimate)}</p>
        </>
      )}
    </section>
  );
}

/** The review's backend profile (as the estimate names it) and the user's cost limit. */
function useAddBackend(state: AdditionState) {
  const { profiles, activeProfileId, costConfirmAbove } = useSettingsStore((s) => s.settings);
  const profileId = state.status === 'ready' ? state.estimate.profileId : activeProfileId;
  return { profile: profiles.find((p) => p.id === profileId), limit: costConfirmAbove };
}

/** Ask first when the new cells may cost more than the limit on the review's priced backend. */
export function useMustConfirmAdd(state: AdditionState): () => boolean {
  const { profile, limit } = useAddBackend(state);
  return () => mustConfirmCost(profile, cellsState(state), limit);
}

export function AddCostConfirm(props: {
  state: AdditionState;
  open: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { profile, limit } = useAddBackend(props.state);
  return (
    <CostConfirmDialog
      open={props.open}
      state={cellsState(props.state)}
      limit={limit}
      backend={profile?.name ?? ''}
      title="Adding these may be expensive"
      what={(e) => `the ${plural(e.cells, 'new cell')}`}
      tokens={reviewTokensLine}
      confirmLabel="Add anyway"
      onConfirm={props.onConfirm}
      onClose={props.onClose}
    />
  );
}
