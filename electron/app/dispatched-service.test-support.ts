// The real service behind the product's IPC dispatcher, for tests of what a window may hand back
// to main (paths chosen in a dialog, dropped files): two trusted windows, calls made as one of
// them, real files written into the service's temp folder. Closed after each test of the file
// that asks for it. Not a test file itself.
import fs from 'node:fs';
import path from 'node:path';
import { afterEach } from 'vitest';
import type { CallName, CallResponse } from '../../shared/api.ts';
import type { ServiceDeps } from '../core/ipc/create-service.ts';
import { bookText, startHarness, type Harness } from '../core/ipc/service-harness.test-support.ts';
import { createCallDispatcher, isTrustedSender, type SenderInfo } from './ipc-dispatch.ts';
import { APP_ENTRY_URL } from './security.ts';

/** The window calls come from unless a test names another. */
export const WINDOW = 7;
/** A second trusted window: the app's own, but not the one a dialog answered. */
export const OTHER_WINDOW = 8;

/** What main sees of a call from the main frame of window `webContentsId`. */
export const sender = (webContentsId: number): SenderInfo => ({
  webContentsId,
  frameUrl: APP_ENTRY_URL,
  isMainFrame: true,
});

/** Whether a sender is one of the two windows, as the app's check decides it. */
export const trusted = (s: SenderInfo): boolean =>
  isTrustedSender(s, new Set([WINDOW, OTHER_WINDOW]));

export interface DispatchedService {
  harness: Harness;
  /** A call through the dispatcher, from window `from` (default WINDOW). */
  call<K extends CallName>(name: K, request: unknown, from?: number): Promise<CallResponse<K>>;
  /** Writes `name` (folders made) under the service's folder; returns its path. */
  write(name: string, content?: string): string;
}

/**
 * Registers the closing of each test's service (afterEach) and returns how a test starts one,
 * with `deps` (its file dialogs) given to the service.
 */
export function useDispatchedService(): (
  deps?: Partial<ServiceDeps>,
) => Promise<DispatchedService> {
  let open: Harness | undefined;
  afterEach(async () => {
    await open?.close();
    open = undefined;
  });
  return async (deps = {}) => {
    const harness = await startHarness({ deps });
    open = harness;
    const dispatch = createCallDispatcher(
      harness.service.handlers,
      trusted,
      harness.service.grants,
    );
    return {
      harness,
      call: <K extends CallName>(name: K, request: unknown, from = WINDOW) =>
        dispatch(name, sender(from), request) as Promise<CallResponse<K>>,
      write: (name, content = bookText(3)) => {
        const file = path.join(harness.dir, name);
        fs.mkdirSync(path.dirname(file), { recursive: true });
        fs.writeFileSync(file, content);
        return file;
      },
    };
  };
}
