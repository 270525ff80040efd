// The memory timeline: a chart of how much each chunk changed the memory, one entry per chunk,
// a selected state beside its source chunk, and any two states compared.
import { useMemo, useState } from 'react';
import { INITIAL_MEMORY } from '../../../../shared/model.ts';
import { changesOf } from '../../lib/memory-change.ts';
import type { RunView } from '../../../../shared/run-view.ts';
import { ChangeChart } from './change-chart.tsx';
import { MemoryCompare } from './memory-compare.tsx';
import { StateInspector } from './state-inspector.tsx';
import { TimelineList } from './timeline-list.tsx';

export function TimelineView(props: { run: RunView }) {
  const { run } = props;
  const changes = useMemo(() => changesOf(run.memories, INITIAL_MEMORY), [run.memories]);
  const [selected, setSelected] = useState<number | null>(null);
  const [compare, setCompare] = useState<number[]>([]);
  const toggleCompare = (chunk: number) =>
    setCompare((c) =>
      c.includes(chunk)
        ? c.filter((x) => x !== chunk)
        : [...c.slice(-1), chunk].sort((a, b) => a - b),
    );
  if (run.memories.length === 0) {
    return run.status === 'running' || run.status === 'queued' ? (
      <p className="muted">The memory timeline fills in as each chunk is read.</p>
    ) : null;
  }
  const selectedState = selected === null ? undefined : run.memories[selected];
  return (
    <section className="timeline" aria-label="Memory timeline">
      <h3 className="small-heading">Memory timeline</h3>
      <ChangeChart
        changes={changes}
        chunkCount={run.chunkCount}
        selected={selected}
        onSelect={setSelected}
      />
      <div className="timeline-body">
        <TimelineList
          run={run}
          changes={changes}
          selected={selected}
          compare={compare}
          onSelect={setSelected}
          onToggleCompare={toggleCompare}
        />
        <div className="timeline-detail">
          {compare.length === 2 ? (
            <MemoryCompare
              run={run}
              a={compare[0]!}
              b={compare[1]!}
              onClose={() => setCompare([])}
            />
          ) : selectedState ? (
            <StateInspector run={run} state={selectedState} />
          ) : (
            <p className="muted">
              Select a chunk to see its memory beside the text it was read from, or tick two chunks
              to compare their memories.
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
