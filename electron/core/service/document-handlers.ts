import type { CallHandlers } from '../../../shared/api.ts';
import type { DocumentInfo, DocumentText } from '../../../shared/model.ts';
import { extractDocument, DEFAULT_MAX_BYTES } from '../documents/index.ts';
import { readInput } from '../documents/read-input.ts';
import { CoreError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { sha256Hex as documentId } from '../documents/cache.ts';
import type { DocumentTexts } from './document-texts.ts';
import { asResult } from './invoke-call.ts';
import type { Emit } from './service-deps.ts';
import type { TokenCounter } from './token-counter.ts';

type DocumentHandlers = Pick<
  CallHandlers,
  | 'documents:choose-path'
  | 'documents:open'
  | 'documents:open-bytes'
  | 'documents:list'
  | 'documents:get'
  | 'documents:remove'
>;

export interface DocumentHandlerDeps {
  store: Store;
  texts: DocumentTexts;
  counter: TokenCounter;
  emit: Emit;
  now: () => number;
  maxBytes?: number;
  chooseFile?: () => Promise<string | null>;
  /** Stops the live runs of a document before it is removed. */
  cancelRunsOf: (documentId: string) => Promise<void>;
  /**
   * Aborted when the service shuts down; `track` registers an open in progress so the
   * shutdown can wait for it (extraction runs on worker threads that must not outlive it).
   */
  shutdown?: { signal: AbortSignal; track<T>(work: Promise<T>): Promise<T> };
}

export function createDocumentHandlers(deps: DocumentHandlerDeps): DocumentHandlers {
  const { store, texts, counter, emit, now } = deps;
  const maxBytes = deps.maxBytes ?? DEFAULT_MAX_BYTES;

  /** Opens bytes: reuses the library entry and cached text when the same content was seen. */
  const openBytes = async (
    bytes: Uint8Array,
    name: string,
    path: string | undefined,
    password: string | undefined,
    senderId: string,
  ): Promise<DocumentInfo> => {
    const id = documentId(bytes);
    const known = store.documents.get(id);
    if (known && (await texts.cached(id))) {
      store.documents.touch(id, now(), path, name);
      const info = store.documents.get(id) as DocumentInfo;
      if (info.tokenCount === undefined) counter.schedule(id);
      return info;
    }
    const progress = (done: number, total: number) =>
      emit(senderId, 'document:progress', {
        name,
        stage: 'extracting',
        done,
        total,
        documentId: id,
      });
    progress(0, 1);
    const options: Parameters<typeof extractDocument>[1] = {
      maxBytes,
      onProgress: (p) => progress(p.done, p.total),
    };
    if (deps.shutdown) options.signal = deps.shutdown.signal;
    if (password !== undefined) options.password = password;
    const doc = await extractDocument({ bytes, name }, options);
    await texts.remember(id, doc);
    const info = describe(id, name, path, doc, now());
    if (known?.tokenCount !== undefined && known.tokenizer !== undefined) {
      info.tokenCount = known.tokenCount;
      info.tokenizer = known.tokenizer;
    }
    store.documents.upsert(info);
    progress(1, 1);
    if (info.tokenCount === undefined) counter.schedule(id);
    return store.documents.get(id) as DocumentInfo;
  };

  const track = <T>(work: Promise<T>): Promise<T> =>
    deps.shutdown ? deps.shutdown.track(work) : work;

  const openPath = async (path: string, password: string | undefined, senderId: string) => {
    const name = path.split(/[\\/]/).pop() || path;
    emit(senderId, 'document:progress', { name, stage: 'reading', done: 0, total: 1 });
    const { bytes } = await readInput({ path }, maxBytes);
    return openBytes(bytes, name, path, password, senderId);
  };

  return {
    'documents:choose-path': () => asResult(() => chooseFile(deps)),
    'documents:open': ({ path, password }, ctx) =>
      asResult(() => track(openPath(path, password, ctx.senderId))),
    'documents:open-bytes': ({ name, data, password }, ctx) =>
      asResult(() => track(openBytes(data, name, undefined, password, ctx.senderId))),
    'documents:list': () => asResult(() => store.documents.list()),
    'documents:get': ({ documentId: id }) =>
      asResult(async () => {
        const info = store.documents.get(id);
        if (!info) throw notInLibrary();
        return { info, document: await texts.load(info) };
      }),
    'documents:remove': ({ documentId: id }) =>
      asResult(async () => {
        if (!store.documents.get(id)) throw notInLibrary();
        await deps.cancelRunsOf(id);
        counter.cancel(id);
        store.documents.remove(id);
        await texts.forget(id);
        return null;
      }),
  };
}

async function chooseFile(deps: DocumentHandlerDeps): Promise<string | null> {
  if (!deps.chooseFile)
    throw new CoreError('Unsupported', 'Choosing a file is not available here.');
  return deps.chooseFile();
}

function describe(
  id: string,
  fileName: string,
  path: string | undefined,
  doc: DocumentText,
  openedAt: number,
): DocumentInfo {
  const info: DocumentInfo = {
    id,
    fileName,
    format: doc.format,
    title: doc.title,
    chars: doc.text.length,
    openedAt,
    warnings: doc.warnings,
  };
  if (path !== undefined) info.path = path;
  if (doc.pages !== undefined) info.pageCount = doc.pages.length;
  return info;
}

export function notInLibrary(): CoreError {
  return new CoreError('NotFound', 'This document is not in the library any more.', {
    hint: 'Open the file again.',
  });
}
