// Find in document: searches the extracted text (not the DOM, so it works with the virtualized
// text view and the rendered document alike), counts the hits and walks them; each hit is shown
// as a highlighted passage in whichever view is showing.
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PageSpan, Section } from '../../../../shared/model.ts';
import { pageAt, sectionPath } from '../../../../shared/text-location.ts';
import { findHits, MAX_HITS } from '../../lib/find-hits.ts';
import { NARROW_WINDOW } from '../../lib/window-widths.ts';
import { pageName } from '../../lib/page-choices.ts';
import { usePassage, useReaderStore } from '../../stores/reader-store.ts';
import { useMediaQuery } from '../common/use-media-query.ts';
import { FIND_CHORD, isChord } from '../nav/shortcut-table.ts';
import { PASSAGE_WHERE_ID } from './passage-where.tsx';

export function FindBar(props: {
  text: string;
  pages: readonly PageSpan[] | undefined;
  sections: readonly Section[] | undefined;
}) {
  const { text, pages, sections } = props;
  const jumpTo = useReaderStore((s) => s.jumpTo);
  const narrow = useMediaQuery(NARROW_WINDOW);
  const clear = useReaderStore((s) => s.clearPassage);
  const passage = usePassage();
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState(0);
  const hits = useMemo(() => findHits(text, query), [text, query]);
  const input = useRef<HTMLInputElement>(null);

  // Ctrl/Cmd+F (the shortcut table's chord): to the find box.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isChord(e, FIND_CHORD)) {
        e.preventDefault();
        input.current?.focus();
        input.current?.select();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const show = (i: number, list = hits) => {
    const hit = list[i];
    if (!hit) return;
    setCurrent(i);
    const page = pages ? pageAt(pages, hit.start) : undefined;
    const where = [
      page ? pageName({ page: page.number, label: page.label }) : '',
      sectionPath(sections, hit.start),
    ]
      .filter(Boolean)
      .join(' · ');
    jumpTo(
      where === ''
        ? { kind: 'passage', start: hit.start, end: hit.end, found: true }
        : { kind: 'passage', start: hit.start, end: hit.end, found: true, where },
    );
  };
  const step = (by: number) => {
    if (hits.length > 0) show((current + by + hits.length) % hits.length);
  };
  const showing = passage?.found === true && hits[current]?.start === passage.start;
  const count = hits.length >= MAX_HITS ? `${MAX_HITS}+` : String(hits.length);

  return (
    <form
      className="find-bar"
      role="search"
      onSubmit={(e) => {
        e.preventDefault();
        if (draft.trim() === '') return;
        if (draft !== query) {
          setQuery(draft);
          show(0, findHits(text, draft));
        } else step(1);
      }}
    >
      <label>
        <span className="visually-hidden">Find</span>
        <input
          ref={input}
          type="search"
          value={draft}
          // In a small window the box is narrow: a short word, never a cut one.
          placeholder={narrow ? 'Find' : 'Find in document'}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && e.shiftKey) {
              e.preventDefault();
              if (draft === query) step(-1);
            } else if (e.key === 'Escape' && passage?.found) clear();
          }}
        />
      </label>
      {/* In a small window the arrows alone; the words stay for screen readers. */}
      <button type="button" disabled={hits.length === 0} onClick={() => step(-1)}>
        <span className="find-arrow" aria-hidden="true">
          ↑
        </span>
        <span className="find-word">Previous</span>
      </button>
      <button type="button" disabled={hits.length === 0} onClick={() => step(1)}>
        <span className="find-arrow" aria-hidden="true">
          ↓
        </span>
        <span className="find-word">Next</span>
      </button>
      {query !== '' ? (
        <span
          className="muted small"
          role="status"
          id={showing ? PASSAGE_WHERE_ID : undefined}
          title={showing ? passage.where : undefined}
        >
          {hits.length === 0
            ? `No “${query.trim()}” in this document`
            : `${showing ? `${current + 1} of ` : ''}${count} ${hits.length === 1 ? 'match' : 'matches'}${showing && passage.where ? ` · ${passage.where}` : ''}`}
        </span>
      ) : null}
    </form>
  );
}
