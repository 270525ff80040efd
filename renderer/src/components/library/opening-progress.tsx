// Extraction progress for the document being opened, with Cancel.
import { cancelOpening, useDocumentsStore } from '../../stores/documents-store.ts';
import { OutsideText } from '../common/outside-text.tsx';
import { ExtractionProgress } from './extraction-progress.tsx';

export function OpeningProgress() {
  const opening = useDocumentsStore((s) => s.opening);
  if (!opening) return null;
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
