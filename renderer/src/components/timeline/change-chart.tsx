// An SVG bar chart: one bar per chunk, its height the share of the memory that chunk changed.
// Tall bars are where the document mattered to the question.
export function ChangeChart(props: { changes: (number | null)[]; chunkCount: number; selected: number | null; onSelect: (chunk: number) => void }) {
  const n = Math.max(props.chunkCount, props.changes.length, 1);
  const H = 60;
  return (
    <figure className="change-chart">
      <svg viewBox={`0 0 ${n} ${H}`} preserveAspectRatio="none" role="img" aria-label="Memory change per chunk across the document">
        {props.changes.map((c, i) =>
          c === null ? null : (
            <rect
              key={i}
              x={i + 0.1}
              width={0.8}
              y={H - Math.max(1, c * H)}
              height={Math.max(1, c * H)}
              className={i === props.selected ? 'bar selected' : 'bar'}
              onClick={() => props.onSelect(i)}
            >
              <title>{`Chunk ${i + 1}: ${Math.round(c * 100)}% changed`}</title>
            </rect>
          ),
        )}
      </svg>
      <figcaption className="muted small">Memory change per chunk (share of words added or removed), chunk 1 on the left.</figcaption>
    </figure>
  );
}
