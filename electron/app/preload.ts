// THE only importer of ipcRenderer. Runs sandboxed with context isolation: it exposes one frozen,
// contract-derived object as `window.memagent` (see bridge.ts) and nothing else: no ipcRenderer,
// no generic send, no process or environment. Bundled to one CommonJS file (sandboxed preloads
// cannot require anything but a few Electron modules).
import { contextBridge, ipcRenderer, webUtils, type IpcRendererEvent } from 'electron';
import { createBridge } from './bridge.ts';

const bridge = createBridge({
  invoke: (channel, request) => ipcRenderer.invoke(channel, request),
  on(channel, listener) {
    // The IpcRendererEvent (with its `sender`) never reaches the page: only the payload does.
    const wrapped = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
  // Electron knows where a dropped File is; a File the page made has no path ('').
  pathForFile: (file) => webUtils.getPathForFile(file as File),
});

contextBridge.exposeInMainWorld('memagent', bridge);
