// What became of each file the user opened: one row per file, named, kept until dismissed.
import { useState, type ReactNode } from 'react';
import { plural } from '../../../../shared/plural.ts';
import { askPassword, selectDocument, useDocumentsStore } from '../../stores/documents-store.ts';
import {
  clearOpenRows,
  dismissOpenRow,
  foldOpenRows,
  useOpenResultsStore,
  type OpenResult,
} from '../../stores/open-results-store.ts';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';

/** Rows listed before "Show all": the table below stays in a small window's view. */
const SHOWN_AT_MOST = 3;

export function OpenResults() {
  const rows = useOpenResultsStore((s) => s.rows);
  // A removed document's "opened — Ask about it" is gone with it (and back with its Undo).
  const hidden = useDocumentsStore((s) => s.hidden);
  const [all, setAll] = useState(false);
  const settled = rows.filter(
    (r) =>
      r.outcome.state !== 'opening' &&
      !(r.outcome.state === 'opened' && hidden.includes(r.outcome.documentId)),
  );
  if (settled.length === 0) return null;
  // Many files at once: the ones that opened fold into one line, what needs the user stays.
  const { folded, shown: listed } = foldOpenRows(settled);
  // The newest first beyond the limit: the oldest rows wait behind "Show all".
  const shown = all || listed.length <= SHOWN_AT_MOST ? listed : listed.slice(-SHOWN_AT_MOST);
  return (
    <section className="open-results" aria-label="Opened files">
      {folded.length > 0 ? (
        <details className="open-folded">
          <summary>{plural(folded.length, 'file')} opened</summary>
          <ul>
            {folded.map((r) => (
              <ResultRow key={r.id} row={r} />
            ))}
          </ul>
        </details>
      ) : null}
      {shown.length > 0 ? (
        <ul>
          {shown.map((r) => (
            <ResultRow key={r.id} row={r} />
          ))}
        </ul>
      ) : null}
      {shown.length < listed.length ? (
        <button type="button" className="link small" onClick={() => setAll(true)}>
          Show all {listed.length}
        </button>
      ) : null}
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
          onClick={() => dismissOpenRow(row.id)}
        >
          Dismiss
        </button>
      </span>
    </li>
  );
}
