import type { CallHandlers } from '../../../shared/api.ts';
import { CoreError } from '../errors.ts';
import { geometryOf, rectsForSpan } from '../documents/geometry.ts';
import type { Store } from '../store/store.ts';
import { notInLibrary } from './document-handlers.ts';
import type { DocumentTexts } from '../caches/document-texts.ts';
import { asResult } from './invoke-call.ts';
import type { PageRenderer } from '../caches/page-render.ts';

type PageHandlers = Pick<CallHandlers, 'documents:render-page' | 'documents:text-rects'>;

/** Rectangles for one passage: a few sentences, not a book (its lines would be tens of thousands). */
const MAX_SPAN_CHARS = 100_000;

/** The page view's calls: a PDF page drawn, and where a span of its text lies on the pages. */
export function createPageHandlers(deps: {
  store: Store;
  texts: DocumentTexts;
  pages: PageRenderer;
  signal?: AbortSignal;
}): PageHandlers {
  const { store, texts, pages } = deps;
  return {
    'documents:render-page': ({ documentId, page, scale }) =>
      asResult(() => {
        const info = store.documents.get(documentId);
        if (!info) throw notInLibrary();
        return pages.render(info, page, scale);
      }),
    'documents:text-rects': ({ documentId, textKey, start, end }) =>
      asResult(async () => {
        const info = store.documents.get(documentId);
        if (!info) throw notInLibrary();
        if (end < start || end - start > MAX_SPAN_CHARS)
          throw new CoreError('BadUsage', 'That passage cannot be highlighted.', {
            detail: `characters ${start} to ${end}`,
          });
        if (info.format !== 'pdf') return [];
        const options: Parameters<DocumentTexts['load']>[1] = {};
        if (textKey !== undefined) options.textKey = textKey;
        if (deps.signal) options.signal = deps.signal;
        // The text's geometry is stored with it (PDF): from memory, the cache, or a new read.
        const geometry = geometryOf(await texts.load(info, options));
        return geometry === undefined ? [] : rectsForSpan(geometry, start, end);
      }),
  };
}
