// Recent documents with their format, pages, tokens, questions and when they were opened.
import { useEffect, useRef, useState } from 'react';
import type { DocumentInfo } from '../../../../shared/model.ts';
import { formatCount, formatTokens } from '../../lib/format.ts';
import { needsOcr } from '../../lib/needs-ocr.ts';
import { dateTime } from '../../lib/relative-time.ts';
import { removeDocument, selectDocument, useDocumentsStore } from '../../stores/documents-store.ts';
import { RereadButton } from './reread-button.tsx';
import { useRunCountsStore } from '../../stores/run-counts-store.ts';
import { MoreMenu } from '../common/more-menu.tsx';
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
    // A container: in a small window the table drops its less needed columns (small-windows.css).
    <div className="documents-frame">
      <table className="documents" aria-label="Recent documents" ref={table}>
        <thead>
          <tr>
            <th scope="col">Document</th>
            <th scope="col">Questions</th>
            <th scope="col" className="col-format">
              Format
            </th>
            <th scope="col" className="num col-pages">
              Pages
            </th>
            <th scope="col" className="num col-tokens">
              Tokens
            </th>
            <th scope="col" className="col-opened">
              Opened
            </th>
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
                <td className="col-format">{d.format.toUpperCase()}</td>
                <td className="num col-pages">
                  {d.pageCount === undefined ? '—' : formatCount(d.pageCount)}
                </td>
                <td
                  className="num col-tokens"
                  title={d.tokenizer ? `${d.tokenizer} tokenizer` : undefined}
                >
                  {d.tokenCount === undefined
                    ? `≈${formatTokens(d.chars / 4)}`
                    : formatTokens(d.tokenCount)}
                  {progress ? (
                    <div className="muted small" role="status">
                      counting… {Math.round((100 * progress.done) / Math.max(1, progress.total))}%
                    </div>
                  ) : null}
                </td>
                <td className="opened-at col-opened">
                  <time dateTime={new Date(d.openedAt).toISOString()}>{dateTime(d.openedAt)}</time>
                </td>
                <td className="row-actions">
                  {/* Asking is what a row is for; OCR leads only where there is no text to ask. */}
                  {needsOcr(d) ? (
                    <RereadButton info={d} name={`Re-read ${name} with OCR…`} />
                  ) : (
                    <button
                      type="button"
                      className="primary"
                      aria-label={`Ask about ${name}`}
                      onClick={() => selectDocument(d.id)}
                    >
                      Ask
                    </button>
                  )}
                  <button
                    type="button"
                    className="ghost"
                    aria-label={`Remove ${name} from the library`}
                    onClick={() => remove(index)}
                  >
                    Remove
                  </button>
                  {d.format === 'pdf' && !needsOcr(d) ? (
                    <MoreMenu label="More" name={`More actions for ${name}`}>
                      <RereadButton info={d} name={`Re-read ${name} with OCR…`} showReason />
                    </MoreMenu>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
