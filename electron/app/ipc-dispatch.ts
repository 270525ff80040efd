// The pure half of the IPC wrapper: who may call, how a call reaches the service, and where an
// event goes. ipc-main.ts only adapts Electron's objects to these functions.
import type { CallHandlers, CallName, CallResponse, EventName, Events } from '../../shared/api.ts';
import { invokeCall } from '../core/service/invoke-call.ts';
import { eventChannel } from './bridge.ts';
import { isAppUrl } from './security.ts';

/** What main knows about the sender of an IPC message. */
export interface SenderInfo {
  /** `webContents.id` of the sending page. */
  webContentsId: number;
  /** URL of the frame that sent it (`event.senderFrame.url`), or null when the frame is gone. */
  frameUrl: string | null;
  /** False for iframes: only the app's top-level page may call. */
  isMainFrame: boolean;
}

/**
 * True when a message comes from one of the app's own windows (`trustedIds`), from its top frame,
 * and that frame is showing the app's own page. A page that somehow navigated elsewhere, an
 * iframe, or any other webContents is refused. `isOwnPage` is `isAppUrl` in the product; the e2e
 * harness, which serves the same page over loopback http, passes its own origin check.
 */
export function isTrustedSender(
  sender: SenderInfo,
  trustedIds: ReadonlySet<number>,
  isOwnPage: (url: string) => boolean = isAppUrl,
): boolean {
  return (
    trustedIds.has(sender.webContentsId) &&
    sender.isMainFrame &&
    sender.frameUrl !== null &&
    isOwnPage(sender.frameUrl)
  );
}

/** The answer to a refused sender: an error value, with nothing about the app's state. */
export function refusedSender<K extends CallName>(): CallResponse<K> {
  return {
    ok: false,
    error: {
      kind: 'BadUsage',
      message: 'The request was refused: it did not come from the app’s window.',
    },
  } as CallResponse<K>;
}

/** Handles one call: sender check, then zod validation and the handler through `invokeCall`. */
export type CallDispatcher = <K extends CallName>(
  name: K,
  sender: SenderInfo,
  rawRequest: unknown,
) => Promise<CallResponse<K>>;

/** The answer to `documents:open` or `ocr:add-language` for a path the user did not choose in the app's file dialog. */
export function refusedPath<K extends CallName>(): CallResponse<K> {
  return {
    ok: false,
    error: {
      kind: 'BadUsage',
      message: 'The file was not opened: only files chosen in the app’s Open dialog can be opened.',
    },
  } as CallResponse<K>;
}

/**
 * `documents:open` reads any file main can read, and a run sends a document's text to whichever
 * backend the renderer names. So a window may open only the paths the file dialog gave it
 * (`documents:choose-path`), never a path it made up (~/.ssh/id_rsa): a compromised page cannot
 * turn the app into a file reader for the network. `ocr:add-language` copies a file into the
 * app's data folder, and `sessions:import` reads a file into the library, so they obey the same
 * rule. Dropped files travel as bytes and need no path.
 */
export function createCallDispatcher(
  handlers: CallHandlers,
  isTrusted: (sender: SenderInfo) => boolean,
): CallDispatcher {
  const chosen = new Map<string, Set<string>>();
  return async (name, sender, rawRequest) => {
    if (!isTrusted(sender)) return refusedSender();
    const senderId = senderIdOf(sender.webContentsId);
    if (name === 'documents:open' || name === 'ocr:add-language' || name === 'sessions:import') {
      const path = (rawRequest as { path?: unknown } | null)?.path;
      // A malformed request goes on to the schema check, which answers it with BadUsage.
      if (typeof path === 'string' && chosen.get(senderId)?.has(path) !== true)
        return refusedPath();
    }
    const response = await invokeCall(handlers, name, rawRequest, { senderId });
    if (name === 'documents:choose-path' && response.ok && typeof response.value === 'string') {
      const paths = chosen.get(senderId) ?? new Set<string>();
      paths.add(response.value);
      chosen.set(senderId, paths);
    }
    return response;
  };
}

/** The `senderId` the service sees: the window's webContents id, as a string. */
export function senderIdOf(webContentsId: number): string {
  return String(webContentsId);
}

/** A window events can be sent to. */
export interface EventWindow {
  id: number;
  isDestroyed(): boolean;
  send(channel: string, payload: unknown): void;
}

/**
 * Delivers an event to the window that asked (`target` = its sender id), or to every window when
 * `target` is undefined. A window that has closed is skipped silently: its run goes on in main.
 */
export function routeEvent<E extends EventName>(
  windows: readonly EventWindow[],
  target: string | undefined,
  name: E,
  payload: Events[E],
): number {
  let delivered = 0;
  for (const window of windows) {
    if (window.isDestroyed()) continue;
    if (target !== undefined && senderIdOf(window.id) !== target) continue;
    window.send(eventChannel(name), payload);
    delivered += 1;
  }
  return delivered;
}
