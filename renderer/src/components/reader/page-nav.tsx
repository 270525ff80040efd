// Previous / next page and where the view is ("p. 580 (PDF page 604 of 1151)"). A page is
// typed in the reader's jump bar, which moves this view too.
import type { PageSpan } from '../../../../shared/model.ts';
import { pageName } from '../../../../shared/page-label.ts';
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
        ‹ <span className="nav-word">Previous</span>
      </button>
      <span className="page-indicator" aria-live="polite">
        {pageName(page, label, { of: pageCount })}
      </span>
      <button
        type="button"
        onClick={() => props.onPage(page + 1)}
        disabled={page >= pageCount}
        title="Next page (→)"
      >
        <span className="nav-word">Next</span> ›
      </button>
    </div>
  );
}
