// The earlier runs of one question: when, how (chunk and memory size, backend and model),
// how it ended, and the start of each answer; picking one shows it.
import type { RunView } from '../../../../shared/run-view.ts';
import { formatCount } from '../../lib/format.ts';
import { clockTime, dateTime, relativeTime } from '../../lib/relative-time.ts';
import { useDocumentRuns } from '../../stores/runs-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';
import { ExportButton } from './export-button.tsx';
import { runBadge } from './run-status.ts';

export function QuestionHistory(props: { run: RunView }) {
  const { run } = props;
  const runs = useDocumentRuns(run.documentId).filter((r) => r.question === run.question);
  const profiles = useSettingsStore((s) => s.settings.profiles);
  const selectRun = useUiStore((s) => s.selectRun);
  if (runs.length < 2) return null;
  const now = Date.now();
  return (
    <section className="question-history" aria-label="History of this question">
      <h3 className="small-heading">Asked {runs.length} times</h3>
      <ExportButton
        documentId={run.documentId}
        runIds={[...runs].sort((a, b) => a.createdAt - b.createdAt).map((r) => r.id)}
        scope="question"
        label="Export all runs…"
        title="Export every run of this question, newest first, each with its answer and memory trail"
      />
      <ol>
        {[...runs]
          .sort((a, b) => b.createdAt - a.createdAt)
          .map((r) => {
            const backend = profiles.find((p) => p.id === r.profileId)?.name;
            return (
              <li key={r.id}>
                <button
                  type="button"
                  className={r.id === run.id ? 'history-item selected' : 'history-item'}
                  aria-current={r.id === run.id ? 'true' : undefined}
                  onClick={() => selectRun(r.id)}
                >
                  {/* Two runs a minute apart both say "just now": the clock tells them apart. */}
                  <span className="history-when" title={dateTime(r.createdAt)}>
                    {relativeTime(r.createdAt, now)}
                    <span className="muted small">{clockTime(r.createdAt)}</span>
                  </span>
                  <span className={`badge status-${runBadge(r).status}`}>{runBadge(r).label}</span>
                  <span className="history-how muted small">
                    <span>
                      {r.settings
                        ? `chunks ${formatCount(r.settings.chunkTokens)} · memory ${formatCount(r.settings.memoryTokens)}`
                        : ''}
                    </span>
                    <span className="history-backend" title={outsideAttr(r.model ?? '')}>
                      {backend ? <OutsideText text={backend} /> : null}
                      {r.model ? (
                        <>
                          {backend ? ' / ' : ''}
                          <OutsideText text={r.model} />
                        </>
                      ) : null}
                    </span>
                  </span>
                  <span className="history-answer">
                    {typeof r.answer === 'string' ? (
                      <OutsideText text={preview(r.answer)} />
                    ) : (
                      <span className="muted">No answer</span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
      </ol>
    </section>
  );
}

function preview(answer: string): string {
  const line = answer.replace(/\s+/g, ' ').trim();
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
