// Recent documents with their format, pages and token count.
import { plural } from '../../../../shared/plural.ts';
import type { DocumentInfo } from '../../../../shared/model.ts';
import { formatCount, formatTokens } from '../../lib/format.ts';
import { removeDocument, selectDocument, useDocumentsStore } from '../../stores/documents-store.ts';
import { openRereadDialog } from '../../stores/reread-store.ts';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';
import { OcrBadge } from './ocr-badge.tsx';

export function DocumentList(props: { documents: DocumentInfo[] }) {
  const currentId = useDocumentsStore((s) => s.currentId);
  const counting = useDocumentsStore((s) => s.counting);
  return (
    <table className="documents" aria-label="Recent documents">
      <thead>
        <tr>
          <th scope="col">Document</th>
          <th scope="col">Format</th>
          <th scope="col">Pages</th>
          <th scope="col">Tokens</th>
          <th scope="col">Opened</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.documents.map((d) => (
          <tr key={d.id} aria-current={d.id === currentId ? 'true' : undefined}>
            <td>
              <button type="button" className="link doc-title" onClick={() => selectDocument(d.id)}>
                <OutsideText text={d.title || d.fileName} />
              </button>
              <div className="muted small">
                <OutsideText text={d.fileName} />
              </div>
              <OcrBadge ocrPageCount={d.ocrPageCount} pageCount={d.pageCount} />
              {d.warnings.length > 0 ? (
                <div className="warn small">{plural(d.warnings.length, 'extraction warning')}</div>
              ) : null}
            </td>
            <td>{d.format.toUpperCase()}</td>
            <td>{d.pageCount === undefined ? '—' : formatCount(d.pageCount)}</td>
            <td title={d.tokenizer ? `${d.tokenizer} tokenizer` : undefined}>
              {d.tokenCount === undefined
                ? `≈${formatTokens(d.chars / 4)}`
                : formatTokens(d.tokenCount)}
              {counting[d.id] ? (
                <div className="muted small" role="status">
                  counting…{' '}
                  {Math.round((100 * counting[d.id]!.done) / Math.max(1, counting[d.id]!.total))}%
                </div>
              ) : null}
            </td>
            <td>{new Date(d.openedAt).toLocaleDateString()}</td>
            <td className="row-actions">
              {d.format === 'pdf' ? (
                <button
                  type="button"
                  className="ghost"
                  aria-label={`Re-read ${outsideAttr(d.title || d.fileName)} with OCR…`}
                  onClick={() => openRereadDialog(d.id)}
                >
                  Re-read with OCR…
                </button>
              ) : null}
              <button
                type="button"
                className="ghost"
                aria-label={`Remove ${outsideAttr(d.title || d.fileName)} from the library`}
                onClick={() => void removeDocument(d.id)}
              >
                Remove
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
