// A chunk's boundary in the reader: "Chunk 7 · 8,012 tokens · pp. 41–48", and when the selected
// run's answer rests on passages of that chunk, each cited with where it is and its quote; a
// quote opens the passage highlighted, as the answer view's citations do.
import type { ChunkInfo } from '../../../../shared/model.ts';
import { evidenceLocation, pagesLabel } from '../../../../shared/page-label.ts';
import { evidenceWhere } from '../../lib/chunk-evidence.ts';
import { formatCount } from '../../lib/format.ts';
import { useReaderStore } from '../../stores/reader-store.ts';
import { QuotedBadge } from '../answer/quoted-badge.tsx';
import { OutsideText, outsideAttr } from '../common/outside-text.tsx';
import { useChunkEvidence } from './chunk-evidence-context.ts';

export function ChunkMarker(props: { chunk: ChunkInfo }) {
  const c = props.chunk;
  const evidence = useChunkEvidence().get(c.index) ?? [];
  const label = `Chunk ${c.index + 1} · ${formatCount(c.tokens)} tokens${c.pages ? ` · ${pagesLabel(c.pages)}` : ''}`;
  return (
    <div
      className={evidence.length > 0 ? 'chunk-marker cited' : 'chunk-marker'}
      data-chunk={c.index + 1}
    >
      <span className="chunk-label">{label}</span>
      {evidence.length > 0 ? (
        <span className="chunk-evidence">
          <span className="chunk-evidence-lead"> — Evidence for the answer:</span>
          {evidence.map((e) => {
            const where = evidenceLocation(e);
            return [
              <button
                key={`${e.start}-${e.end}`}
                type="button"
                className="link chunk-citation"
                aria-label={outsideAttr(
                  `Show the evidence${where ? ` on ${where}` : ''}: ${e.quote}`,
                )}
                title={outsideAttr(e.quote)}
                onClick={() =>
                  useReaderStore.getState().jumpTo({
                    kind: 'passage',
                    start: e.start,
                    end: e.end,
                    where: evidenceWhere(e),
                  })
                }
              >
                {/* One box, so a long quote clamps to two lines with its place. */}
                <span className="chunk-citation-text">
                  {where ? <span className="chunk-citation-where">{where} </span> : null}
                  <q>
                    <OutsideText text={e.quote} />
                  </q>
                </span>
              </button>,
              <QuotedBadge key={`${e.start}-${e.end}-by`} by={e.by} />,
            ];
          })}
        </span>
      ) : null}
    </div>
  );
}
