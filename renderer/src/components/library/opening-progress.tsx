// Extraction progress for the document being opened, and a short note when the user cancelled it.
import { cancelOpening, useDocumentsStore } from '../../stores/documents-store.ts';
import { OutsideText } from '../common/outside-text.tsx';
import { ExtractionProgress } from './extraction-progress.tsx';

export function OpeningProgress() {
  const opening = useDocumentsStore((s) => s.opening);
  const notice = useDocumentsStore((s) => s.notice);
  if (opening) {
    return (
      <ExtractionProgress
        label={
          <>
            Opening{' '}
            <strong>
              <OutsideText text={opening.name} />
            </strong>
          </>
        }
        progress={opening.progress}
        onCancel={() => void cancelOpening()}
        cancelLabel="Cancel opening"
      />
    );
  }
  if (notice === null) return null;
  return (
    <p className="muted" role="status">
      <OutsideText text={notice} />
    </p>
  );
}
