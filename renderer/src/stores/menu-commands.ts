// Application-menu commands (and their keyboard shortcuts) carried out in the renderer.
import type { Events } from '../../../shared/api.ts';
import type { ExportFormat, ExportScope } from '../../../shared/export-formats.ts';
import { chooseAndOpen, selectDocument, useDocumentsStore } from './documents-store.ts';
import { exportSession, useExportStore } from './export-store.ts';
import { showShortcutSheet } from './keyboard-store.ts';
import { chooseAndImport } from './session-import-store.ts';
import { useRunsStore } from './runs-store.ts';
import { useUiStore } from './ui-store.ts';

export function onMenuCommand(command: Events['menu:command']): void {
  switch (command.command) {
    case 'open':
      void chooseAndOpen();
      return;
    case 'settings':
      useUiStore.getState().setScreen('settings');
      return;
    case 'open-recent':
      if (command.documentId) selectDocument(command.documentId);
      return;
    case 'export':
      void exportFromMenu(command.scope ?? 'document', command.format);
      return;
    case 'import':
      void chooseAndImport();
      return;
    case 'shortcuts':
      showShortcutSheet(true);
      return;
  }
}

/**
 * Exports the current document's session, or the selected run or its question's runs, in
 * `format` (else the one chosen in the export controls); the notice shows on the Ask screen.
 */
async function exportFromMenu(scope: ExportScope, format: ExportFormat | undefined): Promise<void> {
  const documentId = useDocumentsStore.getState().currentId;
  if (!documentId) return;
  const chosen = format ?? useExportStore.getState().format;
  useUiStore.getState().setScreen('ask');
  if (scope === 'document') {
    await exportSession('document', { documentId, format: chosen, scope });
    return;
  }
  const runs = useRunsStore.getState().byId;
  const selected = runs[useUiStore.getState().selectedRunId ?? ''];
  if (selected === undefined || selected.documentId !== documentId) {
    useExportStore.setState({
      saved: null,
      error: {
        from: 'document',
        documentId,
        error: {
          kind: 'BadUsage',
          message: 'Select a question first: this exports the selected answer or its question.',
        },
      },
    });
    return;
  }
  const runIds =
    scope === 'run'
      ? [selected.id]
      : Object.values(runs)
          .filter((r) => r.documentId === documentId && r.question === selected.question)
          .sort((a, b) => a.createdAt - b.createdAt)
          .map((r) => r.id);
  await exportSession(scope, { documentId, format: chosen, scope, runIds });
}
