// THE only importer of ipcMain: registers every call of shared/api.ts through one generic wrapper
// (sender check + zod validation in ipc-dispatch.ts) and delivers events to the window that asked.
import { BrowserWindow, ipcMain, type IpcMainInvokeEvent } from 'electron';
import type { CallName, EventName, Events } from '../../shared/api.ts';
import type { Service } from '../core/ipc/create-service.ts';
import { callChannel, DROPPED_PATH_CHANNEL, exposedCallNames } from './bridge.ts';
import {
  createCallDispatcher,
  createDropGrant,
  isTrustedSender,
  routeEvent,
  type SenderInfo,
} from './ipc-dispatch.ts';

function senderInfo(event: IpcMainInvokeEvent): SenderInfo {
  const frame = event.senderFrame;
  return {
    webContentsId: event.sender.id,
    frameUrl: frame?.url ?? null,
    isMainFrame: frame !== null && frame.parent === null,
  };
}

/**
 * Registers one `ipcMain.handle` per contract call of `service`, and the dropped-path grant. `trustedIds` holds the
 * webContents ids of the app's own windows (main.ts adds each window it creates). `onCallDone`
 * lets main react to calls, e.g. refresh Open Recent after a document was opened. Returns an
 * unregister function.
 */
export function registerIpc(
  service: Pick<Service, 'handlers' | 'grants'>,
  trustedIds: ReadonlySet<number>,
  onCallDone?: (name: CallName, ok: boolean) => void,
): () => void {
  const dispatch = createCallDispatcher(
    service.handlers,
    (sender) => isTrustedSender(sender, trustedIds),
    service.grants,
  );
  for (const name of exposedCallNames) {
    ipcMain.handle(callChannel(name), async (event, rawRequest: unknown) => {
      const response = await dispatch(name, senderInfo(event), rawRequest);
      onCallDone?.(name, response.ok);
      return response;
    });
  }
  const grantDropped = createDropGrant(
    (sender) => isTrustedSender(sender, trustedIds),
    service.grants,
  );
  ipcMain.handle(DROPPED_PATH_CHANNEL, (event, rawPath: unknown) =>
    grantDropped(senderInfo(event), rawPath),
  );
  return () => {
    for (const name of exposedCallNames) ipcMain.removeHandler(callChannel(name));
    ipcMain.removeHandler(DROPPED_PATH_CHANNEL);
  };
}

/** The service's `emit`: one window by sender id, or all the app's windows. */
export function emitToWindows<E extends EventName>(
  target: string | undefined,
  name: E,
  payload: Events[E],
): void {
  const windows = BrowserWindow.getAllWindows().map((window) => ({
    id: window.webContents.id,
    isDestroyed: () => window.isDestroyed() || window.webContents.isDestroyed(),
    send: (channel: string, data: unknown) => window.webContents.send(channel, data),
  }));
  routeEvent(windows, target, name, payload);
}
