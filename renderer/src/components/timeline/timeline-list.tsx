// One entry per chunk: pages, memory size, change; virtualized for 700+ chunks.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useRef } from 'react';
import { approxTokens } from '../../lib/format.ts';
import { pagesLabel } from '../../../../shared/page-label.ts';
import type { RunView } from '../../../../shared/run-view.ts';
import { VirtualWindow } from '../common/virtual-window.tsx';

export function TimelineList(props: {
  run: RunView;
  changes: (number | null)[];
  selected: number | null;
  compare: number[];
  onSelect: (chunk: number) => void;
  onToggleCompare: (chunk: number) => void;
}) {
  const { run } = props;
  const ref = useRef<HTMLDivElement>(null);
  const count = run.memories.length;
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => ref.current,
    estimateSize: () => 44,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  return (
    <div ref={ref} className="timeline-list" role="list" aria-label="Memory states">
      <VirtualWindow totalSize={virtualizer.getTotalSize()} offset={items[0]?.start ?? 0}>
        {items.map((item) => {
          const i = item.index;
          const m = run.memories[i];
          const chunk = run.chunks[i];
          const change = props.changes[i];
          return (
            <div
              key={item.key}
              role="listitem"
              className={i === props.selected ? 'timeline-entry selected' : 'timeline-entry'}
              data-chunk={i + 1}
            >
              <input
                type="checkbox"
                aria-label={`Compare chunk ${i + 1}`}
                checked={props.compare.includes(i)}
                disabled={!m}
                onChange={() => props.onToggleCompare(i)}
              />
              <button
                type="button"
                className="entry-main"
                disabled={!m}
                onClick={() => props.onSelect(i)}
              >
                <span className="entry-chunk">Chunk {i + 1}</span>
                <span className="muted small">{chunk?.pages ? pagesLabel(chunk.pages) : ''}</span>
                <span className="small">{m ? `≈${approxTokens(m.memory)} tok` : '…'}</span>
                <span className="small">
                  {m?.kept
                    ? 'kept'
                    : change === null || change === undefined
                      ? ''
                      : `${Math.round(change * 100)}% changed`}
                </span>
              </button>
            </div>
          );
        })}
      </VirtualWindow>
    </div>
  );
}
