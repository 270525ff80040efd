// The body of the reader: for DOCX, EPUB and HTML a "Document / Text" switch between the
// rendered document and the extracted text (with page and chunk markers); the text otherwise.
import type { ChunkInfo, DocumentText as Extracted } from '../../../../shared/model.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { DocumentText } from './document-text.tsx';
import { RenderedDocument } from './rendered-document.tsx';

const RENDERED = new Set(['docx', 'epub', 'html']);

export function ReaderBody(props: {
  documentId: string;
  textKey: string | null;
  doc: Extracted;
  chunks: ChunkInfo[];
}) {
  const { doc, chunks } = props;
  const display = useReaderStore((s) => s.display);
  const setDisplay = useReaderStore((s) => s.setDisplay);
  const note = useReaderStore((s) => s.displayNote);
  const text = (
    <DocumentText
      text={doc.text}
      pages={doc.pages}
      chunks={chunks}
      ocrPages={doc.ocrPages}
      joinLines={doc.format === 'pdf'}
      sections={doc.sections}
    />
  );
  if (!RENDERED.has(doc.format)) return text;
  return (
    <>
      <div className="view-switch" role="radiogroup" aria-label="Show">
        {(['document', 'text'] as const).map((d) => (
          <label key={d} className={display === d ? 'on' : undefined}>
            <input
              type="radio"
              name="reader-display"
              value={d}
              checked={display === d}
              onChange={() => setDisplay(d)}
            />
            {d === 'document' ? 'Document' : 'Text'}
          </label>
        ))}
      </div>
      {note ? (
        <p className="note small" role="note">
          {note}
        </p>
      ) : null}
      {display === 'document' ? (
        <RenderedDocument
          documentId={props.documentId}
          textKey={props.textKey}
          text={doc.text}
          chunks={chunks}
          fallback={text}
        />
      ) : (
        text
      )}
    </>
  );
}
