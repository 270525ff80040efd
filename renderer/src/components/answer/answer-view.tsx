// The extracted answer, the full reply, and the chunks where the answer entered memory.
import { useMemo } from 'react';
import { evidenceTrail } from '../../lib/evidence.ts';
import { pagesLabel } from '../../../../shared/page-label.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import type { RunView } from '../../../../shared/run-view.ts';

export function AnswerView(props: { run: RunView }) {
  const { run } = props;
  const jumpTo = useReaderStore((s) => s.jumpTo);
  const trail = useMemo(
    () => (run.answer ? evidenceTrail(run.answer, run.memories, run.chunks) : []),
    [run.answer, run.memories, run.chunks],
  );
  return (
    <section className="answer" aria-label="Answer">
      <h3 className="small-heading">Answer</h3>
      {run.answer ? (
        <p className="answer-text" data-testid="answer">
          {run.answer}
        </p>
      ) : run.answerCut ? (
        <p className="warn" role="note">
          No complete answer: the final reply was cut at its token limit ({answerTokens(run)}).
          Raise “Answer length” in Run settings and ask again; the cut reply is below.
        </p>
      ) : (
        <p className="warn">The reply has no extractable answer; read the full reply below.</p>
      )}
      {run.answer && run.answerCut ? (
        <p className="warn" role="note" data-testid="answer-cut">
          Incomplete: the final reply was cut at its token limit ({answerTokens(run)}), so the model
          may have had more to say. Raise “Answer length” in Run settings and ask again.
        </p>
      ) : null}
      {trail.length > 0 ? (
        <div className="evidence">
          <h4>Where it came from</h4>
          <ul>
            {trail.map((e) => (
              <li key={e.chunk}>
                <button
                  type="button"
                  className="link"
                  onClick={() => jumpTo({ kind: 'chunk', chunk: e.chunk })}
                >
                  Chunk {e.chunk + 1}
                  {e.pages ? `, ${pagesLabel(e.pages)}` : ''}
                </button>{' '}
                <span className="muted">brought “{e.words.join(', ')}” into memory</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {run.response !== undefined ? (
        <details>
          <summary>Full reply</summary>
          <pre className="reply">{run.response}</pre>
        </details>
      ) : null}
    </section>
  );
}

function answerTokens(run: RunView): string {
  return run.settings ? `${run.settings.answerTokens} tokens` : 'answer tokens';
}
