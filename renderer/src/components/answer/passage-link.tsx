// A quoted passage of the document with where it is; pressing it opens the reader on the passage,
// highlighted. Used for the answer's evidence and for what a memory state's chunk contributed.
import { useReaderStore } from '../../stores/reader-store.ts';
import { OutsideText } from '../common/outside-text.tsx';

export function PassageLink(props: { start: number; end: number; quote: string; where: string }) {
  const { start, end, where } = props;
  return (
    <button
      type="button"
      className="passage"
      onClick={() => useReaderStore.getState().jumpTo({ kind: 'passage', start, end, where }, true)}
    >
      <q className="passage-quote">
        <OutsideText text={props.quote} />
      </q>
      {where ? <span className="passage-where muted small">{where}</span> : null}
    </button>
  );
}
