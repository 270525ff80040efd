// `documents:rendered-html`: the reader's document view of a DOCX, EPUB or HTML file, made in
// a document worker under the extraction limits.
//
// Derived at request time from the original file rather than kept in the text cache: it is
// asked for only when a person switches to the document view, costs about a second for a large
// DOCX (mammoth) and less for an EPUB, and would otherwise double every cache entry and force
// a cache version bump. The last few results stay in memory for switching back and forth.
import type { CallHandlers } from '../../../shared/api.ts';
import { renderDocument } from '../documents/render-document.ts';
import { CoreError } from '../errors.ts';
import type { Store } from '../store/store.ts';
import { notInLibrary } from './document-handlers.ts';
import { readOriginal, type DocumentTexts } from '../caches/document-texts.ts';
import { asResult } from './invoke-call.ts';

const KEEP = 3;

export function createRenderedHtmlHandler(deps: {
  store: Store;
  texts: DocumentTexts;
  maxBytes: number;
  track?: <T>(work: Promise<T>) => Promise<T>;
  /** Aborted when the service shuts down (the worker is stopped). */
  signal?: AbortSignal;
}): Pick<CallHandlers, 'documents:rendered-html'> {
  const recent = new Map<string, string | null>();
  const render = async (documentId: string, textKey: string | undefined) => {
    const info = deps.store.documents.get(documentId);
    if (!info) throw notInLibrary();
    if (info.format !== 'docx' && info.format !== 'epub' && info.format !== 'html') return null;
    const key = `${documentId}:${textKey ?? info.textKey ?? documentId}`;
    const known = recent.get(key);
    if (known !== undefined) return known;
    const options: { textKey?: string } = {};
    if (textKey !== undefined) options.textKey = textKey;
    const doc = await deps.texts.load(info, options);
    if (info.path === undefined)
      throw new CoreError(
        'NotFound',
        'The document view is made from the file, and this document was opened without one (dropped in).',
        {
          hint: 'Open the file from disk to see it as a document; its text is shown below.',
        },
      );
    const bytes = await readOriginal(info, deps.maxBytes);
    const html = await renderDocument(info.format, bytes, doc.text, signalOf(deps));
    recent.set(key, html);
    while (recent.size > KEEP) recent.delete(recent.keys().next().value as string);
    return html;
  };
  return {
    'documents:rendered-html': ({ documentId, textKey }) =>
      asResult(() => (deps.track ?? ((w) => w))(render(documentId, textKey))),
  };
}

function signalOf(deps: { signal?: AbortSignal }): { signal?: AbortSignal } {
  return deps.signal ? { signal: deps.signal } : {};
}
