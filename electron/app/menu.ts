// Installs the application menu built by menu-template.ts; rebuilt when the recent list changes.
import { app, Menu } from 'electron';
import { installCommandFromMenu } from './install-command-glue.ts';
import { buildMenuTemplate, type MenuCommand, type RecentDocument } from './menu-template.ts';

export interface ApplicationMenu {
  /** Rebuilds the menu with the current recent documents. */
  refresh(): Promise<void>;
}

export function installApplicationMenu(options: {
  recent(): Promise<RecentDocument[]>;
  send(command: MenuCommand): void;
  openExternal(url: string): void;
}): ApplicationMenu {
  const refresh = async (): Promise<void> => {
    // A failing library read must not leave the app without a menu: show it without recents.
    const recent = await options.recent().catch(() => []);
    const template = buildMenuTemplate({
      platform: process.platform,
      appName: app.getName(),
      recent,
      developer: !app.isPackaged,
      send: options.send,
      openExternal: options.openExternal,
      ...(process.platform === 'win32'
        ? {}
        : { installCommand: () => void installCommandFromMenu() }),
    });
    Menu.setApplicationMenu(Menu.buildFromTemplate(template));
  };
  return { refresh };
}
