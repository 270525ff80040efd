// The memory timeline: a chart of how much each chunk changed the memory, one entry per chunk,
// a selected state beside its source chunk, and any two states compared. Chunks the answer's
// evidence is in are marked on the chart and in the list. Beside a source panel, a chunk chosen
// (clicked, or Enter on its row; not the arrow keys, which only move) shows its page there: the
// answer's passage in it highlighted, when it has one.
import { useMemo, useState } from 'react';
import { changesOf } from '../../../../shared/memory-change.ts';
import { useRunEvidence } from '../../lib/run-evidence.ts';
import { chunkTarget } from '../../lib/source-target.ts';
import { useSourceChooser } from '../common/source-chooser.ts';
import type { RunView } from '../../../../shared/run-view.ts';
import { ChangeChart } from './change-chart.tsx';
import { MemoryCompare } from './memory-compare.tsx';
import { StateInspector } from './state-inspector.tsx';
import { TimelineList } from './timeline-list.tsx';

let nonce = 0;

export function TimelineView(props: { run: RunView }) {
  const { run } = props;
  const changes = useMemo(() => changesOf(run.memories), [run.memories]);
  const { evidence } = useRunEvidence(run);
  const cited = useMemo(() => new Set(evidence.map((e) => e.chunk)), [evidence]);
  const chooser = useSourceChooser();
  const [selected, setSelected] = useState<number | null>(null);
  const [compare, setCompare] = useState<number[]>([]);
  const [reveal, setReveal] = useState<{ chunk: number; nonce: number } | null>(null);
  const show = (chunk: number) => {
    nonce += 1;
    setReveal({ chunk, nonce });
  };
  const toggleCompare = (chunk: number) =>
    setCompare((c) =>
      c.includes(chunk)
        ? c.filter((x) => x !== chunk)
        : [...c.slice(-1), chunk].sort((a, b) => a - b),
    );
  // Picking a state leaves a comparison of two (a single tick stays for the next one).
  const select = (chunk: number) => {
    setSelected(chunk);
    setCompare((c) => (c.length === 2 ? [] : c));
  };
  /** Compares the memory after `chunk` with the one before it. */
  const compareWithPrevious = (chunk: number) => {
    setCompare([chunk - 1, chunk]);
    show(chunk);
  };
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
        cited={cited}
        onSelect={(chunk) => {
          select(chunk);
          show(chunk);
          chooser?.choose(chunkTarget(run.chunks, evidence, chunk));
        }}
      />
      <div className="timeline-body">
        <TimelineList
          run={run}
          changes={changes}
          selected={selected}
          compare={compare}
          cited={cited}
          reveal={reveal}
          onSelect={select}
          onChoose={(chunk) => {
            select(chunk);
            chooser?.choose(chunkTarget(run.chunks, evidence, chunk));
          }}
          onToggleCompare={toggleCompare}
        />
        <div className="timeline-detail">
          {compare.length === 2 ? (
            <MemoryCompare
              run={run}
              a={compare[0]!}
              b={compare[1]!}
              onPick={compareWithPrevious}
              onClose={() => setCompare([])}
            />
          ) : selectedState ? (
            <StateInspector
              run={run}
              state={selectedState}
              change={changes[selectedState.chunk] ?? null}
              onCompare={compareWithPrevious}
            />
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
