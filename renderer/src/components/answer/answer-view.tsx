// The extracted answer, the full reply, and the passages of the document it rests on.
import type { RunView } from '../../../../shared/run-view.ts';
import { useRunEvidence } from '../../lib/run-evidence.ts';
import { OutsideText } from '../common/outside-text.tsx';
import { EvidenceList } from './evidence-list.tsx';

export function AnswerView(props: { run: RunView }) {
  const { run } = props;
  const { evidence, ready, carried } = useRunEvidence(run);
  // Stopped by the server (a content filter, a tool call, past max_tokens): more answer tokens
  // would not help, and the warning's own sentence says what stopped it.
  const stopped = run.warnings.find((w) => w.code === 'answer-stopped');
  return (
    <section className="answer" aria-label="Answer">
      <h3 className="small-heading">
        {/* A cut answer is never headed as if it were whole. */}
        {run.answer && run.answerCut ? 'Incomplete answer' : 'Answer'}
        {run.origin === 'import' ? (
          <span className="badge imported" data-testid="answer-imported">
            Imported
          </span>
        ) : null}
      </h3>
      {/* Why it is incomplete is read before the text. */}
      {run.answer && run.answerCut && stopped ? (
        <p className="warn" role="note" data-testid="answer-cut">
          <OutsideText text={stopped.message} />
        </p>
      ) : run.answer && run.answerCut ? (
        <p className="warn" role="note" data-testid="answer-cut">
          Incomplete: the final reply was cut at its token limit ({answerTokens(run)}), so the model
          may have had more to say. Raise “Answer length” in Run settings and ask again.
        </p>
      ) : null}
      {run.answer ? (
        <p className="answer-text" data-testid="answer">
          {/* Model output: its bidi controls must not reorder what the user reads. */}
          <OutsideText text={run.answer} />
        </p>
      ) : run.answerCut && stopped ? (
        <p className="warn" role="note">
          <OutsideText text={stopped.message} /> The cut reply is below.
        </p>
      ) : run.answerCut ? (
        <p className="warn" role="note">
          No complete answer: the final reply was cut at its token limit ({answerTokens(run)}).
          Raise “Answer length” in Run settings and ask again; the cut reply is below.
        </p>
      ) : (
        <p className="warn">The reply has no extractable answer; read the full reply below.</p>
      )}
      {run.answer ? (
        <EvidenceList run={run} evidence={evidence} ready={ready} carried={carried === true} />
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
