import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  MAX_RECENT,
  PAPER_URL,
  buildMenuTemplate,
  findMenuItem,
  type MenuCommand,
  type MenuContext,
} from './menu-template.ts';
import { isSafeExternalUrl } from './security.ts';

function build(overrides: Partial<MenuContext> = {}) {
  const sent: MenuCommand[] = [];
  const opened: string[] = [];
  const template = buildMenuTemplate({
    platform: 'linux',
    appName: 'MemAgent',
    recent: [],
    developer: false,
    send: (command) => sent.push(command),
    openExternal: (url) => opened.push(url),
    ...overrides,
  });
  return { template, sent, opened };
}

function click(item: MenuItemConstructorOptions | undefined): void {
  if (item?.click === undefined) throw new Error('menu item has no click handler');
  (item.click as () => void)();
}

function roles(template: MenuItemConstructorOptions[]): string[] {
  const out: string[] = [];
  const walk = (items: MenuItemConstructorOptions[]) => {
    for (const item of items) {
      if (item.role !== undefined) out.push(item.role);
      if (Array.isArray(item.submenu)) walk(item.submenu);
    }
  };
  walk(template);
  return out;
}

describe('buildMenuTemplate', () => {
  it('sends Open, Export and Settings to the renderer with their shortcuts', () => {
    const { template, sent } = build();
    expect(findMenuItem(template, 'open')?.accelerator).toBe('CmdOrCtrl+O');
    expect(findMenuItem(template, 'export')?.accelerator).toBe('CmdOrCtrl+E');
    expect(findMenuItem(template, 'settings')?.accelerator).toBe('CmdOrCtrl+,');
    click(findMenuItem(template, 'open'));
    click(findMenuItem(template, 'export'));
    click(findMenuItem(template, 'settings'));
    expect(sent).toEqual([{ command: 'open' }, { command: 'export' }, { command: 'settings' }]);
  });

  it('has File > Import Session…, sent to the renderer', () => {
    const { template, sent } = build();
    expect(findMenuItem(template, 'import')?.label).toBe('&Import Session…');
    click(findMenuItem(template, 'import'));
    expect(sent).toEqual([{ command: 'import' }]);
  });

  it('offers every export of the session, the selected question and the selected answer in every format', () => {
    const { template, sent } = build();
    const items = (findMenuItem(template, 'export-as')?.submenu ??
      []) as MenuItemConstructorOptions[];
    const labels = items.filter((i) => i.type !== 'separator').map((i) => i.label);
    expect(labels).toEqual([
      'Session as Markdown…',
      'Session as HTML…',
      'Session as PDF…',
      'Session as JSON (importable)…',
      'Session as Trajectories (JSONL)…',
      'All Runs of the Question as Markdown…',
      'All Runs of the Question as HTML…',
      'All Runs of the Question as PDF…',
      'All Runs of the Question as JSON (importable)…',
      'All Runs of the Question as Trajectories (JSONL)…',
      'Answer as Markdown…',
      'Answer as HTML…',
      'Answer as PDF…',
      'Answer as JSON (importable)…',
      'Answer as Trajectories (JSONL)…',
    ]);
    click(findMenuItem(template, 'export:question:pdf'));
    click(findMenuItem(template, 'export:run:md'));
    expect(sent).toEqual([
      { command: 'export', scope: 'question', format: 'pdf' },
      { command: 'export', scope: 'run', format: 'md' },
    ]);
  });

  it('lists recent documents, newest first, capped, with literal ampersands', () => {
    const recent = Array.from({ length: 12 }, (_, i) => ({
      id: `doc${i}`,
      title: i === 0 ? 'Terms & Conditions' : `Book ${i}`,
    }));
    const { template, sent } = build({ recent });
    const items = findMenuItem(template, 'open-recent')?.submenu as MenuItemConstructorOptions[];
    expect(items).toHaveLength(MAX_RECENT);
    expect(items[0]?.label).toBe('Terms && Conditions');
    click(items[1]);
    expect(sent).toEqual([{ command: 'open-recent', documentId: 'doc1' }]);
  });

  it('shows a disabled placeholder when there is nothing recent', () => {
    const items = findMenuItem(build().template, 'open-recent')
      ?.submenu as MenuItemConstructorOptions[];
    expect(items).toEqual([{ label: 'No recent documents', enabled: false }]);
  });

  it('has the standard edit, view and window menus, and developer tools only in development', () => {
    expect(roles(build().template)).toEqual(
      expect.arrayContaining(['editMenu', 'windowMenu', 'zoomIn', 'togglefullscreen', 'quit']),
    );
    expect(roles(build().template)).not.toContain('toggleDevTools');
    expect(roles(build({ developer: true }).template)).toContain('toggleDevTools');
  });

  it('puts Settings and Quit in the app menu on macOS', () => {
    const { template } = build({ platform: 'darwin' });
    expect(template[0]?.label).toBe('MemAgent');
    expect(findMenuItem([template[0] as MenuItemConstructorOptions], 'settings')).toBeDefined();
    expect(roles([template[0] as MenuItemConstructorOptions])).toContain('quit');
  });

  it('has Keyboard Shortcuts under Help with Ctrl+/ (Cmd+/), sent to the renderer', () => {
    for (const platform of ['linux', 'darwin'] as const) {
      const { template, sent } = build({ platform });
      const help = template.find((item) => item.role === 'help');
      const item = findMenuItem(help ? [help] : [], 'shortcuts');
      expect(item?.label).toMatch(/Keyboard Shortcuts$/);
      expect(item?.accelerator).toBe('CmdOrCtrl+/');
      click(item);
      expect(sent).toEqual([{ command: 'shortcuts' }]);
    }
  });

  it('opens the paper through the external-link path with a safe URL', () => {
    const { template, opened } = build();
    click(findMenuItem(template, 'paper'));
    expect(opened).toEqual([PAPER_URL]);
    expect(isSafeExternalUrl(PAPER_URL)).toBe(true);
  });
});
