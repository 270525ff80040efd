// The document's outline: its headings, chapters or PDF bookmarks (the sections extraction
// found); choosing one shows that place in whichever view is showing.
import { useState } from 'react';
import type { Section } from '../../../../shared/model.ts';
import { useReaderStore } from '../../stores/reader-store.ts';

export function OutlinePanel(props: { sections: readonly Section[] | undefined }) {
  const sections = props.sections ?? [];
  const jumpTo = useReaderStore((s) => s.jumpTo);
  const [open, setOpen] = useState(false);
  if (sections.length === 0) return null;
  const top = Math.min(...sections.map((s) => s.level));
  return (
    <details className="outline" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary>
        Outline<span className="outline-count"> ({sections.length})</span>
      </summary>
      {open ? (
        <nav aria-label="Outline">
          <ol>
            {sections.map((s, i) => (
              <li key={i} className={`level-${Math.min(6, s.level - top + 1)}`}>
                <button
                  type="button"
                  className="link"
                  onClick={() => {
                    setOpen(false);
                    jumpTo({ kind: 'offset', offset: s.start });
                  }}
                >
                  {s.title}
                </button>
                {s.page !== undefined ? <span className="muted small"> p. {s.page}</span> : null}
              </li>
            ))}
          </ol>
        </nav>
      ) : null}
    </details>
  );
}
