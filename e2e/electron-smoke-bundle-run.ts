// Child process of e2e/electron-smoke-bundle.test.ts: loads the built out/main/main.js with
// `electron` resolved to the stand-in (electron-smoke-stub.ts), drives it like Electron would, and
// prints one JSON report on stdout. Usage: node e2e/electron-smoke-bundle-run.ts <userDataDir> <document>
// Or, as the installed `memagent` starts the packaged app: node e2e/electron-smoke-bundle-run.ts
// --memagent-cli [ARGS…] (the command's output, then the report on the last line).
import { copyFileSync, mkdirSync } from 'node:fs';
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type * as Stub from './electron-smoke-stub.ts';
import { writeTinyGguf } from '../electron/core/llm/builtin/tiny-gguf.test-support.ts';
import { modelsDirIn } from '../electron/core/models/index.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const stubUrl = pathToFileURL(path.join(here, 'electron-smoke-stub.ts')).href;
registerHooks({
  resolve(specifier, context, next) {
    return specifier === 'electron'
      ? { url: stubUrl, shortCircuit: true }
      : next(specifier, context);
  },
});

if (process.argv[2] === '--memagent-cli') {
  // The packaged app's process.argv: the executable, then its arguments (no app folder).
  process.argv.splice(1, 1);
  const { record } = (await import(stubUrl)) as typeof Stub;
  await import(pathToFileURL(path.resolve(here, '../out/main/main.js')).href);
  await until(() => record.calls.find((c) => c.startsWith('app.exit:')), 'app.exit', 120_000);
  const report = {
    calls: record.calls,
    windows: record.windows.length,
    schemes: record.schemes,
    appListeners: [...record.appListeners.keys()],
    ipcChannels: record.ipcHandlers.size,
    menu: record.menu,
  };
  process.stdout.write(`\n${JSON.stringify(report)}\n`, () => process.exit(0));
  await new Promise(() => undefined);
}

const [userData, documentPath] = process.argv.slice(2) as [string, string];
process.env.MEMAGENT_USER_DATA_DIR = userData;
const stub = (await import(stubUrl)) as typeof Stub;
const { record } = stub;

type Handler = (
  event: unknown,
  request: unknown,
) => Promise<{ ok: boolean; value?: unknown; error?: { kind: string; message: string } }>;

async function until<T>(check: () => T | undefined, what: string, limitMs = 60_000): Promise<T> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

await import(pathToFileURL(path.resolve(here, '../out/main/main.js')).href);
const window = await until(() => record.windows[0], 'the window');
const appUrl = window.loaded[0] ?? '';
const event = (frameUrl: string | null, id = window.webContents.id) => ({
  sender: { id },
  senderFrame: frameUrl === null ? null : { url: frameUrl, parent: null },
});
const call = (name: string, request: unknown, frameUrl: string | null = appUrl, id?: number) =>
  (record.ipcHandlers.get(`memagent:call:${name}`) as Handler)(event(frameUrl, id), request);

const serve = async (url: string) => {
  const response = await (record.protocolHandlers.get('app') as (r: Request) => Promise<Response>)(
    new Request(url),
  );
  return {
    status: response.status,
    csp: response.headers.get('content-security-policy'),
    type: response.headers.get('content-type'),
  };
};

let permission: boolean | undefined;
record.sessionHandlers.get('permissionRequest')?.(
  {},
  'geolocation',
  (allowed: boolean) => (permission = allowed),
);
const requestDecision = (url: string) => {
  let cancel: boolean | undefined;
  record.sessionHandlers.get('onBeforeRequest')?.(
    { url },
    (r: { cancel: boolean }) => (cancel = r.cancel),
  );
  return cancel;
};
let headers: Record<string, string[]> | undefined;
record.sessionHandlers.get('onHeadersReceived')?.(
  { url: appUrl, responseHeaders: { 'content-security-policy': ['default-src *'] } },
  (r: { responseHeaders: Record<string, string[]> }) => (headers = r.responseHeaders),
);

// Only a path the Open dialog returned may be opened; one the page made up is refused.
const madeUpPath = await call('documents:open', { path: documentPath });
record.nextOpenPath = documentPath;
const chosenPath = await call('documents:choose-path', {});
const opened = await call('documents:open', { path: documentPath });
const updated = await until(
  () => record.sent.find((s) => s.channel === 'memagent:event:document:updated'),
  'the token count',
);

// A dropped file's path (the preload's webUtils.getPathForFile) is granted to the app's window
// only, as an absolute path, and then opens like a chosen one.
const droppedCopy = path.join(userData, 'dropped.pdf');
copyFileSync(documentPath, droppedCopy);
const drop = (rawPath: unknown, id?: number) =>
  (record.ipcHandlers.get('memagent:dropped-path') as (e: unknown, p: unknown) => unknown)(
    event(appUrl, id),
    rawPath,
  );
const dropped = {
  otherWindow: drop(droppedCopy, 999),
  relative: drop('dropped.pdf'),
  granted: drop(droppedCopy),
  opened: await call('documents:open', { path: droppedCopy }),
};

// The built-in model through the app's utility-process launcher and the bundled host entry.
// A built-in profile names a model Settings › Models lists: one in the models folder.
const modelsFolder = modelsDirIn(userData);
mkdirSync(modelsFolder, { recursive: true });
await call('settings:save-profile', {
  profile: {
    id: 'tiny',
    name: 'Built-in: tiny',
    kind: 'builtin',
    baseUrl: '',
    builtin: { modelFile: writeTinyGguf(modelsFolder), gpu: 'off', threads: 1 },
    hasApiKey: false,
  },
});
const builtinTest = await call('backend:test', { profileId: 'tiny' });

const report = {
  builtinTest,
  calls: record.calls,
  schemes: record.schemes,
  webPreferences: window.options.webPreferences,
  loaded: window.loaded,
  protocol: {
    index: await serve('app://memagent/'),
    escape: await serve('app://memagent/../../package.json'),
    missing: await serve('app://memagent/nope.js'),
  },
  permission,
  permissionCheck: record.sessionHandlers.get('permissionCheck')?.(),
  cancel: {
    remote: requestDecision('https://cdn.example/x.js'),
    app: requestDecision(`${appUrl}`),
    file: requestDecision('file:///etc/passwd'),
  },
  headers,
  ipcChannels: [...record.ipcHandlers.keys()],
  settings: await call('settings:get', {}),
  refused: await call('settings:get', {}, 'https://evil.example/'),
  otherWindow: await call('settings:get', {}, appUrl, 999),
  invalid: await call('documents:get', { documentId: '' }),
  madeUpPath,
  dropped,
  chosenPath,
  opened,
  updated: { windowId: updated.windowId, payload: updated.payload },
  saveKey: await call('settings:save-profile', {
    profile: {
      id: 'p-openai',
      name: 'OpenAI',
      kind: 'openai',
      baseUrl: 'https://api.openai.com/v1',
      hasApiKey: false,
    },
    apiKey: 'sk-secret-1234',
  }),
  menu: (record.menu as Array<{ label?: string; role?: string }>).map((m) => m.label ?? m.role),
};

// Quit as Electron would: before-quit may be deferred while the service stops.
for (const listener of record.appListeners.get('before-quit') ?? [])
  listener({ preventDefault: () => record.calls.push('before-quit.preventDefault') });
await until(() => (record.calls.includes('app.quit') ? true : undefined), 'app.quit after dispose');

process.stdout.write(`${JSON.stringify(report)}\n`);
process.exit(0);
