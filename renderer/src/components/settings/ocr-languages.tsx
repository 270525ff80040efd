// The languages OCR can read scanned pages in: shipped with the app, or added by the user.
import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  addOcrLanguage,
  dismissOcrError,
  loadOcrLanguages,
  openLink,
  useOcrStore,
} from '../../stores/ocr-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';

const SOURCES = [
  { name: 'tessdata_fast', url: 'https://github.com/tesseract-ocr/tessdata_fast' },
  { name: 'tessdata_best', url: 'https://github.com/tesseract-ocr/tessdata_best' },
] as const;

export function OcrLanguages() {
  const { languages, loaded, adding, error, note } = useOcrStore(
    useShallow((s) => ({
      languages: s.languages,
      loaded: s.loaded,
      adding: s.adding,
      error: s.error,
      note: s.note,
    })),
  );
  useEffect(() => {
    void loadOcrLanguages();
  }, []);
  return (
    <section aria-labelledby="ocr-heading" className="ocr-languages">
      <div className="toolbar">
        <h2 id="ocr-heading">OCR languages</h2>
        <button type="button" onClick={() => void addOcrLanguage()} disabled={adding}>
          {adding ? 'Adding…' : 'Add language file…'}
        </button>
      </div>
      <p className="muted">
        Scanned PDF pages are read with these languages (choose them per document with “Re-read with
        OCR…”). To add one, download its <code>.traineddata</code> file from tesseract’s{' '}
        {SOURCES.map((s, i) => (
          <span key={s.name}>
            {i > 0 ? ' or ' : ''}
            <button type="button" className="link" onClick={() => void openLink(s.url)}>
              {s.name}
            </button>
          </span>
        ))}{' '}
        repository (fast: quicker; best: more accurate) and choose it with “Add language file…”.
      </p>
      {error ? <ErrorBanner error={error} onDismiss={dismissOcrError} /> : null}
      {note ? (
        <p className="ok" role="status">
          {note}
        </p>
      ) : null}
      {!loaded ? <p className="muted">Loading languages…</p> : null}
      <ul className="ocr-language-list" aria-label="OCR languages">
        {languages.map((l) => (
          <li key={l.code}>
            {l.name} <code className="muted small">{l.code}</code>{' '}
            <span className={l.source === 'user' ? 'badge status-running' : 'badge'}>
              {l.source === 'user' ? 'Added' : 'Shipped'}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
