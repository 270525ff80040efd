// Search the history: every word of the search anywhere in a run's question, answer, memories or
// its document's title (`history:search`, the store's one search, also `memagent runs --search`);
// results ranked, with their document, question, state and the words around a match; a click
// opens the run on its Ask screen. It stands at the top of the library.
import { useEffect, useState, type ReactNode } from 'react';
import type { HistoryHit, HistoryMatch } from '../../../../shared/history.ts';
import { MAX_HISTORY_QUERY_CHARS } from '../../../../shared/history.ts';
import type { AppError } from '../../../../shared/model.ts';
import { plural } from '../../../../shared/plural.ts';
import { RUN_STATE_LABEL, runState } from '../../../../shared/run-state.ts';
import { findAllFolded, searchWords } from '../../../../shared/search-fold.ts';
import { call } from '../../api.ts';
import { bridge } from '../../stores/bridge.ts';
import { selectDocument, useDocumentsStore } from '../../stores/documents-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { OutsideText } from '../common/outside-text.tsx';

/** Typing pauses this long before a search is sent. */
const PAUSE_MS = 250;

type Found = { text: string; hits: HistoryHit[] } | { text: string; error: AppError };

export function HistorySearch() {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const documents = useDocumentsStore((s) => s.list);
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === '') {
      setFound(null);
      return;
    }
    let live = true;
    const timer = setTimeout(() => {
      void call(bridge(), 'history:search', { text: wanted }).then((result) => {
        if (!live) return;
        setFound(
          result.ok ? { text: wanted, hits: result.value } : { text: wanted, error: result.error },
        );
      });
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);

  const open = (hit: HistoryHit) => {
    selectDocument(hit.run.documentId);
    useUiStore.getState().selectRun(hit.run.id);
  };
  const nameOf = (id: string) => {
    const d = documents.find((doc) => doc.id === id);
    return d ? d.title || d.fileName : 'a removed document';
  };

  return (
    <section className="history-search" aria-label="Search the history">
      <label>
        Search every question, answer and memory
        <input
          type="search"
          value={text}
          maxLength={MAX_HISTORY_QUERY_CHARS}
          placeholder="Words from a question, answer, memory or title"
          onChange={(e) => setText(e.target.value)}
        />
      </label>
      {found && 'error' in found ? <ErrorBanner error={found.error} /> : null}
      {found && 'hits' in found ? (
        <>
          <p className="muted small" role="status">
            {found.hits.length === 0 ? (
              <>
                No run holds every word of “<OutsideText text={found.text} />” in its question,
                answer, memories or document title.
              </>
            ) : (
              `${plural(found.hits.length, 'run')}${found.hits.length === 50 ? ' (the best 50)' : ''}, most words in the question or answer first`
            )}
          </p>
          <ul className="history-hits">
            {found.hits.map((hit) => (
              <li key={hit.run.id}>
                <button type="button" className="history-hit" onClick={() => open(hit)}>
                  <span className="history-hit-head">
                    <span className="history-doc">
                      <OutsideText text={nameOf(hit.run.documentId)} />
                    </span>
                    <span className={`history-status status-${runState(hit.run)}`}>
                      {RUN_STATE_LABEL[runState(hit.run)]}
                    </span>
                  </span>
                  <span className="history-question">
                    <Marked text={hit.run.question} search={found.text} />
                  </span>
                  {/* The question is shown whole above: its snippet would repeat it. */}
                  {hit.matches
                    .filter((m) => m.field !== 'question')
                    .map((m, i) => (
                      <Snippet key={i} match={m} />
                    ))}
                  {hit.hits > hit.matches.length ? (
                    <span className="muted small">
                      and {plural(hit.hits - hit.matches.length, 'more place')} in this run
                    </span>
                  ) : null}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

/** `text` with every word of the search marked where it stands (the store's fold). */
function Marked({ text, search }: { text: string; search: string }) {
  const spans = findAllFolded(
    text,
    searchWords(search).map((w) => w.folded),
  );
  const parts: ReactNode[] = [];
  let at = 0;
  spans.forEach(([start, end], i) => {
    if (start > at) parts.push(<OutsideText key={`t${i}`} text={text.slice(at, start)} />);
    parts.push(
      <mark key={`m${i}`}>
        <OutsideText text={text.slice(start, end)} />
      </mark>,
    );
    at = end;
  });
  if (at < text.length) parts.push(<OutsideText key="rest" text={text.slice(at)} />);
  return <bdi>{parts}</bdi>;
}

function Snippet({ match }: { match: HistoryMatch }) {
  const where =
    match.field === 'memory'
      ? `Memory after chunk ${(match.chunk ?? 0) + 1}`
      : match.field === 'answer'
        ? 'Answer'
        : 'Question';
  return (
    <span className="history-snippet">
      <span className="history-where">{where}</span>{' '}
      <bdi>
        <OutsideText text={match.before} />
        <mark>
          <OutsideText text={match.match} />
        </mark>
        <OutsideText text={match.after} />
      </bdi>
    </span>
  );
}
