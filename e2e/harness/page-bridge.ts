// The in-page half of the harness's window.memagent: the same three-method, frozen, contract-
// checked object the Electron preload exposes (electron/app/bridge.ts), over Playwright
// bindings instead of IPC. Values cross as JSON; Uint8Array travels as base64.

/** Tags binary values for JSON (Node side). */
export function encodeForPage(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v instanceof Uint8Array ? { __u8: Buffer.from(v).toString('base64') } : v,
  );
}

/** Restores tagged binary values (Node side). */
export function decodeFromPage(json: string): unknown {
  return JSON.parse(json, (_k, v: unknown) =>
    v !== null &&
    typeof v === 'object' &&
    '__u8' in v &&
    typeof (v as { __u8: unknown }).__u8 === 'string'
      ? new Uint8Array(Buffer.from((v as { __u8: string }).__u8, 'base64'))
      : v,
  );
}

/**
 * Runs in the page before any of its scripts (page.addInitScript). Must be self-contained:
 * Playwright sends its source text.
 */
export function installPageBridge(names: { calls: string[]; events: string[] }): void {
  type Listener = (payload: unknown) => void;
  const w = window as unknown as {
    __memagentInvoke(name: string, json: string): Promise<string>;
    __memagentDroppedPath(name: string): Promise<string | null>;
    memagent?: unknown;
  };
  const listeners = new Map<string, Set<Listener>>();
  const callSet = new Set(names.calls);
  const eventSet = new Set(names.events);
  const toBase64 = (bytes: Uint8Array): string => {
    let s = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(s);
  };
  const fromBase64 = (b64: string): Uint8Array =>
    Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
  const encode = (value: unknown): string =>
    JSON.stringify(value ?? {}, (_k, v: unknown) =>
      v instanceof Uint8Array ? { __u8: toBase64(v) } : v,
    );
  const decode = (json: string): unknown =>
    JSON.parse(json, (_k, v: unknown) =>
      v !== null && typeof v === 'object' && '__u8' in v
        ? fromBase64((v as { __u8: string }).__u8)
        : v,
    );
  const bridge = Object.freeze({
    async invoke(name: string, request: unknown): Promise<unknown> {
      if (!callSet.has(name))
        throw new Error(`window.memagent.invoke: unknown call ${JSON.stringify(String(name))}.`);
      return decode(await w.__memagentInvoke(name, encode(request)));
    },
    on(name: string, listener: Listener): () => void {
      if (!eventSet.has(name))
        throw new Error(`window.memagent.on: unknown event ${JSON.stringify(String(name))}.`);
      const set = listeners.get(name) ?? new Set<Listener>();
      listeners.set(name, set);
      const own: Listener = (p) => listener(p);
      set.add(own);
      return () => void set.delete(own);
    },
    // Electron's webUtils.getPathForFile, imitated: the harness knows where the files a test
    // dropped "from disk" are (by name); any other File has no path, as in a browser.
    async pathOfDropped(file: { name: string }): Promise<string | null> {
      return file instanceof File ? w.__memagentDroppedPath(file.name) : null;
    },
  });
  Object.defineProperty(window, 'memagent', { value: bridge, enumerable: true });
  // The harness delivers events in batches, in order.
  Object.defineProperty(window, '__memagentDispatch', {
    value: (json: string) => {
      for (const [name, payload] of decode(json) as [string, unknown][]) {
        for (const listener of listeners.get(name) ?? []) {
          try {
            listener(payload);
          } catch (error) {
            console.error(error);
          }
        }
      }
    },
  });
}
