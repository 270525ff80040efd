// An SVG bar chart: one bar per chunk, its height the number of words that chunk added to or
// removed from the memory, against the largest change of the run. Tall bars are where the
// document mattered to the question; a mark above a bar says the answer's evidence is in that
// chunk. All bars are one <path> (700 chunks would otherwise be 700 elements to lay out); a
// click picks the bar under the pointer.
import { useMemo } from 'react';
import { changeSize, type WordChange } from '../../../../shared/memory-change.ts';

const H = 60;
/** Room above the bars for the evidence marks. */
const TOP = 8;

export function ChangeChart(props: {
  changes: (WordChange | null)[];
  chunkCount: number;
  selected: number | null;
  /** Chunks the answer's evidence is in. */
  cited: ReadonlySet<number>;
  onSelect: (chunk: number) => void;
}) {
  const n = Math.max(props.chunkCount, props.changes.length, 1);
  const { heights, biggest } = useMemo(() => {
    let most = 0;
    let at = -1;
    props.changes.forEach((c, i) => {
      if (changeSize(c) > most) [most, at] = [changeSize(c), i];
    });
    // A bar for every chunk read, one unit high when nothing changed.
    const hs = props.changes.map((c) =>
      c === null ? null : Math.max(1, most === 0 ? 0 : (changeSize(c) / most) * (H - TOP)),
    );
    return { heights: hs, biggest: at };
  }, [props.changes]);
  const d = useMemo(
    () => heights.map((h, i) => (h === null ? '' : `M${i + 0.1} ${H}v${-h}h0.8v${h}z`)).join(''),
    [heights],
  );
  const marks = useMemo(
    () => [...props.cited].map((i) => `M${i + 0.2} 1h0.6v${TOP - 3}h-0.6z`).join(''),
    [props.cited],
  );
  const sel = props.selected === null ? null : (heights[props.selected] ?? null);
  return (
    <figure className="change-chart">
      <svg
        viewBox={`0 0 ${n} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Memory change per chunk across the document${biggest >= 0 ? `; the largest change was at chunk ${biggest + 1}` : ''}${props.cited.size > 0 ? `; the answer's evidence is in chunk ${[...props.cited].map((c) => c + 1).join(', ')}` : ''}`}
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const i = Math.floor(((e.clientX - box.left) / box.width) * n);
          if (i >= 0 && i < props.changes.length && props.changes[i] !== null) props.onSelect(i);
        }}
      >
        {props.selected !== null ? (
          <rect x={props.selected} width={1} y={0} height={H} className="selected-column" />
        ) : null}
        <path d={d} className="bars" />
        {marks ? <path d={marks} className="cited-marks" /> : null}
        {sel !== null && props.selected !== null ? (
          <rect
            x={props.selected + 0.1}
            width={0.8}
            y={H - sel}
            height={sel}
            className="bar selected"
          />
        ) : null}
      </svg>
      <figcaption className="muted small">
        Words each chunk added to or removed from the memory, chunk 1 on the left
        {props.cited.size > 0 ? (
          <>
            ; <span className="cited-key" aria-hidden="true" /> the answer’s evidence
          </>
        ) : null}
        . Click a bar to see that chunk.
      </figcaption>
    </figure>
  );
}
