// The models calls: the built-in backend's files on this computer, downloads that main owns
// (progress to every window, pause, resume, cancel; parts left by an earlier start listed as
// paused), adding a file through main's dialog, and where the loaded model runs.
import { readdir, stat, statfs } from 'node:fs/promises';
import path from 'node:path';
import type { CallHandlers, FilePurpose } from '../../../shared/api.ts';
import { BACKEND_DEFAULTS } from '../../../shared/backends.ts';
import { MODEL_CATALOGUE, catalogueModel } from '../../../shared/model-catalogue.ts';
import type { DownloadSnapshot, LocalModel } from '../../../shared/models-api.ts';
import { CoreError, toAppError } from '../errors.ts';
import {
  openModelStore,
  parseModelReference,
  resolveModel,
  type DownloadEvent,
  type HfAccess,
  type ModelListing,
  type ModelRecord,
  type ResolveModelOptions,
} from '../models/index.ts';
import { hfResolveUrl, parseHfUri } from '../models/model-ref.ts';
import { partPath, readPartState, removePartFiles } from '../models/part-file.ts';
import type { JobRegistry } from '../jobs/job-registry.ts';
import type { Store } from '../store/store.ts';
import type { BuiltinHosts } from '../backends/builtin-hosts.ts';
import { asResult } from './invoke-call.ts';
import type { Emit } from './service-deps.ts';

type ModelHandlers = Pick<
  CallHandlers,
  | 'models:list'
  | 'models:add-file'
  | 'models:remove'
  | 'models:download'
  | 'models:pause'
  | 'models:cancel'
  | 'models:host-info'
  | 'models:use'
>;

export interface ModelHandlerDeps {
  store: Store;
  modelsDir: string;
  hf: HfAccess;
  hosts: BuiltinHosts;
  emit: Emit;
  chooseFile?: (purpose: FilePurpose) => Promise<string | null>;
  /** The process's jobs: each download is one. */
  jobs: JobRegistry;
  /** Downloader settings for tests (stall time, retries, free-space probe). */
  downloader?: ResolveModelOptions['downloader'];
  /** Progress events at most this often while bytes arrive (default 250 ms). */
  progressEveryMs?: number;
}

function localModel(m: ModelListing | ModelRecord): LocalModel {
  const s = m.source;
  const model: LocalModel = {
    id: m.id,
    file: m.file,
    bytes: m.bytes,
    origin: s.kind === 'file' ? 'added' : s.kind === 'found' ? 'found' : 'downloaded',
    verified: m.sizeVerified && m.sha256Verified,
    missing: 'missing' in m ? m.missing : false,
  };
  if (s.kind === 'catalogue') model.catalogueId = s.id;
  if (s.kind === 'catalogue' || s.kind === 'hf') model.source = s.uri;
  if (s.kind === 'url') model.source = s.url;
  return model;
}

/** What a downloader event changes in the download's snapshot. */
function snapshotChange(e: DownloadEvent): Partial<DownloadSnapshot> {
  switch (e.type) {
    case 'connecting':
      return { state: 'connecting' };
    case 'rehashing':
      return { state: 'checking', received: e.bytes, note: 'Checking the part saved earlier…' };
    case 'started':
      return {
        state: 'downloading',
        received: e.resumedFrom,
        ...(e.total === undefined ? {} : { total: e.total }),
      };
    case 'restarted':
      return { note: e.reason, received: 0 };
    case 'retrying':
      return { state: 'retrying', note: `${e.reason} Trying again (${e.attempt} of ${e.of})…` };
    case 'progress': {
      const p = e.progress;
      return {
        state: 'downloading',
        received: p.received,
        bytesPerSec: p.bytesPerSec,
        ...(p.total === undefined ? {} : { total: p.total }),
        ...(p.etaMs === undefined ? {} : { etaMs: p.etaMs }),
      };
    }
  }
}

const nameOf = (reference: string): string =>
  catalogueModel(reference)?.name ?? path.basename(reference.replace(/^hf:/i, '')).split('#')[0]!;

