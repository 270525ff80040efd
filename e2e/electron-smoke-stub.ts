// A STAND-IN for the `electron` module, for e2e/electron-smoke-bundle.test.ts only: just enough of
// Electron's main-process API, recording every call, to load the real out/main/main.js bundle
// under plain Node where the Electron binary cannot run. It proves the bundle's wiring (imports,
// worker files, assets, service, IPC registration, security settings), never Chromium's behaviour:
// that is the job of e2e/electron-smoke.test.ts where the binary exists.
import { fork } from 'node:child_process';
import path from 'node:path';

type Listener = (...args: unknown[]) => unknown;

/** Everything the bundle did to "Electron", in order. */
export const record = {
  calls: [] as string[],
  schemes: [] as unknown[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  ipcHandlers: new Map<string, Listener>(),
  sessionHandlers: new Map<string, Listener>(),
  appListeners: new Map<string, Listener[]>(),
  windows: [] as BrowserWindow[],
  sent: [] as Array<{ windowId: number; channel: string; payload: unknown }>,
  menu: null as unknown,
  /** What the next open-file dialog returns (null: the user cancels). */
  nextOpenPath: null as string | null,
  userData: '',
};

function on(map: Map<string, Listener[]>, name: string, listener: Listener): void {
  map.set(name, [...(map.get(name) ?? []), listener]);
}

export const app = {
  isPackaged: false,
  getName: () => 'MemAgent Desktop',
  getPath: (name: string) =>
    name === 'userData' ? record.userData : path.join(record.userData, name),
  setPath: (name: string, value: string) => {
    record.calls.push(`app.setPath:${name}`);
    if (name === 'userData') record.userData = value;
  },
  requestSingleInstanceLock: () => {
    record.calls.push('app.requestSingleInstanceLock');
    return true;
  },
  on: (name: string, listener: Listener) => on(record.appListeners, name, listener),
  whenReady: () => {
    record.calls.push('app.whenReady');
    return Promise.resolve();
  },
  quit: () => record.calls.push('app.quit'),
  exit: (code: number) => record.calls.push(`app.exit:${code}`),
};

let nextId = 1;
export class BrowserWindow {
  readonly options: { webPreferences?: Record<string, unknown> };
  readonly loaded: string[] = [];
  readonly webContents: {
    id: number;
    isDestroyed(): boolean;
    send(channel: string, payload: unknown): void;
  };
  constructor(options: { webPreferences?: Record<string, unknown> }) {
    this.options = options;
    const id = nextId++;
    this.webContents = {
      id,
      isDestroyed: () => false,
      send: (channel, payload) => record.sent.push({ windowId: id, channel, payload }),
    };
    record.windows.push(this);
    record.calls.push('new BrowserWindow');
  }
  static getAllWindows(): BrowserWindow[] {
    return record.windows;
  }
  static getFocusedWindow(): BrowserWindow | null {
    return record.windows[0] ?? null;
  }
  loadURL(url: string): Promise<void> {
    this.loaded.push(url);
    return Promise.resolve();
  }
  on(): this {
    return this;
  }
  once(): this {
    return this;
  }
  isDestroyed(): boolean {
    return false;
  }
}

export const protocol = {
  registerSchemesAsPrivileged: (schemes: unknown[]) => {
    record.calls.push('protocol.registerSchemesAsPrivileged');
    record.schemes.push(...schemes);
  },
  handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
    record.protocolHandlers.set(scheme, handler),
};

const webRequest = {
  onBeforeRequest: (listener: Listener) => record.sessionHandlers.set('onBeforeRequest', listener),
  onHeadersReceived: (listener: Listener) =>
    record.sessionHandlers.set('onHeadersReceived', listener),
};
export const session = {
  defaultSession: {
    setPermissionRequestHandler: (listener: Listener) =>
      record.sessionHandlers.set('permissionRequest', listener),
    setPermissionCheckHandler: (listener: Listener) =>
      record.sessionHandlers.set('permissionCheck', listener),
    setDevicePermissionHandler: (listener: Listener) =>
      record.sessionHandlers.set('devicePermission', listener),
    setDisplayMediaRequestHandler: (listener: Listener) =>
      record.sessionHandlers.set('displayMedia', listener),
    webRequest,
  },
};

export const ipcMain = {
  handle: (channel: string, listener: Listener) => record.ipcHandlers.set(channel, listener),
  removeHandler: (channel: string) => record.ipcHandlers.delete(channel),
};

export const Menu = {
  buildFromTemplate: (template: unknown) => template,
  setApplicationMenu: (menu: unknown) => {
    record.menu = menu;
  },
};

export const shell = {
  openExternal: async (url: string) => record.calls.push(`shell.openExternal:${url}`),
};
export const dialog = {
  showOpenDialog: async () =>
    record.nextOpenPath === null
      ? { canceled: true, filePaths: [] }
      : { canceled: false, filePaths: [record.nextOpenPath] },
  showSaveDialog: async () => ({ canceled: true }),
  showErrorBox: (title: string, message: string) =>
    record.calls.push(`dialog.showErrorBox:${title}: ${message}`),
};

// Like Linux without a keyring: safeStorage would fall back to its hard-coded key.
export const safeStorage = {
  isAsyncEncryptionAvailable: async () => true,
  getSelectedStorageBackend: () => 'basic_text',
  encryptStringAsync: async (text: string) => Buffer.from(text),
  decryptStringAsync: async (data: Buffer) => ({ result: data.toString(), shouldReEncrypt: false }),
};

// Electron's utility process, played by a Node child: the host entry talks over `process.send`
// there instead of `process.parentPort`, the rest (the bundled entry file, its imports, the
// launcher's wiring) is what the app runs.
export const utilityProcess = {
  fork(modulePath: string, args: string[], options: { serviceName?: string }) {
    record.calls.push(`utilityProcess.fork:${path.basename(modulePath)}:${options.serviceName}`);
    const child = fork(modulePath, args, { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    return {
      get pid() {
        return child.pid;
      },
      postMessage: (message: unknown) => child.send(message as never),
      on: (_event: 'message', listener: (message: unknown) => void) =>
        child.on('message', listener),
      once: (_event: 'exit', listener: (code: number) => void) =>
        child.once('exit', (code) => listener(code ?? 1)),
      kill: () => child.kill(),
    };
  },
};

export default {
  app,
  BrowserWindow,
  protocol,
  session,
  ipcMain,
  Menu,
  shell,
  dialog,
  safeStorage,
  utilityProcess,
};
