// From what a user names a model by to a verified GGUF file on this computer, downloading it
// first when needed: the one entry point of the builtin backend, `memagent pull` and the app.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { CoreError } from '../errors.ts';
import { displayUrl } from '../redact.ts';
import { ModelDownload, type DownloadEvent, type DownloadOptions } from './download.ts';
import { checkGgufFile } from './gguf.ts';
import { DEFAULT_HF_ENDPOINT, resolveHfQuant, type HfAccess } from './hf.ts';
import { hfResolveUrl, hfUri, parseModelReference, type HfReference } from './model-ref.ts';
import {
  idFromFileName,
  openModelStore,
  type ModelRecord,
  type ModelSource,
} from './model-store.ts';

export interface ResolveModelOptions {
  /** The models folder: `modelsDirIn(dataDir)` (the app's userData, the CLI's `appDataDir()`). */
  modelsDir: string;
  /** Where a relative file path is resolved from (default the process's working folder). */
  cwd?: string;
  /** Hugging Face's endpoint and token: `hfAccessFromEnv(process.env)` reads HF_ENDPOINT, HF_TOKEN. */
  hf?: HfAccess;
  /**
   * Download a catalogue model, `hf:` URI or URL that is not on disk yet (default true). With
   * false such a model throws NotFound, with a hint naming `memagent pull`.
   */
  download?: boolean;
  /** Download again even when the model is on disk (the old file is replaced once verified). */
  force?: boolean;
  /** Aborting pauses a download: its part is kept, and the next call continues it. */
  signal?: AbortSignal;
  /** Download progress: bytes, speed, time left, restarts and automatic retries. */
  onEvent?: (event: DownloadEvent) => void;
  /** Downloader settings for tests: stall time, retries, free-space probe. */
  downloader?: Pick<DownloadOptions, 'stallMs' | 'retries' | 'retryDelayMs' | 'freeBytes' | 'now'>;
}

export interface ResolvedModel {
  /** Absolute path of a GGUF file (signature checked; size and checksum too when downloaded). */
  path: string;
  /** Its record in the model store; absent for a file path given directly and not added. */
  record?: ModelRecord;
  /** True when this call downloaded it. */
  downloaded: boolean;
}

/**
 * Resolves a model reference to a local GGUF file: a catalogue id
 * (`qwen2.5-7b-instruct-q4_k_m`), an `hf:owner/repo/file.gguf[#rev]` or `hf:owner/repo:quant`
 * URI, an http(s) URL of a .gguf file, or a path to a .gguf file. A model not on disk is
 * downloaded into `modelsDir` (progress through `onEvent`; aborting `signal` pauses) and recorded
 * in the model store; a path is checked but not recorded (`ModelStore.add` records one).
 *
 * Throws CoreError: BadUsage (not a reference), NotFound (no such file, model or repo; or not on
 * disk with `download: false`), Unsupported (not GGUF, split model), Cancelled (paused) and the
 * downloader's errors (ModelDownload.start).
 */
