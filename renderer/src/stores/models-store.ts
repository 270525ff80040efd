// The built-in backend's models as main reports them: files on this computer, downloads (fed by
// `models:download` events) and where the loaded model runs. Paths are shown, never chosen here.
import { create } from 'zustand';
import type {
  BuiltinHostInfo,
  DownloadSnapshot,
  LocalModel,
  ModelsList,
} from '../../../shared/models-api.ts';
import type { AppError } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { modelNameOf } from '../lib/model-name.ts';
import { loadSettings } from './settings-store.ts';

export interface ModelsState {
  list: ModelsList | null;
  /** Downloads by reference (catalogue id or `hf:` URI), as last reported. */
  downloads: Record<string, DownloadSnapshot>;
  error: AppError | null;
  hostInfo: Record<string, BuiltinHostInfo | null | 'loading'>;
  /** Downloads finished in this window, by reference: the form that asked picks the file. */
  finished: Record<string, LocalModel>;
  /**
   * The model a first-start path (a download to use, a GGUF file the user had) has just made the
   * active backend: the first-start screen says it is ready and what to do next.
   */
  ready: { name: string; profileId: string } | null;
}

export const useModelsStore = create<ModelsState>(() => ({
  list: null,
  downloads: {},
  error: null,
  hostInfo: {},
  finished: {},
  ready: null,
}));

const set = useModelsStore.setState;
const get = useModelsStore.getState;

export async function loadModels(): Promise<void> {
  const result = await call(bridge(), 'models:list', {});
  if (!result.ok) {
    set({ error: result.error });
    return;
  }
  set({
    list: result.value,
    downloads: Object.fromEntries(result.value.downloads.map((d) => [d.reference, d])),
  });
}

/** A `models:download` event: the download's new state; a finished one refreshes the lists. */
export function onModelDownload(snapshot: DownloadSnapshot): void {
  const { [snapshot.reference]: _old, ...rest } = get().downloads;
  set({
    downloads:
      snapshot.state === 'done' || snapshot.state === 'cancelled'
        ? rest
        : { ...rest, [snapshot.reference]: snapshot },
  });
  if (snapshot.state === 'done') {
    if (snapshot.model)
      set({ finished: { ...get().finished, [snapshot.reference]: snapshot.model } });
    void loadModels();
    if (snapshot.profileId !== undefined) {
      set({ ready: { name: snapshot.name, profileId: snapshot.profileId } });
      void loadSettings();
    }
  }
}

/** Starts or resumes a download; `useWhenDone`: then make it the active built-in backend. */
export async function downloadModel(reference: string, useWhenDone = false): Promise<boolean> {
  const result = await call(bridge(), 'models:download', { reference, useWhenDone });
  if (!result.ok) {
    set({ error: result.error });
    return false;
  }
  set({ error: null, downloads: { ...get().downloads, [reference]: result.value } });
  return true;
}

export async function pauseDownload(reference: string): Promise<void> {
  const result = await call(bridge(), 'models:pause', { reference });
  if (!result.ok) set({ error: result.error });
}

export async function cancelDownload(reference: string): Promise<void> {
  const result = await call(bridge(), 'models:cancel', { reference });
  if (!result.ok) set({ error: result.error });
  await loadModels();
}

/** Main's open dialog for a GGUF file; the model added, or null (cancelled or refused). */
export async function addModelFile(): Promise<LocalModel | null> {
  const result = await call(bridge(), 'models:add-file', {});
  if (!result.ok) {
    set({ error: result.error });
    return null;
  }
  await loadModels();
  return result.value;
}

/**
 * "Use this model": the built-in backend reads with model `id` and becomes the active backend.
 * `announce`: the first-start screen then says it is ready.
 */
export async function activateModel(model: LocalModel, announce = false): Promise<boolean> {
  const result = await call(bridge(), 'models:use', { id: model.id });
  if (!result.ok) {
    set({ error: result.error });
    return false;
  }
  set({ error: null });
  if (announce)
    set({ ready: { name: modelNameOf(model.file), profileId: result.value.profileId } });
  await loadSettings();
  return true;
}

/** The first-start screen's "ready" note was read (or acted on). */
export function dismissReady(): void {
  set({ ready: null });
}

export async function removeModel(id: string): Promise<void> {
  const result = await call(bridge(), 'models:remove', { id });
  if (!result.ok) set({ error: result.error });
  await loadModels();
}

export async function loadHostInfo(profileId: string): Promise<void> {
  set({ hostInfo: { ...get().hostInfo, [profileId]: 'loading' } });
  const result = await call(bridge(), 'models:host-info', { profileId });
  set({ hostInfo: { ...get().hostInfo, [profileId]: result.ok ? result.value : null } });
}

export function dismissModelsError(): void {
  set({ error: null });
}
