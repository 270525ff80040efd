// A PDF in the reader: the original page (passages highlighted on it) or the extracted text,
// switched by the reader. A passage to show (a citation followed) opens the original page; the
// highlight follows a switch to the text and back. A PDF with no file behind it (its bytes were
// dropped from somewhere that has no file, a browser say) has no pages to draw: its citations
// open on the text, highlighted, never on an error.
import { useEffect, useState } from 'react';
import type { DocumentView } from '../../../../shared/api.ts';
import type { ChunkInfo } from '../../../../shared/model.ts';
import { pageAt } from '../../../../shared/text-location.ts';
import { buildRows } from '../../lib/reader-rows.ts';
import { findSelection, pageFromInput, pageName, spanOf } from '../../lib/pdf-pages.ts';
import { usePageViewStore } from '../../stores/page-view-store.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { DocumentText } from './document-text.tsx';
import { PdfPageView } from './pdf-page-view.tsx';

/** Why a PDF with no file behind it shows no original page. */
const NO_PAGES =
  'This PDF came without its file (dropped from a browser or an archive), so its pages cannot be drawn; its passages show in the text. Open the file with File › Open… to see its pages.';

/** Jumps already acted on (by nonce): a jump moves the view once, not on every visit. */
let seenJump: number | null = null;

export function PdfReader(props: {
  view: DocumentView;
  textKey: string | null;
  chunks: ChunkInfo[];
}) {
  const { info, document: doc } = props.view;
  const chosen = useReaderStore((s) => s.display);
  const setDisplay = useReaderStore((s) => s.setDisplay);
  const jump = useReaderStore((s) => s.jump);
  const [selectionNote, setSelectionNote] = useState<string | null>(null);
  const hasPages = info.path !== undefined;
  const display = hasPages ? chosen : 'text';

  useEffect(() => usePageViewStore.getState().forDocument(info.id), [info.id]);
  useEffect(() => {
    if (!jump || seenJump === jump.nonce) return;
    seenJump = jump.nonce;
    const pages = doc.pages ?? [];
    const view = usePageViewStore.getState();
    const reader = useReaderStore.getState();
    // A hit of find in document is shown in the text it was found in; a citation on its page,
    // unless the text was asked for or there is no page to draw.
    if (jump.kind === 'passage' && (jump.found === true || jump.inText === true || !hasPages)) {
      if (reader.display === 'document') reader.setDisplay('text');
      return;
    }
    if (jump.kind === 'passage') {
      void view.showPassage({ documentId: info.id, textKey: props.textKey, pages }, jump);
      return;
    }
    // Other jumps move the page view when it shows; the text view handles them itself.
    if (reader.display !== 'document') return;
    if (jump.kind === 'chunk') reader.setDisplay('text');
    const page =
      jump.kind === 'page'
        ? pageFromInput(pages, jump.page)
        : jump.kind === 'offset'
          ? pageAt(pages, jump.offset)?.number
          : undefined;
    if (page !== undefined) view.setPage(page);
    else if (jump.kind === 'page') reader.setMissed(jump);
  }, [jump, info.id, doc.pages, props.textKey, hasPages]);

  /** The text selected in the text view, shown highlighted on its original page. */
  const showSelection = (): void => {
    const selection = window.getSelection();
    const selected = selection?.toString() ?? '';
    const range = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    const node = range?.startContainer;
    const row = (node instanceof Element ? node : node?.parentElement)?.closest('[data-index]');
    if (!range || !row || selected.trim() === '') {
      setSelectionNote('Select a passage of the text first, then show it on the page.');
      return;
    }
    // The row's place in the text (rows are built as the text view builds them) and the
    // selection's offset in it: the search starts just before, so a repeated phrase is not
    // taken for an earlier one.
    // Rows as the text view builds them for a PDF (lines joined, headings on their own rows).
    const rows = buildRows(doc.text, doc.pages, props.chunks, {
      joinLines: true,
      headings: doc.sections?.map((s) => s.start),
    }).rows;
    const rowStart = rows[Number(row.getAttribute('data-index'))]?.start ?? 0;
    const found = findSelection(doc.text, selected, rowStart + range.startOffset - 40);
    if (!found) {
      setSelectionNote('That selection was not found in the text (select within one page).');
      return;
    }
    setSelectionNote(null);
    const page = pageAt(doc.pages, found.start)?.number ?? 1;
    useReaderStore
      .getState()
      .jumpTo({ kind: 'passage', ...found, where: pageName(doc.pages ?? [], page) });
  };

  /**
   * The text view: at the passage, still highlighted, when it is on the page shown (the page
   * view keeps it for the way back); else at the page shown.
   */
  const showText = (): void => {
    const { page, passage } = usePageViewStore.getState();
    const reader = useReaderStore.getState();
    const now = reader.display;
    setDisplay('text');
    if (now !== 'document') return;
    if (passage !== null && passage.page === page) {
      const { start, end, where } = passage;
      reader.jumpTo({ kind: 'passage', start, end, inText: true, ...(where ? { where } : {}) });
      return;
    }
    const offset = spanOf(doc.pages ?? [], page)?.start;
    if (offset !== undefined) reader.jumpTo({ kind: 'offset', offset });
  };

  const views = (
    <div role="radiogroup" aria-label="View" className="segmented">
      <button
        type="button"
        role="radio"
        aria-checked={display === 'document'}
        aria-disabled={!hasPages}
        title={hasPages ? undefined : NO_PAGES}
        onClick={() => (hasPages ? setDisplay('document') : setSelectionNote(NO_PAGES))}
      >
        Original page
      </button>
      <button type="button" role="radio" aria-checked={display === 'text'} onClick={showText}>
        Text
      </button>
    </div>
  );
  // The original page shares its toolbar (page, zoom) with the switch: one row above the page.
  if (display === 'document')
    return <PdfPageView key={info.id} info={info} doc={doc} leading={views} />;
  return (
    <>
      <div className="pdf-switch">
        {views}
        {display === 'text' && hasPages ? (
          <button
            type="button"
            // Keeps the selection (and focus) in the text while the button is pressed.
            onMouseDown={(e) => e.preventDefault()}
            onClick={showSelection}
            title="Select a sentence in the text, then see it highlighted on the original page"
          >
            Show selection on the page
          </button>
        ) : null}
        {selectionNote ? (
          <span role="alert" className="muted small">
            {selectionNote}
          </span>
        ) : null}
      </div>
      <DocumentText
        text={doc.text}
        pages={doc.pages}
        chunks={props.chunks}
        ocrPages={doc.ocrPages}
        joinLines
        sections={doc.sections}
      />
    </>
  );
}
