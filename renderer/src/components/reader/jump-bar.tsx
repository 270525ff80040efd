// Jump to a page (by printed label or position; a label printed on several pages offers each)
// or a chunk.
import { plural } from '../../../../shared/plural.ts';
import { useState } from 'react';
import type { PageSpan } from '../../../../shared/model.ts';
import { pageChoices, pageName, type PageChoice } from '../../lib/page-choices.ts';
import { useReaderStore } from '../../stores/reader-store.ts';

export function JumpBar(props: { pages: readonly PageSpan[]; chunkCount: number }) {
  const pageCount = props.pages.length;
  const jumpTo = useReaderStore((s) => s.jumpTo);
  const missed = useReaderStore((s) => s.missed);
  const [page, setPage] = useState('');
  const [chunk, setChunk] = useState('');
  const [choices, setChoices] = useState<{
    typed: string;
    first: PageChoice;
    others: PageChoice[];
  } | null>(null);
  return (
    <div className="jump-bar">
      {pageCount > 0 ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!page.trim()) return;
            // The printed label first (pageRowOf resolves it so); other pages it may mean are offered.
            const [first, ...others] = pageChoices(props.pages, page);
            setChoices(first && others.length > 0 ? { typed: page.trim(), first, others } : null);
            jumpTo({ kind: 'page', page });
          }}
        >
          <label>
            <span className="visually-hidden">Page</span>
            <input
              className="page-input"
              placeholder="Page"
              inputMode="text"
              title="A printed page number (e.g. iv or 1000) or a page count from the start"
              value={page}
              onChange={(e) => setPage(e.target.value)}
            />
          </label>
          <span className="muted small">of {pageCount}</span>
          <button type="submit">Go</button>
        </form>
      ) : null}
      {choices ? (
        <div className="page-choices small" role="group" aria-label="Which page?">
          <span>
            Showing {pageName(choices.first)}. “{choices.typed}” is also:
          </span>
          {choices.others.map((c) => (
            <button
              key={c.page}
              type="button"
              onClick={() => {
                setChoices(null);
                jumpTo({ kind: 'page', page: `#${c.page}` });
              }}
            >
              {pageName(c)}
            </button>
          ))}
        </div>
      ) : null}
      {props.chunkCount > 0 ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            const n = Number(chunk);
            if (Number.isInteger(n)) jumpTo({ kind: 'chunk', chunk: n - 1 });
          }}
        >
          <label>
            <span className="visually-hidden">Chunk</span>
            <input
              placeholder="Chunk"
              type="number"
              min={1}
              max={props.chunkCount}
              value={chunk}
              onChange={(e) => setChunk(e.target.value)}
            />
          </label>
          <span className="muted small">of {props.chunkCount}</span>
          <button type="submit">Go</button>
        </form>
      ) : (
        <span
          className="muted small chunk-hint"
          title="Chunk boundaries show once a question is selected."
        >
          No chunks yet
          <span className="visually-hidden">
            : chunk boundaries show once a question is selected.
          </span>
        </span>
      )}
      {missed ? (
        <p role="alert" className="jump-miss small">
          {missed.kind === 'page'
            ? `There is no page “${missed.page.trim()}” in this document.`
            : missed.kind === 'chunk'
              ? `There is no chunk ${missed.chunk + 1}: this question read ${plural(props.chunkCount, 'chunk')}.`
              : 'That place is not in this document.'}
        </p>
      ) : null}
    </div>
  );
}
