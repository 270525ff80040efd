// One memory state beside the chunk of the document it was written from.
import type { MemoryState } from '../../../../shared/model.ts';
import { approxTokens, formatCount } from '../../lib/format.ts';
import { pagesLabel } from '../../../../shared/page-label.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import type { RunView } from '../../../../shared/run-view.ts';

const PREVIEW = 20_000;

export function StateInspector(props: { run: RunView; state: MemoryState }) {
  const { run, state } = props;
  const chunk = run.chunks[state.chunk];
  const text = useReaderStore((s) => s.view?.document.text);
  const jumpTo = useReaderStore((s) => s.jumpTo);
  const source =
    chunk && text ? text.slice(chunk.start, Math.min(chunk.end, chunk.start + PREVIEW)) : '';
  return (
    <div className="inspector">
      <div className="inspector-col">
        <h4>
          Memory after chunk {state.chunk + 1}{' '}
          <span className="muted small">
            ≈{formatCount(approxTokens(state.memory))} tokens (approximate)
          </span>
        </h4>
        {state.kept ? (
          <p className="warn small">
            The reply was empty or cut off, so the previous memory was kept.
          </p>
        ) : null}
        <pre className="memory-text">{state.memory}</pre>
      </div>
      <div className="inspector-col">
        <h4>
          Source: chunk {state.chunk + 1}{' '}
          {chunk?.pages ? <span className="muted small">{pagesLabel(chunk.pages)}</span> : null}{' '}
          <button
            type="button"
            className="link"
            onClick={() => jumpTo({ kind: 'chunk', chunk: state.chunk })}
          >
            Show in reader
          </button>
        </h4>
        <pre className="source-text">
          {source}
          {chunk && chunk.end - chunk.start > PREVIEW ? '\n…' : ''}
        </pre>
      </div>
    </div>
  );
}
