// One memory state beside the chunk of the document it was written from, with the sentences of
// that chunk its change came from.
import { INITIAL_MEMORY, type MemoryState } from '../../../../shared/model.ts';
import { pagesLabel } from '../../../../shared/page-label.ts';
import type { RunView } from '../../../../shared/run-view.ts';
import { changeLabel, type WordChange } from '../../../../shared/memory-change.ts';
import { memorySize, memorySizeLabel, memorySizeNote } from '../../lib/memory-size.ts';
import { useRunText } from '../../lib/run-text.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { ChangeSources } from './change-sources.tsx';
import { OutsideText } from '../common/outside-text.tsx';

const PREVIEW = 20_000;

export function StateInspector(props: {
  run: RunView;
  state: MemoryState;
  change: WordChange | null;
  /** Compares this state with the one before it. */
  onCompare: (chunk: number) => void;
}) {
  const { run, state } = props;
  const k = state.chunk;
  const chunk = run.chunks[k];
  const { document } = useRunText(run);
  const text = document?.text;
  const jumpTo = useReaderStore((s) => s.jumpTo);
  const size = memorySize(run.memories, k);
  const previous = k === 0 ? INITIAL_MEMORY : run.memories[k - 1]?.memory;
  const source =
    chunk && text ? text.slice(chunk.start, Math.min(chunk.end, chunk.start + PREVIEW)) : '';
  return (
    <div className="inspector">
      <div className="inspector-col">
        <h4>Memory after chunk {k + 1}</h4>
        <p className="muted small state-facts">
          <span title={memorySizeNote(size)}>{memorySizeLabel(size)}</span>
          {state.kept ? null : props.change ? <> · {changeLabel(props.change)}</> : null}
          {k > 0 && previous !== undefined && previous !== state.memory ? (
            <>
              {' '}
              <button type="button" className="link" onClick={() => props.onCompare(k)}>
                Compare with chunk {k}
              </button>
            </>
          ) : null}
        </p>
        {state.kept ? (
          <p className="warn small">
            The reply was empty or cut off, so the previous memory was kept.
          </p>
        ) : null}
        <pre className="memory-text">
          {/* Model output: its bidi controls must not reorder the memory as read. */}
          <OutsideText text={state.memory} />
        </pre>
      </div>
      <div className="inspector-col">
        <h4>
          Source: chunk {k + 1}{' '}
          {chunk?.pages ? <span className="muted small">{pagesLabel(chunk.pages)}</span> : null}{' '}
          <button
            type="button"
            className="link"
            onClick={() => jumpTo({ kind: 'chunk', chunk: k })}
          >
            Show in reader
          </button>
        </h4>
        {state.kept ? null : previous === state.memory ? (
          <p className="muted small">The memory did not change with this chunk.</p>
        ) : chunk && document && previous !== undefined ? (
          <ChangeSources
            run={run}
            document={document}
            chunk={chunk}
            memory={state.memory}
            previous={previous}
          />
        ) : null}
        <pre className="source-text">
          {source}
          {chunk && chunk.end - chunk.start > PREVIEW ? '\n…' : ''}
        </pre>
      </div>
    </div>
  );
}
