// Extraction progress for the document being opened.
import { useDocumentsStore } from '../../stores/documents-store.ts';
import { OutsideText } from '../common/outside-text.tsx';

const STAGES = {
  reading: 'Reading',
  extracting: 'Extracting text',
  tokenizing: 'Counting tokens',
} as const;

export function OpeningProgress() {
  const opening = useDocumentsStore((s) => s.opening);
  if (!opening) return null;
  const p = opening.progress;
  return (
    <div className="opening" role="status" aria-live="polite">
      <span>
        Opening{' '}
        <strong>
          <OutsideText text={opening.name} />
        </strong>
        {p ? ` — ${STAGES[p.stage]}${p.total > 0 ? ` ${p.done} of ${p.total}` : ''}` : '…'}
      </span>
      {p && p.total > 0 ? (
        <progress max={p.total} value={p.done} aria-label="Opening progress" />
      ) : (
        <progress aria-label="Opening progress" />
      )}
    </div>
  );
}
