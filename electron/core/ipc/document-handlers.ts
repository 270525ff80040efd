import type { CallHandlers, FilePurpose } from '../../../shared/api.ts';
import { type DocumentInfo, type DocumentText, type Reading } from '../../../shared/model.ts';
import { extractDocument, DEFAULT_MAX_BYTES, type ExtractOptions } from '../documents/index.ts';
import { readInput } from '../documents/read-input.ts';
import { CoreError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { describeDocument, documentIdOf, openDocument } from '../use-cases/open-document.ts';
import { readOriginal, type DocumentTexts } from '../caches/document-texts.ts';
import type { Extractions } from '../jobs/extractions.ts';
import { DIALOG_GRANTS, type PathGrants } from './path-grants.ts';
import { asResult } from './invoke-call.ts';
import type { OcrService } from '../documents/ocr-service.ts';
import type { Emit } from './service-deps.ts';
import { textKeyOf } from '../caches/text-keys.ts';
import type { TokenCounter } from './token-counter.ts';

type DocumentHandlers = Pick<
  CallHandlers,
  | 'documents:choose-path'
  | 'documents:open'
  | 'documents:open-bytes'
  | 'documents:list'
  | 'documents:get'
  | 'documents:remove'
  | 'documents:reread'
  | 'documents:cancel-extraction'
>;

export interface DocumentHandlerDeps {
  store: Store;
  texts: DocumentTexts;
  counter: TokenCounter;
  ocr: OcrService;
  /** Opens and re-reads in progress, per document (cancel, shutdown). */
  extractions: Extractions;
  emit: Emit;
  now: () => number;
  maxBytes?: number;
  chooseFile?: (purpose: FilePurpose) => Promise<string | null>;
  /** Where a dialog's answer is recorded as the window's to use for the dialog's purpose. */
  grants: PathGrants;
  /** Stops the live runs of a document before it is removed. */
  cancelRunsOf: (documentId: string) => Promise<void>;
  /** Closes the page view's open copy of a document being removed. */
  closePages?: (documentId: string) => Promise<void>;
  /** A removed document's runs went with it: the live views that show them are told. */
  runsRemoved?: (runIds: readonly string[]) => void;
  /**
   * Aborted when the service shuts down; `track` registers a call in progress so the shutdown
   * can wait for it (extraction runs on worker threads that must not outlive it).
   */
  shutdown?: { signal: AbortSignal; track<T>(work: Promise<T>): Promise<T> };
}

interface Extraction {
  id: string;
  bytes: Uint8Array;
  name: string;
  reading: Reading;
  password?: string;
  senderId: string;
  signal: AbortSignal;
}

export function createDocumentHandlers(deps: DocumentHandlerDeps): DocumentHandlers {
  const { store, texts, counter, emit, now } = deps;
  const maxBytes = deps.maxBytes ?? DEFAULT_MAX_BYTES;
  const track = <T>(work: Promise<T>): Promise<T> =>
    deps.shutdown ? deps.shutdown.track(work) : work;

  /** Extracts with progress to the caller: `recognising` while OCR reads pages. */
  const extract = async (job: Extraction): Promise<DocumentText> => {
    let stage: 'extracting' | 'recognising' = 'extracting';
    let last = { done: 0, total: 1 };
    const progress = (done: number, total: number) => {
      last = { done, total };
      emit(job.senderId, 'document:progress', {
        name: job.name,
        stage,
        done,
        total,
        documentId: job.id,
      });
    };
    progress(0, 1);
    const options: ExtractOptions = {
      maxBytes,
      signal: job.signal,
      onProgress: (p) => progress(p.done, p.total),
    };
    const ocr = deps.ocr.extraction(job.reading, (active) => {
      stage = active ? 'recognising' : 'extracting';
      progress(last.done, last.total);
    });
    if (ocr) options.ocr = ocr;
    if (job.password !== undefined) options.password = job.password;
    return extractDocument({ bytes: job.bytes, name: job.name }, options);
  };

  /** Opens bytes: reuses the library entry and cached text when the same content was seen. */
  const openBytes = async (
    bytes: Uint8Array,
    name: string,
    path: string | undefined,
    password: string | undefined,
    senderId: string,
  ): Promise<DocumentInfo> => {
    const id = documentIdOf(bytes);
    // The same content being opened or re-read already: its outcome decides what is left to do.
    await deps.extractions.idle(id);
    const opened = await openDocument(
      { store, texts, now },
      {
        bytes,
        name,
        path,
        extract: (reading) =>
          deps.extractions.run(id, (signal) => {
            const job: Extraction = { id, bytes, name, reading, senderId, signal };
            if (password !== undefined) job.password = password;
            return extract(job);
          }),
      },
    );
    if (opened.extracted)
      emit(senderId, 'document:progress', {
        name,
        stage: 'extracting',
        done: 1,
        total: 1,
        documentId: id,
      });
    if (opened.info.tokenCount === undefined) counter.schedule(id);
    return opened.info;
  };

  const openPath = async (path: string, password: string | undefined, senderId: string) => {
    const name = path.split(/[\\/]/).pop() || path;
    emit(senderId, 'document:progress', { name, stage: 'reading', done: 0, total: 1 });
    const { bytes } = await readInput({ path }, maxBytes);
    return openBytes(bytes, name, path, password, senderId);
  };

  /** Reads a PDF of the library again with `reading`; earlier texts stay for their runs. */
  const reread = async (id: string, reading: Reading, senderId: string): Promise<DocumentInfo> => {
    const info = store.documents.get(id);
    if (!info) throw notInLibrary();
    if (info.format !== 'pdf')
      throw new CoreError('BadUsage', 'Only PDFs can be read again with other OCR settings.', {
        hint: `${info.fileName} is not a PDF; its text does not depend on OCR.`,
      });
    const key = textKeyOf(id, reading);
    const doc = await deps.extractions.run(id, async (signal) => {
      const known = await texts.cached(key);
      if (known) return known;
      if (info.path === undefined)
        throw new CoreError('NotFound', `There is no file to read ${info.fileName} again from.`, {
          hint: 'Open the file again.',
        });
      emit(senderId, 'document:progress', {
        name: info.fileName,
        stage: 'reading',
        done: 0,
        total: 1,
        documentId: id,
      });
      const bytes = await readOriginal(info, maxBytes);
      const read = await extract({ id, bytes, name: info.fileName, reading, senderId, signal });
      await texts.remember(key, read);
      return read;
    });
    if (!store.documents.get(id)) {
      // Removed while it was read: its texts were forgotten, this one too.
      await texts.forget([key]);
      throw notInLibrary();
    }
    const next = describeDocument(id, info.fileName, info.path, doc, info.openedAt, reading);
    counter.cancel(id);
    store.documents.setText(id, {
      title: next.title,
      chars: next.chars,
      pageCount: next.pageCount,
      warnings: next.warnings,
      ocrPageCount: next.ocrPageCount,
      reading,
      textKey: key,
    });
    counter.schedule(id);
    const updated = store.documents.get(id) as DocumentInfo;
    emit(undefined, 'document:updated', updated);
    return updated;
  };

  return {
    'documents:choose-path': ({ purpose = 'document' }, ctx) =>
      asResult(async () => {
        const file = await chooseFile(deps, purpose);
        if (file !== null) deps.grants.grant(ctx.senderId, DIALOG_GRANTS[purpose], file);
        return file;
      }),
    'documents:open': ({ path, password }, ctx) =>
      asResult(() => track(openPath(path, password, ctx.senderId))),
    'documents:open-bytes': ({ name, data, password }, ctx) =>
      asResult(() => track(openBytes(data, name, undefined, password, ctx.senderId))),
    'documents:list': () => asResult(() => store.documents.list()),
    'documents:get': ({ documentId: id, textKey }) =>
      asResult(async () => {
        const info = store.documents.get(id);
        if (!info) throw notInLibrary();
        if (textKey !== undefined && store.documents.readingFor(id, textKey) === undefined)
          throw new CoreError('NotFound', `${info.fileName} has no such text.`, {
            hint: 'The run may belong to another document.',
          });
        const options: Parameters<DocumentTexts['load']>[1] = {};
        if (textKey !== undefined) options.textKey = textKey;
        if (deps.shutdown) options.signal = deps.shutdown.signal;
        return { info, document: await track(texts.load(info, options)) };
      }),
    'documents:remove': ({ documentId: id }) =>
      asResult(async () => {
        if (!store.documents.get(id)) throw notInLibrary();
        deps.extractions.cancel(id);
        await deps.cancelRunsOf(id);
        await deps.closePages?.(id);
        counter.cancel(id);
        const keys = store.documents.textKeys(id);
        const runIds = store.runs.listByDocument(id).map((r) => r.id);
        store.documents.remove(id);
        deps.runsRemoved?.(runIds);
        await texts.forget(keys);
        return null;
      }),
    'documents:reread': ({ documentId: id, reading }, ctx) =>
      asResult(() => track(reread(id, reading, ctx.senderId))),
    'documents:cancel-extraction': ({ documentId: id }) =>
      asResult(() => (deps.extractions.cancel(id), null)),
  };
}

async function chooseFile(deps: DocumentHandlerDeps, purpose: FilePurpose): Promise<string | null> {
  if (!deps.chooseFile)
    throw new CoreError('Unsupported', 'Choosing a file is not available here.');
  return deps.chooseFile(purpose);
}

export function notInLibrary(): CoreError {
  return new CoreError('NotFound', 'This document is not in the library any more.', {
    hint: 'Open the file again.',
  });
}
