// The document's text, virtualized, with page markers (OCR pages marked) and chunk boundaries.
// With a question selected that read an earlier text (before a re-read), that text is shown.
import { plural } from '../../../../shared/plural.ts';
import { useEffect, useMemo } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ChunkInfo, PageSpan } from '../../../../shared/model.ts';
import { evidenceByChunk } from '../../lib/chunk-evidence.ts';
import { needsOcr } from '../../lib/needs-ocr.ts';
import { NARROW_WINDOW } from '../../lib/window-widths.ts';
import { useRunEvidence } from '../../lib/run-evidence.ts';
import { useOlderTextKey } from '../../stores/older-text.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { useRunsStore } from '../../stores/runs-store.ts';
import { useUiStore } from '../../stores/ui-store.ts';
import { EmptyState } from '../common/empty-state.tsx';
import { MoreMenu } from '../common/more-menu.tsx';
import { useMediaQuery } from '../common/use-media-query.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';
import { OcrBadge } from '../library/ocr-badge.tsx';
import { RereadButton } from '../library/reread-button.tsx';
import { ChunkEvidenceContext } from './chunk-evidence-context.ts';
import { FindBar } from './find-bar.tsx';
import { JumpBar } from './jump-bar.tsx';
import { OutlinePanel } from './outline-panel.tsx';
import { PassageWhere } from './passage-where.tsx';
import { PdfReader } from './pdf-reader.tsx';
import { ReaderBody } from './reader-body.tsx';

const NO_CHUNKS: ChunkInfo[] = [];
const NO_PAGES: PageSpan[] = [];

export function ReaderScreen() {
  const { documentId, textKey, view, loading, error, load } = useReaderStore(
    useShallow((s) => ({
      documentId: s.documentId,
      textKey: s.textKey,
      view: s.view,
      loading: s.loading,
      error: s.error,
      load: s.load,
    })),
  );
  // The chunk boundaries drawn are those of the selected run, when it asked this document.
  const selectedRunId = useUiStore((s) => s.selectedRunId);
  const selectRun = useUiStore((s) => s.selectRun);
  const run = useRunsStore((s) => (selectedRunId === null ? undefined : s.byId[selectedRunId]));
  const ofThisDocument = run !== undefined && run.documentId === documentId;
  const olderKey = useOlderTextKey(ofThisDocument ? selectedRunId : null);
  // Its chunks and pages point into the text it read.
  useEffect(() => {
    if (documentId !== null) void load(documentId, { textKey: olderKey });
  }, [documentId, olderKey, load]);
  const shownRun = ofThisDocument && view?.info.id === documentId ? run : undefined;
  const chunks = shownRun?.chunks ?? NO_CHUNKS;
  // Its answer's evidence, cited by the markers of the chunks it is in.
  const { evidence } = useRunEvidence(shownRun);
  const evidenceOfChunks = useMemo(() => evidenceByChunk(evidence), [evidence]);
  // In a small window the extraction warnings join the More menu, so the toolbar keeps one row.
  const narrow = useMediaQuery(NARROW_WINDOW);
  if (error) return <ErrorBanner error={error} />;
  if (loading || (olderKey ?? null) !== textKey) return <p role="status">Loading the document…</p>;
  if (!view) {
    return (
      <EmptyState title="Nothing to read yet">
        <p>
          Open a document in the Library; its text shows here with page markers and, once you ask a
          question, the chunk boundaries the agent read.
        </p>
      </EmptyState>
    );
  }
  const doc = view.document;
  const reread = view.info.format === 'pdf' && textKey === null && !needsOcr(view.info);
  const warnings = doc.warnings.length > 0;
  const warningsLabel = plural(doc.warnings.length, 'extraction warning');
  const warningList = (
    <ul>
      {doc.warnings.map((w, i) => (
        <li key={i}>{w}</li>
      ))}
    </ul>
  );
  return (
    <div className="screen reader">
      {/* One row: the title, the jumps, find and the outline; the rest behind "More" (in a
          small window the extraction warnings too). */}
      <div className="toolbar reader-toolbar">
        <div className="reader-title">
          <h1 className="doc-heading" title={outsideAttr(view.info.title || view.info.fileName)}>
            <OutsideText text={view.info.title || view.info.fileName} />
          </h1>
          <OcrBadge ocrPageCount={doc.ocrPages?.length} pageCount={doc.pages?.length} />
          {view.info.format === 'pdf' && textKey === null && needsOcr(view.info) ? (
            <RereadButton info={view.info} />
          ) : null}
        </div>
        <JumpBar pages={doc.pages ?? NO_PAGES} chunkCount={chunks.length} />
        <FindBar text={doc.text} pages={doc.pages} sections={doc.sections} />
        <OutlinePanel sections={doc.sections} />
        {warnings && !narrow ? (
          <details className="warnings popover">
            <summary>{warningsLabel}</summary>
            {warningList}
          </details>
        ) : null}
        {reread || (warnings && narrow) ? (
          <MoreMenu label="More" name="More actions for this document">
            {reread ? <RereadButton info={view.info} showReason /> : null}
            {warnings && narrow ? (
              <div className="more-warnings">
                <p className="warnings-heading">{warningsLabel}</p>
                {warningList}
              </div>
            ) : null}
          </MoreMenu>
        ) : null}
        <PassageWhere />
      </div>
      {textKey !== null ? (
        <p className="note" role="note">
          The selected question read this document before it was re-read with OCR: this is the text
          it read.{' '}
          <button type="button" className="link" onClick={() => selectRun(null)}>
            Show the current text
          </button>
        </p>
      ) : null}
      <ChunkEvidenceContext value={evidenceOfChunks}>
        {view.info.format === 'pdf' ? (
          <PdfReader view={view} textKey={textKey} chunks={chunks} />
        ) : (
          <ReaderBody documentId={view.info.id} textKey={textKey} doc={doc} chunks={chunks} />
        )}
      </ChunkEvidenceContext>
    </div>
  );
}
