// The preload bridge and the main-side dispatcher, wired to each other in-process through an
// EventEmitter standing in for Electron's IPC (which cannot run here), over handlers that record
// what reached them.
import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  calls,
  eventNames,
  type CallContext,
  type CallHandlers,
  type CallName,
  type Events,
} from '../../shared/api.ts';
import { DEFAULT_RUN_SETTINGS } from '../../shared/model.ts';
import {
  callChannel,
  createBridge,
  DROPPED_PATH_CHANNEL,
  eventChannel,
  exposedCallNames,
  exposedEventNames,
  type BridgeTransport,
} from './bridge.ts';
import {
  createCallDispatcher,
  createDropGrant,
  isTrustedSender,
  routeEvent,
  type EventWindow,
  type SenderInfo,
} from './ipc-dispatch.ts';
import { createPathGrants } from '../core/ipc/path-grants.ts';
import { APP_ENTRY_URL } from './security.ts';

interface Received {
  name: CallName;
  request: unknown;
  ctx: CallContext;
}

function recordingHandlers(received: Received[]): CallHandlers {
  const handlers: Record<string, (request: unknown, ctx: CallContext) => Promise<unknown>> = {};
  for (const name of Object.keys(calls) as CallName[]) {
    handlers[name] = async (request, ctx) => {
      received.push({ name, request, ctx });
      return { ok: true, value: null };
    };
  }
  return handlers as unknown as CallHandlers;
}

const WINDOW_ID = 7;
const DOC = 'd0c'.repeat(21) + 'd';
const appSender: SenderInfo = {
  webContentsId: WINDOW_ID,
  frameUrl: APP_ENTRY_URL,
  isMainFrame: true,
};

/** Preload ↔ main over one in-process emitter; `sender` is what main will see for each call. */
function wire(sender: SenderInfo) {
  const received: Received[] = [];
  const trusted = new Set([WINDOW_ID]);
  const grants = createPathGrants();
  const dispatch = createCallDispatcher(
    recordingHandlers(received),
    (s) => isTrustedSender(s, trusted),
    grants,
  );
  const grantDropped = createDropGrant((s) => isTrustedSender(s, trusted), grants);
  /** Where Electron says each dropped file is (by name); a File the page made has none. */
  const onDisk = new Map<string, string>();
  const channelToName = new Map(exposedCallNames.map((name) => [callChannel(name), name]));
  const toRenderer = new EventEmitter();
  const invoked: string[] = [];
  const transport: BridgeTransport = {
    async invoke(channel, request) {
      invoked.push(channel);
      if (channel === DROPPED_PATH_CHANNEL) return grantDropped(sender, structuredClone(request));
      const name = channelToName.get(channel);
      if (name === undefined) throw new Error(`No handler registered for '${channel}'`);
      // Structured clone, as IPC does.
      return dispatch(name, sender, structuredClone(request));
    },
    on(channel, listener) {
      const wrapped = (payload: unknown) => listener(payload);
      toRenderer.on(channel, wrapped);
      return () => toRenderer.off(channel, wrapped);
    },
    pathForFile: (file) => onDisk.get(file.name) ?? '',
  };
  const window: EventWindow = {
    id: WINDOW_ID,
    isDestroyed: () => false,
    send: (channel, payload) => toRenderer.emit(channel, payload),
  };
  return { bridge: createBridge(transport), received, invoked, window, onDisk };
}

describe('the contract-derived allow-lists', () => {
  it('expose exactly the contract’s calls and events', () => {
    expect([...exposedCallNames].sort()).toEqual(Object.keys(calls).sort());
    expect([...exposedEventNames].sort()).toEqual([...eventNames].sort());
  });

  it('window.memagent has only invoke, on and pathOfDropped, and cannot be changed', () => {
    const { bridge } = wire(appSender);
    expect(Object.keys(bridge).sort()).toEqual(['invoke', 'on', 'pathOfDropped']);
    expect(Object.isFrozen(bridge)).toBe(true);
  });

  it('refuses a call outside the contract before it reaches IPC', async () => {
    const { bridge, invoked } = wire(appSender);
    await expect(bridge.invoke('fs:read' as CallName, {} as never)).rejects.toThrow(
      /unknown call "fs:read"/,
    );
    await expect(bridge.invoke('__proto__' as CallName, {} as never)).rejects.toThrow(
      /unknown call/,
    );
    expect(invoked).toEqual([]);
  });

  it('refuses to subscribe to an event outside the contract', () => {
    const { bridge } = wire(appSender);
    expect(() => bridge.on('ELECTRON_BROWSER_REQUIRE' as keyof Events, () => {})).toThrow(
      /unknown event/,
    );
  });
});

