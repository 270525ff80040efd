// What the whole review will take, before Create; and the question asked first above the limit.
import { formatMoney } from '../../lib/format.ts';
import { moneyRange } from '../../lib/estimate-text.ts';
import {
  cellsLine,
  reviewCostLine,
  reviewTimeLine,
  reviewTokensLine,
} from '../../lib/review-estimate-text.ts';
import { Dialog } from '../common/dialog.tsx';
import type { ReviewEstimateState } from './use-review-estimate.ts';

/** Why a review of 20 questions costs 20 reads of each document. */
export const ONE_READ_PER_QUESTION =
  'Each question is read separately: MemAgent keeps a memory for one question at a time, so every question is a full read of every document.';

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
          <p>{reviewTokensLine(state.estimate)}</p>
          <p>{reviewCostLine(state.estimate)}</p>
          <p className="muted">{reviewTimeLine(state.estimate)}</p>
        </>
      )}
      <p className="muted small">{ONE_READ_PER_QUESTION}</p>
    </section>
  );
}

export function ReviewCostDialog(props: {
  open: boolean;
  state: ReviewEstimateState;
  limit: number;
  backend: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const estimate = props.state.status === 'ready' ? props.state.estimate : null;
  return (
    <Dialog open={props.open} title="This review may be expensive" onClose={props.onClose}>
      {estimate?.cost ? (
        <>
          <p>
            Reading {cellsLine(estimate)} with <strong>{props.backend}</strong> will cost{' '}
            <strong>{moneyRange(estimate.cost)}</strong>: more than your limit of{' '}
            {formatMoney(props.limit)}.
          </p>
          <p className="muted">
            {reviewTokensLine(estimate)}. The most is reached if every memory fills its budget.
          </p>
          <p className="muted">{ONE_READ_PER_QUESTION}</p>
        </>
      ) : props.state.status === 'failed' ? (
        <p>The cost could not be estimated: {props.state.error.message}</p>
      ) : (
        <p>The cost is still being estimated.</p>
      )}
      <p className="muted small">Change the limit in Settings → Costs.</p>
      <div className="dialog-buttons">
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={props.onConfirm}>
          Start anyway
        </button>
      </div>
    </Dialog>
  );
}