export function createModelHandlers(deps: ModelHandlerDeps): {
  handlers: ModelHandlers;
  /** Pauses every download (their parts are kept for the next start). */
  dispose(): Promise<void>;
} {
  const models = openModelStore(deps.modelsDir);
  const live = {
    get: (reference: string) =>
      deps.jobs.get<DownloadSnapshot, DownloadSnapshot>('download', reference),
    has: (reference: string) => deps.jobs.isLive('download', reference),
    all: () => deps.jobs.list<DownloadSnapshot, DownloadSnapshot>('download'),
  };
  /** Failed, paused and cancelled downloads of this session, until started again. */
  const ended = new Map<string, DownloadSnapshot>();
  const every = deps.progressEveryMs ?? 250;

  const send = (snapshot: DownloadSnapshot): void =>
    deps.emit(undefined, 'models:download', snapshot);

  /** The reference a part on disk came from: a catalogue id, else its `hf:` URI. */
  function referenceOfUrl(url: string): string | undefined {
    for (const m of MODEL_CATALOGUE) {
      const hf = parseHfUri(m.uri);
      if (hf.file && hfResolveUrl(deps.hf.endpoint, { ...hf, file: hf.file }) === url) return m.id;
    }
    const match = /^\/([^/]+)\/([^/]+)\/resolve\/[^/]+\/(.+)$/.exec(new URL(url).pathname);
    if (match) return `hf:${match[1]}/${match[2]}/${decodeURIComponent(match[3]!)}`;
    return undefined;
  }

  /** Parts left in the models folder by an earlier start (or a terminal's pull), as paused. */
  async function partsOnDisk(): Promise<DownloadSnapshot[]> {
    const names = await readdir(deps.modelsDir).catch(() => [] as string[]);
    const found: DownloadSnapshot[] = [];
    for (const name of names) {
      if (!name.endsWith('.gguf.part.json')) continue;
      const dest = path.join(deps.modelsDir, name.slice(0, -'.part.json'.length));
      const state = await readPartState(dest);
      if (!state) continue;
      const reference = referenceOfUrl(state.url);
      if (reference === undefined || live.has(reference)) continue;
      const received = await stat(partPath(dest)).then(
        (s) => s.size,
        () => 0,
      );
      const snapshot: DownloadSnapshot = {
        reference,
        name: nameOf(reference),
        state: 'paused',
        received,
        bytesPerSec: 0,
      };
      if (state.total !== undefined) snapshot.total = state.total;
      found.push(snapshot);
    }
    return found;
  }

  /**
   * Starts a download as a job (kind 'download', id = its reference) whose snapshot is what
   * every window is sent. Its stop reason says what stopping means: 'pause' (and the service's
   * 'shutdown') keeps the part, 'cancel' removes it.
   */
  function start(reference: string, useWhenDone: boolean): DownloadSnapshot {
    ended.delete(reference);
    /** The file the download writes, once known (for a cancel before connecting: `destOf`). */
    let dest: string | undefined;
    const job = deps.jobs.start<DownloadSnapshot, DownloadSnapshot, LocalModel>({
      kind: 'download',
      id: reference,
      owner: undefined,
      snapshot: {
        reference,
        name: nameOf(reference),
        state: 'connecting',
        received: 0,
        bytesPerSec: 0,
      },
      emit: (_every, snapshot) => send(snapshot),
      work: async (job) => {
        let lastSent = 0;
        const update = (change: Partial<DownloadSnapshot>, force = true): void => {
          job.setSnapshot({ ...job.snapshot, ...change });
          const now = performance.now();
          if (force || now - lastSent >= every) {
            lastSent = now;
            job.send(job.snapshot);
          }
        };
        const onEvent = (e: DownloadEvent): void => {
          if (e.type === 'connecting')
            dest = path.join(
              deps.modelsDir,
              path.basename(decodeURIComponent(new URL(e.url).pathname)),
            );
          if (e.type === 'progress') {
            // A progress event without an estimate drops the old one.
            const { etaMs: _eta, ...rest } = job.snapshot;
            job.setSnapshot(rest);
          }
          // Progress is sent at most every `every` ms, except the last byte's.
          const force =
            e.type !== 'progress' ||
            (e.progress.total !== undefined && e.progress.received >= e.progress.total);
          update(snapshotChange(e), force);
        };
        const result = await resolveModel(reference, {
          modelsDir: deps.modelsDir,
          hf: deps.hf,
          signal: job.signal,
          onEvent,
          ...(deps.downloader ? { downloader: deps.downloader } : {}),
        });
        return result.record
          ? localModel(result.record)
          : localModel({
              id: path.basename(result.path),
              file: result.path,
              bytes: 0,
              source: { kind: 'found' },
              sizeVerified: false,
              sha256Verified: false,
              addedAt: Date.now(),
            });
      },
      finish: async (ending, job) => {
        const { etaMs: _eta, ...last } = job.snapshot;
        if (ending.status === 'done') {
          const final: DownloadSnapshot = {
            ...last,
            state: 'done',
            model: ending.value,
            bytesPerSec: 0,
          };
          if (useWhenDone) final.profileId = useModel(ending.value, last.name);
          return final;
        }
        const stopped = ending.status === 'cancelled' ? ending.reason : undefined;
        const snapshot: DownloadSnapshot = { ...last, bytesPerSec: 0 };
        if (stopped === 'cancel') {
          const file = dest ?? (await destOf(reference));
          if (file) await removePartFiles(file);
          snapshot.state = 'cancelled';
        } else if (stopped !== undefined) {
          snapshot.state = 'paused';
        } else {
          snapshot.state = 'failed';
          snapshot.error = toAppError(ending.error);
        }
        if (snapshot.state !== 'cancelled') ended.set(reference, snapshot);
        return snapshot;
      },
    });
    send(job.snapshot);
    return job.snapshot;
  }

  /** The destination of a catalogue model or `hf:` URI with a file (for a cancel before connecting). */
  async function destOf(reference: string): Promise<string | undefined> {
    const model = catalogueModel(reference);
    if (model) return path.join(deps.modelsDir, model.file);
    try {
      const hf = parseHfUri(reference);
      return hf.file ? path.join(deps.modelsDir, path.basename(hf.file)) : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * Makes the built-in backend read with `model` and makes it the active one: the built-in
   * profile of that file if there is one, else a new one named `name` that keeps the GPU and
   * thread choices of the active built-in profile (they belong to this computer, not the model;
   * GPU layers depend on the model and are left automatic).
   */
  function useModel(model: LocalModel, name: string): string {
    const settings = deps.store.settings;
    const profiles = settings.profiles();
    const existing = profiles.find(
      (p) => p.kind === 'builtin' && p.builtin?.modelFile === model.file,
    );
    const id = existing?.id ?? `builtin-${model.id.replace(/[^a-z0-9._-]/gi, '-')}`.slice(0, 100);
    if (!existing) {
      const active = profiles.find((p) => p.id === settings.activeProfileId());
      const like = active?.kind === 'builtin' ? active.builtin : undefined;
      settings.saveProfile({
        id,
        name: `${BACKEND_DEFAULTS.builtin.name}: ${name}`.slice(0, 200),
        kind: 'builtin',
        baseUrl: '',
        builtin: {
          modelFile: model.file,
          ...(like?.gpu === undefined ? {} : { gpu: like.gpu }),
          ...(like?.threads === undefined ? {} : { threads: like.threads }),
        },
      });
    }
    settings.setActiveProfileId(id);
    return id;
  }

  const handlers: ModelHandlers = {
    'models:list': () =>
      asResult(async () => {
        const listed = (await models.list()).map(localModel);
        const downloads = [
          ...live.all().map((l) => l.snapshot),
          ...[...ended.values()].filter((s) => !live.has(s.reference)),
        ];
        for (const part of await partsOnDisk())
          if (!downloads.some((d) => d.reference === part.reference)) downloads.push(part);
        const free = await statfs(deps.modelsDir)
          .catch(() => statfs(path.dirname(deps.modelsDir)))
          .then(
            (s) => s.bavail * s.bsize,
            () => undefined,
          );
        return {
          models: listed,
          downloads,
          folder: deps.modelsDir,
          ...(free === undefined ? {} : { freeBytes: free }),
        };
      }),

    'models:add-file': () =>
      asResult(async () => {
        if (!deps.chooseFile)
          throw new CoreError('Unsupported', 'Choosing a file is not available here.');
        const file = await deps.chooseFile('model');
        if (file === null) return null;
        return localModel(await models.add(file));
      }),

    'models:remove': ({ id }) =>
      asResult(async () => {
        const record = await models.get(id);
        if (record) deps.hosts.closeFile(record.file);
        const { deletedFile } = await models.remove(id);
        return { deletedFile };
      }),

    'models:download': ({ reference, useWhenDone }) =>
      asResult(() => {
        const ref = parseModelReference(reference, deps.modelsDir);
        if (ref.kind !== 'catalogue' && ref.kind !== 'hf')
          throw new CoreError(
            'BadUsage',
            'Enter a catalogue model or an hf: address (hf:owner/repo/file.gguf).',
            { hint: 'To use a file already on this computer, choose “Add a model file…”.' },
          );
        const key = ref.kind === 'catalogue' ? ref.model.id : reference.trim();
        const going = live.get(key);
        if (going) return going.snapshot;
        return start(key, useWhenDone === true);
      }),

    'models:pause': ({ reference }) =>
      asResult(() => {
        const going = live.get(reference);
        if (!going) throw new CoreError('NotFound', 'That download is not running.');
        going.cancel('pause');
        return null;
      }),

    'models:cancel': ({ reference }) =>
      asResult(async () => {
        const going = live.get(reference);
        if (going) {
          going.cancel('cancel');
          await going.done;
          return null;
        }
        // A paused or failed download: its part (maybe from an earlier start) is removed.
        const dest = await destOf(reference);
        const onDisk = (await partsOnDisk()).some((p) => p.reference === reference);
        if (!ended.has(reference) && !onDisk)
          throw new CoreError('NotFound', 'There is no download of that model to cancel.');
        if (dest) await removePartFiles(dest);
        ended.delete(reference);
        send({
          reference,
          name: nameOf(reference),
          state: 'cancelled',
          received: 0,
          bytesPerSec: 0,
        });
        return null;
      }),

    'models:use': ({ id }) =>
      asResult(async () => {
        const record = (await models.list()).find((m) => m.id === id);
        if (!record) throw new CoreError('NotFound', 'That model is not on this computer.');
        if (record.missing)
          throw new CoreError('NotFound', `The model file ${record.file} is no longer there.`, {
            hint: 'Connect the disk it is on, or add the file again in Settings › Models.',
          });
        const model = localModel(record);
        const name =
          catalogueModel(model.catalogueId ?? '')?.name ??
          path.basename(model.file).replace(/\.gguf$/i, '');
        return { profileId: useModel(model, name) };
      }),

    'models:host-info': ({ profileId }) =>
      asResult(async () => {
        const profile = deps.store.settings.profile(profileId);
        if (!profile) throw new CoreError('NotFound', 'That backend profile does not exist.');
        if (profile.kind !== 'builtin' || !profile.builtin) return null;
        const info = await deps.hosts.info(profile.builtin.modelFile);
        if (!info) return null;
        return {
          name: info.name,
          gpuType: info.gpu.type,
          devices: info.gpu.devices,
          layersOffloaded: info.gpu.layersOffloaded,
          totalLayers: info.gpu.totalLayers,
          vramUsedBytes: info.gpu.vramUsedBytes,
          threads: info.threads,
          contextTokens: info.contextTokens,
          sequences: info.sequences,
        };
      }),
  };

  return {
    handlers,
    async dispose() {
      await deps.jobs.cancelWhere('download', () => true, 'pause');
    },
  };
}
