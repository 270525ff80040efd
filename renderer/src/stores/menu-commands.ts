// Application-menu commands (and their keyboard shortcuts) carried out in the renderer.
import type { Events } from '../../../shared/api.ts';
import { call } from '../api.ts';
import { bridge } from './bridge.ts';
import { chooseAndOpen, selectDocument, useDocumentsStore } from './documents-store.ts';
import { showShortcutSheet } from './keyboard-store.ts';
import { chooseAndImport } from './session-import-store.ts';
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
      void exportCurrent();
      return;
    case 'import':
      void chooseAndImport();
      return;
    case 'shortcuts':
      showShortcutSheet(true);
      return;
  }
}

async function exportCurrent(): Promise<void> {
  const documentId = useDocumentsStore.getState().currentId;
  if (!documentId) return;
  const result = await call(bridge(), 'export:session', { documentId, format: 'md' });
  if (!result.ok) useDocumentsStore.setState({ error: result.error });
}
