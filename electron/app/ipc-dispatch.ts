// The pure half of the IPC wrapper: who may call, how a call reaches the service, and where an
// event goes. ipc-main.ts only adapts Electron's objects to these functions.
import path from 'node:path';
import type { CallHandlers, CallName, CallResponse, EventName, Events } from '../../shared/api.ts';
import { toAppError } from '../core/errors.ts';
import { invokeCall } from '../core/ipc/invoke-call.ts';
import type { GrantPurpose, PathGrants } from '../core/ipc/path-grants.ts';
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

/**
 * The calls that take a path from a window, and the grant each needs. `documents:open` reads any
 * file main can read, and a run sends a document's text to whichever backend the renderer names;
 * `sessions:import` reads a file into the library; `ocr:add-language` copies one into the app's
 * data folder. So a window may pass only a path the user gave it for that very purpose (the
 * dialog of `documents:choose-path` with that purpose), never one it made up (~/.ssh/id_rsa) nor
 * one chosen for something else: a compromised page cannot turn the app into a file reader for
 * the network. (`export:open-saved` checks its grant in the service, which grants it.)
 */
const PATH_CALLS: Partial<Record<CallName, GrantPurpose>> = {
  'documents:open': 'open-document',
  'sessions:import': 'import-session',
  'ocr:add-language': 'add-ocr-language',
  'checklists:import': 'import-checklist',
};

/**
 * The dispatcher of the app's IPC: refuses senders that are not the app's windows, refuses a
 * path the window holds no grant for (`grants`, which the service fills), then validates and
 * calls the handler through `invokeCall`. A one-time grant ends once its call succeeded.
 */
export function createCallDispatcher(
  handlers: CallHandlers,
  isTrusted: (sender: SenderInfo) => boolean,
  grants: PathGrants,
): CallDispatcher {
  return async (name, sender, rawRequest) => {
    if (!isTrusted(sender)) return refusedSender();
    const senderId = senderIdOf(sender.webContentsId);
    const purpose = PATH_CALLS[name];
    // A malformed request (no string path) goes on to the schema check, which answers BadUsage;
    // dropped bytes (`sessions:import` with data) need no grant.
    const path = (rawRequest as { path?: unknown } | null)?.path;
    const file = purpose !== undefined && typeof path === 'string' ? path : undefined;
    if (purpose !== undefined && file !== undefined) {
      try {
        grants.require(senderId, purpose, file);
      } catch (error) {
        return { ok: false, error: toAppError(error) } as CallResponse<typeof name>;
      }
    }
    const response = await invokeCall(handlers, name, rawRequest, { senderId });
    if (purpose !== undefined && file !== undefined && response.ok)
      grants.used(senderId, purpose, file);
    return response;
  };
}

/** Longer than any path a file system gives (PATH_MAX is 4096 on Linux, 1024 on macOS). */
const MAX_DROPPED_PATH = 32_767;

/**
 * Main's half of a dropped file (`window.memagent.pathOfDropped`): the path the preload read
 * from the File the user dropped (`webUtils.getPathForFile`) is granted to that window to open
 * as a document, once, exactly as the Open dialog's answer is; `documents:open` then requires
 * the grant and opens the file through the one opener every chosen path goes through
 * (core/user-file.ts: missing, a folder, a pipe, a dangling link, no permission, each one
 * sentence). Returns the path granted, or null: not one of the app's windows, or not an
 * absolute path (what Electron gives for a real file), which nothing then opens.
 */
export function createDropGrant(
  isTrusted: (sender: SenderInfo) => boolean,
  grants: PathGrants,
): (sender: SenderInfo, rawPath: unknown) => string | null {
  return (sender, rawPath) => {
    if (!isTrusted(sender)) return null;
    if (typeof rawPath !== 'string' || rawPath.length > MAX_DROPPED_PATH) return null;
    if (rawPath.includes('\0') || !path.isAbsolute(rawPath)) return null;
    grants.grant(senderIdOf(sender.webContentsId), 'open-document', rawPath);
    return rawPath;
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
