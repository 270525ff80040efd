// An SVG bar chart: one bar per chunk, its height the share of the memory that chunk changed.
// Tall bars are where the document mattered to the question. All bars are one <path> (700
// chunks would otherwise be 700 elements to lay out); a click picks the bar under the pointer.
import { useMemo } from 'react';

const H = 60;

export function ChangeChart(props: {
  changes: (number | null)[];
  chunkCount: number;
  selected: number | null;
  onSelect: (chunk: number) => void;
}) {
  const n = Math.max(props.chunkCount, props.changes.length, 1);
  const d = useMemo(() => {
    const parts: string[] = [];
    props.changes.forEach((c, i) => {
      if (c === null) return;
      const h = Math.max(1, c * H);
      parts.push(`M${i + 0.1} ${H}v${-h}h0.8v${h}z`);
    });
    return parts.join('');
  }, [props.changes]);
  const sel = props.selected === null ? null : props.changes[props.selected];
  const biggest = useMemo(() => {
    let best = -1;
    props.changes.forEach((c, i) => {
      if (i > 0 && c !== null && (best < 0 || c > (props.changes[best] ?? 0))) best = i;
    });
    return best;
  }, [props.changes]);
  return (
    <figure className="change-chart">
      <svg
        viewBox={`0 0 ${n} ${H}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={`Memory change per chunk across the document${biggest >= 0 ? `; after the first chunk, the largest change was at chunk ${biggest + 1}` : ''}`}
        onClick={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const i = Math.floor(((e.clientX - box.left) / box.width) * n);
          if (i >= 0 && i < props.changes.length && props.changes[i] !== null) props.onSelect(i);
        }}
      >
        <path d={d} className="bars" />
        {sel !== null && sel !== undefined && props.selected !== null ? (
          <rect
            x={props.selected + 0.1}
            width={0.8}
            y={H - Math.max(1, sel * H)}
            height={Math.max(1, sel * H)}
            className="bar selected"
          />
        ) : null}
      </svg>
      <figcaption className="muted small">
        Memory change per chunk (share of words added or removed), chunk 1 on the left. Click a bar
        to see that chunk.
      </figcaption>
    </figure>
  );
}
