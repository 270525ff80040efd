// A document's extraction warnings, folded under their count; a warning that names pages
// ("Pages 3-5 could not be read") opens the reader at the first of them.
import type { DocumentInfo } from '../../../../shared/model.ts';
import { plural } from '../../../../shared/plural.ts';
import { selectDocument } from '../../stores/documents-store.ts';
import { useReaderStore } from '../../stores/reader-store.ts';

/** The first page number a warning names ("Page 3 …", "Pages 2, 5-7 …"), by position. */
export function warningPage(warning: string): number | undefined {
  const m = /^Pages? (\d+)/.exec(warning);
  return m ? Number(m[1]) : undefined;
}

export function ExtractionWarnings(props: { info: DocumentInfo }) {
  const { info } = props;
  const n = info.warnings.length;
  if (n === 0) return null;
  const show = (page: number) => {
    selectDocument(info.id);
    useReaderStore.getState().jumpTo({ kind: 'page', page: `#${page}` });
  };
  return (
    <details className="extraction-warnings popover warn small">
      <summary>{plural(n, 'extraction warning')}</summary>
      <ul>
        {info.warnings.map((w, i) => {
          const page = warningPage(w);
          return (
            <li key={i}>
              {w}{' '}
              {page === undefined ? null : (
                <button type="button" className="link" onClick={() => show(page)}>
                  Show page {page}
                </button>
              )}
            </li>
          );
        })}
      </ul>
    </details>
  );
}
