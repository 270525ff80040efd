// "Check this backend": choose the text, see what the check will read and cost, run it, watch
// it, stop it, and read what it showed. Main builds and runs the check; this only asks.
import { useEffect, useId, useMemo, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { CheckSource } from '../../../../shared/backend-check.ts';
import { documentLabels } from '../../../../shared/document-label.ts';
import type { BackendProfile } from '../../../../shared/model.ts';
import {
  cancelCheck,
  dismissCheckError,
  estimateCheck,
  sourceKey,
  startCheck,
  useCheckStore,
} from '../../stores/check-store.ts';
import { useDocumentsStore } from '../../stores/documents-store.ts';
import {
  checkCostLine,
  checkProgressLine,
  checkReadsLine,
  checkTimeLine,
} from '../../lib/check-text.ts';
import { formatTokens } from '../../lib/format.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { outsideAttr } from '../common/outside-text.tsx';
import { CheckResult } from './check-result.tsx';

const BUNDLED = 'bundled';

export function BackendCheck(props: { profile: BackendProfile; onClose: () => void }) {
  const { profile } = props;
  const id = useId();
  const docs = useDocumentsStore((s) => s.list);
  // Two documents of one title are told apart (file name, folder, pages).
  const labels = useMemo(() => documentLabels(docs), [docs]);
  const { current, last, estimate, error } = useCheckStore(
    useShallow((s) => ({
      current: s.current,
      last: s.last[profile.id],
      estimate: s.estimate,
      error: s.error,
    })),
  );
  const [choice, setChoice] = useState<string>(BUNDLED);
  const source: CheckSource =
    choice === BUNDLED ? { kind: 'bundled' } : { kind: 'document', documentId: choice };
  const key = sourceKey(profile.id, source);
  const running =
    current !== null && (current.state === 'preparing' || current.state === 'running');
  const mine = current?.profileId === profile.id ? current : null;

  useEffect(() => {
    if (!running)
      void estimateCheck(
        profile.id,
        choice === BUNDLED ? { kind: 'bundled' } : { kind: 'document', documentId: choice },
      );
    // Only a change of text or profile asks again; a check ending does not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [profile.id, choice]);

  const shown = estimate?.key === key ? estimate : null;
  const result = mine && !running ? mine : (last ?? null);

  return (
    <section className="check-panel" aria-labelledby={`${id}-h`}>
      <div className="toolbar">
        <h3 id={`${id}-h`}>Check {outsideAttr(profile.name)}</h3>
        <button
          type="button"
          className="ghost"
          onClick={props.onClose}
          aria-label="Close the check"
        >
          ✕
        </button>
      </div>
      <p className="muted small">
        Eight questions whose answers are hidden in a long text (four at 8K and four at 32K tokens:
        a single fact, a fact among look-alikes, facts to join, a chain to follow), read with
        MemAgent by this backend and scored as the paper scores (sub-EM). Nothing is added to your
        library.
      </p>
      {result && !(mine && running) ? <CheckResult check={result} headingId={`${id}-r`} /> : null}
      {mine && running ? (
        <div className="check-progress" role="status" aria-live="polite">
          <progress max={mine.rows} value={mine.rowsDone} aria-label="Rows read" />
          <span>{checkProgressLine(mine)}</span>
          <button type="button" onClick={() => void cancelCheck()}>
            Cancel check
          </button>
        </div>
      ) : (
        <>
          <label>
            Text to read
            <select value={choice} onChange={(e) => setChoice(e.target.value)}>
              <option value={BUNDLED}>
                Bundled sample: The Devil’s Dictionary (public domain)
              </option>
              {docs.map((d) => (
                <option key={d.id} value={d.id}>
                  {outsideAttr(labels.get(d.id) ?? d.fileName)}
                  {d.tokenCount === undefined ? '' : ` (${formatTokens(d.tokenCount)} tokens)`}
                </option>
              ))}
            </select>
          </label>
          {shown?.status === 'loading' || shown === null ? (
            <p className="muted small" role="status">
              Preparing the rows and the estimate…
            </p>
          ) : shown.status === 'failed' ? (
            <div>
              <ErrorBanner error={shown.error} />
              {choice !== BUNDLED ? (
                <button type="button" onClick={() => setChoice(BUNDLED)}>
                  Use the bundled text
                </button>
              ) : null}
            </div>
          ) : (
            <ul className="check-estimate">
              <li>{checkReadsLine(shown.estimate)}</li>
              <li>{checkCostLine(shown.estimate)}</li>
              <li>{checkTimeLine(shown.estimate)}</li>
            </ul>
          )}
          {running && current ? (
            <p className="muted small">
              A check of {outsideAttr(current.profileName)} is running; one check runs at a time.
            </p>
          ) : null}
          {error ? <ErrorBanner error={error} onDismiss={dismissCheckError} /> : null}
          <div className="profile-buttons">
            <button
              type="button"
              className="primary"
              disabled={running || shown?.status !== 'ready'}
              onClick={() => void startCheck(profile.id, source)}
            >
              {result ? 'Check again' : 'Start check'}
            </button>
          </div>
        </>
      )}
      {mine?.state === 'error' && mine.rowsDone === 0 && choice !== BUNDLED ? (
        <button type="button" onClick={() => setChoice(BUNDLED)}>
          Use the bundled text
        </button>
      ) : null}
    </section>
  );
}
