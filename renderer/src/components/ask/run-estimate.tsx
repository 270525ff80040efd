// Under the question box: what the run will take, before Ask.
import { costLine, timeLine, tokensLine } from '../../lib/estimate-text.ts';
import type { EstimateState } from './use-run-estimate.ts';

export function RunEstimateNote(props: { state: EstimateState }) {
  const { state } = props;
  return (
    <section
      className="run-estimate"
      aria-label="Estimate"
      aria-live="polite"
      aria-busy={busy(state)}
    >
      {state.status === 'estimating' ? (
        <p className="muted">
          Estimating… (the document is counted once with the model’s tokenizer)
        </p>
      ) : state.status === 'failed' ? (
        <p className="muted">No estimate: {state.error.message}</p>
      ) : (
        <>
          <p>
            {tokensLine(state.estimate)}
            {state.updating ? <span className="muted"> · updating…</span> : null}
          </p>
          <p>{costLine(state.estimate)}</p>
          <p className="muted">{timeLine(state.estimate)}</p>
        </>
      )}
    </section>
  );
}

const busy = (state: EstimateState) =>
  state.status === 'estimating' || (state.status === 'ready' && state.updating);
