// What the Add dialogs of a review share: what adding will read, before it is added (only the new
// cells, counted at the review's backend and settings by `reviews:estimate-add`, beside the
// finished cells it keeps); the cost confirmation above the user's limit, as New review asks it;
// and the adding itself, with its buttons.
import { useState, type ReactNode } from 'react';
import type { AppError } from '../../../../shared/model.ts';
import type { ReviewAddition, ReviewEstimate } from '../../../../shared/review-setup.ts';
import { plural } from '../../../../shared/plural.ts';
import type { ReviewSummary } from '../../../../shared/review.ts';
import { cellsLine, reviewTokensLine } from '../../lib/review-estimate-text.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { CostConfirmDialog, mustConfirmCost } from '../common/cost-confirm-dialog.tsx';
import { useEstimate, type EstimateState, type IdleEstimate } from '../common/use-estimate.ts';
import { addToReview, type ReviewAdd } from '../../stores/review-add.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { ReviewEstimateFigures } from '../review-setup/review-estimate-note.tsx';

export type AdditionState = EstimateState<ReviewAddition> | IdleEstimate;

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

function AddEstimateNote(props: { state: AdditionState; review: ReviewSummary }) {
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
          <ReviewEstimateFigures estimate={state.estimate.estimate} />
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
function useMustConfirmAdd(state: AdditionState): () => boolean {
  const { profile, limit } = useAddBackend(state);
  return () => mustConfirmCost(profile, cellsState(state), limit);
}

function AddCostConfirm(props: {
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

/** Adding `add` (null: nothing chosen yet) to `review`: its estimate, the confirmation, the call. */
export function useAddition(review: ReviewSummary, add: ReviewAdd | null, onDone: () => void) {
  const estimate: AdditionState = useEstimate(
    'reviews:estimate-add',
    add === null ? null : { reviewId: review.id, add },
  );
  const mustConfirm = useMustConfirmAdd(estimate);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const submit = async (confirmed = false) => {
    if (add === null || busy) return;
    if (!confirmed && mustConfirm()) return void setConfirming(true);
    setConfirming(false);
    setBusy(true);
    const failed = await addToReview(review.id, add);
    setBusy(false);
    if (failed) setError(failed);
    else onDone();
  };
  return {
    review,
    ready: add !== null,
    estimate,
    error,
    setError,
    busy,
    confirming,
    setConfirming,
    submit,
  };
}

export type Addition = ReturnType<typeof useAddition>;

/** The figures, any `children` notes, an error, Cancel and "Add …" (`label`). */
export function AddFooter(props: {
  addition: Addition;
  label: string;
  onClose: () => void;
  children?: ReactNode;
}) {
  const { addition: a } = props;
  return (
    <>
      <AddEstimateNote state={a.estimate} review={a.review} />
      {props.children}
      {a.error ? <ErrorBanner error={a.error} onDismiss={() => a.setError(null)} /> : null}
      <div className="dialog-buttons">
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
        <button type="submit" className="primary" disabled={!a.ready || a.busy}>
          {a.busy ? 'Adding…' : props.label}
        </button>
      </div>
      <AddCostConfirm
        state={a.estimate}
        open={a.confirming}
        onConfirm={() => void a.submit(true)}
        onClose={() => a.setConfirming(false)}
      />
    </>
  );
}
