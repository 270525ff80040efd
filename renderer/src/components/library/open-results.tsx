// What became of each file the user opened: one row per file, named, kept until dismissed.
import type { ReactNode } from 'react';
import { askPassword, dismissOpenResult, selectDocument } from '../../stores/documents-store.ts';
import {
  clearOpenRows,
  useOpenResultsStore,
  type OpenResult,
} from '../../stores/open-results-store.ts';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';

export function OpenResults() {
  const rows = useOpenResultsStore((s) => s.rows);
  const settled = rows.filter((r) => r.outcome.state !== 'opening');
  if (settled.length === 0) return null;
  return (
    <section className="open-results" aria-label="Opened files">
      <ul>
        {settled.map((r) => (
          <ResultRow key={r.id} row={r} />
        ))}
      </ul>
      {settled.length > 1 ? (
        <button type="button" className="ghost small" onClick={clearOpenRows}>
          Clear all
        </button>
      ) : null}
    </section>
  );
}

function ResultRow(props: { row: OpenResult }) {
  const { row } = props;
  const { outcome } = row;
  const name = outsideAttr(row.name);
  let body: ReactNode;
  let action: ReactNode = null;
  let role: 'alert' | 'status' = 'status';
  switch (outcome.state) {
    case 'opened':
      body = 'opened';
      action = (
        <button type="button" className="link" onClick={() => selectDocument(outcome.documentId)}>
          Ask about it
        </button>
      );
      break;
    case 'cancelled':
      body = (
        <>
          Cancelled: <OutsideText text={row.name} /> was not opened.
        </>
      );
      break;
    case 'password':
      body = outcome.wrong ? 'the password was wrong' : 'needs a password';
      action = (
        <button type="button" onClick={() => askPassword(row.id)}>
          Enter password…
        </button>
      );
      break;
    case 'failed':
      role = 'alert';
      body = (
        <>
          <strong>
            <OutsideText text={outcome.error.message} />
          </strong>
          {outcome.error.hint ? <span className="muted"> {outcome.error.hint}</span> : null}
        </>
      );
      break;
    case 'opening':
      return null;
  }
  return (
    <li className={`open-row open-${outcome.state}`}>
      <span className="open-name" title={name}>
        <OutsideText text={row.name} />
      </span>
      <span className="open-outcome" role={role}>
        {body}
      </span>
      <span className="open-actions">
        {action}
        <button
          type="button"
          className="ghost"
          aria-label={`Dismiss ${name}`}
          onClick={() => dismissOpenResult(row.id)}
        >
          Dismiss
        </button>
      </span>
    </li>
  );
}
