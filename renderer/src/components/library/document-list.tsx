// Recent documents with their format, pages, tokens, questions and when they were opened.
import { useEffect, useRef, useState } from 'react';
import type { DocumentInfo } from '../../../../shared/model.ts';
import { formatCount, formatTokens } from '../../lib/format.ts';
import { dateTime } from '../../lib/relative-time.ts';
import { removeDocument, selectDocument, useDocumentsStore } from '../../stores/documents-store.ts';
import { openRereadDialog } from '../../stores/reread-store.ts';
import { useRunCountsStore } from '../../stores/run-counts-store.ts';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';
import { ExtractionWarnings } from './extraction-warnings.tsx';
import { OcrBadge } from './ocr-badge.tsx';
import { QuestionState } from './question-state.tsx';

export function DocumentList(props: { documents: DocumentInfo[]; onEmptied: () => void }) {
  const currentId = useDocumentsStore((s) => s.currentId);
  const counting = useDocumentsStore((s) => s.counting);
  const counts = useRunCountsStore((s) => s.byDocument);
  const table = useRef<HTMLTableElement>(null);
  // After Remove the row is gone: focus moves to the next row (or the one before it), not the page.
  const [focusId, setFocusId] = useState<string | null>(null);
  useEffect(() => {
    if (focusId === null) return;
    setFocusId(null);
    const button = table.current?.querySelector<HTMLButtonElement>(
      `tr[data-id="${focusId}"] .doc-title`,
    );
    button?.focus();
  }, [focusId]);
  const remove = (index: number) => {
    const neighbour = props.documents[index + 1] ?? props.documents[index - 1];
    removeDocument(props.documents[index]!.id);
    if (neighbour) setFocusId(neighbour.id);
    else props.onEmptied();
  };
  return (
    <table className="documents" aria-label="Recent documents" ref={table}>
      <thead>
        <tr>
          <th scope="col">Document</th>
          <th scope="col">Questions</th>
          <th scope="col">Format</th>
          <th scope="col" className="num">
            Pages
          </th>
          <th scope="col" className="num">
            Tokens
          </th>
          <th scope="col">Opened</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {props.documents.map((d, index) => {
          const name = outsideAttr(d.title || d.fileName);
          const progress = counting[d.id];
          return (
            <tr key={d.id} data-id={d.id} aria-current={d.id === currentId ? 'true' : undefined}>
              <td className="doc-cell">
                <button
                  type="button"
                  className="link doc-title"
                  title={name}
                  onClick={() => selectDocument(d.id)}
                >
                  <OutsideText text={d.title || d.fileName} />
                </button>
                <div className="muted small doc-file" title={outsideAttr(d.fileName)}>
                  <OutsideText text={d.fileName} />
                </div>
                <OcrBadge ocrPageCount={d.ocrPageCount} pageCount={d.pageCount} />
                <ExtractionWarnings info={d} />
              </td>
              <td>
                <QuestionState counts={counts[d.id]} />
              </td>
              <td>{d.format.toUpperCase()}</td>
              <td className="num">{d.pageCount === undefined ? '—' : formatCount(d.pageCount)}</td>
              <td className="num" title={d.tokenizer ? `${d.tokenizer} tokenizer` : undefined}>
                {d.tokenCount === undefined
                  ? `≈${formatTokens(d.chars / 4)}`
                  : formatTokens(d.tokenCount)}
                {progress ? (
                  <div className="muted small" role="status">
                    counting… {Math.round((100 * progress.done) / Math.max(1, progress.total))}%
                  </div>
                ) : null}
              </td>
              <td className="opened-at">
                <time dateTime={new Date(d.openedAt).toISOString()}>{dateTime(d.openedAt)}</time>
              </td>
              <td className="row-actions">
                {d.format === 'pdf' ? (
                  <button
                    type="button"
                    className="ghost"
                    aria-label={`Re-read ${name} with OCR…`}
                    onClick={() => openRereadDialog(d.id)}
                  >
                    Re-read with OCR…
                  </button>
                ) : null}
                <button
                  type="button"
                  className="ghost"
                  aria-label={`Remove ${name} from the library`}
                  onClick={() => remove(index)}
                >
                  Remove
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
