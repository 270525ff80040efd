// What a backend check showed: accuracy by length, time, tokens, cost, the rows it got wrong,
// failed rows apart, and the paper's figure for reference (these rows are not the paper's set).
import { checkVerdict, type CheckSnapshot } from '../../../../shared/backend-check.ts';
import { plural } from '../../../../shared/plural.ts';
import { checkDate, checkSpendLine, FAMILY_NAMES } from '../../lib/check-text.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { OutsideText } from '../common/outside-text.tsx';

export function CheckResult(props: { check: CheckSnapshot; headingId: string }) {
  const c = props.check;
  const ended = c.finishedAt ?? c.startedAt;
  // Rows with a model answer: without any, accuracy, spend and the paper say nothing.
  const answered = c.rowsDone - c.failed > 0;
  return (
    <div className="check-result" aria-labelledby={props.headingId}>
      <h4 id={props.headingId}>
        {c.state === 'cancelled'
          ? 'Cancelled: partial result'
          : c.state === 'error'
            ? c.rowsDone === 0
              ? 'The check could not run'
              : 'Every row failed'
            : 'Result'}{' '}
        <span className="muted small">
          · {checkDate(ended)} · <OutsideText text={c.sourceTitle} />
          {c.model ? (
            <>
              {' '}
              · <OutsideText text={c.model} />
            </>
          ) : null}
        </span>
      </h4>
      {c.error ? <ErrorBanner error={c.error} /> : null}
      {c.rowsDone > 0 ? (
        <>
          <p className="check-verdict">
            <strong>{checkVerdict(c)}</strong>
            {c.subEm === null ? null : <> · sub-EM {c.subEm.toFixed(1)}%</>}
          </p>
          {c.failures.map((f) => (
            <p key={f.message} className="error-text small">
              {plural(f.rows, 'row')} failed (counted as wrong): <OutsideText text={f.message} />
            </p>
          ))}
          {answered ? (
            <table className="check-table">
              <caption className="visually-hidden">Accuracy by length</caption>
              <thead>
                <tr>
                  <th scope="col">Length</th>
                  <th scope="col">Rows read</th>
                  <th scope="col">Right</th>
                  <th scope="col">Failed</th>
                  <th scope="col">sub-EM</th>
                </tr>
              </thead>
              <tbody>
                {c.byLength.map((l) => (
                  <tr key={l.label}>
                    <th scope="row">{l.label} tokens</th>
                    <td>{l.rows}</td>
                    <td>{l.right}</td>
                    <td>{l.failed}</td>
                    <td>{l.rows === 0 ? '—' : `${l.subEm.toFixed(1)}%`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
          {answered ? <p className="small">{checkSpendLine(c)}</p> : null}
          {c.wrong.length > 0 ? <WrongRows check={c} /> : null}
          {answered ? (
            <p className="muted small check-reference">
              For reference: the paper reports RL-MemAgent-14B at 76–84% sub-EM on RULER-HotpotQA
              from 7K to 3.5M tokens. These eight rows are generated from your text with other
              tasks, not the paper’s set, and eight rows are too few for a precise figure: take a
              large gap as a warning, not a measurement.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

function WrongRows(props: { check: CheckSnapshot }) {
  return (
    <table className="check-table check-wrong">
      <caption>
        {props.check.wrong.length === 1
          ? 'The row it got wrong'
          : `The ${props.check.wrong.length} rows it got wrong`}
      </caption>
      <thead>
        <tr>
          <th scope="col">Question</th>
          <th scope="col">Expected</th>
          <th scope="col">Model’s answer</th>
          <th scope="col">Length</th>
          <th scope="col">Task</th>
        </tr>
      </thead>
      <tbody>
        {props.check.wrong.map((w, i) => (
          <tr key={i}>
            <td>
              <OutsideText text={w.question} />
            </td>
            <td>
              <OutsideText text={w.expected} />
            </td>
            <td>
              {w.answer === null || w.answer === '' ? (
                <span className="muted">no answer found in the reply</span>
              ) : (
                <OutsideText text={w.answer} />
              )}
            </td>
            <td>{w.length}</td>
            <td>{FAMILY_NAMES[w.family] ?? w.family}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
