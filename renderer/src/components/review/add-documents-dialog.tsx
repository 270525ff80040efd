// "Add documents…" on a review: documents chosen from the library (a searchable list), from files
// or a folder, or dropped; what the new cells will take; then only those cells are read.
import { useMemo, useState } from 'react';
import { documentLabels } from '../../../../shared/document-label.ts';
import { plural } from '../../../../shared/plural.ts';
import type { ReviewSummary } from '../../../../shared/review.ts';
import { pickDropped, pickedNote, pickFiles, type Picked } from '../../stores/document-picks.ts';
import { useDocumentsStore } from '../../stores/documents-store.ts';
import { useReviewStore } from '../../stores/review-store.ts';
import { Dialog } from '../common/dialog.tsx';
import { FilesDrop } from '../common/files-drop.tsx';
import { FolderPreview, useFolderChoice } from '../common/folder-choice.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { AddFooter, useAddition } from './add-estimate.tsx';

export function AddDocumentsDialog(props: {
  review: ReviewSummary;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={props.open} title="Add documents" onClose={props.onClose}>
      {/* Mounted only while open: every opening starts from an empty choice. */}
      {props.open ? <AddDocuments review={props.review} onClose={props.onClose} /> : null}
    </Dialog>
  );
}

function AddDocuments(props: { review: ReviewSummary; onClose: () => void }) {
  const { review } = props;
  const library = useDocumentsStore((s) => s.list);
  // Over the whole library, so a label stays the same while the search narrows the list.
  const labels = useMemo(() => documentLabels(library), [library]);
  const inReview = useReviewStore((s) => s.documents);
  const present = useMemo(() => new Set(inReview.map((d) => d.id)), [inReview]);
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [note, setNote] = useState<string | null>(null);
  const needle = query.trim().toLowerCase();
  const shown = library.filter(
    (d) => needle === '' || `${d.title} ${d.fileName}`.toLowerCase().includes(needle),
  );
  const choosable = shown.filter((d) => !present.has(d.id));
  // Documents the library no longer has are dropped from the choice.
  const ids = chosen.filter((id) => library.some((d) => d.id === id));
  const addition = useAddition(review, ids.length > 0 ? { documentIds: ids } : null, props.onClose);
  const toggle = (id: string, on: boolean) =>
    setChosen((c) => (on ? (c.includes(id) ? c : [...c, id]) : c.filter((x) => x !== id)));

  const take = async (pick: Promise<Picked>) => {
    const picked = await pick;
    if (picked.error) return void addition.setError(picked.error);
    const fresh = picked.ids.filter((id) => !present.has(id));
    setChosen((c) => [...c, ...fresh.filter((id) => !c.includes(id))]);
    const already = picked.ids.length - fresh.length;
    const line = pickedNote(picked);
    setNote(
      line === null
        ? null
        : already > 0
          ? `${line} ${plural(already, 'of them is', 'of them are')} in the review already.`
          : line,
    );
  };
  const folder = useFolderChoice((pick) => void take(pick));

  return (
    <form
      className="add-dialog add-documents"
      aria-label="Add documents"
      onSubmit={(e) => {
        e.preventDefault();
        void addition.submit();
      }}
    >
      <FilesDrop label="Drop to add to the review" onFiles={(f) => void take(pickDropped(f))}>
        <div className="add-dialog-sources">
          <input
            type="search"
            aria-label="Search the library"
            placeholder="Search the library…"
            value={query}
            autoFocus
            onChange={(e) => setQuery(e.target.value)}
          />
          <button type="button" onClick={() => void take(pickFiles())}>
            Add files…
          </button>
          <button type="button" ref={folder.buttonRef} onClick={() => void folder.choose()}>
            Add a folder…
          </button>
        </div>
        <FolderPreview choice={folder} />
        <div className="add-dialog-bar">
          <span className="muted small" role="status">
            {note ?? 'Or drop files here.'}
          </span>
          <span className="spacer" />
          <button
            type="button"
            className="link"
            disabled={choosable.length === 0}
            onClick={() =>
              setChosen((c) => [
                ...c,
                ...choosable.map((d) => d.id).filter((id) => !c.includes(id)),
              ])
            }
          >
            Choose all shown
          </button>
          <button
            type="button"
            className="link"
            disabled={ids.length === 0}
            onClick={() => setChosen([])}
          >
            Choose none
          </button>
        </div>
        {library.length === 0 ? (
          <p className="muted">The library is empty: add files or a folder.</p>
        ) : shown.length === 0 ? (
          <p className="muted">No document of the library matches “{query}”.</p>
        ) : (
          <ul className="document-choice add-document-list" aria-label="Library documents">
            {shown.map((d) => {
              const already = present.has(d.id);
              return (
                <li key={d.id} className={already ? 'in-review' : undefined}>
                  <label>
                    <input
                      type="checkbox"
                      checked={already || ids.includes(d.id)}
                      disabled={already}
                      onChange={(e) => toggle(d.id, e.target.checked)}
                    />
                    <OutsideText text={labels.get(d.id) ?? (d.title || d.fileName)} />
                    <span className="muted small">
                      {d.pageCount ? ` · ${plural(d.pageCount, 'page')}` : ''}
                      {already ? ' · in the review' : ''}
                    </span>
                  </label>
                </li>
              );
            })}
          </ul>
        )}
      </FilesDrop>
      <AddFooter
        addition={addition}
        label={ids.length === 0 ? 'Add documents' : `Add ${plural(ids.length, 'document')}`}
        onClose={props.onClose}
      />
    </form>
  );
}
