// What a new user sees first: two ways to get answers. The built-in model (downloaded once, then
// nothing leaves the computer) is the default; a server or API is one click away.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SEEDED_PROFILE_ID } from '../../../../shared/backends.ts';
import {
  DEFAULT_CATALOGUE_ID,
  MODEL_CATALOGUE,
  catalogueModel,
  formatBytes,
} from '../../../../shared/model-catalogue.ts';
import { dismissModelsError, downloadModel, useModelsStore } from '../../stores/models-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { DownloadRow } from './download-row.tsx';
import { SPEED_WORDS } from './models-section.tsx';

/** A typical home connection (50 Mbit/s) for the time estimate before any byte arrives. */
const TYPICAL_BYTES_PER_SEC = 50_000_000 / 8;

/** "12 min", "1 h 05 min": a rough time, so no seconds. */
function downloadMinutes(bytes: number): string {
  const minutes = Math.max(1, Math.round(bytes / TYPICAL_BYTES_PER_SEC / 60));
  return minutes < 60
    ? `${minutes} min`
    : `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

/** True while no backend has been set up: none, or only the seeded local vLLM never reached. */
export function useNeedsFirstStart(): boolean {
  return useSettingsStore((s) => {
    if (!s.loaded) return false;
    const { profiles, lastTests } = s.settings;
    return profiles.every((p) => p.id === SEEDED_PROFILE_ID && lastTests[p.id]?.ok !== true);
  });
}

export function FirstStart() {
  const dismissed = useUiStore((s) => s.firstStartDismissed);
  const needed = useNeedsFirstStart();
  const [choice, setChoice] = useState(DEFAULT_CATALOGUE_ID);
  const { folder, downloads, error } = useModelsStore(
    useShallow((s) => ({ folder: s.list?.folder, downloads: s.downloads, error: s.error })),
  );
  const going = MODEL_CATALOGUE.map((m) => downloads[m.id]).find((d) => d !== undefined);
  if (dismissed || (!needed && going === undefined)) return null;
  const model = catalogueModel(choice) ?? MODEL_CATALOGUE[0]!;
  return (
    <section className="first-start" aria-labelledby="first-start-heading">
      <h1 id="first-start-heading">How should MemAgent read your documents?</h1>
      <p className="muted">Choose one to begin; you can add the other later in Settings.</p>
      <div className="first-start-paths">
        <div className="path-card recommended">
          <p className="recommended-badge">Recommended</p>
          <h2>Use the built-in model</h2>
          <p>Runs on this computer: no server, no account, and your documents never leave it.</p>
          {going ? (
            <ul className="downloads">
              <DownloadRow download={going} useWhenDone />
            </ul>
          ) : (
            <>
              <label>
                Model
                <select value={model.id} onChange={(e) => setChoice(e.target.value)}>
                  {MODEL_CATALOGUE.map((m) => (
                    <option key={m.id} value={m.id}>
                      {m.name} · {formatBytes(m.approxBytes)}
                    </option>
                  ))}
                </select>
              </label>
              <dl className="stats">
                <div>
                  <dt>Download</dt>
                  <dd>{formatBytes(model.approxBytes)}</dd>
                </div>
                <div>
                  <dt>Time</dt>
                  <dd>about {downloadMinutes(model.approxBytes)} at 50 Mbit/s</dd>
                </div>
                <div>
                  <dt>Memory</dt>
                  <dd>about {formatBytes(model.memoryBytes)}</dd>
                </div>
                <div>
                  <dt>Speed</dt>
                  <dd>{SPEED_WORDS[model.speed]}</dd>
                </div>
              </dl>
              <p className="small">{model.note}</p>
              <p className="muted small">
                Stored in {folder ? <code>{folder}</code> : 'the app’s data folder'} · licence{' '}
                {model.licence}
              </p>
              <button
                type="button"
                className="primary"
                onClick={() => void downloadModel(model.id, true)}
              >
                Download and use {model.name}
              </button>
            </>
          )}
          {error ? <ErrorBanner error={error} onDismiss={dismissModelsError} /> : null}
        </div>
        <div className="path-card">
          <h2>Connect a server or API</h2>
          <p>
            A vLLM server running RL-MemoryAgent (the most accurate), Ollama, or a cloud API such as
            OpenAI, Azure OpenAI or OpenRouter.
          </p>
          <button
            type="button"
            onClick={() => {
              useUiStore.setState({ newBackendForm: true, firstStartDismissed: true });
              useUiStore.getState().setScreen('settings');
            }}
          >
            Set up a server or API…
          </button>
        </div>
      </div>
      <button
        type="button"
        className="link"
        onClick={() => useUiStore.setState({ firstStartDismissed: true })}
      >
        Decide later
      </button>
    </section>
  );
}
