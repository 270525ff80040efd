// "Where it came from": the sentences the answer rests on, best first (the others folded), each
// showing its page highlighted in the source panel beside the answer (the Reader where there is
// no panel); when none could be pinned down, says so and offers the chunks where the answer
// formed (their pages), never a guessed highlight.
import { useMemo } from 'react';
import type { Evidence } from '../../../../shared/model.ts';
import { pagesLabel } from '../../../../shared/page-label.ts';
import { answerCutCause } from '../../../../shared/answer-cut.ts';
import { cutEvidenceLabel } from '../../../../shared/evidence-cut.ts';
import { quoteCheckLine } from '../../../../shared/quote-check.ts';
import type { RunView } from '../../../../shared/run-view.ts';
import { answerChunks } from '../../lib/answer-chunks.ts';
import { chunkTarget } from '../../lib/source-target.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { PassageItem } from '../common/passage-item.tsx';
import { passagePress, useSourceChooser } from '../common/source-chooser.ts';

export function EvidenceList(props: {
  run: RunView;
  evidence: Evidence[];
  ready: boolean;
  /** The passages an imported run carried: their text is not here to open them in. */
  carried?: boolean;
}) {
  const { run, evidence } = props;
  const carried = props.carried === true;
  if (!props.ready) {
    return (
      <p className="muted" role="status">
        Finding the passages the answer rests on…
      </p>
    );
  }
  // The best passage in view; the others, less sure, one click away.
  const [best, ...more] = evidence;
  return (
    <div className="evidence">
      <h4>Where it came from</h4>
      {run.quoteCheck ? (
        <p className="muted quote-check" data-testid="quote-check">
          {quoteCheckLine(run.quoteCheck)}
        </p>
      ) : null}
      {best && run.answerCut ? (
        <p className="warn" role="note" data-testid="evidence-cut">
          {cutEvidenceLabel(answerCutCause(run.warnings))}
        </p>
      ) : null}
      {best ? (
        <>
          <Passages evidence={[best]} first={1} carried={carried} />
          {more.length > 0 ? (
            <details className="more-evidence">
              <summary>
                {more.length} more {more.length === 1 ? 'passage' : 'passages'} that may support it
              </summary>
              <Passages evidence={more} first={2} carried={carried} />
            </details>
          ) : null}
        </>
      ) : (
        <NoPassage run={run} />
      )}
    </div>
  );
}

/** Passages numbered from `first` on: the markers run on across the folded ones. */
function Passages(props: { evidence: Evidence[]; first: number; carried: boolean }) {
  const chooser = useSourceChooser();
  return (
    <ol className="evidence-list">
      {props.evidence.map((e, i) => (
        <PassageItem
          key={`${e.start}-${e.end}`}
          passage={e}
          n={props.first + i}
          press={passagePress(chooser, e, props.first + i, props.carried)}
        />
      ))}
    </ol>
  );
}

function NoPassage(props: { run: RunView }) {
  const { run } = props;
  const jumpTo = useReaderStore((s) => s.jumpTo);
  const chooser = useSourceChooser();
  const chunks = useMemo(
    () => answerChunks(run.question, run.answer ?? '', run.memories),
    [run.question, run.answer, run.memories],
  );
  if (chunks.length === 0) {
    return (
      <p className="muted" data-testid="no-evidence">
        No passage could be pinned down, and the answer’s words are not in the memory the model
        kept: it may not come from the document.
      </p>
    );
  }
  const link = (c: number) => (
    <button
      type="button"
      className="link"
      onClick={() =>
        chooser
          ? chooser.choose(chunkTarget(run.chunks, [], c))
          : jumpTo({ kind: 'chunk', chunk: c })
      }
    >
      {c + 1}
      {run.chunks[c]?.pages ? ` (${pagesLabel(run.chunks[c].pages)})` : ''}
    </button>
  );
  const [first, ...others] = chunks;
  return (
    <p className="muted" data-testid="no-evidence">
      No passage could be pinned down; the answer formed in chunk {link(first!)}
      {others.length > 0 ? (
        <>
          , with words from {others.length === 1 ? 'chunk' : 'chunks'}{' '}
          {others.map((c, i) => (
            <span key={c}>
              {i === 0 ? '' : i === others.length - 1 ? ' and ' : ', '}
              {link(c)}
            </span>
          ))}
        </>
      ) : null}
      .
    </p>
  );
}
