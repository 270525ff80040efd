// "Re-read with OCR…": choose how a PDF's text is read (OCR mode and languages), see what it
// costs, then follow the re-read with its progress and cancel it if it takes too long.
import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { DEFAULT_READING, type DocumentInfo, type Reading } from '../../../../shared/model.ts';
import { useDocumentsStore } from '../../stores/documents-store.ts';
import { loadOcrLanguages, useOcrStore } from '../../stores/ocr-store.ts';
import {
  cancelReread,
  closeRereadDialog,
  startReread,
  useRereadStore,
} from '../../stores/reread-store.ts';
import { Dialog } from '../common/dialog.tsx';
import { ErrorBanner } from '../common/error-banner.tsx';
import { OutsideText } from '../common/outside-text.tsx';
import { ExtractionProgress } from './extraction-progress.tsx';
import { readingCost } from '../../lib/reading-cost.ts';

/** The most languages one reading may name (shared/schemas.ts). */
const MAX_LANGUAGES = 8;

const MODE_LABELS = {
  auto: 'Only pages without text',
  'all-pages': 'Every page — for a bad text layer',
  off: 'Off',
} satisfies Record<Reading['ocr'], string>;

const MODE_HINTS = {
  auto: 'Scanned pages (no text layer, only images) are recognised; the others keep their text.',
  'all-pages':
    'For a text layer that is garbled, empty or out of order: every page is recognised from its image.',
  off: 'Only the text layer is read; scanned pages stay without text.',
} satisfies Record<Reading['ocr'], string>;

export function RereadDialog() {
  const documentId = useRereadStore((s) => s.documentId);
  const info = useDocumentsStore((s) => s.list.find((d) => d.id === documentId));
  return (
    <Dialog open={info !== undefined} title="Re-read with OCR" onClose={closeRereadDialog}>
      {/* Keyed: each document starts from its own reading. */}
      {info ? <RereadForm key={info.id} info={info} /> : null}
    </Dialog>
  );
}

function RereadForm(props: { info: DocumentInfo }) {
  const { info } = props;
  const current = info.reading ?? DEFAULT_READING;
  const { running, progress, outcome } = useRereadStore(
    useShallow((s) => ({ running: s.running, progress: s.progress, outcome: s.outcome })),
  );
  const { languages, loaded } = useOcrStore(
    useShallow((s) => ({ languages: s.languages, loaded: s.loaded })),
  );
  const [mode, setMode] = useState<Reading['ocr']>(current.ocr);
  const [chosen, setChosen] = useState<string[]>(current.languages);
  useEffect(() => {
    if (!loaded) void loadOcrLanguages();
  }, [loaded]);
  // Most likely first: the order they were ticked in.
  const toggle = (code: string) =>
    setChosen((c) => (c.includes(code) ? c.filter((x) => x !== code) : [...c, code]));
  const needLanguage = mode !== 'off' && chosen.length === 0;
  const name = info.title || info.fileName;
  return (
    <form
      className="reread-form"
      onSubmit={(e) => {
        e.preventDefault();
        if (needLanguage || running) return;
        // `off` reads no OCR, but a reading always names its languages (for the next re-read).
        const langs = chosen.length > 0 ? chosen : current.languages;
        void startReread({ ocr: mode, languages: langs });
      }}
    >
      <p>
        Read the text of{' '}
        <strong>
          <OutsideText text={name} />
        </strong>{' '}
        again. Questions asked before keep the text they read.
      </p>
      <fieldset disabled={running}>
        <legend>Recognise with OCR</legend>
        {(Object.keys(MODE_LABELS) as Reading['ocr'][]).map((m) => (
          <label key={m} className="choice">
            <input
              type="radio"
              name="ocr-mode"
              value={m}
              checked={mode === m}
              onChange={() => setMode(m)}
            />
            <span>
              {MODE_LABELS[m]}
              {m === current.ocr ? <span className="muted"> (now)</span> : null}
              <span className="muted small choice-hint">{MODE_HINTS[m]}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <fieldset disabled={running || mode === 'off'} aria-describedby="ocr-languages-hint">
        <legend>Languages of the document</legend>
        {!loaded ? <p className="muted small">Loading languages…</p> : null}
        <div className="language-grid">
          {languages.map((l) => (
            <label key={l.code} className="choice">
              <input
                type="checkbox"
                checked={chosen.includes(l.code)}
                disabled={!chosen.includes(l.code) && chosen.length >= MAX_LANGUAGES}
                onChange={() => toggle(l.code)}
              />
              <span>
                {l.name}
                {l.source === 'user' ? <span className="muted small"> (added)</span> : null}
              </span>
            </label>
          ))}
        </div>
        <p id="ocr-languages-hint" className={needLanguage ? 'error-text small' : 'muted small'}>
          {needLanguage
            ? 'Choose at least one language.'
            : 'Fewer languages read faster and more accurately. Add others in Settings.'}
        </p>
      </fieldset>
      <p className="muted small" data-testid="reading-cost">
        {readingCost(mode, info)}
      </p>
      {running ? (
        <ExtractionProgress
          label={
            <>
              Re-reading{' '}
              <strong>
                <OutsideText text={name} />
              </strong>
            </>
          }
          progress={progress}
          cancelLabel="Cancel re-read"
        />
      ) : null}
      {outcome?.kind === 'cancelled' ? (
        <p role="status">Cancelled: the document keeps the text it had.</p>
      ) : null}
      {outcome?.kind === 'error' ? <ErrorBanner error={outcome.error} /> : null}
      <div className="dialog-buttons">
        {running ? (
          <button type="button" onClick={() => void cancelReread()}>
            Cancel re-read
          </button>
        ) : (
          <>
            <button type="button" onClick={closeRereadDialog}>
              Close
            </button>
            <button type="submit" className="primary" disabled={needLanguage}>
              Re-read
            </button>
          </>
        )}
      </div>
    </form>
  );
}
