// Saves this document's questions, answers and memory trails as Markdown, HTML or JSON.
import { useState } from 'react';
import type { AppError } from '../../../../shared/model.ts';
import { call } from '../../api.ts';
import { bridge } from '../../stores/bridge.ts';
import { ErrorBanner } from '../common/error-banner.tsx';

export function ExportButton(props: { documentId: string }) {
  const [format, setFormat] = useState<'md' | 'html' | 'json'>('md');
  const [saved, setSaved] = useState<string | null>(null);
  const [error, setError] = useState<AppError | null>(null);
  const run = async () => {
    setSaved(null);
    setError(null);
    const result = await call(bridge(), 'export:session', { documentId: props.documentId, format });
    if (!result.ok) setError(result.error);
    else if (result.value) setSaved(result.value.path);
  };
  return (
    <div className="export">
      <label className="inline">
        <span className="visually-hidden">Export format</span>
        <select
          value={format}
          onChange={(e) => setFormat(e.target.value as 'md' | 'html' | 'json')}
          aria-label="Export format"
        >
          <option value="md">Markdown</option>
          <option value="html">HTML</option>
          <option value="json">JSON</option>
        </select>
      </label>
      <button type="button" onClick={() => void run()}>
        Export session…
      </button>
      {saved ? (
        <p className="ok small" role="status">
          Saved to {saved}
        </p>
      ) : null}
      {error ? <ErrorBanner error={error} onDismiss={() => setError(null)} /> : null}
    </div>
  );
}
