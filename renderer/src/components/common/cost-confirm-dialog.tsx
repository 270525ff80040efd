// Asked before a run or a review on a priced backend that may cost more than the user's limit:
// one dialog for the Ask form and the New review form, which differ only in their words.
import type { ReactNode } from 'react';
import type { BackendProfile } from '../../../../shared/model.ts';
import type { Range } from '../../../../shared/run-estimate.ts';
import { formatMoney } from '../../lib/format.ts';
import { moneyRange, needsConfirmation } from '../../lib/estimate-text.ts';
import { Dialog } from './dialog.tsx';
import type { EstimateState, IdleEstimate } from './use-estimate.ts';

type Priced = { cost: Range | null };

export function CostConfirmDialog<T extends Priced>(props: {
  open: boolean;
  state: EstimateState<T> | IdleEstimate;
  limit: number;
  backend: string;
  title: string;
  /** What is read, as in "Reading <what> with <backend> will cost …". */
  what: (estimate: T) => ReactNode;
  tokens: (estimate: T) => string;
  /** A further note under the figures. */
  note?: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { state } = props;
  const estimate = state.status === 'ready' ? state.estimate : null;
  return (
    <Dialog open={props.open} title={props.title} onClose={props.onClose}>
      {estimate?.cost ? (
        <>
          <p>
            Reading {props.what(estimate)} with <strong>{props.backend}</strong> will cost{' '}
            <strong>{moneyRange(estimate.cost)}</strong>: more than your limit of{' '}
            {formatMoney(props.limit)}.
          </p>
          <p className="muted">
            {props.tokens(estimate)}. The most is reached if every memory fills its budget.
          </p>
          {props.note}
        </>
      ) : state.status === 'failed' ? (
        <p>The cost could not be estimated: {state.error.message}</p>
      ) : (
        <p>The cost is still being estimated.</p>
      )}
      <p className="muted small">Change the limit in Settings → Costs.</p>
      <div className="dialog-buttons">
        <button type="button" onClick={props.onClose}>
          Cancel
        </button>
        <button type="button" className="primary" onClick={props.onConfirm}>
          {props.confirmLabel}
        </button>
      </div>
    </Dialog>
  );
}

/**
 * Ask first on a priced backend when what starts may cost more than the limit, or when its cost
 * is not known yet (the estimate is still counting, or failed).
 */
export function mustConfirmCost(
  profile: BackendProfile | undefined,
  state: EstimateState<Priced> | IdleEstimate,
  limit: number,
): boolean {
  if (!profile || !(profile.inputPricePerMTok || profile.outputPricePerMTok)) return false;
  return state.status !== 'ready' || needsConfirmation(state.estimate, limit);
}
