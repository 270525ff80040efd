// App-wide security rules applied to every session and every webContents, using the pure rules
// of security.ts: permissions denied, requests outside the app cancelled, CSP on the app's pages,
// navigation, new windows and <webview> denied, safe web links handed to the user's browser.
import { app, session, shell, type Session } from 'electron';
import {
  externalOpenTarget,
  isAllowedRendererRequest,
  isAppUrl,
  withSecurityHeaders,
} from './security.ts';

/** Opens a web address in the user's browser only after it parsed as http(s). */
export function openExternalSafely(url: string): Promise<void> {
  const target = externalOpenTarget(url);
  if (target === null)
    return Promise.reject(new Error('Only http and https addresses are opened.'));
  return shell.openExternal(target);
}

function hardenSession(ses: Session): void {
  const developer = !app.isPackaged;
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  ses.setDevicePermissionHandler(() => false);
  ses.setDisplayMediaRequestHandler((_request, callback) => callback({}));
  ses.webRequest.onBeforeRequest((details, callback) =>
    callback({ cancel: !isAllowedRendererRequest(details.url, developer) }),
  );
  ses.webRequest.onHeadersReceived((details, callback) => {
    if (!isAppUrl(details.url)) {
      callback({});
      return;
    }
    callback({ responseHeaders: withSecurityHeaders(details.responseHeaders) });
  });
}

/** Call once, before any window exists (the default session is ready after `app` is ready). */
export function hardenApp(): void {
  hardenSession(session.defaultSession);
  app.on('session-created', hardenSession);
  app.on('web-contents-created', (_event, contents) => {
    contents.on('will-navigate', (event, url) => {
      event.preventDefault();
      const target = externalOpenTarget(url);
      if (target !== null) shell.openExternal(target).catch(() => undefined);
    });
    contents.on('will-redirect', (event) => event.preventDefault());
    contents.on('will-attach-webview', (event) => event.preventDefault());
    // DevTools exist only in development (security.ts `windowWebPreferences`); should anything
    // open them in a packaged build, they are closed at once.
    if (app.isPackaged) contents.on('devtools-opened', () => contents.closeDevTools());
    contents.on('will-frame-navigate', (event) => {
      if (!event.isMainFrame) event.preventDefault();
    });
    contents.setWindowOpenHandler(({ url }) => {
      const target = externalOpenTarget(url);
      if (target !== null) shell.openExternal(target).catch(() => undefined);
      return { action: 'deny' };
    });
  });
}