describe('a file dropped on the window', () => {
  it('with a file on disk: its path is granted, and documents:open passes the path check', async () => {
    const { bridge, received, onDisk } = wire(appSender);
    onDisk.set('book.pdf', '/home/ada/book.pdf');
    const file = { name: 'book.pdf' };
    expect(await bridge.pathOfDropped(file)).toBe('/home/ada/book.pdf');
    const opened = await bridge.invoke('documents:open', { path: '/home/ada/book.pdf' });
    expect(opened).toEqual({ ok: true, value: null });
    expect(received.map((r) => r.name)).toEqual(['documents:open']);
  });

  it('with no file (a browser drop, a File the page made): null, nothing sent to main', async () => {
    const { bridge, invoked } = wire(appSender);
    expect(await bridge.pathOfDropped({ name: 'made-up.pdf' })).toBeNull();
    expect(invoked).toEqual([]);
    // The page cannot name a path through invoke instead.
    expect(await bridge.invoke('documents:open', { path: '/home/ada/.ssh/id_rsa' })).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage' },
    });
  });

  it('from a page that is not the app’s: no grant', async () => {
    const { bridge, onDisk } = wire({ ...appSender, frameUrl: 'https://example.com/' });
    onDisk.set('book.pdf', '/home/ada/book.pdf');
    expect(await bridge.pathOfDropped({ name: 'book.pdf' })).toBeNull();
  });
});

describe('a call from the app’s window', () => {
  it('reaches the handler validated, with the window as sender', async () => {
    const { bridge, received } = wire(appSender);
    const result = await bridge.invoke('runs:start', {
      documentId: DOC,
      question: '  Who signed?  ',
      settings: DEFAULT_RUN_SETTINGS,
    });
    expect(result).toEqual({ ok: true, value: null });
    expect(received).toEqual([
      {
        name: 'runs:start',
        request: { documentId: DOC, question: 'Who signed?', settings: DEFAULT_RUN_SETTINGS },
        ctx: { senderId: '7' },
      },
    ]);
  });

  it('with an invalid request gets BadUsage and never reaches the handler', async () => {
    const { bridge, received } = wire(appSender);
    const result = await bridge.invoke('runs:start', {
      documentId: DOC,
      question: '',
      settings: { ...DEFAULT_RUN_SETTINGS, chunkTokens: -1 },
    });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('BadUsage');
      expect(result.error.detail).toMatch(/question/);
      expect(result.error.detail).toMatch(/settings\.chunkTokens/);
    }
    expect(received).toEqual([]);
  });
});

describe('the sender check', () => {
  it.each<[string, SenderInfo]>([
    ['another webContents', { ...appSender, webContentsId: 99 }],
    ['an iframe', { ...appSender, isMainFrame: false }],
    ['a page that navigated away', { ...appSender, frameUrl: 'https://evil.example/' }],
    ['a file:// page', { ...appSender, frameUrl: 'file:///tmp/x.html' }],
    ['a destroyed frame', { ...appSender, frameUrl: null }],
  ])('refuses %s without calling the handler', async (_label, sender) => {
    const { bridge, received } = wire(sender);
    const result = await bridge.invoke('settings:get', {});
    expect(result).toMatchObject({
      ok: false,
      error: { kind: 'BadUsage', message: expect.stringMatching(/refused/) },
    });
    expect(received).toEqual([]);
  });
});

describe('events', () => {
  it('reach the listener as the payload only, until it unsubscribes', () => {
    const { bridge, window } = wire(appSender);
    const seen: unknown[] = [];
    const off = bridge.on('menu:command', (payload) => seen.push(payload));
    routeEvent([window], undefined, 'menu:command', { command: 'open' });
    off();
    off();
    routeEvent([window], undefined, 'menu:command', { command: 'settings' });
    expect(seen).toEqual([{ command: 'open' }]);
  });

  it('go only to the window that asked, or to every live window when untargeted', () => {
    const sent: Array<[number, string]> = [];
    const make = (id: number, destroyed = false): EventWindow => ({
      id,
      isDestroyed: () => destroyed,
      send: (channel) => sent.push([id, channel]),
    });
    const windows = [make(1), make(2), make(3, true)];
    const payload = { seq: 1, event: { type: 'started' } } as unknown as Events['run:event'];
    expect(routeEvent(windows, '2', 'run:event', payload)).toBe(1);
    expect(routeEvent(windows, '3', 'run:event', payload)).toBe(0);
    expect(routeEvent(windows, undefined, 'menu:command', { command: 'open' })).toBe(2);
    expect(sent).toEqual([
      [2, eventChannel('run:event')],
      [1, eventChannel('menu:command')],
      [2, eventChannel('menu:command')],
    ]);
  });
});
