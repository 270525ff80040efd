// One entry per chunk: pages, memory size, change; virtualized for 700+ chunks. One entry is in
// the tab order (the selected one); Up/Down/Home/End move between entries and select.
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { listStep } from '../../lib/list-step.ts';
import { changeLabel, type WordChange } from '../../../../shared/memory-change.ts';
import { memorySize, memorySizeLabel, memorySizeNote } from '../../lib/memory-size.ts';
import { pagesLabel } from '../../../../shared/page-label.ts';
import type { RunView } from '../../../../shared/run-view.ts';
import { VirtualWindow } from '../common/virtual-window.tsx';

export function TimelineList(props: {
  run: RunView;
  changes: (WordChange | null)[];
  selected: number | null;
  compare: number[];
  /** Chunks the answer's evidence is in. */
  cited: ReadonlySet<number>;
  /** A chunk to bring into view (from the chart or a comparison); `nonce` repeats it. */
  reveal: { chunk: number; nonce: number } | null;
  onSelect: (chunk: number) => void;
  /** A chunk chosen (clicked, or Enter/Space on its row), not merely moved to with the arrows. */
  onChoose: (chunk: number) => void;
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
  // Only a new request scrolls, not new chunks arriving (the virtualizer is one object).
  useEffect(() => {
    if (props.reveal && props.reveal.chunk < virtualizer.options.count)
      virtualizer.scrollToIndex(props.reveal.chunk, { align: 'center' });
  }, [props.reveal, virtualizer]);
  // Arrow keys move the selection and the focus with it; the entry may first need rendering
  // (the list is virtualized), so the focus is placed after the render that shows it.
  const focusNext = useRef<number | null>(null);
  useEffect(() => {
    const chunk = focusNext.current;
    if (chunk === null) return;
    const button = ref.current?.querySelector<HTMLButtonElement>(
      `[data-chunk="${chunk + 1}"] .entry-main`,
    );
    if (!button) return;
    focusNext.current = null;
    button.focus();
  });
  const roving = props.selected ?? run.memories.findIndex((m) => !!m);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from =
      Number((e.target as HTMLElement).closest('[data-chunk]')?.getAttribute('data-chunk')) - 1;
    const next = listStep(run.memories, from, e.key);
    if (next === null) return;
    e.preventDefault();
    focusNext.current = next;
    virtualizer.scrollToIndex(next, { align: 'auto' });
    props.onSelect(next);
  };
  const items = virtualizer.getVirtualItems();
  return (
    <div
      ref={ref}
      className="timeline-list"
      role="list"
      aria-label="Memory states"
      onKeyDown={onKeyDown}
    >
      <VirtualWindow totalSize={virtualizer.getTotalSize()} offset={items[0]?.start ?? 0}>
        {items.map((item) => {
          const i = item.index;
          const m = run.memories[i];
          const chunk = run.chunks[i];
          const change = props.changes[i];
          const size = m ? memorySize(run.memories, i) : null;
          const cited = props.cited.has(i);
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
                tabIndex={i === roving ? 0 : -1}
                aria-current={i === props.selected ? 'true' : undefined}
                onClick={() => props.onChoose(i)}
              >
                <span className="entry-chunk">Chunk {i + 1}</span>
                <span className="muted small entry-pages">
                  {chunk?.pages ? pagesLabel(chunk.pages) : ''}
                </span>
                <span className="small entry-size" title={size ? memorySizeNote(size) : undefined}>
                  {size ? memorySizeLabel(size) : '…'}
                </span>
                <span
                  className="small entry-change"
                  title={
                    change && !m?.kept
                      ? `Words added and removed: ${changeLabel(change)}`
                      : undefined
                  }
                >
                  {m?.kept ? 'kept' : change ? changeLabel(change, false) : ''}
                </span>
                {cited ? (
                  <span
                    className="cited-badge small"
                    title="The answer’s evidence is in this chunk"
                  >
                    evidence
                  </span>
                ) : null}
              </button>
            </div>
          );
        })}
      </VirtualWindow>
    </div>
  );
}
