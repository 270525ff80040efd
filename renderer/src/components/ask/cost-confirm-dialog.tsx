// Asked before a run on a priced backend that may cost more than the user's limit.
import { formatMoney } from '../../lib/format.ts';
import { moneyRange, tokensLine } from '../../lib/estimate-text.ts';
import { Dialog } from '../common/dialog.tsx';
import type { EstimateState } from './use-run-estimate.ts';

export function CostConfirmDialog(props: {
  open: boolean;
  state: EstimateState;
  limit: number;
  backend: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { state } = props;
  const estimate = state.status === 'ready' ? state.estimate : null;
  return (
    <Dialog open={props.open} title="This question may be expensive" onClose={props.onClose}>
      {estimate?.cost ? (
        <>
          <p>
            Reading this document with <strong>{props.backend}</strong> will cost{' '}
            <strong>{moneyRange(estimate.cost)}</strong>: more than your limit of{' '}
            {formatMoney(props.limit)}.
          </p>
          <p className="muted">
            {tokensLine(estimate)}. The most is reached if every memory fills its budget.
          </p>
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
          Ask anyway
        </button>
      </div>
    </Dialog>
  );
}
