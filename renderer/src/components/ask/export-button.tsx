// Saves one run, a question's runs or the document's session as Markdown, HTML, PDF or JSON;
// afterwards, a notice with "Open file" and "Show in folder".
import { useShallow } from 'zustand/react/shallow';
import {
  EXPORT_FORMAT_NAMES,
  EXPORT_FORMATS,
  type ExportFormat,
  type ExportScope,
} from '../../../../shared/export-formats.ts';
import {
  dismissExportNotice,
  exportSession,
  openSaved,
  setExportFormat,
  useExportStore,
} from '../../stores/export-store.ts';
import { ErrorBanner } from '../common/error-banner.tsx';
import { OutsideText } from '../common/outside-text.tsx';

export function ExportButton(props: {
  documentId: string;
  /** Oldest first; the document's every run when absent. */
  runIds?: readonly string[];
  scope: ExportScope;
  label: string;
  /** What the button does, in full (its tooltip). */
  title: string;
}) {
  const { documentId, runIds, scope } = props;
  const { format, busy, saved, error } = useExportStore(
    useShallow((s) => ({
      format: s.format,
      busy: s.busy === scope,
      saved: s.saved?.from === scope && s.saved.documentId === documentId ? s.saved : null,
      error: s.error?.from === scope && s.error.documentId === documentId ? s.error.error : null,
    })),
  );
  const run = () =>
    exportSession(scope, {
      documentId,
      format,
      scope,
      ...(runIds === undefined ? {} : { runIds: [...runIds] }),
    });
  return (
    <div className="export" data-scope={scope}>
      <label className="inline">
        <span className="visually-hidden">Format of the export ({props.label})</span>
        <select
          value={format}
          onChange={(e) => setExportFormat(e.target.value as ExportFormat)}
          aria-label={`Export format: ${props.title}`}
        >
          {EXPORT_FORMATS.map((f) => (
            <option key={f} value={f}>
              {EXPORT_FORMAT_NAMES[f]}
            </option>
          ))}
        </select>
      </label>
      <button type="button" onClick={() => void run()} disabled={busy} title={props.title}>
        {busy ? 'Exporting…' : props.label}
      </button>
      {saved ? (
        <div className="export-saved" role="status">
          <span className="ok small">
            Saved to <OutsideText text={saved.path} />
          </span>
          <button type="button" className="link" onClick={() => void openSaved(saved.path, 'file')}>
            Open file
          </button>
          <button
            type="button"
            className="link"
            onClick={() => void openSaved(saved.path, 'folder')}
          >
            Show in folder
          </button>
          <button
            type="button"
            className="ghost small"
            aria-label="Dismiss"
            onClick={dismissExportNotice}
          >
            ×
          </button>
          {saved.notes.map((note) => (
            <p key={note} className="note small">
              <OutsideText text={note} />
            </p>
          ))}
        </div>
      ) : null}
      {error ? <ErrorBanner error={error} onDismiss={dismissExportNotice} /> : null}
    </div>
  );
}
