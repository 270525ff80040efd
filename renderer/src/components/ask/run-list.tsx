// The questions asked of this document, newest first: one entry per question text, with its
// latest run's status and time, and how often it was asked.
import { useShallow } from 'zustand/react/shallow';
import { groupByQuestion } from '../../lib/question-groups.ts';
import { dateTime, relativeTime } from '../../lib/relative-time.ts';
import { useDocumentRuns } from '../../stores/runs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';
import { useNow } from '../common/use-now.ts';
import { runBadge } from './run-status.ts';

export function RunList(props: { documentId: string }) {
  const runs = useDocumentRuns(props.documentId);
  const { selected, selectRun } = useUiStore(
    useShallow((s) => ({ selected: s.selectedRunId, selectRun: s.selectRun })),
  );
  // "5 min ago" moves on while the list shows (once a second is cheap for a short list).
  const now = useNow(runs.length > 0);
  if (runs.length === 0) return null;
  return (
    <nav aria-label="Questions">
      <h2 className="small-heading">Questions</h2>
      <ul className="run-list">
        {groupByQuestion(runs).map((g) => {
          const latest = g.runs[0]!;
          const current = g.runs.some((r) => r.id === selected);
          // The entry shows the run selected in it, else the latest.
          const shown = g.runs.find((r) => r.id === selected) ?? latest;
          return (
            <li key={latest.id}>
              <button
                type="button"
                className={current ? 'run-item selected' : 'run-item'}
                aria-current={current ? 'true' : undefined}
                onClick={() => selectRun(current ? shown.id : latest.id)}
              >
                {/* Cut to one line here; the full question shows on hover. */}
                <span className="run-question" title={outsideAttr(g.question)}>
                  {g.question ? <OutsideText text={g.question} /> : 'Question'}
                </span>
                <span className="run-meta">
                  <span className={`badge status-${runBadge(shown).status}`}>
                    {runBadge(shown).label}
                  </span>
                  <time
                    className="muted small"
                    dateTime={new Date(shown.createdAt).toISOString()}
                    title={dateTime(shown.createdAt)}
                  >
                    {relativeTime(shown.createdAt, now)}
                  </time>
                  {shown.origin === 'import' ? (
                    <span
                      className="badge imported"
                      title={
                        shown.importedAt === undefined
                          ? 'Imported from a session export'
                          : `Imported from a session export on ${dateTime(shown.importedAt)}`
                      }
                    >
                      Imported
                    </span>
                  ) : null}
                  {shown.origin === 'cli' ? (
                    <span className="badge imported" title="Asked with memagent in a terminal">
                      Terminal
                    </span>
                  ) : null}
                  {g.runs.length > 1 ? (
                    <span className="muted small">asked {g.runs.length} times</span>
                  ) : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
