// "Retry with…": continue a stopped run with another backend and/or settings. The dialog says
// what happens to the chunks already read; main decides for sure from the new chunking.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { AppError, RunSettings } from '../../../../shared/model.ts';
import type { RunView } from '../../../../shared/run-view.ts';
import { describeTest } from '../../lib/backend-status.ts';
import { retryBackend, retryNote } from '../../lib/run-outcome.ts';
import { continueRun } from '../../stores/runs-store.ts';
import { chooseBackend, useAskDraftStore } from '../../stores/ask-draft-store.ts';
import { checkReachable, useSettingsStore } from '../../stores/settings-store.ts';
import { Dialog } from '../common/dialog.tsx';
import { ErrorBanner } from '../common/error-banner.tsx';
import { RunSettingsFields } from '../common/run-settings-fields.tsx';

export function RetryDialog(props: { run: RunView; done: number; onClose: () => void }) {
  const { run } = props;
  const { profiles, activeProfileId, defaults, lastTests } = useSettingsStore(
    useShallow((s) => s.settings),
  );
  const [profileId, setProfileId] = useState(() =>
    retryBackend(
      profiles.map((p) => p.id),
      activeProfileId,
      lastTests,
      run.profileId,
    ),
  );
  const [settings, setSettings] = useState<RunSettings>(run.settings ?? defaults);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const profile = profiles.find((p) => p.id === profileId);
  const status = describeTest(lastTests[profileId], Date.now());

  return (
    <Dialog open title="Retry with…" onClose={props.onClose}>
      <form
        aria-label="Retry with"
        onSubmit={(e) => {
          e.preventDefault();
          if (!profile || busy) return;
          setBusy(true);
          void continueRun(run.id, { profileId: profile.id, settings }).then((failed) => {
            setBusy(false);
            if (failed) {
              setError(failed);
              return;
            }
            followRetry(run, profile.id);
            props.onClose();
          });
        }}
      >
        <label>
          Backend
          <select
            value={profileId}
            onChange={(e) => {
              setProfileId(e.target.value);
              void checkReachable(e.target.value);
            }}
          >
            {profiles.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
                {p.model ? ` (${p.model})` : ''}
                {p.id === run.profileId ? ' — used before' : ''}
              </option>
            ))}
          </select>
        </label>
        <p className={`small test-status test-${status.tone}`}>{status.text}</p>
        <div className="run-settings-grid">
          <RunSettingsFields
            settings={settings}
            keys={['chunkTokens', 'memoryTokens', 'answerTokens', 'temperature']}
            onChange={setSettings}
          />
        </div>
        {profile ? (
          <p className="muted small" role="status">
            {retryNote(run, props.done, {
              profileId: profile.id,
              profileName: profile.name,
              settings,
            })}
          </p>
        ) : null}
        {error ? <ErrorBanner error={error} onDismiss={() => setError(null)} /> : null}
        <div className="dialog-buttons">
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={!profile || busy}>
            {busy ? 'Starting…' : 'Retry'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * After a retry moved a question to another backend, the document's next question goes there
 * too when its box still pointed at the backend that failed (a choice made since is kept).
 */
function followRetry(run: RunView, profileId: string): void {
  if (profileId === run.profileId) return;
  const draft = useAskDraftStore.getState().byDocument[run.documentId];
  const next = draft?.profileId || useSettingsStore.getState().settings.activeProfileId;
  if (next === run.profileId) chooseBackend(run.documentId, profileId);
}
