// The original page of a cell's passage, highlighted, beside the table: the reader the app
// already has (the page view for a PDF, the rendered or plain text otherwise), shown here
// instead of on the Reader screen. It drives the one reader store, so "Open in the reader"
// continues where this view is. The reader's "Cited passage: …" bar is left out: the chosen
// passage above says the same, and pressing it again shows it again; the highlight keeps its
// description, hidden.
import { useEffect } from 'react';
import type { ChunkInfo } from '../../../../shared/model.ts';
import { useOlderTextKey } from '../../stores/older-text.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { PASSAGE_WHERE_ID } from '../reader/passage-where.tsx';
import { PdfReader } from '../reader/pdf-reader.tsx';
import { ReaderBody } from '../reader/reader-body.tsx';

export interface CellPassage {
  start: number;
  end: number;
  where: string;
  /** Changes when the user asks to see the same passage again. */
  nonce: number;
}

export function CellPage(props: {
  documentId: string;
  runId: string;
  chunks: ChunkInfo[];
  passage: CellPassage | null;
}) {
  const { documentId, passage } = props;
  const olderKey = useOlderTextKey(props.runId);
  const view = useReaderStore((s) => s.view);
  const textKey = useReaderStore((s) => s.textKey);
  const loading = useReaderStore((s) => s.loading);
  const error = useReaderStore((s) => s.error);
  useEffect(() => {
    void useReaderStore.getState().load(documentId, { textKey: olderKey });
  }, [documentId, olderKey]);
  const ready = view?.info.id === documentId && !loading;
  const start = passage?.start;
  const end = passage?.end;
  const where = passage?.where;
  const nonce = passage?.nonce;
  useEffect(() => {
    if (!ready || start === undefined || end === undefined) return;
    useReaderStore
      .getState()
      .jumpTo({ kind: 'passage', start, end, ...(where ? { where } : {}) }, false);
  }, [ready, start, end, where, nonce]);
  if (error) return <ErrorBanner error={error} />;
  if (!ready || !view) return <p role="status">Loading the document…</p>;
  return (
    <div className="cell-page" aria-label="The passage in the document">
      <span id={PASSAGE_WHERE_ID} className="visually-hidden">
        Cited passage{where ? `: ${where}` : ''}
      </span>
      <div className="cell-page-body">
        {view.info.format === 'pdf' ? (
          <PdfReader view={view} textKey={textKey} chunks={props.chunks} />
        ) : (
          <ReaderBody
            documentId={documentId}
            textKey={textKey}
            doc={view.document}
            chunks={props.chunks}
          />
        )}
      </div>
    </div>
  );
}
