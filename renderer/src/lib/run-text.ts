// The text a run read, for citing it: the reader's when it shows that text (the usual case, the
// document is open), else fetched once with the run's text key (a run that read the document
// before a re-read, or a document the reader is not showing).
import { useEffect, useState } from 'react';
import type { DocumentText } from '../../../shared/model.ts';
import type { RunView } from '../../../shared/run-view.ts';
import { call } from '../api.ts';
import { bridge } from '../stores/bridge.ts';
import { useReaderStore } from '../stores/reader-store.ts';
import { useRunsStore } from '../stores/runs-store.ts';

/** The last text fetched (a book's text is megabytes: one is kept). */
let fetched: { key: string; document: DocumentText } | null = null;

export interface RunText {
  /** Null while it loads or when it cannot be read. */
  document: DocumentText | null;
  /** True when it could not be read (the document was removed, its cache is gone). */
  failed: boolean;
}

/** The text `run` read (none without a run). */
export function useRunText(run: RunView | undefined): RunText {
  const textKey = useRunsStore((s) => (run ? s.textKeys[run.id] : undefined));
  const documentId = run?.documentId ?? '';
  const shown = useReaderStore((s) =>
    s.view?.info.id === documentId &&
    (textKey === undefined || s.view.info.textKey === undefined || s.view.info.textKey === textKey)
      ? s.view.document
      : null,
  );
  const key = `${documentId}\n${textKey ?? ''}`;
  const [loaded, setLoaded] = useState(fetched);
  const [failed, setFailed] = useState<string | null>(null);
  const have =
    loaded?.key === key ? loaded.document : fetched?.key === key ? fetched.document : null;
  const need = shown === null && documentId !== '' && have === null && failed !== key;
  useEffect(() => {
    if (!need) return;
    let live = true;
    const request = textKey === undefined ? { documentId } : { documentId, textKey };
    void call(bridge(), 'documents:get', request).then((result) => {
      if (!result.ok) {
        if (live) setFailed(key);
        return;
      }
      fetched = { key, document: result.value.document };
      if (live) setLoaded(fetched);
    });
    return () => {
      live = false;
    };
  }, [need, key, documentId, textKey]);
  const document = shown ?? have;
  return { document, failed: document === null && failed === key };
}
