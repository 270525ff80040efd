// Settings › Models: the recommended models with what they cost to keep and run, downloads in
// progress, the model files on this computer (removed after a confirmation that says what
// happens to the file), "Add a model file…" and an `hf:` address.
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  MODEL_CATALOGUE,
  formatBytes,
  type CatalogueModel,
} from '../../../../shared/model-catalogue.ts';
import type { LocalModel } from '../../../../shared/models-api.ts';
import {
  activateModel,
  addModelFile,
  dismissModelsError,
  downloadModel,
  removeModel,
  useModelsStore,
} from '../../stores/models-store.ts';
import { useSettingsStore } from '../../stores/settings-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { DownloadRow } from './download-row.tsx';

export const SPEED_WORDS: Record<CatalogueModel['speed'], string> = {
  fast: 'fast',
  medium: 'medium speed',
  slow: 'slower, most accurate',
};

export function ModelsSection() {
  const { list, downloads, error } = useModelsStore(
    useShallow((s) => ({ list: s.list, downloads: s.downloads, error: s.error })),
  );
  const [hfUri, setHfUri] = useState('');
  const local = list?.models ?? [];
  const going = Object.values(downloads);
  return (
    <section aria-labelledby="models-heading" className="models-section">
      <div className="toolbar">
        <h2 id="models-heading">Models on this computer</h2>
        <button type="button" onClick={() => void addModelFile()}>
          Add a model file…
        </button>
      </div>
      <p className="muted small">
        For the built-in backend. Downloads are stored in{' '}
        {list ? <code>{list.folder}</code> : 'the app’s data folder'}
        {list?.freeBytes !== undefined ? ` (${formatBytes(list.freeBytes)} free)` : ''}.
      </p>
      {error ? <ErrorBanner error={error} onDismiss={dismissModelsError} /> : null}
      {going.length > 0 ? (
        <ul className="downloads" aria-label="Downloads">
          {going.map((d) => (
            <DownloadRow key={d.reference} download={d} />
          ))}
        </ul>
      ) : null}
      {local.length === 0 ? (
        <p className="muted">No model yet: download one below or add a GGUF file you have.</p>
      ) : (
        <ul className="model-list" aria-label="Downloaded and added models">
          {local.map((m) => (
            <LocalModelRow key={m.id} model={m} />
          ))}
        </ul>
      )}
      <h3 className="small-heading">Recommended models</h3>
      <ul className="catalogue" aria-label="Recommended models">
        {MODEL_CATALOGUE.map((m) => {
          const have = local.some((l) => l.catalogueId === m.id && !l.missing);
          const busy = downloads[m.id] !== undefined;
          return (
            <li key={m.id} className="catalogue-model">
              <div>
                <strong>{m.name}</strong>
                <p className="muted small">
                  {formatBytes(m.approxBytes)} download · needs about {formatBytes(m.memoryBytes)}{' '}
                  of memory · {SPEED_WORDS[m.speed]} · licence {m.licence}
                </p>
                <p className="small">{m.note}</p>
              </div>
              <button
                type="button"
                disabled={have || busy}
                onClick={() => void downloadModel(m.id)}
                aria-label={`Download ${m.name}`}
              >
                {have ? 'Downloaded' : busy ? 'Downloading' : 'Download'}
              </button>
            </li>
          );
        })}
      </ul>
      <form
        className="hf-download"
        onSubmit={(e) => {
          e.preventDefault();
          void downloadModel(hfUri.trim()).then((ok) => ok && setHfUri(''));
        }}
      >
        <label>
          Another model from Hugging Face
          <input
            value={hfUri}
            onChange={(e) => setHfUri(e.target.value)}
            placeholder="hf:owner/repo/file.gguf or hf:owner/repo:Q4_K_M"
            spellCheck={false}
          />
        </label>
        <button type="submit" disabled={hfUri.trim() === ''}>
          Download
        </button>
      </form>
    </section>
  );
}

function LocalModelRow(props: { model: LocalModel }) {
  const m = props.model;
  const [confirming, setConfirming] = useState(false);
  // In use: the active backend is the built-in one reading this file.
  const inUse = useSettingsStore((s) => {
    const active = s.settings.profiles.find((p) => p.id === s.settings.activeProfileId);
    return active?.kind === 'builtin' && active.builtin?.modelFile === m.file;
  });
  const name = m.file.split(/[\\/]/).pop() ?? m.id;
  const deletes = m.origin !== 'added';
  return (
    <li className="local-model">
      <div>
        <strong>{name}</strong>{' '}
        <span className="muted small">
          {formatBytes(m.bytes)} ·{' '}
          {m.origin === 'added'
            ? 'added from disk'
            : m.origin === 'found'
              ? 'found in the models folder'
              : 'downloaded'}
          {m.verified ? ' · verified' : ''}
        </span>
        <p className="muted small path">{m.file}</p>
        {m.missing ? (
          <p className="error-text small">
            The file is no longer there (moved, deleted or on a disk that is not connected).
          </p>
        ) : null}
      </div>
      {confirming ? (
        <div className="confirm" role="group" aria-label={`Remove ${name}?`}>
          <span className="small">
            {deletes
              ? `Delete this file (${formatBytes(m.bytes)}) from the computer?`
              : 'Forget this model? The file itself stays where it is.'}
          </span>
          <button type="button" className="danger" onClick={() => void removeModel(m.id)}>
            {deletes ? 'Delete' : 'Forget'}
          </button>
          <button type="button" onClick={() => setConfirming(false)}>
            Keep
          </button>
        </div>
      ) : (
        <div className="row-buttons">
          {inUse ? (
            <span className="badge status-done">In use</span>
          ) : (
            <button
              type="button"
              disabled={m.missing}
              onClick={() => void activateModel(m)}
              aria-label={`Use ${name}`}
              title="The built-in backend reads with this model, and questions go to it"
            >
              Use this model
            </button>
          )}
          <button type="button" onClick={() => setConfirming(true)} aria-label={`Remove ${name}`}>
            Remove
          </button>
        </div>
      )}
    </li>
  );
}
