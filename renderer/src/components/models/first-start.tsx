// What a new user sees first: two ways to get answers. The built-in model (downloaded once, or a
// GGUF file the user already has; then nothing leaves the computer) is the default; a server or
// API is one click away. Once the model is ready, it says so and what to do next.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { SEEDED_PROFILE_ID } from '../../../../shared/backends.ts';
import {
  DEFAULT_CATALOGUE_ID,
  MODEL_CATALOGUE,
  catalogueModel,
  formatBytes,
} from '../../../../shared/model-catalogue.ts';
import { chooseAndOpen } from '../../stores/documents-store.ts';
import {
  activateModel,
  addModelFile,
  dismissModelsError,
  dismissReady,
  downloadModel,
  useModelsStore,
} from '../../stores/models-store.ts';
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
  const { folder, downloads, error, ready } = useModelsStore(
    useShallow((s) => ({
      folder: s.list?.folder,
      downloads: s.downloads,
      error: s.error,
      ready: s.ready,
    })),
  );
  const [adding, setAdding] = useState(false);
  const going = MODEL_CATALOGUE.map((m) => downloads[m.id]).find((d) => d !== undefined);
  if (dismissed) return null;
  if (ready) return <ModelReady name={ready.name} />;
  if (!needed && going === undefined) return null;
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
                  <dd>needs about {formatBytes(model.memoryBytes)}</dd>
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
              <p className="or-have small">
                <span className="muted">No connection, or the file is here already?</span>
                <button
                  type="button"
                  disabled={adding}
                  onClick={() => {
                    // The same checks as Settings › Models › Add a model file…, then it is used.
                    setAdding(true);
                    void addModelFile()
                      .then((added) => (added ? activateModel(added, true) : false))
                      .finally(() => setAdding(false));
                  }}
                >
                  {adding ? 'Checking the file…' : 'I already have a GGUF file…'}
                </button>
              </p>
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
              useUiStore.setState({ firstStartDismissed: true });
              useUiStore.getState().openSettings('backends', { newBackend: true });
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

/** The last step of the built-in path: the model is the active backend; next, a document. */
function ModelReady(props: { name: string }) {
  const done = () => {
    dismissReady();
    useUiStore.setState({ firstStartDismissed: true });
  };
  return (
    <section className="first-start ready" aria-labelledby="first-start-ready">
      <div role="status">
        <h1 id="first-start-ready">Model ready — open a document to ask about it</h1>
        <p>
          <strong>{props.name}</strong> is now the active backend: it reads on this computer, and
          your documents never leave it. The first question loads it (a few seconds to a minute).
        </p>
      </div>
      <div className="ready-buttons">
        <button
          type="button"
          className="primary"
          onClick={() => {
            done();
            void chooseAndOpen();
          }}
        >
          Open document…
        </button>
        <span className="muted small">or drop a file anywhere in the window.</span>
        <button type="button" className="link" onClick={done}>
          Close
        </button>
      </div>
    </section>
  );
}
