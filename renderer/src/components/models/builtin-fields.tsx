// The built-in kind's part of the backend form: which model file, GPU, layers and threads (shown
// with their automatic values), and where the loaded model runs.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { BuiltinOptions } from '../../../../shared/schemas.ts';
import { formatBytes } from '../../../../shared/model-catalogue.ts';
import type { BuiltinHostInfo } from '../../../../shared/models-api.ts';
import {
  addModelFile,
  downloadModel,
  loadHostInfo,
  useModelsStore,
} from '../../stores/models-store.ts';
import { modelNameOf } from '../../lib/model-name.ts';
import { GenericModelNote } from '../common/generic-model-note.tsx';
import { DownloadRow } from './download-row.tsx';

export function BuiltinFields(props: {
  profileId: string;
  saved: boolean;
  value: BuiltinOptions | undefined;
  onChange: (value: BuiltinOptions | undefined) => void;
}) {
  const { list, downloads, finished, host } = useModelsStore(
    useShallow((s) => ({
      list: s.list,
      downloads: s.downloads,
      finished: s.finished,
      host: s.hostInfo[props.profileId],
    })),
  );
  const [hfUri, setHfUri] = useState('');
  const [asked, setAsked] = useState<string | null>(null);
  const v = props.value;
  const set = (change: Partial<BuiltinOptions>) => {
    const next = { ...v, modelFile: v?.modelFile ?? '', ...change };
    for (const k of ['gpu', 'gpuLayers', 'threads'] as const)
      if (next[k] === undefined) delete next[k];
    props.onChange(next.modelFile === '' && Object.keys(next).length === 1 ? undefined : next);
  };
  // The `hf:` model asked for here is chosen once it is downloaded.
  const done = asked === null ? undefined : finished[asked];
  useEffect(() => {
    if (done) {
      set({ modelFile: done.file });
      setAsked(null);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [done]);
  const models = (list?.models ?? []).filter((m) => !m.missing);
  const current = v?.modelFile ?? '';
  const known = models.some((m) => m.file === current);
  const going = asked === null ? undefined : downloads[asked];
  return (
    <fieldset className="builtin-fields">
      <legend>Model</legend>
      <label>
        Model file
        <select
          value={current}
          onChange={(e) => set({ modelFile: e.target.value })}
          required
          aria-describedby={`builtin-help-${props.profileId}`}
        >
          <option value="">{models.length === 0 ? 'No model yet' : 'Choose a model…'}</option>
          {!known && current !== '' ? (
            <option value={current}>{modelNameOf(current)}</option>
          ) : null}
          {models.map((m) => (
            <option key={m.id} value={m.file}>
              {modelNameOf(m.file)} ({formatBytes(m.bytes)})
            </option>
          ))}
        </select>
      </label>
      <p className="muted small" id={`builtin-help-${props.profileId}`}>
        Downloaded and added models are listed; Settings › Models downloads the recommended ones.
      </p>
      <div className="row-buttons">
        <button
          type="button"
          onClick={() =>
            void addModelFile().then((model) => {
              if (model !== null) set({ modelFile: model.file });
            })
          }
        >
          Add a model file…
        </button>
      </div>
      <div className="hf-inline">
        <label>
          Or download from Hugging Face
          <input
            value={hfUri}
            onChange={(e) => setHfUri(e.target.value)}
            placeholder="hf:owner/repo/file.gguf"
            spellCheck={false}
          />
        </label>
        <button
          type="button"
          disabled={hfUri.trim() === ''}
          onClick={() => {
            const ref = hfUri.trim();
            void downloadModel(ref).then((ok) => ok && setAsked(ref));
          }}
        >
          Download
        </button>
      </div>
      {going ? (
        <ul className="downloads">
          <DownloadRow download={going} />
        </ul>
      ) : null}
      {current !== '' ? <GenericModelNote model={modelNameOf(current)} full /> : null}
      <div className="row3">
        <label>
          GPU
          <select
            value={v?.gpu ?? 'auto'}
            onChange={(e) =>
              set({
                gpu: e.target.value === 'off' ? 'off' : undefined,
                ...(e.target.value === 'off' ? { gpuLayers: undefined } : {}),
              })
            }
          >
            <option value="auto">Automatic (the best GPU there is)</option>
            <option value="off">Off (CPU only)</option>
          </select>
        </label>
        <label>
          GPU layers
          <input
            type="number"
            min={0}
            max={1024}
            step={1}
            disabled={v?.gpu === 'off'}
            value={v?.gpuLayers ?? ''}
            placeholder={v?.gpu === 'off' ? '0 (GPU off)' : 'automatic'}
            aria-describedby={`builtin-auto-${props.profileId}`}
            onChange={(e) =>
              set({
                gpuLayers: e.target.value === '' ? undefined : Math.round(Number(e.target.value)),
              })
            }
          />
        </label>
        <label>
          CPU threads
          <input
            type="number"
            min={1}
            max={256}
            step={1}
            value={v?.threads ?? ''}
            placeholder="automatic"
            aria-describedby={`builtin-auto-${props.profileId}`}
            onChange={(e) =>
              set({
                threads: e.target.value === '' ? undefined : Math.round(Number(e.target.value)),
              })
            }
          />
        </label>
      </div>
      <p className="muted small" id={`builtin-auto-${props.profileId}`}>
        Empty fields are automatic: as many layers on the GPU as fit, and all CPU cores but one.
      </p>
      {props.saved ? (
        <HostLine info={host} onAsk={() => void loadHostInfo(props.profileId)} />
      ) : null}
    </fieldset>
  );
}

function HostLine(props: {
  info: BuiltinHostInfo | null | 'loading' | undefined;
  onAsk: () => void;
}) {
  const i = props.info;
  return (
    <p className="muted small host-line" aria-live="polite">
      {i === undefined ? null : i === 'loading' ? (
        'Asking the model…'
      ) : i === null ? (
        'The model is not loaded now: it loads with the first question or connection test.'
      ) : (
        <>
          Running:{' '}
          {i.gpuType === false ? 'CPU only' : `${i.gpuType.toUpperCase()} ${i.devices.join(', ')}`}
          {i.gpuType === false
            ? ''
            : `, ${i.layersOffloaded} of ${i.totalLayers} layers on the GPU, ${formatBytes(i.vramUsedBytes)} of GPU memory`}
          , {i.threads} CPU {i.threads === 1 ? 'thread' : 'threads'}, context{' '}
          {i.contextTokens.toLocaleString('en-US')} tokens × {i.sequences}.
        </>
      )}{' '}
      <button type="button" className="link" onClick={props.onAsk}>
        {i === undefined ? 'Show where it runs' : 'Refresh'}
      </button>
    </p>
  );
}
