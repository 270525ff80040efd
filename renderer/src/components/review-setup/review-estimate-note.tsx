// What the whole review will take, before Create.
import {
  cellsLine,
  reviewCostLine,
  reviewTimeLine,
  reviewTokensLine,
} from '../../lib/review-estimate-text.ts';
import type { ReviewEstimate } from '../../../../shared/review-setup.ts';
import type { ReviewEstimateState } from './use-review-estimate.ts';

/** Why a review of 20 questions costs 20 reads of each document. */
export const ONE_READ_PER_QUESTION =
  'Each question is read separately: MemAgent keeps a memory for one question at a time, so every question is a full read of every document.';

/** A review's tokens, cost and time: New review's and the Add dialogs' figures, alike. */
export function ReviewEstimateFigures(props: { estimate: ReviewEstimate }) {
  return (
    <>
      <p>{reviewTokensLine(props.estimate)}</p>
      <p>{reviewCostLine(props.estimate)}</p>
      <p className="muted">{reviewTimeLine(props.estimate)}</p>
    </>
  );
}

export function ReviewEstimateNote(props: { state: ReviewEstimateState }) {
  const { state } = props;
  const busy = state.status === 'estimating' || (state.status === 'ready' && state.updating);
  return (
    <section
      className="run-estimate review-estimate"
      aria-label="Estimate"
      aria-live="polite"
      aria-busy={busy}
    >
      <h2>4. Estimate</h2>
      {state.status === 'idle' ? (
        <p className="muted">Choose a checklist and documents to see what the review will take.</p>
      ) : state.status === 'estimating' ? (
        <p className="muted">
          Estimating… (each document is counted once with the model’s tokenizer)
        </p>
      ) : state.status === 'failed' ? (
        <p className="muted">No estimate: {state.error.message}</p>
      ) : (
        <>
          <p>
            <strong>{cellsLine(state.estimate)}</strong>
            {state.updating ? <span className="muted"> · updating…</span> : null}
          </p>
          <ReviewEstimateFigures estimate={state.estimate} />
        </>
      )}
      <p className="muted small">{ONE_READ_PER_QUESTION}</p>
    </section>
  );
}
