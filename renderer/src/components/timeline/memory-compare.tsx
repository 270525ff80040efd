// Two memory states compared word by word, side by side or inline.
import { diffWords, type ChangeObject } from 'diff';
import { useMemo, useState } from 'react';
import type { RunView } from '../../../../shared/run-view.ts';

export function MemoryCompare(props: { run: RunView; a: number; b: number; onClose: () => void }) {
  const [mode, setMode] = useState<'side' | 'inline'>('side');
  const before = props.run.memories[props.a]?.memory ?? '';
  const after = props.run.memories[props.b]?.memory ?? '';
  const parts = useMemo(() => diffWords(before, after), [before, after]);
  return (
    <div
      className="compare"
      aria-label={`Memory after chunk ${props.a + 1} compared with chunk ${props.b + 1}`}
    >
      <div className="compare-head">
        <h4>
          Chunk {props.a + 1} → chunk {props.b + 1}
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
        <button type="button" className="ghost" onClick={props.onClose}>
          Clear
        </button>
      </div>
      {mode === 'inline' ? (
        <pre className="diff">{parts.map(renderPart)}</pre>
      ) : (
        <div className="inspector">
          <pre className="diff inspector-col" aria-label={`Chunk ${props.a + 1}`}>
            {parts.filter((p) => !p.added).map(renderPart)}
          </pre>
          <pre className="diff inspector-col" aria-label={`Chunk ${props.b + 1}`}>
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
