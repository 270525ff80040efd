// The sentences of a chunk that a memory state's change came from, each shown highlighted in the
// page beside the view (the source panel, a review cell's page), or in the Reader where there is none.
import { useMemo } from 'react';
import type { ChunkInfo, DocumentText } from '../../../../shared/model.ts';
import { pageAt, sectionPath } from '../../../../shared/text-location.ts';
import type { RunView } from '../../../../shared/run-view.ts';
import { changeSources } from '../../lib/change-sources.ts';
import { PassageItem } from '../common/passage-item.tsx';
import { passagePress, useSourceChooser } from '../common/source-chooser.ts';

export function ChangeSources(props: {
  run: RunView;
  document: DocumentText;
  chunk: ChunkInfo;
  memory: string;
  previous: string;
}) {
  const { run, document, chunk, memory, previous } = props;
  const { text } = document;
  const chooser = useSourceChooser();
  const passages = useMemo(
    () => changeSources(text, chunk, memory, previous, run.question),
    [text, chunk, memory, previous, run.question],
  );
  if (passages.length === 0) {
    return (
      <p className="muted small">No sentence of this chunk carries what the memory gained here.</p>
    );
  }
  return (
    <div className="change-sources">
      <p className="small">What the memory gained here came from:</p>
      <ul className="evidence-list">
        {passages.map((p) => {
          const page = pageAt(document.pages, p.start);
          const passage = {
            start: p.start,
            end: p.end,
            quote: p.quote,
            page: page?.number ?? null,
            pageLabel: page?.label ?? null,
            section: sectionPath(document.sections, p.start),
          };
          return (
            <PassageItem key={p.start} passage={passage} press={passagePress(chooser, passage)} />
          );
        })}
      </ul>
    </div>
  );
}
