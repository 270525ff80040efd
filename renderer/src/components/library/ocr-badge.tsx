// Says that a PDF's text came partly or wholly from OCR, and that its quotes need checking.
import { plural } from '../../../../shared/plural.ts';
const CHECK =
  'Text recognised by OCR from page images can contain misread words and numbers: check quotes against the original pages before relying on them.';

/** `ocrPageCount` of `pageCount` pages were recognised by OCR; nothing shows when none were. */
export function OcrBadge(props: {
  ocrPageCount: number | undefined;
  pageCount: number | undefined;
}) {
  const { ocrPageCount, pageCount } = props;
  if (!ocrPageCount) return null;
  const text =
    pageCount !== undefined && ocrPageCount >= pageCount
      ? `OCR: all ${plural(pageCount, 'page')}`
      : `OCR: ${ocrPageCount} of ${pageCount === undefined ? '? pages' : plural(pageCount, 'page')}`;
  return (
    <span className="badge ocr-badge" title={CHECK} data-testid="ocr-badge">
      {text}
      <span className="visually-hidden"> ({CHECK})</span>
    </span>
  );
}
