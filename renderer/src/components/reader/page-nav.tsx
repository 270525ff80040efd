// Previous / next page and where the view is ("Page 604 of 1151 (printed 580)"). A page is
// typed in the reader's jump bar, which moves this view too.
import type { PageSpan } from '../../../../shared/model.ts';
import { spanOf } from '../../lib/pdf-pages.ts';

export function PageNav(props: {
  page: number;
  pageCount: number;
  pages: readonly PageSpan[];
  onPage: (page: number) => void;
}) {
  const { page, pageCount } = props;
  const label = spanOf(props.pages, page)?.label;
  return (
    <div className="pdf-nav" role="group" aria-label="Pages">
      <button
        type="button"
        onClick={() => props.onPage(page - 1)}
        disabled={page <= 1}
        title="Previous page (←)"
      >
        ‹ Previous
      </button>
      <span className="page-indicator" aria-live="polite">
        Page {page} of {pageCount}
        {label !== undefined && label !== String(page) ? ` (printed ${label})` : ''}
      </span>
      <button
        type="button"
        onClick={() => props.onPage(page + 1)}
        disabled={page >= pageCount}
        title="Next page (→)"
      >
        Next ›
      </button>
    </div>
  );
}
