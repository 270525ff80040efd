// Two memory states compared word by word, side by side or inline, with how many words were
// added and removed and buttons to the previous and next chunk that changed the memory.
import { diffWords, type ChangeObject } from 'diff';
import { useEffect, useMemo, useRef, useState } from 'react';
import { nextChange, wordChange } from '../../../../shared/memory-change.ts';
import type { RunView } from '../../../../shared/run-view.ts';
import { QuestionsFoldButton, useFoldQuestionsWhenNarrow } from '../ask/questions-fold.tsx';

export function MemoryCompare(props: {
  run: RunView;
  a: number;
  b: number;
  /** Shows the pair (chunk − 1, chunk). */
  onPick: (chunk: number) => void;
  onClose: () => void;
}) {
  const { run, a, b } = props;
  const [mode, setMode] = useState<'side' | 'inline'>('side');
  // The Ask screen's question column folds away while memories are compared in a window too
  // narrow for two readable columns beside it; the button brings it back.
  useFoldQuestionsWhenNarrow();
  const before = run.memories[a]?.memory ?? '';
  const after = run.memories[b]?.memory ?? '';
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  const box = useRef<HTMLDivElement>(null);
  // Long memories share most of their text: show each side from its first change.
  useEffect(() => {
    for (const pre of box.current?.querySelectorAll('pre.diff') ?? []) {
      const first = pre.querySelector('ins, del');
      if (first)
        pre.scrollTop += first.getBoundingClientRect().top - pre.getBoundingClientRect().top - 24;
    }
  }, [parts, mode]);
  // Counted as the timeline and the exports count them (words added to the memory).
  const { added, removed } = useMemo(() => wordChange(before, after), [before, after]);
  // Steps through the changes one chunk at a time: from a pair of neighbours to the next
  // changed pair, from a wider pair to the first change inside it.
  const previous = nextChange(run.memories, a + 1, -1);
  const next = nextChange(run.memories, b === a + 1 ? b : a, 1);
  const same = before === after;
  return (
    <div
      ref={box}
      className="compare"
      aria-label={`Memory after chunk ${a + 1} compared with chunk ${b + 1}`}
    >
      <div className="compare-head">
        <h4>
          Chunk {a + 1} → chunk {b + 1}
        </h4>
        <div role="radiogroup" aria-label="Diff layout" className="segmented">
          <button
            type="button"
            role="radio"
            aria-checked={mode === 'side'}
            onClick={() => setMode('side')}
          >
            Side by side
          </button>
          <button
            type="button"
            role="radio"
            aria-checked={mode === 'inline'}
            onClick={() => setMode('inline')}
          >
            Inline
          </button>
        </div>
        <QuestionsFoldButton title="Fold the questions column away to give the memories the window's width" />
        <button type="button" className="ghost" onClick={props.onClose}>
          Clear
        </button>
      </div>
      <div className="compare-summary">
        <span role="status" data-testid="compare-summary">
          {same ? (
            'Same memory: nothing changed between these chunks.'
          ) : (
            <>
              <span className="added-count">+{added}</span>{' '}
              <span className="removed-count">−{removed}</span> words
            </>
          )}
        </span>
        <button
          type="button"
          disabled={previous === null}
          onClick={() => previous !== null && props.onPick(previous)}
        >
          ← Previous change
        </button>
        <button
          type="button"
          disabled={next === null}
          onClick={() => next !== null && props.onPick(next)}
        >
          Next change →
        </button>
      </div>
      {mode === 'inline' ? (
        <pre className="diff">{parts.map(renderPart)}</pre>
      ) : (
        <div className="inspector">
          <pre className="diff inspector-col" aria-label={`Chunk ${a + 1}`}>
            {parts.filter((p) => !p.added).map(renderPart)}
          </pre>
          <pre className="diff inspector-col" aria-label={`Chunk ${b + 1}`}>
            {parts.filter((p) => !p.removed).map(renderPart)}
          </pre>
        </div>
      )}
    </div>
  );
}

function renderPart(part: ChangeObject<string>, i: number) {
  if (part.added) return <ins key={i}>{part.value}</ins>;
  if (part.removed) return <del key={i}>{part.value}</del>;
  return <span key={i}>{part.value}</span>;
}
