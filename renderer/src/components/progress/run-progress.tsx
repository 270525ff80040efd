// Chunk k of N with its pages, a bar, speed, elapsed time, ETA, cost; pause, resume, cancel;
// the memory as the model writes it.
import { timeLeftUnknownWords } from '../../../../shared/run-clock.ts';
import { useState } from 'react';
import type { RunView } from '../../../../shared/run-view.ts';
import { isActive } from '../../../../shared/run-view.ts';
import {
  cancelRun,
  continueRun,
  pauseRun,
  resumeRun,
  useRunsStore,
} from '../../stores/runs-store.ts';
import { prefillFromRun } from '../../stores/ask-draft-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { formatCount, formatDuration, formatMoney } from '../../lib/format.ts';
import { pagesLabel } from '../../../../shared/page-label.ts';
import { runStats } from '../../lib/run-stats.ts';
import { plural } from '../../../../shared/plural.ts';
import { distinctWarnings, warningLine } from '../../../../shared/warning-groups.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { useNow } from '../common/use-now.ts';
import { RetryDialog } from './retry-dialog.tsx';

export function RunProgress(props: { run: RunView }) {
  const { run } = props;
  const active = isActive(run);
  const now = useNow(run.status === 'running');
  const profile = useSettingsStore((s) => s.settings.profiles.find((p) => p.id === run.profileId));
  const othersRunning = useRunsStore((s) =>
    s.order.some((id) => id !== run.id && s.byId[id]?.status === 'running'),
  );
  const defaults = useSettingsStore((s) => s.settings.defaults);
  const [retrying, setRetrying] = useState(false);
  const stats = runStats(run, now, profile);
  const stopped =
    run.status === 'cancelled' || run.status === 'interrupted' || run.status === 'error';
  // Nothing read: "Stopped after 0 of 0 chunks" and "Continue from chunk 1" would say nothing
  // and retry the same backend; say what happened and offer another backend instead.
  const readNothing = stopped && stats.done === 0;
  const current = run.currentChunk;
  const chunk = current === null ? undefined : run.chunks[current];
  // A note given at each start of a resumed run (before issue 25) is listed once.
  const warnings = distinctWarnings(run.warnings);
  let headline: string;
  // A queued run is tokenized and chunked first; only with other runs going may it also wait.
  if (run.status === 'queued')
    headline = othersRunning
      ? 'Waiting to start (other questions are being read)…'
      : 'Preparing the document…';
  else if (run.status === 'running' && run.chunkCount === 0) headline = 'Preparing the document…';
  else if (active && current !== null && current >= run.chunkCount)
    // Answered, its quotes being checked: the answer is on screen already.
    headline =
      run.response === undefined
        ? 'Writing the answer…'
        : 'Answered; finding the passages it rests on…';
  else if (active && current !== null)
    headline = `Reading chunk ${current + 1} of ${run.chunkCount}${chunk?.pages ? ` (${pagesLabel(chunk.pages)})` : ''}`;
  else if (run.status === 'done')
    headline =
      run.chunkCount === 1 ? 'Read 1 chunk' : `Read all ${plural(run.chunkCount, 'chunk')}`;
  else if (readNothing)
    headline =
      run.status === 'error'
        ? 'Could not start reading'
        : `${run.status === 'cancelled' ? 'Cancelled' : 'Interrupted'} before reading anything`;
  else if (run.status === 'cancelled')
    headline = `Cancelled after ${stats.done} of ${plural(run.chunkCount, 'chunk')}`;
  else if (run.status === 'interrupted')
    headline = `Interrupted after ${stats.done} of ${plural(run.chunkCount, 'chunk')}`;
  else if (run.status === 'error')
    headline = `Stopped after ${stats.done} of ${plural(run.chunkCount, 'chunk')}`;
  else headline = '';
  // Paused, nothing is being read: say where it stopped, not "Reading chunk 4".
  if (run.status === 'paused') headline = pausedHeadline(stats.done, run.chunkCount);
  else if (run.pauseRequested) headline = `${headline} — pausing when this chunk is done`;
  const paused = run.status === 'paused';

  return (
    <section className="progress" aria-label="Progress">
      <div className="progress-head">
        <span role="status" aria-live="polite" className="progress-headline">
          {headline}
        </span>
        {/* Another process (a terminal) reads the run: only it may pause or stop it. */}
        {run.readBy !== undefined ? null : (
          <div className="progress-buttons">
            {run.status === 'running' || run.status === 'queued' ? (
              <button
                type="button"
                disabled={run.pauseRequested}
                onClick={() => void pauseRun(run.id)}
              >
                {run.pauseRequested ? 'Pausing…' : 'Pause'}
              </button>
            ) : null}
            {run.status === 'paused' ? (
              <button type="button" className="primary" onClick={() => void resumeRun(run.id)}>
                Resume
              </button>
            ) : null}
            {active ? (
              <button type="button" className="danger" onClick={() => void cancelRun(run.id)}>
                Cancel
              </button>
            ) : null}
            {stopped && !readNothing ? (
              <button type="button" className="primary" onClick={() => void continueRun(run.id)}>
                Continue from chunk {stats.done + 1}
              </button>
            ) : null}
            {stopped ? (
              <button
                type="button"
                className={readNothing ? 'primary' : ''}
                onClick={() => setRetrying(true)}
              >
                Retry with…
              </button>
            ) : null}
            {stopped ? (
              <button type="button" onClick={() => prefillFromRun(run, defaults)}>
                Edit and ask again
              </button>
            ) : null}
          </div>
        )}
      </div>
      <progress
        max={Math.max(1, stats.total)}
        value={stats.done}
        aria-label={`${stats.done} of ${plural(stats.total, 'chunk')} read`}
      />
      <dl className="stats">
        <div>
          <dt>Chunks</dt>
          <dd>
            {stats.done} / {stats.total}
          </dd>
        </div>
        <div>
          <dt>Speed</dt>
          <dd>
            {/* Paused, the last speed would read as current: it is shown again once resumed. */}
            {paused
              ? '— (paused)'
              : stats.tokensPerSecond === null
                ? '—'
                : `${formatCount(stats.tokensPerSecond)} tokens/s`}
          </dd>
        </div>
        <div>
          <dt>Elapsed</dt>
          <dd>{formatDuration(stats.elapsedMs)}</dd>
        </div>
        <div>
          <dt>Time left</dt>
          <dd>
            {paused
              ? '— (paused)'
              : active && stats.etaMs !== null
                ? `about ${formatDuration(stats.etaMs)}`
                : active && stats.etaUnknown !== null
                  ? timeLeftUnknownWords(stats.etaUnknown)
                  : '—'}
          </dd>
        </div>
        {stats.cost ? (
          <div>
            <dt>Cost (est.)</dt>
            <dd>
              {formatMoney(stats.cost.soFar)}
              {active ? ` of ~${formatMoney(stats.cost.projected)}` : ''}
            </dd>
          </div>
        ) : null}
        {run.model ? (
          <div>
            <dt>Model</dt>
            <dd>{run.model}</dd>
          </div>
        ) : null}
      </dl>
      {run.error ? <ErrorBanner error={run.error} /> : null}
      {retrying ? (
        <RetryDialog run={run} done={stats.done} onClose={() => setRetrying(false)} />
      ) : null}
      {warnings.length > 0 ? (
        <details className="warnings">
          <summary>{plural(warnings.length, 'warning')}</summary>
          <ul>
            {warnings.map((w, i) => (
              <li key={i}>{warningLine(w)}</li>
            ))}
          </ul>
        </details>
      ) : null}
      {active && run.partial ? (
        <div className="live-memory" aria-label="Memory being written">
          <h3 className="small-heading">Memory being written (chunk {(current ?? 0) + 1})</h3>
          <pre>{run.partial}</pre>
        </div>
      ) : null}
    </section>
  );
}

/** "Paused after chunk 3 of 35", or before the first chunk when none was read. */
function pausedHeadline(done: number, total: number): string {
  if (total === 0) return 'Paused before reading';
  if (done >= total) return 'Paused before writing the answer';
  return done === 0
    ? `Paused before chunk 1 of ${total}`
    : `Paused after chunk ${done} of ${total}`;
}
