// Exports started from the app's buttons and the File menu: which control is saving, and the
// notice it shows afterwards ("Saved to … · Open file · Show in folder") or the error.
import { create } from 'zustand';
import type { CallRequest } from '../../../shared/api.ts';
import type { ExportFormat } from '../../../shared/export-formats.ts';
import type { AppError } from '../../../shared/model.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';

/** The control an export came from ('document', 'run', 'question'); the menu's show as 'document'. */
export type ExportOrigin = string;

interface ExportState {
  /** The format the export controls and the File menu's Export Session… use. */
  format: ExportFormat;
  busy: ExportOrigin | null;
  /** The document is kept so a notice does not follow the user to another document. */
  saved: { from: ExportOrigin; documentId: string; path: string; notes: string[] } | null;
  error: { from: ExportOrigin; documentId: string; error: AppError } | null;
}

export const useExportStore = create<ExportState>(() => ({
  format: 'html',
  busy: null,
  saved: null,
  error: null,
}));

export function setExportFormat(format: ExportFormat): void {
  useExportStore.setState({ format });
}

/** Saves an export (the save dialog is main's) and leaves its notice under `from`. */
export async function exportSession(
  from: ExportOrigin,
  request: CallRequest<'export:session'>,
): Promise<void> {
  useExportStore.setState({ busy: from, saved: null, error: null });
  const result = await call(bridge(), 'export:session', request);
  useExportStore.setState({
    busy: null,
    saved:
      result.ok && result.value
        ? {
            from,
            documentId: request.documentId,
            path: result.value.path,
            notes: result.value.notes ?? [],
          }
        : null,
    error: result.ok ? null : { from, documentId: request.documentId, error: result.error },
  });
}

/** Opens the file just saved, or shows it in its folder. */
export async function openSaved(path: string, show: 'file' | 'folder'): Promise<void> {
  const result = await call(bridge(), 'export:open-saved', { path, show });
  if (!result.ok)
    useExportStore.setState((s) => ({
      error: {
        from: s.saved?.from ?? 'document',
        documentId: s.saved?.documentId ?? '',
        error: result.error,
      },
    }));
}

export function dismissExportNotice(): void {
  useExportStore.setState({ saved: null, error: null });
}
