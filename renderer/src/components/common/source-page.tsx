// The original page of a passage, highlighted, beside the view that cites it (the Ask screen's
// source panel, a review cell's panel): the reader the app already has (the page view for a PDF,
// the rendered or plain text otherwise), shown here instead of on the Reader screen. It drives the
// one reader store, so "Open in the reader" continues where this view is. The reader's "Cited
// passage: …" bar is left out: the view beside says which passage is shown, and choosing it again
// shows it again; the highlight keeps its description, hidden.
import { useEffect } from 'react';
import type { ChunkInfo } from '../../../../shared/model.ts';
import { useOlderTextKey } from '../../stores/older-text.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { ErrorBanner } from './error-banner.tsx';
import type { ShownSource } from '../../lib/source-target.ts';
import { PASSAGE_WHERE_ID } from '../reader/passage-where.tsx';
import { PdfReader } from '../reader/pdf-reader.tsx';
import { ReaderBody } from '../reader/reader-body.tsx';

export function SourcePage(props: {
  documentId: string;
  /** The run whose text is shown (an earlier reading's text when it read one). */
  runId: string;
  chunks: ChunkInfo[];
  shown: ShownSource | null;
}) {
  const { documentId, shown } = props;
  const olderKey = useOlderTextKey(props.runId);
  const view = useReaderStore((s) => s.view);
  const textKey = useReaderStore((s) => s.textKey);
  const loading = useReaderStore((s) => s.loading);
  const error = useReaderStore((s) => s.error);
  useEffect(() => {
    void useReaderStore.getState().load(documentId, { textKey: olderKey });
  }, [documentId, olderKey]);
  const ready = view?.info.id === documentId && !loading;
  // The jump is asked for again only when the target (or its nonce) changes.
  const kind = shown?.kind;
  const start = shown?.kind === 'passage' ? shown.start : undefined;
  const end = shown?.kind === 'passage' ? shown.end : undefined;
  const chunk = shown?.kind === 'chunk' ? shown.chunk : undefined;
  const where = shown?.where;
  const nonce = shown?.nonce;
  useEffect(() => {
    if (!ready) return;
    const reader = useReaderStore.getState();
    if (kind === 'passage' && start !== undefined && end !== undefined)
      reader.jumpTo({ kind: 'passage', start, end, ...(where ? { where } : {}) }, false);
    else if (kind === 'chunk' && chunk !== undefined)
      reader.jumpTo({ kind: 'chunk', chunk }, false);
  }, [ready, kind, start, end, chunk, where, nonce]);
  if (error) return <ErrorBanner error={error} />;
  if (!ready || !view) return <p role="status">Loading the document…</p>;
  return (
    <div className="source-page" aria-label="The passage in the document">
      <span id={PASSAGE_WHERE_ID} className="visually-hidden">
        Cited passage{where ? `: ${where}` : ''}
      </span>
      <div className="source-page-body">
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
