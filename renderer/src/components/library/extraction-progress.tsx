// Progress of reading a document's text (opening it or re-reading it), with Cancel while the
// text is still being extracted or recognised.
import type { ReactNode } from 'react';
import type { Events } from '../../../../shared/api.ts';
import { hasCount, STAGES, stageText } from '../../lib/stage-text.ts';

type Progress = Events['document:progress'];

export function ExtractionProgress(props: {
  /** What is going on, before the stage: "Opening report.pdf". */
  label: ReactNode;
  progress: Progress | null;
  /** Shown while the text is being extracted or recognised (cancel is not possible after). */
  onCancel?: () => void;
  cancelLabel: string;
}) {
  const p = props.progress;
  const cancellable =
    props.onCancel !== undefined && p !== null && p.stage !== 'tokenizing' && !!p.documentId;
  return (
    <div className="opening">
      <div className="opening-line">
        <span role="status" aria-live="polite">
          {props.label}
          {p ? ` — ${stageText(p)}` : '…'}
        </span>
        {cancellable ? (
          <button type="button" onClick={props.onCancel}>
            {props.cancelLabel}
          </button>
        ) : null}
      </div>
      {p && hasCount(p) ? (
        <progress max={p.total} value={p.done} aria-label={`${STAGES[p.stage]} progress`} />
      ) : (
        <progress aria-label="Progress" />
      )}
      {p?.stage === 'recognising' ? (
        <p className="muted small">
          OCR takes a few seconds a page. The recognised text is marked as OCR in the reader.
        </p>
      ) : null}
    </div>
  );
}
