// The e2e harness: the Vite-built renderer in Chromium, with window.memagent backed by the REAL
// core (createService, a SQLite file in a temp data folder) and the LLM simulator on loopback as
// the active backend: the same contract the preload implements. Every call from the page goes
// through the product's own dispatcher (electron/app/ipc-dispatch.ts: the sender check, the
// documents:open path check, zod validation), and the page is served with the product's
// security headers (static-server.ts), so e2e proves the rules users get.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Frame, Page } from 'playwright-core';
import { calls, eventNames, type CallName, type EventName, type Events } from '../../shared/api.ts';
import type { BackendProfile } from '../../shared/model.ts';
import {
  createCallDispatcher,
  createDropGrant,
  isTrustedSender,
  senderIdOf,
  type SenderInfo,
} from '../../electron/app/ipc-dispatch.ts';
import { chromiumPrinter } from '../../electron/core/export/chromium-printer.ts';
import { CHROMIUM } from './browser.ts';
import {
  createService,
  type Service,
  type ServiceDeps,
} from '../../electron/core/ipc/create-service.ts';
import { invokeCall } from '../../electron/core/ipc/invoke-call.ts';
import { createMemorySecretStore } from '../../electron/core/store/secret-store.ts';
import { deadUrl } from '../../sim/dead-url.ts';
import { startSimLlm, type SimServer } from '../../sim/server.ts';
import type { SimOptions } from '../../sim/options.ts';
import { decodeFromPage, encodeForPage, installPageBridge } from './page-bridge.ts';
import { rendererDir } from './paths.ts';
import { serveStatic, type StaticServer } from './static-server.ts';

/** Playwright's error for an evaluate cut short by the page navigating (a reload). */
const NAVIGATED = /Execution context was destroyed|navigat/i;

export interface HarnessOptions {
  colorScheme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  sim?: Partial<SimOptions>;
  /** 'sim': the simulator is the active backend (default); 'down': a backend nobody listens on; 'none': no profile. */
  backend?: 'sim' | 'down' | 'none';
  /** Service concurrency (runs at once). */
  concurrency?: number;
  /** More service dependencies (Hugging Face's endpoint for downloads, say). */
  serviceDeps?: Partial<ServiceDeps>;
  /** Prepares the data folder before the service opens it (a damaged library, say). */
  beforeStart?: (dataDir: string) => void;
}

export interface Harness {
  page: Page;
  context: BrowserContext;
  sim: SimServer;
  service: Service;
  dataDir: string;
  /** Every event sent to the page, in order. */
  events: { name: EventName; payload: unknown }[];
  /** The path the next `documents:choose-path` returns (the file dialog). */
  chooseNext(file: string | null): void;
  /**
   * Files the next drops bring from disk: a dropped File of one of these names has that path
   * (as Electron's webUtils.getPathForFile tells the preload); any other dropped File has none.
   */
  onDisk(files: readonly string[]): void;
  /** Sends an application-menu command to the page, as main does when a menu item is clicked. */
  menu(command: Events['menu:command']): void;
  /** What the app asked the system shell to open ("file:PATH") or show ("folder:PATH"). */
  shellOpened: string[];
  /** Resolves when an event matching `predicate` has been sent to the page. */
  waitForEvent<E extends EventName>(
    name: E,
    predicate?: (p: Events[E]) => boolean,
    timeoutMs?: number,
  ): Promise<Events[E]>;
  close(): Promise<void>;
}

/** The one window of a harness, as main would number its webContents. */
const WINDOW_ID = 1;
const SENDER = senderIdOf(WINDOW_ID);
let staticServer: StaticServer | null = null;

async function renderer(): Promise<StaticServer> {
  staticServer ??= await serveStatic(rendererDir);
  return staticServer;
}

/** Stops the shared static server (call in afterAll). */
export async function closeStaticServer(): Promise<void> {
  await staticServer?.close();
  staticServer = null;
}

