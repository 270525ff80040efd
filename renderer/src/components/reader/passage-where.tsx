// Says where the highlighted passage is ("p. 5 (PDF page 7) · §8 Termination"); the highlight
// points at this text as its accessible description. Hits of find in document say it in the
// find bar instead.
import { usePassage, useReaderStore } from '../../stores/reader-store.ts';

export const PASSAGE_WHERE_ID = 'passage-where';

export function PassageWhere() {
  const passage = usePassage();
  const jumpTo = useReaderStore((s) => s.jumpTo);
  const clear = useReaderStore((s) => s.clearPassage);
  if (!passage || passage.found) return null;
  return (
    <p className="passage-where small" role="status">
      <span id={PASSAGE_WHERE_ID}>Cited passage{passage.where ? `: ${passage.where}` : ''}</span>
      <button
        type="button"
        className="link"
        onClick={() => {
          const { nonce, ...target } = passage;
          void nonce;
          jumpTo(target);
        }}
      >
        Show it
      </button>
      <button type="button" className="link" onClick={clear}>
        Clear highlight
      </button>
    </p>
  );
}
