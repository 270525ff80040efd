// The app in the Electron main process (imported by main.ts unless started as the `memagent`
// command): app lifecycle, one hardened window, the service over core, the menu.
// Everything with logic lives in pure modules (security.ts, ipc-dispatch.ts, menu-template.ts,
// encrypted-secret-store.ts) or in electron/core; this file only wires Electron to them.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { app, BrowserWindow, dialog, type FileFilter, type OpenDialogOptions } from 'electron';
import type { FilePurpose } from '../../shared/api.ts';
import { DOCUMENT_EXTENSIONS } from '../../shared/document-extensions.ts';
import { toAppError } from '../core/errors.ts';
import { createService, type Service } from '../core/ipc/create-service.ts';
import { openSavedFile, printPdf, showSavedFile } from './export-glue.ts';
import { builtinLauncher } from './builtin-launcher.ts';
import { hardenApp, openExternalSafely } from './harden.ts';
import { emitToWindows, registerIpc } from './ipc-main.ts';
import { installApplicationMenu, type ApplicationMenu } from './menu.ts';
import type { MenuCommand, RecentDocument } from './menu-template.ts';
import { handleAppScheme, registerAppScheme } from './protocol.ts';
import { createSafeStorageSecretStore } from './secret-store-safe.ts';
import { senderIdOf } from './ipc-dispatch.ts';
import { APP_ENTRY_URL, windowWebPreferences } from './security.ts';

// Bundled layout (scripts/build-electron.ts): out/main/main.js (this file in a chunk beside it),
// out/preload/preload.cjs, out/renderer/.
const here = path.dirname(fileURLToPath(import.meta.url));
const PRELOAD = path.join(here, '../preload/preload.cjs');
const RENDERER_DIR = path.join(here, '../renderer');

const OPEN_DIALOGS: Record<FilePurpose, { title: string; filters: FileFilter[] }> = {
  document: {
    title: 'Open a document',
    filters: [
      {
        name: 'Documents',
        extensions: [...DOCUMENT_EXTENSIONS],
      },
      { name: 'All files', extensions: ['*'] },
    ],
  },
  session: {
    title: 'Import a session (a MemAgent Desktop JSON export)',
    filters: [
      { name: 'MemAgent sessions', extensions: ['json'] },
      { name: 'All files', extensions: ['*'] },
    ],
  },
  checklist: {
    title: 'Import a checklist (one question a line, CSV, JSON or YAML)',
    filters: [
      { name: 'Checklists', extensions: ['txt', 'md', 'csv', 'tsv', 'json', 'yaml', 'yml'] },
      { name: 'All files', extensions: ['*'] },
    ],
  },
  model: {
    title: 'Add a model file (GGUF)',
    filters: [
      { name: 'GGUF models', extensions: ['gguf'] },
      { name: 'All files', extensions: ['*'] },
    ],
  },
  'ocr-language': {
    title: 'Add an OCR language (tesseract .traineddata file)',
    // `gz` because tessdata files are often shipped gzipped (`deu.traineddata.gz`).
    filters: [
      { name: 'Tesseract language data', extensions: ['traineddata', 'gz'] },
      { name: 'All files', extensions: ['*'] },
    ],
  },
};

// Core finds its data files by path; in the bundle they are copied to out/assets (build-electron.ts).
// An environment variable, because worker threads read it too.
process.env.MEMAGENT_TOKENIZER_DIR ??= path.join(here, '../assets/tokenizers');
// The public-domain text "Check this backend" reads when the library has no long document.
process.env.MEMAGENT_HAYSTACK_DIR ??= path.join(here, '../assets/haystack');

// A separate profile folder for tests and side-by-side installs; must be set before `ready`.
if (process.env.MEMAGENT_USER_DATA_DIR)
  app.setPath('userData', path.resolve(process.env.MEMAGENT_USER_DATA_DIR));

const trustedIds = new Set<number>();
let service: Service | undefined;
let menu: ApplicationMenu | undefined;