export async function startHarness(
  browser: Browser,
  options: HarnessOptions = {},
): Promise<Harness> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'memagent-e2e-'));
  options.beforeStart?.(dataDir);
  const sim = await startSimLlm({ model: 'BytedTsinghua-SIA/RL-MemoryAgent-14B', ...options.sim });
  const context = await browser.newContext({
    colorScheme: options.colorScheme ?? 'light',
    viewport: options.viewport ?? { width: 1280, height: 820 },
    deviceScaleFactor: 1,
  });
  const page = await context.newPage();
  const events: Harness['events'] = [];
  const waiters = new Set<{
    name: EventName;
    test: (p: unknown) => boolean;
    resolve: (p: unknown) => void;
  }>();
  let chosen: string | null = null;
  const shellOpened: string[] = [];

  // Events reach the page in order, batched while a delivery is in flight.
  let pending: [string, unknown][] = [];
  let delivering = false;
  const deliveryErrors: unknown[] = [];
  const deliver = async (): Promise<void> => {
    if (delivering) return;
    delivering = true;
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      await page
        .evaluate(
          (json) =>
            (window as unknown as { __memagentDispatch(j: string): void }).__memagentDispatch(json),
          encodeForPage(batch),
        )
        // A page closed at the end of a test drops its last events, and so does a page being
        // reloaded (as Electron's would: the new page starts from the runs' snapshots). Any other
        // failure is kept and reported by close(), so a broken bridge fails the test instead of
        // hiding.
        .catch((error: unknown) => {
          if (page.isClosed() || NAVIGATED.test(String(error))) return;
          deliveryErrors.push(error);
        });
    }
    delivering = false;
  };

  const service = createService({
    dataDir,
    secrets: createMemorySecretStore(),
    ...(options.concurrency === undefined ? {} : { concurrency: options.concurrency }),
    emit(target, name, payload) {
      if (target !== undefined && target !== SENDER) return;
      events.push({ name, payload });
      for (const w of waiters) {
        if (w.name === name && w.test(payload)) {
          waiters.delete(w);
          w.resolve(payload);
        }
      }
      pending.push([name, payload]);
      void deliver();
    },
    chooseFile: async () => chosen,
    chooseSavePath: async (suggested) => path.join(dataDir, suggested),
    // The real printer the command line uses (Electron's printToPDF needs Electron itself).
    printPdf: chromiumPrinter(CHROMIUM),
    // The test machine's shell is not driven: what would be opened is recorded.
    openPath: async (file) => void shellOpened.push(`file:${file}`),
    showInFolder: (file) => void shellOpened.push(`folder:${file}`),
    ...options.serviceDeps,
  });

  const server = await renderer();
  const trusted = (sender: SenderInfo) =>
    isTrustedSender(
      sender,
      new Set([WINDOW_ID]),
      (url) => URL.canParse(url) && new URL(url).origin === server.origin,
    );
  const dispatch = createCallDispatcher(service.handlers, trusted, service.grants);
  // What Electron tells main about a sender: its webContents, its frame's URL, top frame or not.
  const senderOf = (source: { page: Page; frame: Frame }): SenderInfo => ({
    webContentsId: source.page === page ? WINDOW_ID : -1,
    frameUrl: source.frame.url(),
    isMainFrame: source.frame.parentFrame() === null,
  });
  await page.exposeBinding('__memagentInvoke', async (source, name: string, json: string) => {
    const response = await dispatch(name as CallName, senderOf(source), decodeFromPage(json));
    return encodeForPage(response);
  });
  // A dropped file's path goes to main's own grant, as the preload's does (ipc-main.ts).
  const onDisk = new Map<string, string>();
  const grantDropped = createDropGrant(trusted, service.grants);
  await page.exposeBinding('__memagentDroppedPath', (source, name: string) => {
    const file = onDisk.get(name);
    return file === undefined ? null : grantDropped(senderOf(source), file);
  });
  await page.addInitScript(installPageBridge, {
    calls: Object.keys(calls),
    events: [...eventNames],
  });

  if (options.backend !== 'none') {
    const profile: BackendProfile = {
      id: 'sim',
      name: options.backend === 'down' ? 'Office server' : 'Local simulator (sim-llm)',
      kind: 'vllm',
      baseUrl: options.backend === 'down' ? await deadUrl() : sim.baseUrl,
      model: 'BytedTsinghua-SIA/RL-MemoryAgent-14B',
      hasApiKey: false,
      timeoutMs: 5000,
      maxRetries: 0,
    };
    const saved = await invokeCall(
      service.handlers,
      'settings:save-profile',
      { profile },
      { senderId: SENDER },
    );
    if (!saved.ok)
      throw new Error(
        `Could not save the test profile: ${saved.error.message} ${saved.error.detail ?? ''}`,
      );
    const active = await invokeCall(
      service.handlers,
      'settings:set-active-profile',
      { profileId: saved.value.id },
      { senderId: SENDER },
    );
    if (!active.ok) throw new Error(`Could not activate the test profile: ${active.error.message}`);
  }

  await page.goto(server.url);

  return {
    page,
    context,
    sim,
    service,
    dataDir,
    events,
    chooseNext(file) {
      chosen = file;
    },
    onDisk(files) {
      for (const file of files) onDisk.set(path.basename(file), file);
    },
    menu(command) {
      pending.push(['menu:command', command]);
      void deliver();
    },
    shellOpened,
    waitForEvent(name, predicate, timeoutMs = 60_000) {
      const test = (p: unknown) => (predicate ? predicate(p as never) : true);
      const past = events.find((e) => e.name === name && test(e.payload));
      if (past) return Promise.resolve(past.payload as never);
      return new Promise((resolve, reject) => {
        const waiter = { name, test, resolve: resolve as (p: unknown) => void };
        waiters.add(waiter);
        setTimeout(() => {
          if (waiters.delete(waiter))
            reject(new Error(`No ${name} event matched within ${timeoutMs} ms.`));
        }, timeoutMs).unref();
      });
    },
    async close() {
      await context.close().catch(() => {});
      await service.dispose();
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (deliveryErrors.length > 0) {
        throw new Error(`Events could not be delivered to the page: ${String(deliveryErrors[0])}`);
      }
    },
  };
}
