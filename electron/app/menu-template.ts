// The application menu as data: a pure function of the platform and the recent documents, so its
// commands and shortcuts are unit tested without Electron. menu.ts installs it.
import type { MenuItemConstructorOptions } from 'electron';
import type { Events } from '../../shared/api.ts';
import { EXPORT_FORMAT_NAMES, EXPORT_FORMATS } from '../../shared/export-formats.ts';

export type MenuCommand = Events['menu:command'];

export interface RecentDocument {
  id: string;
  title: string;
}

export interface MenuContext {
  platform: NodeJS.Platform;
  appName: string;
  /** Most recent first; at most {@link MAX_RECENT} are shown. */
  recent: readonly RecentDocument[];
  /** Developer tools and reload only in unpackaged builds. */
  developer: boolean;
  /** Sends a command to the renderer of the focused window. */
  send(command: MenuCommand): void;
  /** Opens a checked http(s) address in the browser. */
  openExternal(url: string): void;
  /** Installs the `memagent` command (Help menu); absent where the app cannot (Windows). */
  installCommand?: () => void;
}

export const MAX_RECENT = 10;

/** The File menu's exports, widest first; the run and question are the selected run's. */
const EXPORT_SCOPES_IN_MENU = [
  { scope: 'document', what: 'Session' },
  { scope: 'question', what: 'All Runs of the Question' },
  { scope: 'run', what: 'Answer' },
] as const;
export const PAPER_URL = 'https://arxiv.org/abs/2507.02259';

/** Menu labels treat `&` as a mnemonic marker: a title must show its ampersands literally. */
function menuLabel(title: string): string {
  const oneLine = title.replace(/\s+/g, ' ').trim();
  const short = oneLine.length > 60 ? `${oneLine.slice(0, 59)}…` : oneLine;
  return (short || 'Untitled').replace(/&/g, '&&');
}

export function buildMenuTemplate(ctx: MenuContext): MenuItemConstructorOptions[] {
  const isMac = ctx.platform === 'darwin';
  const recent = ctx.recent.slice(0, MAX_RECENT);
  const settings: MenuItemConstructorOptions = {
    id: 'settings',
    label: isMac ? 'Settings…' : '&Settings…',
    accelerator: 'CmdOrCtrl+,',
    click: () => ctx.send({ command: 'settings' }),
  };

  const file: MenuItemConstructorOptions = {
    label: '&File',
    submenu: [
      {
        id: 'open',
        label: '&Open…',
        accelerator: 'CmdOrCtrl+O',
        click: () => ctx.send({ command: 'open' }),
      },
      {
        id: 'open-recent',
        label: 'Open &Recent',
        submenu:
          recent.length === 0
            ? [{ label: 'No recent documents', enabled: false }]
            : recent.map((doc) => ({
                id: `recent:${doc.id}`,
                label: menuLabel(doc.title),
                click: () => ctx.send({ command: 'open-recent', documentId: doc.id }),
              })),
      },
      { type: 'separator' },
      {
        id: 'export',
        label: '&Export Session…',
        accelerator: 'CmdOrCtrl+E',
        click: () => ctx.send({ command: 'export' }),
      },
      {
        id: 'export-as',
        label: 'Export &As',
        submenu: EXPORT_SCOPES_IN_MENU.flatMap(({ scope, what }, i) => [
          ...(i === 0 ? [] : [{ type: 'separator' } as const]),
          ...EXPORT_FORMATS.map((format) => ({
            id: `export:${scope}:${format}`,
            label: `${what} as ${EXPORT_FORMAT_NAMES[format]}…`,
            click: () => ctx.send({ command: 'export', scope, format }),
          })),
        ]),
      },
      {
        id: 'import',
        label: '&Import Session…',
        click: () => ctx.send({ command: 'import' }),
      },
      ...(isMac
        ? []
        : [
            { type: 'separator' } as const,
            settings,
            { type: 'separator' } as const,
            { role: 'quit' } as const,
          ]),
      ...(isMac ? [{ type: 'separator' } as const, { role: 'close' } as const] : []),
    ],
  };

  const view: MenuItemConstructorOptions = {
    label: '&View',
    submenu: [
      ...(ctx.developer
        ? [
            { role: 'reload' } as const,
            { role: 'toggleDevTools' } as const,
            { type: 'separator' } as const,
          ]
        : []),
      { role: 'resetZoom' },
      { role: 'zoomIn' },
      { role: 'zoomOut' },
      { type: 'separator' },
      { role: 'togglefullscreen' },
    ],
  };

  const help: MenuItemConstructorOptions = {
    role: 'help',
    submenu: [
      {
        id: 'shortcuts',
        label: '&Keyboard Shortcuts',
        // The same chord as the window's own handler (shortcut-table.ts): both open the sheet.
        accelerator: 'CmdOrCtrl+/',
        click: () => ctx.send({ command: 'shortcuts' }),
      },
      { type: 'separator' },
      { id: 'paper', label: 'The MemAgent Paper', click: () => ctx.openExternal(PAPER_URL) },
      ...(ctx.installCommand
        ? [
            { type: 'separator' as const },
            {
              id: 'install-command',
              label: 'Install &Command Line Tool…',
              click: ctx.installCommand,
            },
          ]
        : []),
    ],
  };

  return [
    ...(isMac
      ? [
          {
            label: ctx.appName,
            submenu: [
              { role: 'about' },
              { type: 'separator' },
              settings,
              { type: 'separator' },
              { role: 'services' },
              { type: 'separator' },
              { role: 'hide' },
              { role: 'hideOthers' },
              { role: 'unhide' },
              { type: 'separator' },
              { role: 'quit' },
            ],
          } satisfies MenuItemConstructorOptions,
        ]
      : []),
    file,
    { role: 'editMenu' },
    view,
    { role: 'windowMenu' },
    help,
  ];
}

/** Finds an item by id anywhere in a template (for tests and for enabling items). */
export function findMenuItem(
  template: readonly MenuItemConstructorOptions[],
  id: string,
): MenuItemConstructorOptions | undefined {
  for (const item of template) {
    if (item.id === id) return item;
    if (Array.isArray(item.submenu)) {
      const found = findMenuItem(item.submenu, id);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}
