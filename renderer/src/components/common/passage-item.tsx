// One cited passage as every view shows it: its marker [n] (its place among the answer's
// passages), the quote, where it is (the printed page first: shared/page-label.ts), and what
// pressing it does. The answer's evidence, a memory state's sources in the timeline and a review
// cell's passages all render this one item, so a passage reads and behaves the same everywhere.
import type { Evidence } from '../../../../shared/model.ts';
import { evidenceWhere, passageName } from '../../lib/chunk-evidence.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { QuotedBadge } from '../answer/quoted-badge.tsx';
import { OutsideText } from './outside-text.tsx';

/** What a passage is: the answer's evidence, or a sentence a memory state's change came from. */
export type PassageSource = Pick<
  Evidence,
  'start' | 'end' | 'quote' | 'page' | 'pageLabel' | 'section'
> &
  Partial<Pick<Evidence, 'chunk' | 'by'>>;

/**
 * What pressing the passage does: open the reader on it, highlighted (`open`); choose it for the
 * page shown beside it (`choose`, a review cell); or nothing, for an imported run's passage whose
 * text is not here (`none`: still focusable, so its marker is reached like the others).
 */
export type PassagePress =
  { kind: 'open' } | { kind: 'choose'; chosen: boolean; onChoose: () => void } | { kind: 'none' };

export function PassageItem(props: {
  passage: PassageSource;
  /** The passage's place (1-based) among the answer's passages: the marker [n]. */
  n?: number;
  press: PassagePress;
}) {
  const { passage: p, n, press } = props;
  const where = evidenceWhere(p);
  const body = (
    <>
      {n === undefined ? null : (
        <span className="passage-marker" aria-hidden="true">
          [{n}]
        </span>
      )}
      <span className="passage-text">
        <q className="passage-quote">
          <OutsideText text={p.quote} />
        </q>
        {where || p.by !== undefined ? (
          // Where it is, and who found it word for word, on one line under the quote.
          <span className="passage-foot">
            {where ? <span className="passage-where muted small">{where}</span> : null}
            {p.by === undefined ? null : <QuotedBadge by={p.by} />}
          </span>
        ) : null}
      </span>
    </>
  );
  const name = passageName(p, n);
  return (
    <li className="passage-item" data-passage={n}>
      {press.kind === 'none' ? (
        // Not a control: a labelled group, in the tab order like the passages that open.
        <span
          className="passage carried"
          data-testid="carried-passage"
          role="group"
          tabIndex={0}
          aria-label={name}
        >
          {body}
        </span>
      ) : press.kind === 'choose' ? (
        <button
          type="button"
          className={`passage${press.chosen ? ' chosen' : ''}`}
          aria-pressed={press.chosen}
          aria-label={name}
          onClick={press.onChoose}
        >
          {body}
        </button>
      ) : (
        <button
          type="button"
          className="passage"
          aria-label={name}
          onClick={() =>
            useReaderStore
              .getState()
              .jumpTo({ kind: 'passage', start: p.start, end: p.end, where }, true)
          }
        >
          {body}
        </button>
      )}
    </li>
  );
}
