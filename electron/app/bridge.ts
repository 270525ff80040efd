// The narrow object the preload exposes as `window.memagent`, built from the contract in
// shared/api.ts over an abstract transport (ipcRenderer in the preload). Pure, so the allow-lists
// are unit tested without Electron. Channel names are shared with ipc-main.ts through here.
import {
  calls,
  eventNames,
  type CallName,
  type DroppedFile,
  type EventName,
  type MemagentBridge,
} from '../../shared/api.ts';

/** The IPC channel of a call: prefixed so no app channel can collide with Electron's own. */
export function callChannel(name: CallName): string {
  return `memagent:call:${name}`;
}

/** The IPC channel main sends an event on. */
export function eventChannel(name: EventName): string {
  return `memagent:event:${name}`;
}

/**
 * The channel a dropped file's path goes to main on (`pathOfDropped`). Not a contract call: a
 * call's request comes from the page, and this path must come from Electron (see ipc-dispatch.ts
 * `createDropGrant`).
 */
export const DROPPED_PATH_CHANNEL = 'memagent:dropped-path';

/** Every call the renderer may make: exactly the contract's calls. */
export const exposedCallNames: readonly CallName[] = Object.freeze(
  Object.keys(calls) as CallName[],
);
/** Every event the renderer may listen to: exactly the contract's events. */
export const exposedEventNames: readonly EventName[] = Object.freeze([...eventNames]);

/** What the bridge needs from the IPC layer (ipcRenderer in the preload). */
export interface BridgeTransport {
  invoke(channel: string, request: unknown): Promise<unknown>;
  /** Subscribes to `channel`, handing the listener only the payload; returns the unsubscriber. */
  on(channel: string, listener: (payload: unknown) => void): () => void;
  /** Where a dropped file is on disk (`webUtils.getPathForFile`): '' when it has no file. */
  pathForFile(file: DroppedFile): string;
}

const callSet: ReadonlySet<string> = new Set(exposedCallNames);
const eventSet: ReadonlySet<string> = new Set(exposedEventNames);

/**
 * Builds `window.memagent`. Names outside the contract are refused here, before anything reaches
 * IPC: the renderer can never address an arbitrary channel (no generic `send(channel, ...args)`).
 * The object is frozen and has exactly three methods.
 */
export function createBridge(transport: BridgeTransport): MemagentBridge {
  const bridge: MemagentBridge = {
    invoke(name, request) {
      if (typeof name !== 'string' || !callSet.has(name)) {
        return Promise.reject(
          new Error(`window.memagent.invoke: unknown call ${JSON.stringify(String(name))}.`),
        );
      }
      return transport.invoke(callChannel(name), request) as Promise<never>;
    },
    on(name, listener) {
      if (typeof name !== 'string' || !eventSet.has(name)) {
        throw new Error(`window.memagent.on: unknown event ${JSON.stringify(String(name))}.`);
      }
      if (typeof listener !== 'function')
        throw new Error('window.memagent.on: the listener must be a function.');
      const off = transport.on(eventChannel(name), (payload) => listener(payload as never));
      let active = true;
      return () => {
        if (!active) return;
        active = false;
        off();
      };
    },
    async pathOfDropped(file) {
      let path = '';
      try {
        path = transport.pathForFile(file);
      } catch {
        // Not a File (the page passed something else): it has no path.
      }
      if (typeof path !== 'string' || path === '') return null;
      const granted = await transport.invoke(DROPPED_PATH_CHANNEL, path);
      return typeof granted === 'string' ? granted : null;
    },
  };
  return Object.freeze(bridge);
}
