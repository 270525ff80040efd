// One download as the user follows it: bytes, speed, time left, and pause, resume and cancel.
import type { DownloadSnapshot } from '../../../../shared/models-api.ts';
import { formatBytes } from '../../../../shared/model-catalogue.ts';
import { formatDuration } from '../../../../shared/duration.ts';
import { cancelDownload, downloadModel, pauseDownload } from '../../stores/models-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';

const STATE_WORDS: Record<DownloadSnapshot['state'], string> = {
  connecting: 'Connecting…',
  checking: 'Checking the part downloaded earlier…',
  downloading: 'Downloading',
  retrying: 'Connection lost, trying again…',
  paused: 'Paused',
  failed: 'Failed',
  done: 'Downloaded',
  cancelled: 'Cancelled',
};

/** "1.2 GB of 4.7 GB · 38 MB/s · about 2 min left". */
export function progressText(d: DownloadSnapshot): string {
  const parts = [
    d.total === undefined
      ? formatBytes(d.received)
      : `${formatBytes(d.received)} of ${formatBytes(d.total)}`,
  ];
  if (d.state === 'downloading' && d.bytesPerSec > 0) parts.push(`${formatBytes(d.bytesPerSec)}/s`);
  if (d.state === 'downloading' && d.etaMs !== undefined)
    parts.push(`about ${formatDuration(d.etaMs)} left`);
  return parts.join(' · ');
}

export function DownloadRow(props: { download: DownloadSnapshot; useWhenDone?: boolean }) {
  const d = props.download;
  const running =
    d.state === 'connecting' ||
    d.state === 'checking' ||
    d.state === 'downloading' ||
    d.state === 'retrying';
  return (
    <li className="download" aria-label={`Download of ${d.name}`}>
      <div className="progress-head">
        <span>
          <strong>{d.name}</strong> <span className="muted">{STATE_WORDS[d.state]}</span>
        </span>
        <span className="progress-buttons">
          {running ? (
            <button type="button" onClick={() => void pauseDownload(d.reference)}>
              Pause
            </button>
          ) : (
            <button
              type="button"
              onClick={() => void downloadModel(d.reference, props.useWhenDone ?? false)}
            >
              {d.state === 'failed' ? 'Try again' : 'Resume'}
            </button>
          )}
          <button type="button" onClick={() => void cancelDownload(d.reference)}>
            {d.state === 'failed' && d.received === 0 ? 'Dismiss' : 'Cancel'}
          </button>
        </span>
      </div>
      {/* Indeterminate only while it is on its way; a download that ended shows what it saved. */}
      {d.total !== undefined || running ? (
        <progress
          max={d.total ?? 1}
          value={d.total === undefined ? undefined : d.received}
          aria-label={`${d.name} downloaded`}
        />
      ) : null}
      {d.received > 0 || d.total !== undefined ? (
        <p className="muted small download-numbers">{progressText(d)}</p>
      ) : null}
      {d.note && d.state !== 'failed' ? <p className="muted small">{d.note}</p> : null}
      {d.state === 'failed' && d.error ? <ErrorBanner error={d.error} /> : null}
    </li>
  );
}