export async function resolveModel(
  reference: string,
  options: ResolveModelOptions,
): Promise<ResolvedModel> {
  const ref = parseModelReference(reference, options.cwd ?? process.cwd());
  const store = openModelStore(options.modelsDir);
  if (ref.kind === 'file') {
    await checkGgufFile(ref.path);
    const record = (await store.list()).find((m) => path.resolve(m.file) === ref.path);
    return record === undefined
      ? { path: ref.path, downloaded: false }
      : { path: ref.path, record, downloaded: false };
  }
  const hf = options.hf ?? { endpoint: DEFAULT_HF_ENDPOINT };
  let url: string;
  let source: ModelSource;
  let id: string;
  let expected: { bytes?: number; sha256?: string } | undefined;
  let hfFile: (HfReference & { file: string }) | undefined;
  if (ref.kind === 'url') {
    url = ref.url;
    source = { kind: 'url', url: displayUrl(url) };
    id = idFromFileName(decodeURIComponent(new URL(url).pathname));
  } else {
    if (ref.hf.file === undefined) {
      // `hf:owner/repo:quant`: a model pulled that way before is used without asking the network.
      const prefix = `hf:${ref.hf.owner}/${ref.hf.repo}/`.toLowerCase();
      const quant = (ref.hf.quant ?? '').toLowerCase();
      const earlier = (await store.list()).find(
        (m) =>
          m.source.kind === 'hf' &&
          m.source.uri.toLowerCase().startsWith(prefix) &&
          path.basename(m.file).toLowerCase().includes(quant) &&
          !m.missing,
      );
      if (earlier !== undefined && options.force !== true)
        return { path: earlier.file, record: earlier, downloaded: false };
      if (options.download === false) throw notPulled(reference);
      const found = await resolveHfQuant(ref.hf, hf, options.signal);
      hfFile = { ...ref.hf, file: found.file };
      expected = {};
      if (found.bytes !== undefined) expected.bytes = found.bytes;
      if (found.sha256 !== undefined) expected.sha256 = found.sha256;
    } else {
      hfFile = { ...ref.hf, file: ref.hf.file };
    }
    url = hfResolveUrl(hf.endpoint, hfFile);
    source =
      ref.kind === 'catalogue'
        ? { kind: 'catalogue', id: ref.model.id, uri: ref.model.uri }
        : { kind: 'hf', uri: hfUri(hfFile) };
    id = ref.kind === 'catalogue' ? ref.model.id : idFromFileName(hfFile.file);
  }
  const fileName =
    ref.kind === 'catalogue'
      ? ref.model.file
      : path.basename(hfFile?.file ?? decodeURIComponent(new URL(url).pathname));
  const dest = path.join(options.modelsDir, fileName);

  const existing = await store.get(id);
  if (existing !== undefined && options.force !== true) {
    const present = await access(existing.file).then(
      () => true,
      () => false,
    );
    if (present) {
      if (!sameSource(existing.source, source))
        throw new CoreError(
          'BadUsage',
          `A model named "${id}" from somewhere else is already on this computer (${describeSource(existing.source)}).`,
          {
            hint: `Remove it first with \`memagent models --builtin --remove ${id}\`, or pass --force to replace it.`,
          },
        );
      return { path: existing.file, record: existing, downloaded: false };
    }
  }
  if (options.download === false) throw notPulled(reference);

  const headers: Record<string, string> = {};
  // The token goes to Hugging Face only (and the downloader drops it on a redirect elsewhere).
  if (hf.token !== undefined && new URL(url).origin === new URL(hf.endpoint).origin)
    headers.authorization = `Bearer ${hf.token}`;
  const download = new ModelDownload({
    ...options.downloader,
    url,
    dest,
    headers,
    ...(expected ? { expected } : {}),
    ...(options.onEvent ? { onEvent: options.onEvent } : {}),
  });
  const result = await download.start(options.signal);
  const record: ModelRecord = {
    id,
    file: result.path,
    bytes: result.bytes,
    source,
    sha256: result.sha256,
    sizeVerified: result.sizeVerified,
    sha256Verified: result.sha256Verified,
    addedAt: Date.now(),
  };
  if (result.commit !== undefined) record.commit = result.commit;
  await store.put(record);
  return { path: result.path, record, downloaded: true };
}

/** A file the user put there (added, or copied into the folder) stands for a download of its name. */
function sameSource(a: ModelSource, b: ModelSource): boolean {
  if (a.kind === 'found' || a.kind === 'file') return true;
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Where a model came from, in a few words. */
export function describeSource(source: ModelSource): string {
  switch (source.kind) {
    case 'catalogue':
      return `catalogue: ${source.uri}`;
    case 'hf':
      return source.uri;
    case 'url':
      return source.url;
    case 'file':
      return 'added from disk';
    case 'found':
      return 'found in the models folder';
  }
}

function notPulled(reference: string): CoreError {
  return new CoreError('NotFound', `The model "${reference}" is not on this computer yet.`, {
    hint: `Download it with \`memagent pull ${reference}\`.`,
  });
}