function createWindow(): BrowserWindow {
  const window = new BrowserWindow({
    width: 1280,
    height: 840,
    minWidth: 720,
    minHeight: 480,
    show: false,
    title: 'MemAgent Desktop',
    webPreferences: windowWebPreferences({ preload: PRELOAD, packaged: app.isPackaged }),
  });
  const id = window.webContents.id;
  trustedIds.add(id);
  window.on('closed', () => {
    trustedIds.delete(id);
    // The paths the user gave this window end with it (path-grants.ts).
    service?.grants.revoke(senderIdOf(id));
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(APP_ENTRY_URL);
  return window;
}

function focusedOrFirstWindow(): BrowserWindow | undefined {
  return BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
}

function sendMenuCommand(command: MenuCommand): void {
  const window = focusedOrFirstWindow() ?? createWindow();
  emitToWindows(String(window.webContents.id), 'menu:command', command);
}

async function recentDocuments(current: Service): Promise<RecentDocument[]> {
  const listed = await current.handlers['documents:list']({}, { senderId: 'menu' });
  if (!listed.ok) return [];
  return [...listed.value]
    .sort((a, b) => b.openedAt - a.openedAt)
    .map((doc) => ({ id: doc.id, title: doc.title || doc.fileName }));
}

/** The system's open dialog over the app's window; the chosen paths, none when cancelled. */
async function showOpen(options: OpenDialogOptions): Promise<string[]> {
  const parent = focusedOrFirstWindow();
  const result = parent
    ? await dialog.showOpenDialog(parent, options)
    : await dialog.showOpenDialog(options);
  return result.canceled ? [] : result.filePaths;
}

function startService(): Service {
  const dataDir = app.getPath('userData');
  return createService({
    dataDir,
    secrets: createSafeStorageSecretStore(path.join(dataDir, 'api-keys.json'), {
      sessionOnlyFallback: process.env.MEMAGENT_SESSION_KEYS === '1',
    }),
    emit: emitToWindows,
    async chooseFile(purpose) {
      const chosen = await showOpen({ properties: ['openFile'], ...OPEN_DIALOGS[purpose] });
      return chosen[0] ?? null;
    },
    chooseFiles: (purpose) =>
      showOpen({ properties: ['openFile', 'multiSelections'], ...OPEN_DIALOGS[purpose] }),
    async chooseFolder() {
      const chosen = await showOpen({
        title: 'Add a folder of documents',
        properties: ['openDirectory'],
      });
      return chosen[0] ?? null;
    },
    async chooseSavePath(suggested) {
      const parent = focusedOrFirstWindow();
      const options = { defaultPath: path.join(app.getPath('documents'), suggested) };
      const result = parent
        ? await dialog.showSaveDialog(parent, options)
        : await dialog.showSaveDialog(options);
      return result.canceled ? null : (result.filePath ?? null);
    },
    openExternal: openExternalSafely,
    // The built-in model runs in a utility process, off this process's event loop.
    builtinLauncher,
    printPdf,
    openPath: openSavedFile,
    showInFolder: showSavedFile,
  });
}

async function onReady(): Promise<void> {
  hardenApp();
  handleAppScheme(RENDERER_DIR);
  const current = startService();
  service = current;
  menu = installApplicationMenu({
    recent: () => recentDocuments(current),
    send: sendMenuCommand,
    openExternal: (url) => void openExternalSafely(url).catch(() => undefined),
  });
  registerIpc(current, trustedIds, (name) => {
    if (name.startsWith('documents:')) void menu?.refresh();
  });
  await menu.refresh();
  createWindow();
}

function fail(error: unknown): void {
  // No stack traces for users: one sentence; the detail goes to the terminal for developers.
  console.error(error);
  // A library that cannot be written (read-only, busy, a full disk) says so, with what to do.
  const value = toAppError(error);
  dialog.showErrorBox(
    'MemAgent Desktop could not start',
    value.kind === 'Internal' && error instanceof Error
      ? error.message
      : [value.message, value.hint].filter(Boolean).join('\n\n'),
  );
  app.exit(1);
}

if (!app.requestSingleInstanceLock()) {
  // Another instance owns the library database: hand over to it (it focuses its window) and leave.
  app.quit();
} else {
  registerAppScheme();
  app.on('second-instance', () => {
    const window = focusedOrFirstWindow();
    if (window === undefined) return;
    if (window.isMinimized()) window.restore();
    window.focus();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('activate', () => {
    if (service !== undefined && BrowserWindow.getAllWindows().length === 0) createWindow();
  });
  let disposed = false;
  app.on('before-quit', (event) => {
    if (disposed || service === undefined) return;
    // Stop runs and close the database before exiting, so every finished chunk stays saved.
    event.preventDefault();
    disposed = true;
    void service.dispose().finally(() => app.quit());
  });
  app.whenReady().then(onReady).catch(fail);
}
